import type { AcsCountyRow } from './acs.js';
import { type Appreciation, appreciationVintage, buildAppreciationIndex } from './appreciation.js';
import { type CityTaxColumns, type CityTaxRow, cityTaxColumns } from './city-tax.js';
import {
  buildCrimeGrades,
  type CrimeGrade,
  type CrimeGradeColumns,
  type CrimeGrades,
  crimeGradeColumns,
} from './crime.js';
import { type ZipCountyPart, zipCountyParts } from './crosswalk.js';
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
import { buildInsuranceIndex, type InsuranceBasis } from './insurance.js';
import { type PlaceCountyRow, placeNameKeys } from './places.js';
import { SOURCE } from './sources.js';
import { buildTaxIndex, type TaxLevel } from './tax.js';

/**
 * Version of the derived rows below. The importer keys its import on it, so bump it whenever the
 * rows change (shape or content) and the stored tables are re-imported.
 */
export const MARKET_ROWS_VERSION = 'market-rows-7';

/** FMR columns shared by ZIP and county rows. */
interface FmrColumns {
  readonly fmr_hud_area_code: string | null;
  readonly fmr_area_id: string | null;
  /** HUD's area name; for a split row, the place's own name and the area its ID still points to. */
  readonly fmr_area_name: string | null;
  readonly fmr_basis: FmrBasis | null;
  /** True when HUD moved this county (or town) out of the FMR area its ID names (`splitFmrRows`). */
  readonly fmr_area_split: boolean;
  readonly fmr_0: number | null;
  readonly fmr_1: number | null;
  readonly fmr_2: number | null;
  readonly fmr_3: number | null;
  readonly fmr_4: number | null;
  /** HUD's fiscal year of the FMR (and SAFMR) schedules. */
  readonly fmr_fy: number | null;
}

/** The county's default appreciation (`Appreciation`), flattened; all null where FHFA has no figure. */
export interface AppreciationColumns {
  readonly appreciation_value: number | null;
  readonly appreciation_low: number | null;
  readonly appreciation_high: number | null;
  readonly appreciation_level: Appreciation['level'] | null;
  readonly appreciation_long_run_rate: number | null;
  readonly appreciation_national_rate: number | null;
  readonly appreciation_county_cagr_10y: number | null;
  readonly appreciation_volatility: number | null;
  readonly appreciation_year: number | null;
}

function appreciationColumns(a: Appreciation | null): AppreciationColumns {
  return {
    appreciation_value: a?.value ?? null,
    appreciation_low: a?.low ?? null,
    appreciation_high: a?.high ?? null,
    appreciation_level: a?.level ?? null,
    appreciation_long_run_rate: a?.long_run_rate ?? null,
    appreciation_national_rate: a?.national_rate ?? null,
    appreciation_county_cagr_10y: a?.county_cagr_10y ?? null,
    appreciation_volatility: a?.volatility ?? null,
    appreciation_year: a?.year ?? null,
  };
}

/** The county's appreciation read back from its columns; null where it has none. */
export function appreciationOfRow(c: AppreciationColumns): Appreciation | null {
  if (
    c.appreciation_value === null ||
    c.appreciation_low === null ||
    c.appreciation_high === null ||
    c.appreciation_level === null ||
    c.appreciation_long_run_rate === null ||
    c.appreciation_national_rate === null ||
    c.appreciation_volatility === null ||
    c.appreciation_year === null
  ) {
    return null;
  }
  return {
    value: c.appreciation_value,
    low: c.appreciation_low,
    high: c.appreciation_high,
    level: c.appreciation_level,
    long_run_rate: c.appreciation_long_run_rate,
    national_rate: c.appreciation_national_rate,
    county_cagr_10y: c.appreciation_county_cagr_10y,
    volatility: c.appreciation_volatility,
    year: c.appreciation_year,
    source: SOURCE.appreciation,
    vintage: appreciationVintage(c.appreciation_year),
  };
}

/** The county's insurance basis (`InsuranceBasis`), flattened; null where its state has no row. */
export interface InsuranceColumns {
  readonly insurance_state_premium: number | null;
  readonly insurance_state_low: number | null;
  readonly insurance_state_high: number | null;
  readonly insurance_hazard_excess: number | null;
  readonly insurance_hurricane_rating: string | null;
  readonly insurance_wildfire_rating: string | null;
}

function insuranceColumns(b: InsuranceBasis | null): InsuranceColumns {
  return {
    insurance_state_premium: b?.state_premium ?? null,
    insurance_state_low: b?.state_low ?? null,
    insurance_state_high: b?.state_high ?? null,
    insurance_hazard_excess: b?.hazard_excess ?? null,
    insurance_hurricane_rating: b?.hurricane_rating ?? null,
    insurance_wildfire_rating: b?.wildfire_rating ?? null,
  };
}

/** The county's insurance basis read back from its row; null where it has none. */
export function insuranceOfRow(
  c: InsuranceColumns & { readonly state_code: string | null },
): InsuranceBasis | null {
  if (
    c.state_code === null ||
    c.insurance_state_premium === null ||
    c.insurance_state_low === null ||
    c.insurance_state_high === null ||
    c.insurance_hazard_excess === null
  ) {
    return null;
  }
  return {
    state: c.state_code,
    state_premium: c.insurance_state_premium,
    state_low: c.insurance_state_low,
    state_high: c.insurance_state_high,
    hazard_excess: c.insurance_hazard_excess,
    hurricane_rating: c.insurance_hurricane_rating,
    wildfire_rating: c.insurance_wildfire_rating,
  };
}

/** One kind of crime grade, flattened (`crimeGradeColumns` / `crimeGradeFromColumns`). */
export type CrimeColumns<K extends string> = {
  readonly [C in keyof CrimeGradeColumns as `${K}_crime_${C}`]: CrimeGradeColumns[C];
};

/**
 * One row per county FIPS seen in any file (crosswalk, FMR, ACS, crime): everything the API needs
 * about a county, flattened into columns for a `market_county` table.
 */
export type MarketCountyRow = {
  readonly county_fips: string;
  readonly state_fips: string;
  /** USPS code of the county's state (from the FMR file; null for a FIPS it lacks). */
  readonly state_code: string | null;
  /** From `fmr_fy2026.county_name` (Connecticut: planning-region name); null when HUD has no row. */
  readonly county_name: string | null;
  readonly safmr_mandatory: boolean;
  readonly median_gross_rent: number | null;
  readonly median_home_value: number | null;
  readonly median_household_income: number | null;
  readonly population: number | null;
  /** ACS effective rate; always set: county, else state median, else 0.01 (see `property_tax_level`). */
  readonly property_tax_rate: number;
  readonly property_tax_level: TaxLevel;
} & AppreciationColumns &
  InsuranceColumns &
  FmrColumns &
  CrimeColumns<'violent'> &
  CrimeColumns<'property'>;

/**
 * One row per (ZIP, county) pair of the HUD-USPS crosswalk, flattened into columns for a
 * `market_zip` table with primary key (zip, county_fips). A ZIP's FMR schedule, SAFMR applicability
 * and HUD rent depend on the county the address is in, so each of its counties has its own row.
 */
export type MarketZipRow = {
  readonly zip: string;
  readonly county_fips: string;
  readonly county_name: string | null;
  /** USPS code of the county's state (a ZIP can cross a state line). */
  readonly county_state_code: string | null;
  readonly city: string;
  /** USPS preferred state of the ZIP. */
  readonly state_code: string;
  readonly lat: number | null;
  readonly lng: number | null;
  readonly res_ratio: number;
  readonly tot_ratio: number;
  /** The ZIP's main county: largest `res_ratio` (or `tot_ratio` for ZIPs with no residential addresses). */
  readonly is_main: boolean;
  /** This county's share on `share_basis`. */
  readonly county_share: number;
  readonly share_basis: ZipCountyPart['share_basis'];
  readonly county_count: number;
  /** The ZIP's Small Area FMRs; null where HUD publishes none or the county was split out of their area. */
  readonly safmr_0: number | null;
  readonly safmr_1: number | null;
  readonly safmr_2: number | null;
  readonly safmr_3: number | null;
  readonly safmr_4: number | null;
  readonly safmr_mandatory: boolean;
  /** Null when the county has no FMR row at all. */
  readonly hud_rent_applies: HudRentApplies | null;
} & FmrColumns;

/** Indexes shared by both derivations, built once from the parsed files. */
export interface MarketContext {
  readonly fmr: ReturnType<typeof buildFmrIndex>;
  readonly tax: ReturnType<typeof buildTaxIndex>;
  readonly appreciation: ReturnType<typeof buildAppreciationIndex>;
  readonly insurance: ReturnType<typeof buildInsuranceIndex>;
  readonly crime: CrimeGrades;
  readonly acs: ReadonlyMap<string, AcsCountyRow>;
  readonly safmr: ReadonlyMap<string, SafmrRow>;
  readonly countyNames: ReadonlyMap<string, string>;
  /** USPS state code per 2-digit state FIPS. */
  readonly stateCodes: ReadonlyMap<string, string>;
  /** Every county of every ZIP, main county first. */
  readonly zipParts: ReadonlyMap<string, readonly ZipCountyPart[]>;
  /** The places of `places.csv`, one row per county they lie in. */
  readonly placeCounties: readonly PlaceCountyRow[];
  /** The cities with their own investor tax rate (`city_tax.csv`). */
  readonly cityTaxes: readonly CityTaxRow[];
}

export function buildMarketContext(files: ParsedMarketFiles): MarketContext {
  const countyNames = new Map<string, string>();
  const stateCodes = new Map<string, string>();
  for (const r of files.fmr) {
    const fips = r.hud_area_code.slice(0, 5);
    if (r.county_name && !countyNames.has(fips)) countyNames.set(fips, r.county_name);
    if (!stateCodes.has(fips.slice(0, 2))) stateCodes.set(fips.slice(0, 2), r.state);
  }
  const population = new Map<string, number>();
  for (const a of files.acsCounty) if (a.population !== null) population.set(a.county_fips, a.population);
  return {
    fmr: buildFmrIndex(files.fmr, files.safmrMandatory, population),
    tax: buildTaxIndex(files.acsCounty),
    appreciation: buildAppreciationIndex(files.hpiCounty),
    insurance: buildInsuranceIndex(files.insuranceStates, files.hazardCounties, population),
    crime: buildCrimeGrades(files.crimeCounty, {
      acs: files.acsCounty,
      places: files.crimePlace,
      placeCounties: files.placeCounties,
      boroughs: files.boroughs,
      countyNames,
    }),
    placeCounties: files.placeCounties,
    cityTaxes: files.cityTaxes,
    acs: new Map(files.acsCounty.map((r) => [r.county_fips, r])),
    safmr: new Map(files.safmr.map((r) => [r.zip, r])),
    countyNames,
    stateCodes,
    zipParts: zipCountyParts(files.zipCounty),
  };
}

function fmrColumns(ctx: MarketContext, choice: FmrChoice | null): FmrColumns {
  const split = choice !== null && ctx.fmr.isSplit(choice.row);
  const place = choice?.row.town_name ?? choice?.row.county_name ?? null;
  return {
    fmr_hud_area_code: choice?.row.hud_area_code ?? null,
    fmr_area_id: choice?.row.fmr_area_id ?? null,
    fmr_area_name: split
      ? `${place ?? choice?.row.hud_area_code}, ${choice?.row.state} (own FY2026 schedule; HUD's file still lists it under ${choice?.row.area_name ?? choice?.row.fmr_area_id})`
      : (choice?.row.area_name ?? null),
    fmr_basis: choice?.basis ?? null,
    fmr_area_split: split,
    fmr_0: choice?.row.fmr_0 ?? null,
    fmr_1: choice?.row.fmr_1 ?? null,
    fmr_2: choice?.row.fmr_2 ?? null,
    fmr_3: choice?.row.fmr_3 ?? null,
    fmr_4: choice?.row.fmr_4 ?? null,
    fmr_fy: choice?.row.fy ?? null,
  };
}

function crimeColumns<K extends 'violent' | 'property'>(kind: K, g: CrimeGrade | null): CrimeColumns<K> {
  const c = crimeGradeColumns(g);
  return Object.fromEntries(
    Object.entries(c).map(([key, value]) => [`${kind}_crime_${key}`, value]),
  ) as CrimeColumns<K>;
}

/** The county rows, sorted by FIPS. */
export function deriveCountyRows(ctx: MarketContext): MarketCountyRow[] {
  const all = new Set<string>([...ctx.fmr.counties(), ...ctx.acs.keys(), ...ctx.crime.counties.keys()]);
  for (const parts of ctx.zipParts.values()) for (const p of parts) all.add(p.county_fips);
  return [...all].sort().map((fips): MarketCountyRow => {
    const fmr = ctx.fmr.forCounty(fips);
    const acs = ctx.acs.get(fips);
    const tax = ctx.tax.forCounty(fips);
    const crime = ctx.crime.counties.get(fips);
    return {
      county_fips: fips,
      state_fips: fips.slice(0, 2),
      state_code: ctx.stateCodes.get(fips.slice(0, 2)) ?? null,
      county_name: ctx.countyNames.get(fips) ?? null,
      ...fmrColumns(ctx, fmr),
      safmr_mandatory: fmr !== null && ctx.fmr.isMandatory(fmr.row),
      median_gross_rent: acs?.median_gross_rent ?? null,
      median_home_value: acs?.median_home_value ?? null,
      median_household_income: acs?.median_household_income ?? null,
      population: acs?.population ?? null,
      property_tax_rate: tax.value,
      property_tax_level: tax.level,
      ...appreciationColumns(ctx.appreciation.forCounty(fips)),
      ...insuranceColumns(ctx.insurance.forCounty(fips, ctx.stateCodes.get(fips.slice(0, 2)) ?? null)),
      ...crimeColumns('violent', crime?.violent ?? null),
      ...crimeColumns('property', crime?.property ?? null),
    };
  });
}

/**
 * One row per (place, county) of the places the market data knows: a typed city finds its place by
 * `name_keys` within the address's county, for a `market_places` table keyed by (state, place,
 * county). Each place's own crime grades; null where it has no complete, plausible rate.
 */
export type MarketPlaceRow = {
  readonly state_fips: string;
  readonly place_fips: string;
  readonly state_code: string;
  /** The Census name: 'Germantown city' */
  readonly name: string;
  /** What a typed or USPS city matches (`cityKey`): ['germantown'] */
  readonly name_keys: readonly string[];
  readonly county_fips: string;
  readonly population_in_county: number;
} & CrimeColumns<'violent'> &
  CrimeColumns<'property'> &
  CityTaxColumns;

/** The place rows, by place then county. */
export function derivePlaceRows(ctx: MarketContext): MarketPlaceRow[] {
  const taxes = new Map(ctx.cityTaxes.map((t) => [`${t.state}:${t.place_fips}:${t.county_fips}`, t]));
  return [...ctx.placeCounties]
    .sort((a, b) =>
      (a.state_fips + a.place_fips + a.county_fips).localeCompare(
        b.state_fips + b.place_fips + b.county_fips,
      ),
    )
    .map((p) => {
      const grades = ctx.crime.places.get(p.state_fips + p.place_fips);
      return {
        state_fips: p.state_fips,
        place_fips: p.place_fips,
        state_code: p.state,
        name: p.name,
        name_keys: placeNameKeys(p.name),
        county_fips: p.county_fips,
        population_in_county: p.population_in_county,
        ...crimeColumns('violent', grades?.violent ?? null),
        ...crimeColumns('property', grades?.property ?? null),
        ...cityTaxColumns(taxes.get(`${p.state}:${p.place_fips}:${p.county_fips}`)),
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

/**
 * The ZIP rows, sorted by ZIP, each ZIP's main county first. `gazetteer` supplies coordinates (null
 * when it lacks the ZIP). A county HUD split out of its listed FMR area gets no SAFMR: the ZIP's
 * SAFMR in the file was published for the listed area (Calvert County ZIPs carry DC's).
 */
export function deriveZipRows(ctx: MarketContext, gazetteer: Gazetteer): MarketZipRow[] {
  const zips = [...ctx.zipParts.keys()].sort();
  const rows: MarketZipRow[] = [];
  for (const zip of zips) {
    const gaz = gazetteer(zip);
    const safmrRow = ctx.safmr.get(zip);
    for (const part of ctx.zipParts.get(zip) ?? []) {
      const fmr = ctx.fmr.forZip(part.county_fips, part.city);
      const split = fmr !== null && ctx.fmr.isSplit(fmr.row);
      const safmr: BedroomRents | null = safmrRow && !split ? safmrRents(safmrRow) : null;
      const mandatory = fmr !== null && ctx.fmr.isMandatory(fmr.row);
      rows.push({
        zip,
        county_fips: part.county_fips,
        county_name:
          ctx.countyNames.get(part.county_fips) ?? (part.is_main ? gaz?.county_name || null : null),
        county_state_code: ctx.stateCodes.get(part.county_fips.slice(0, 2)) ?? null,
        city: displayCity(part.city, gaz?.place_name ?? null),
        state_code: part.state,
        lat: gaz?.lat ?? null,
        lng: gaz?.lng ?? null,
        res_ratio: part.res_ratio,
        tot_ratio: part.tot_ratio,
        is_main: part.is_main,
        county_share: part.share,
        share_basis: part.share_basis,
        county_count: part.county_count,
        ...fmrColumns(ctx, fmr),
        safmr_0: safmr?.[0] ?? null,
        safmr_1: safmr?.[1] ?? null,
        safmr_2: safmr?.[2] ?? null,
        safmr_3: safmr?.[3] ?? null,
        safmr_4: safmr?.[4] ?? null,
        safmr_mandatory: mandatory,
        hud_rent_applies: fmr === null ? null : hudRentApplies({ safmr, safmr_mandatory: mandatory }),
      });
    }
  }
  return rows;
}
