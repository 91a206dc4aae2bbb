import type { Appreciation } from './appreciation.js';
import { COUNTYWIDE_CITY_TAX, cityInvestorTaxRate } from './city-tax.js';
import { checkZipState, chooseZipCounty, type ZipStateCheck } from './county-choice.js';
import {
  type CrimeGrade,
  type CrimeKind,
  crimeGradeFromColumns,
  gradeForUnratedCity,
  placeId,
  placeShortName,
} from './crime.js';
import {
  appreciationOfRow,
  buildMarketContext,
  type CrimeColumns,
  deriveCountyRows,
  derivePlaceRows,
  deriveZipRows,
  insuranceOfRow,
  type MarketCountyRow,
  type MarketPlaceRow,
  type MarketZipRow,
} from './derive.js';
import { MarketInputError } from './errors.js';
import type { ParsedMarketFiles } from './files.js';
import { assertBedrooms, type BedroomRents } from './fmr.js';
import { emptyGazetteer, GAZETTEER_PROVENANCE, type Gazetteer } from './gazetteer.js';
import { type HudRent, hudRent } from './hud-rent.js';
import type { InsuranceBasis } from './insurance.js';
import {
  type InvestorTaxRate,
  type InvestorTaxRule,
  investorTaxRate,
  investorTaxRule,
} from './investor-tax.js';
import { type MarketRent, marketRentEstimate } from './market-rent.js';
import { DEFAULT_INVESTOR_PREMIUM, defaultInterestRate, type InterestRate } from './mortgage.js';
import { cityKey } from './places.js';
import { type Provenance, SOURCE, VINTAGE } from './sources.js';
import { DEFAULT_PROPERTY_TAX_RATE, type PropertyTaxRate, propertyTaxRate } from './tax.js';

/** One county of the ZIP, as the lookup reports it. */
export interface ZipCounty {
  readonly county_fips: string;
  readonly county_name: string | null;
  readonly res_ratio: number;
  readonly tot_ratio: number;
  readonly is_main: boolean;
}

/** Everything the market layer knows about an address's ZIP and county, for one bedroom count. */
export interface ZipMarketLookup {
  readonly zip: string;
  readonly bedrooms: number;
  /** The county that decided FMR area, SAFMR applicability, crime and tax (`chooseZipCounty`). */
  readonly county_fips: string;
  readonly county_name: string | null;
  /** `typed`: the county the user typed; `main`: the ZIP's main county. */
  readonly county_matched: 'typed' | 'main';
  /** Every county of the ZIP, main county first. */
  readonly counties: readonly ZipCounty[];
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
  /** The graded place the address is in (the typed city, else the ZIP's), null when none. */
  readonly place: { readonly name: string; readonly state_fips: string; readonly place_fips: string } | null;
  readonly violent_crime_grade: CrimeGrade | null;
  readonly property_crime_grade: CrimeGrade | null;
  /** The county ACS effective rate (owner-occupants). */
  readonly property_tax_rate: PropertyTaxRate;
  /** The rate an investor buying today should expect (`investorTaxRate`). */
  readonly investor_tax_rate: InvestorTaxRate;
  readonly interest_rate: InterestRate | null;
  /** The default annual price appreciation for the county, with its range; null without FHFA data. */
  readonly appreciation: Appreciation | null;
  /** What the county's insurance estimate starts from (its state's averages, its hazard); null without. */
  readonly insurance: InsuranceBasis | null;
  /** Messages for the user, e.g. a typed county that is not the ZIP's. */
  readonly warnings: readonly string[];
}

/** A row's area FMR, 0–4 bedrooms, or null when any is missing. */
export const fmrScheduleOf = (
  r: Pick<MarketZipRow, 'fmr_0' | 'fmr_1' | 'fmr_2' | 'fmr_3' | 'fmr_4'>,
): BedroomRents | null =>
  r.fmr_0 === null || r.fmr_1 === null || r.fmr_2 === null || r.fmr_3 === null || r.fmr_4 === null
    ? null
    : [r.fmr_0, r.fmr_1, r.fmr_2, r.fmr_3, r.fmr_4];

/** A row's Small Area FMR, 0–4 bedrooms, or null when HUD publishes none for the ZIP. */
export const safmrScheduleOf = (r: MarketZipRow): BedroomRents | null =>
  r.safmr_0 === null || r.safmr_1 === null || r.safmr_2 === null || r.safmr_3 === null || r.safmr_4 === null
    ? null
    : [r.safmr_0, r.safmr_1, r.safmr_2, r.safmr_3, r.safmr_4];

/** A row's stored grade of one kind (county and place rows carry the same columns). */
export function gradeOfRow(
  r: CrimeColumns<'violent'> & CrimeColumns<'property'>,
  kind: CrimeKind,
): CrimeGrade | null {
  return kind === 'violent'
    ? crimeGradeFromColumns({
        tier: r.violent_crime_tier,
        basis: r.violent_crime_basis,
        area: r.violent_crime_area,
        grade: r.violent_crime_grade,
        percentile: r.violent_crime_percentile,
        rate: r.violent_crime_rate,
        estimated_rate: r.violent_crime_estimated_rate,
        year: r.violent_crime_year,
        quality: r.violent_crime_quality,
        reference_count: r.violent_crime_reference_count,
        note: r.violent_crime_note,
      })
    : crimeGradeFromColumns({
        tier: r.property_crime_tier,
        basis: r.property_crime_basis,
        area: r.property_crime_area,
        grade: r.property_crime_grade,
        percentile: r.property_crime_percentile,
        rate: r.property_crime_rate,
        estimated_rate: r.property_crime_estimated_rate,
        year: r.property_crime_year,
        quality: r.property_crime_quality,
        reference_count: r.property_crime_reference_count,
        note: r.property_crime_note,
      });
}

/**
 * The place an address is in: the first of the typed city and the ZIP's USPS city that names a place
 * lying in the address's county. A typed city that is a place wins even without a crime rate of its
 * own (West Lake Hills, whose addresses USPS calls Austin, takes the county outside Austin), and a
 * typed name that is no place (a neighbourhood) leaves it to the ZIP's city. Null when neither is.
 *
 * @example typed 'Germantown', county 47157 → the Germantown city row; typed 'Lincoln Park', ZIP city 'Chicago' → Chicago
 */
export function findPlace<P extends Pick<MarketPlaceRow, 'name_keys' | 'county_fips'>>(
  places: readonly P[],
  countyFips: string,
  cities: readonly (string | null | undefined)[],
): P | null {
  for (const city of cities) {
    if (!city) continue;
    const key = cityKey(city);
    const found = places.find((p) => p.county_fips === countyFips && p.name_keys.includes(key));
    if (found) return found;
  }
  return null;
}

/**
 * What to say when the city typed is not the ZIP's postal city, since the crime grades and the
 * city's tax rate follow the place the figures were read for (QA: "Germantown" typed with a midtown
 * Memphis ZIP took Germantown's grades, unsaid). A postal city often differs from the town an address
 * lies in (Weston's ZIPs are "Fort Lauderdale"), so this informs rather than refuses.
 *
 * @example typed "Germantown" with 38104 (Memphis) → "ZIP 38104's postal city is Memphis, not Germantown: …"
 */
export function placeWarning(
  typed: string | null | undefined,
  zip: Pick<MarketZipRow, 'zip' | 'city' | 'county_name'>,
  place: Pick<MarketPlaceRow, 'name' | 'name_keys'> | null,
): string | null {
  const city = typed?.trim();
  if (!city || zip.city === null || cityKey(city) === cityKey(zip.city)) return null;
  if (place?.name_keys.includes(cityKey(city))) {
    return `ZIP ${zip.zip}'s postal city is ${zip.city}, not ${city}: the crime grades and tax rate are ${placeShortName(place.name)}'s. If the address is not inside ${city}, type ${zip.city}.`;
  }
  const county = zip.county_name ?? 'the county';
  const used = place ? `ZIP ${zip.zip}'s city, ${placeShortName(place.name)}` : `${county}'s`;
  return `${city} is not a city of ${county} with figures of its own: the crime grades and tax rate are ${used}.`;
}

/**
 * The crime grade of an address: its place's own grade where the place has one, else the county's
 * (its balance outside graded places), no better than B+ when the address is in a place without a
 * rate (`gradeForUnratedCity`), unless the place is the county itself.
 */
export function crimeGradeAt(
  place: MarketPlaceRow | null,
  county: (CrimeColumns<'violent'> & CrimeColumns<'property'>) | null,
  kind: CrimeKind,
): CrimeGrade | null {
  const own = place ? gradeOfRow(place, kind) : null;
  if (own) return own;
  const wide = county ? gradeOfRow(county, kind) : null;
  return place && wide ? gradeForUnratedCity(wide, place.name) : wide;
}

export interface LookupOptions {
  /** The county the user typed; decides among the ZIP's counties (`chooseZipCounty`). */
  readonly county?: string | null;
  /** The city the user typed: its own crime grades when it is a graded place (else the ZIP's city's). */
  readonly city?: string | null;
  /** The places the market data knows (any subset holding the ZIP's state's). */
  readonly places?: readonly MarketPlaceRow[];
  /** Units in the building (1–4): a state's rental tax rule can depend on it (Ohio's 4 or more). */
  readonly units?: number;
}

/**
 * Composes a lookup from stored rows: all of the ZIP's rows (one per county), the county rows (at
 * least the chosen county's; the others are ignored), the current interest rate and the bedroom
 * count. This is all the API needs from Postgres. The state check is separate (`checkZipState`).
 */
export function lookupFromRows(
  zipRows: readonly MarketZipRow[],
  countyRows: readonly MarketCountyRow[],
  interestRate: InterestRate | null,
  bedrooms: number,
  options: LookupOptions = {},
): ZipMarketLookup {
  assertBedrooms(bedrooms);
  const choice = chooseZipCounty(zipRows, options.county);
  const row = choice.part;
  const countyRow = countyRows.find((c) => c.county_fips === row.county_fips) ?? null;
  const fmr = fmrScheduleOf(row);
  const safmr = safmrScheduleOf(row);
  const hud =
    fmr === null
      ? null
      : hudRent(
          {
            fmr,
            safmr,
            safmr_mandatory: row.safmr_mandatory,
            fmr_area_id: row.fmr_area_id,
            fmr_area_name: row.fmr_area_name,
            fmr_basis: row.fmr_basis ?? 'county',
            fmr_area_split: row.fmr_area_split,
            fy: row.fmr_fy,
          },
          bedrooms,
        );
  const ownerTax = countyRow
    ? propertyTaxRate(countyRow.property_tax_rate, countyRow.property_tax_level)
    : propertyTaxRate(DEFAULT_PROPERTY_TAX_RATE, 'default');
  const hasCoordinates = row.lat !== null && row.lng !== null;
  const place = findPlace(options.places ?? [], row.county_fips, [options.city, row.city]);
  const crimeFor = (kind: CrimeKind): CrimeGrade | null => crimeGradeAt(place, countyRow, kind);
  const taxRule = investorTaxRule(
    countyRow?.state_code ?? row.county_state_code,
    row.county_fips,
    options.units,
  );
  return {
    zip: row.zip,
    bedrooms,
    county_fips: row.county_fips,
    county_name: row.county_name,
    county_matched: choice.matched,
    counties: zipRows.map((z) => ({
      county_fips: z.county_fips,
      county_name: z.county_name,
      res_ratio: z.res_ratio,
      tot_ratio: z.tot_ratio,
      is_main: z.is_main,
    })),
    city: row.city,
    state_code: row.state_code,
    lat: row.lat,
    lng: row.lng,
    location: {
      county: {
        source: SOURCE.crosswalk,
        vintage: VINTAGE.crosswalk,
        share: row.county_share,
        share_basis: row.share_basis,
      },
      coordinates: hasCoordinates ? GAZETTEER_PROVENANCE : null,
    },
    hud_rent: hud,
    market_rent:
      fmr === null
        ? null
        : marketRentEstimate({ fmr, safmr }, bedrooms, countyRow?.median_gross_rent ?? null),
    place: place ? { name: place.name, state_fips: place.state_fips, place_fips: place.place_fips } : null,
    violent_crime_grade: crimeFor('violent'),
    property_crime_grade: crimeFor('property'),
    property_tax_rate: ownerTax,
    // the city's own published rates where it has them (for its homes: a building its state taxes as
    // commercial only where the same levies apply on a larger share), else the county's estimate by
    // its state's rule
    investor_tax_rate:
      (place ? cityRateFor(place, ownerTax.value, options.units, taxRule) : null) ??
      countywideRate(options.places ?? [], row.county_fips, ownerTax.value, options.units, taxRule) ??
      investorTaxRate(ownerTax.value, countyRow?.median_home_value ?? null, taxRule),
    interest_rate: interestRate,
    appreciation: countyRow ? appreciationOfRow(countyRow) : null,
    insurance: countyRow ? insuranceOfRow(countyRow) : null,
    warnings: [choice.warning, placeWarning(options.city, row, place)].filter((w): w is string => w !== null),
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
  readonly placeRows: readonly MarketPlaceRow[];
  readonly interestRate: InterestRate | null;
  /** The ZIP's rows, one per county, main county first; null for a ZIP the crosswalk does not list. */
  zip(zip: string): readonly MarketZipRow[] | null;
  county(countyFips: string): MarketCountyRow | null;
  /**
   * Everything about `zip` for `bedrooms` (0–10), or null for a ZIP the crosswalk does not list.
   * Throws `MarketInputError` for a malformed ZIP or bedroom count.
   */
  lookupZip(zip: string, bedrooms: number, options?: LookupOptions): ZipMarketLookup | null;
  /** Whether `stateCode` is one of the ZIP's states; null for an unknown ZIP. */
  checkState(zip: string, stateCode: string): ZipStateCheck | null;
}

const ZIP = /^\d{5}$/;

/** Builds the market index from parsed files (no I/O besides what `gazetteer` does). */
export function buildMarketData(files: ParsedMarketFiles, options: MarketDataOptions = {}): MarketData {
  const ctx = buildMarketContext(files);
  const zipRows = deriveZipRows(ctx, options.gazetteer ?? emptyGazetteer);
  const countyRows = deriveCountyRows(ctx);
  const placeRows = derivePlaceRows(ctx);
  const placesByCounty = new Map<string, MarketPlaceRow[]>();
  for (const p of placeRows) {
    const list = placesByCounty.get(p.county_fips);
    if (list) list.push(p);
    else placesByCounty.set(p.county_fips, [p]);
  }
  const zips = new Map<string, MarketZipRow[]>();
  for (const r of zipRows) {
    const list = zips.get(r.zip);
    if (list) list.push(r);
    else zips.set(r.zip, [r]);
  }
  const counties = new Map(countyRows.map((r) => [r.county_fips, r]));
  const interestRate = defaultInterestRate(
    files.mortgageRates,
    options.investorPremium ?? DEFAULT_INVESTOR_PREMIUM,
  );
  return {
    zipRows,
    countyRows,
    placeRows,
    interestRate,
    zip: (zip) => zips.get(zip) ?? null,
    county: (fips) => counties.get(fips) ?? null,
    lookupZip(zip, bedrooms, lookupOptions = {}) {
      if (!ZIP.test(zip)) throw new MarketInputError('zip', 'must be 5 digits');
      assertBedrooms(bedrooms);
      const rows = zips.get(zip);
      if (rows === undefined) return null;
      const rowCounties = rows.flatMap((r) => counties.get(r.county_fips) ?? []);
      // the places of the ZIP's counties, as the repository's findZip reads them
      const places = rows.flatMap((r) => placesByCounty.get(r.county_fips) ?? []);
      return lookupFromRows(rows, rowCounties, interestRate, bedrooms, { places, ...lookupOptions });
    },
    checkState(zip, stateCode) {
      const rows = zips.get(zip);
      return rows === undefined ? null : checkZipState(rows, stateCode);
    },
  };
}

/**
 * Where one government levies the property tax over the whole county (`COUNTYWIDE_CITY_TAX`), its
 * rates for an address whose own place has none, saying whose they are; null elsewhere.
 */
function countywideRate(
  places: readonly MarketPlaceRow[],
  countyFips: string,
  ownerRate: number,
  units: number | undefined,
  rule: InvestorTaxRule | null,
) {
  const levy = COUNTYWIDE_CITY_TAX.get(countyFips);
  if (!levy) return null;
  const place = places.find((p) => p.county_fips === countyFips && placeId(p) === levy.placeId);
  const rate = place ? cityRateFor(place, ownerRate, units, rule) : null;
  if (!rate) return null;
  return {
    ...rate,
    rule: `${rate.rule} ${levy.government} levies the property tax for all of the county, so these rates are every address's there.`,
  };
}

/** The city's rate for a building of `units` under its county's rule, or null where it does not apply. */
function cityRateFor(
  place: Parameters<typeof cityInvestorTaxRate>[0],
  ownerRate: number,
  units: number | undefined,
  rule: InvestorTaxRule | null,
) {
  if (!rule?.beyond_residential) return cityInvestorTaxRate(place, ownerRate, units);
  if (rule.city_scale === undefined) return null;
  return cityInvestorTaxRate(place, ownerRate, units, { city_scale: rule.city_scale, rule: rule.rule });
}
