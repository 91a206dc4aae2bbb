import { type CrimeGrade, crimeGradeFromColumns } from './crime.js';
import {
  buildMarketContext,
  deriveCountyRows,
  deriveZipRows,
  type MarketCountyRow,
  type MarketZipRow,
} from './derive.js';
import { MarketInputError } from './errors.js';
import type { ParsedMarketFiles } from './files.js';
import { assertBedrooms, type BedroomRents } from './fmr.js';
import { emptyGazetteer, GAZETTEER_PROVENANCE, type Gazetteer } from './gazetteer.js';
import { type HudRent, hudRent } from './hud-rent.js';
import { type MarketRent, marketRentEstimate } from './market-rent.js';
import { DEFAULT_INVESTOR_PREMIUM, defaultInterestRate, type InterestRate } from './mortgage.js';
import { type Provenance, SOURCE, VINTAGE } from './sources.js';
import { DEFAULT_PROPERTY_TAX_RATE, type PropertyTaxRate, propertyTaxRate } from './tax.js';

/** Everything the market layer knows about a ZIP, for one bedroom count. */
export interface ZipMarketLookup {
  readonly zip: string;
  readonly bedrooms: number;
  readonly county_fips: string;
  readonly county_name: string | null;
  readonly city: string;
  readonly state_code: string;
  readonly lat: number | null;
  readonly lng: number | null;
  /** Where the county (crosswalk) and coordinates (gazetteer; null when unknown) come from. */
  readonly location: {
    readonly county: Provenance & { readonly share: number; readonly share_basis: 'res_ratio' | 'tot_ratio' };
    readonly coordinates: Provenance | null;
  };
  readonly hud_rent: HudRent | null;
  readonly market_rent: MarketRent | null;
  readonly violent_crime_grade: CrimeGrade | null;
  readonly property_crime_grade: CrimeGrade | null;
  readonly property_tax_rate: PropertyTaxRate;
  readonly interest_rate: InterestRate | null;
}

const fmrOf = (r: MarketZipRow): BedroomRents | null =>
  r.fmr_0 === null || r.fmr_1 === null || r.fmr_2 === null || r.fmr_3 === null || r.fmr_4 === null
    ? null
    : [r.fmr_0, r.fmr_1, r.fmr_2, r.fmr_3, r.fmr_4];

const safmrOf = (r: MarketZipRow): BedroomRents | null =>
  r.safmr_0 === null || r.safmr_1 === null || r.safmr_2 === null || r.safmr_3 === null || r.safmr_4 === null
    ? null
    : [r.safmr_0, r.safmr_1, r.safmr_2, r.safmr_3, r.safmr_4];

/**
 * Composes a ZIP lookup from its stored rows: the ZIP row, its main county's row (null if none) and
 * the current interest rate. This is all the API needs from Postgres: one row from each table.
 */
export function lookupFromRows(
  zipRow: MarketZipRow,
  countyRow: MarketCountyRow | null,
  interestRate: InterestRate | null,
  bedrooms: number,
): ZipMarketLookup {
  assertBedrooms(bedrooms);
  const fmr = fmrOf(zipRow);
  const safmr = safmrOf(zipRow);
  const hud =
    fmr === null
      ? null
      : hudRent(
          {
            fmr,
            safmr,
            safmr_mandatory: zipRow.safmr_mandatory,
            fmr_area_id: zipRow.fmr_area_id,
            fmr_area_name: zipRow.fmr_area_name,
            fmr_basis: zipRow.fmr_basis ?? 'county',
          },
          bedrooms,
        );
  const hasCoordinates = zipRow.lat !== null && zipRow.lng !== null;
  return {
    zip: zipRow.zip,
    bedrooms,
    county_fips: zipRow.county_fips,
    county_name: zipRow.county_name,
    city: zipRow.city,
    state_code: zipRow.state_code,
    lat: zipRow.lat,
    lng: zipRow.lng,
    location: {
      county: {
        source: SOURCE.crosswalk,
        vintage: VINTAGE.crosswalk,
        share: zipRow.county_share,
        share_basis: zipRow.share_basis,
      },
      coordinates: hasCoordinates ? GAZETTEER_PROVENANCE : null,
    },
    hud_rent: hud,
    market_rent:
      fmr === null ? null : marketRentEstimate(countyRow?.median_gross_rent ?? null, fmr, bedrooms),
    violent_crime_grade: countyRow
      ? crimeGradeFromColumns({
          grade: countyRow.violent_crime_grade,
          percentile: countyRow.violent_crime_percentile,
          rate: countyRow.violent_crime_rate,
          year: countyRow.violent_crime_year,
          quality: countyRow.violent_crime_quality,
          reference_count: countyRow.violent_crime_reference_count,
        })
      : null,
    property_crime_grade: countyRow
      ? crimeGradeFromColumns({
          grade: countyRow.property_crime_grade,
          percentile: countyRow.property_crime_percentile,
          rate: countyRow.property_crime_rate,
          year: countyRow.property_crime_year,
          quality: countyRow.property_crime_quality,
          reference_count: countyRow.property_crime_reference_count,
        })
      : null,
    property_tax_rate: countyRow
      ? propertyTaxRate(countyRow.property_tax_rate, countyRow.property_tax_level)
      : propertyTaxRate(DEFAULT_PROPERTY_TAX_RATE, 'default'),
    interest_rate: interestRate,
  };
}

export interface MarketDataOptions {
  /** Coordinates source; defaults to none (lat/lng null). Use `loadZipcodesUsGazetteer()` in the app. */
  readonly gazetteer?: Gazetteer;
  /** Added to the PMMS rate for the default interest rate; default 0.0075. */
  readonly investorPremium?: number;
}

/** The in-memory market index: the derived tables plus lookups over them. */
export interface MarketData {
  readonly zipRows: readonly MarketZipRow[];
  readonly countyRows: readonly MarketCountyRow[];
  readonly interestRate: InterestRate | null;
  zip(zip: string): MarketZipRow | null;
  county(countyFips: string): MarketCountyRow | null;
  /**
   * Everything about `zip` for `bedrooms` (0–10), or null for a ZIP the crosswalk does not list.
   * Throws `MarketInputError` for a malformed ZIP or bedroom count.
   */
  lookupZip(zip: string, bedrooms: number): ZipMarketLookup | null;
}

const ZIP = /^\d{5}$/;

/** Builds the market index from parsed files (no I/O besides what `gazetteer` does). */
export function buildMarketData(files: ParsedMarketFiles, options: MarketDataOptions = {}): MarketData {
  const ctx = buildMarketContext(files);
  const zipRows = deriveZipRows(ctx, options.gazetteer ?? emptyGazetteer);
  const countyRows = deriveCountyRows(ctx);
  const zips = new Map(zipRows.map((r) => [r.zip, r]));
  const counties = new Map(countyRows.map((r) => [r.county_fips, r]));
  const interestRate = defaultInterestRate(
    files.mortgageRates,
    options.investorPremium ?? DEFAULT_INVESTOR_PREMIUM,
  );
  return {
    zipRows,
    countyRows,
    interestRate,
    zip: (zip) => zips.get(zip) ?? null,
    county: (fips) => counties.get(fips) ?? null,
    lookupZip(zip, bedrooms) {
      if (!ZIP.test(zip)) throw new MarketInputError('zip', 'must be 5 digits');
      assertBedrooms(bedrooms);
      const row = zips.get(zip);
      if (row === undefined) return null;
      return lookupFromRows(row, counties.get(row.county_fips) ?? null, interestRate, bedrooms);
    },
  };
}
