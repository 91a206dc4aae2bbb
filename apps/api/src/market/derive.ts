import type { AcsCountyRow } from './acs.js';
import { buildCrimeGrades, type CountyCrimeGrades, type CrimeGrade, type CrimeQuality } from './crime.js';
import { type MainCounty, mainCountyByZip } from './crosswalk.js';
import type { ParsedMarketFiles } from './files.js';
import {
  type BedroomRents,
  buildFmrIndex,
  type FmrBasis,
  type FmrChoice,
  type SafmrRow,
  safmrRents,
} from './fmr.js';
import type { Gazetteer } from './gazetteer.js';
import { type HudRentApplies, hudRentApplies } from './hud-rent.js';
import { buildTaxIndex, type TaxLevel } from './tax.js';

/**
 * One row per county FIPS seen in any file (crosswalk, FMR, ACS, crime): everything the API needs
 * about a county, flattened into columns for a `market_county` table.
 */
export interface MarketCountyRow {
  readonly county_fips: string;
  readonly state_fips: string;
  /** From `fmr_fy2026.county_name` (Connecticut: planning-region name); null when HUD has no row. */
  readonly county_name: string | null;
  /** County-level FMR row (New England: the schedule most of the county's towns share). */
  readonly fmr_hud_area_code: string | null;
  readonly fmr_area_id: string | null;
  readonly fmr_area_name: string | null;
  readonly fmr_basis: FmrBasis | null;
  readonly fmr_0: number | null;
  readonly fmr_1: number | null;
  readonly fmr_2: number | null;
  readonly fmr_3: number | null;
  readonly fmr_4: number | null;
  readonly safmr_mandatory: boolean;
  readonly median_gross_rent: number | null;
  readonly median_home_value: number | null;
  readonly median_household_income: number | null;
  readonly population: number | null;
  /** Always set: county, else state median, else 0.01 (see `property_tax_level`). */
  readonly property_tax_rate: number;
  readonly property_tax_level: TaxLevel;
  readonly violent_crime_grade: CrimeGrade['grade'] | null;
  readonly violent_crime_percentile: number | null;
  readonly violent_crime_rate: number | null;
  readonly violent_crime_year: number | null;
  readonly violent_crime_quality: CrimeQuality | null;
  readonly violent_crime_reference_count: number | null;
  readonly property_crime_grade: CrimeGrade['grade'] | null;
  readonly property_crime_percentile: number | null;
  readonly property_crime_rate: number | null;
  readonly property_crime_year: number | null;
  readonly property_crime_quality: CrimeQuality | null;
  readonly property_crime_reference_count: number | null;
}

/** One row per distinct crosswalk ZIP, flattened into columns for a `market_zip` table. */
export interface MarketZipRow {
  readonly zip: string;
  /** Main county: largest `res_ratio` (or `tot_ratio` for ZIPs with no residential addresses). */
  readonly county_fips: string;
  readonly county_name: string | null;
  readonly city: string;
  readonly state_code: string;
  readonly lat: number | null;
  readonly lng: number | null;
  readonly county_share: number;
  readonly share_basis: MainCounty['share_basis'];
  readonly county_count: number;
  /** The ZIP's FMR row (New England: the matching town, else the county's modal town schedule). */
  readonly fmr_hud_area_code: string | null;
  readonly fmr_area_id: string | null;
  readonly fmr_area_name: string | null;
  readonly fmr_basis: FmrBasis | null;
  readonly fmr_0: number | null;
  readonly fmr_1: number | null;
  readonly fmr_2: number | null;
  readonly fmr_3: number | null;
  readonly fmr_4: number | null;
  readonly safmr_0: number | null;
  readonly safmr_1: number | null;
  readonly safmr_2: number | null;
  readonly safmr_3: number | null;
  readonly safmr_4: number | null;
  readonly safmr_mandatory: boolean;
  /** Null when the ZIP has no FMR row at all. */
  readonly hud_rent_applies: HudRentApplies | null;
}

/** Indexes shared by both derivations, built once from the parsed files. */
export interface MarketContext {
  readonly fmr: ReturnType<typeof buildFmrIndex>;
  readonly tax: ReturnType<typeof buildTaxIndex>;
  readonly crime: ReadonlyMap<string, CountyCrimeGrades>;
  readonly acs: ReadonlyMap<string, AcsCountyRow>;
  readonly safmr: ReadonlyMap<string, SafmrRow>;
  readonly countyNames: ReadonlyMap<string, string>;
  readonly mainCounties: ReadonlyMap<string, MainCounty>;
}

export function buildMarketContext(files: ParsedMarketFiles): MarketContext {
  const countyNames = new Map<string, string>();
  for (const r of files.fmr) {
    const fips = r.hud_area_code.slice(0, 5);
    if (r.county_name && !countyNames.has(fips)) countyNames.set(fips, r.county_name);
  }
  return {
    fmr: buildFmrIndex(files.fmr, files.safmrMandatory),
    tax: buildTaxIndex(files.acsCounty),
    crime: buildCrimeGrades(files.crimeCounty),
    acs: new Map(files.acsCounty.map((r) => [r.county_fips, r])),
    safmr: new Map(files.safmr.map((r) => [r.zip, r])),
    countyNames,
    mainCounties: mainCountyByZip(files.zipCounty),
  };
}

const fmrColumns = (choice: FmrChoice | null) => ({
  fmr_hud_area_code: choice?.row.hud_area_code ?? null,
  fmr_area_id: choice?.row.fmr_area_id ?? null,
  fmr_area_name: choice?.row.area_name ?? null,
  fmr_basis: choice?.basis ?? null,
  fmr_0: choice?.row.fmr_0 ?? null,
  fmr_1: choice?.row.fmr_1 ?? null,
  fmr_2: choice?.row.fmr_2 ?? null,
  fmr_3: choice?.row.fmr_3 ?? null,
  fmr_4: choice?.row.fmr_4 ?? null,
});

/** The county rows, sorted by FIPS. */
export function deriveCountyRows(ctx: MarketContext): MarketCountyRow[] {
  const all = new Set<string>([...ctx.fmr.counties(), ...ctx.acs.keys(), ...ctx.crime.keys()]);
  for (const m of ctx.mainCounties.values()) all.add(m.county_fips);
  return [...all].sort().map((fips): MarketCountyRow => {
    const fmr = ctx.fmr.forCounty(fips);
    const acs = ctx.acs.get(fips);
    const tax = ctx.tax.forCounty(fips);
    const v = ctx.crime.get(fips)?.violent ?? null;
    const p = ctx.crime.get(fips)?.property ?? null;
    return {
      county_fips: fips,
      state_fips: fips.slice(0, 2),
      county_name: ctx.countyNames.get(fips) ?? null,
      ...fmrColumns(fmr),
      safmr_mandatory: fmr !== null && ctx.fmr.isMandatory(fmr.row),
      median_gross_rent: acs?.median_gross_rent ?? null,
      median_home_value: acs?.median_home_value ?? null,
      median_household_income: acs?.median_household_income ?? null,
      population: acs?.population ?? null,
      property_tax_rate: tax.value,
      property_tax_level: tax.level,
      violent_crime_grade: v?.grade ?? null,
      violent_crime_percentile: v?.percentile ?? null,
      violent_crime_rate: v?.rate ?? null,
      violent_crime_year: v?.year ?? null,
      violent_crime_quality: v?.quality ?? null,
      violent_crime_reference_count: v?.reference_count ?? null,
      property_crime_grade: p?.grade ?? null,
      property_crime_percentile: p?.percentile ?? null,
      property_crime_rate: p?.rate ?? null,
      property_crime_year: p?.year ?? null,
      property_crime_quality: p?.quality ?? null,
      property_crime_reference_count: p?.reference_count ?? null,
    };
  });
}

/**
 * "AUSTIN" → "Austin". Prefers the gazetteer's spelling when it is the same name (it has proper
 * case, e.g. "McAllen"); otherwise capitalises each word of the USPS name.
 */
export function displayCity(uspsCity: string, gazetteerName: string | null): string {
  const bare = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (gazetteerName && bare(gazetteerName) === bare(uspsCity)) return gazetteerName;
  return uspsCity
    .toLowerCase()
    .replace(/(^|[\s\-'.])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** The ZIP rows, sorted by ZIP. `gazetteer` supplies coordinates (null when it lacks the ZIP). */
export function deriveZipRows(ctx: MarketContext, gazetteer: Gazetteer): MarketZipRow[] {
  const mains = [...ctx.mainCounties.values()].sort((a, b) => (a.zip < b.zip ? -1 : 1));
  return mains.map((main): MarketZipRow => {
    const zip = main.zip;
    const fmr = ctx.fmr.forZip(main.county_fips, main.city);
    const safmrRow = ctx.safmr.get(zip);
    const safmr: BedroomRents | null = safmrRow ? safmrRents(safmrRow) : null;
    const mandatory = fmr !== null && ctx.fmr.isMandatory(fmr.row);
    const gaz = gazetteer(zip);
    return {
      zip,
      county_fips: main.county_fips,
      county_name: ctx.countyNames.get(main.county_fips) ?? (gaz?.county_name || null),
      city: displayCity(main.city, gaz?.place_name ?? null),
      state_code: main.state,
      lat: gaz?.lat ?? null,
      lng: gaz?.lng ?? null,
      county_share: main.share,
      share_basis: main.share_basis,
      county_count: main.county_count,
      ...fmrColumns(fmr),
      safmr_0: safmr?.[0] ?? null,
      safmr_1: safmr?.[1] ?? null,
      safmr_2: safmr?.[2] ?? null,
      safmr_3: safmr?.[3] ?? null,
      safmr_4: safmr?.[4] ?? null,
      safmr_mandatory: mandatory,
      hud_rent_applies: fmr === null ? null : hudRentApplies({ safmr, safmr_mandatory: mandatory }),
    };
  });
}
