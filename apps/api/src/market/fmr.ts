import { MarketInputError } from './errors.js';
import { readTable } from './table.js';

/** Monthly rents for 0, 1, 2, 3 and 4 bedrooms, USD. */
export type BedroomRents = readonly [number, number, number, number, number];

/** One row of `fmr_fy2026.csv`: a county (or county-equivalent), or a New England town. */
export interface FmrRow {
  /** HUD's 10-digit geography: state(2) + county(3) + county subdivision(5); counties end in 99999. */
  readonly hud_area_code: string;
  readonly state: string;
  /** 5-digit county FIPS for county rows; null for New England town rows. */
  readonly county_fips: string | null;
  readonly fy: number;
  readonly fmr_0: number;
  readonly fmr_1: number;
  readonly fmr_2: number;
  readonly fmr_3: number;
  readonly fmr_4: number;
  readonly area_name: string | null;
  readonly county_name: string | null;
  readonly town_name: string | null;
  /** 1 = metropolitan FMR area, 0 = not, null = unknown (one partial row). */
  readonly metro: number | null;
  /** HUD FMR-area ID (e.g. METRO12420M12420), the join key to the designated-SAFMR list. */
  readonly fmr_area_id: string | null;
  readonly name_vintage: string;
}

/** One row of `safmr_fy2026.csv`: HUD's Small Area FMRs for a ZIP. */
export interface SafmrRow {
  readonly zip: string;
  readonly safmr_0: number;
  readonly safmr_1: number;
  readonly safmr_2: number;
  readonly safmr_3: number;
  readonly safmr_4: number;
}

/** One row of `safmr_mandatory_metros.csv`: an FMR area where SAFMRs are mandatory for vouchers. */
export interface SafmrMandatoryRow {
  /** An FMR-area ID, the same kind of code as `FmrRow.fmr_area_id`. */
  readonly hud_area_code: string;
  readonly hud_area_name: string;
  readonly designated_year: number;
  readonly implemented: string;
  readonly cohort: string;
}

export const FMR_COLUMNS = [
  'hud_area_code',
  'state',
  'county_fips',
  'fy',
  'fmr_0',
  'fmr_1',
  'fmr_2',
  'fmr_3',
  'fmr_4',
  'area_name',
  'county_name',
  'town_name',
  'metro',
  'fmr_area_id',
  'name_vintage',
] as const;
export const SAFMR_COLUMNS = ['zip', 'safmr_0', 'safmr_1', 'safmr_2', 'safmr_3', 'safmr_4'] as const;
export const SAFMR_MANDATORY_COLUMNS = [
  'hud_area_code',
  'hud_area_name',
  'designated_year',
  'implemented',
  'cohort',
] as const;

export function parseFmrCsv(text: string, file = 'fmr_fy2026.csv'): FmrRow[] {
  const t = readTable(file, text, FMR_COLUMNS);
  const rows: FmrRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    const countyFips = t.optText(r, 'county_fips');
    rows.push({
      hud_area_code: t.code(r, 'hud_area_code', 10),
      state: t.text(r, 'state').trim(),
      county_fips: countyFips === null ? null : t.code(r, 'county_fips', 5),
      fy: t.int(r, 'fy'),
      fmr_0: t.int(r, 'fmr_0'),
      fmr_1: t.int(r, 'fmr_1'),
      fmr_2: t.int(r, 'fmr_2'),
      fmr_3: t.int(r, 'fmr_3'),
      fmr_4: t.int(r, 'fmr_4'),
      area_name: t.optText(r, 'area_name'),
      county_name: t.optText(r, 'county_name'),
      town_name: t.optText(r, 'town_name'),
      metro: t.optInt(r, 'metro'),
      fmr_area_id: t.optText(r, 'fmr_area_id'),
      name_vintage: t.text(r, 'name_vintage'),
    });
  }
  return rows;
}

export function parseSafmrCsv(text: string, file = 'safmr_fy2026.csv'): SafmrRow[] {
  const t = readTable(file, text, SAFMR_COLUMNS);
  const rows: SafmrRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    rows.push({
      zip: t.code(r, 'zip', 5),
      safmr_0: t.int(r, 'safmr_0'),
      safmr_1: t.int(r, 'safmr_1'),
      safmr_2: t.int(r, 'safmr_2'),
      safmr_3: t.int(r, 'safmr_3'),
      safmr_4: t.int(r, 'safmr_4'),
    });
  }
  return rows;
}

export function parseSafmrMandatoryCsv(
  text: string,
  file = 'safmr_mandatory_metros.csv',
): SafmrMandatoryRow[] {
  const t = readTable(file, text, SAFMR_MANDATORY_COLUMNS);
  const rows: SafmrMandatoryRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    rows.push({
      hud_area_code: t.text(r, 'hud_area_code').trim(),
      hud_area_name: t.text(r, 'hud_area_name'),
      designated_year: t.int(r, 'designated_year'),
      implemented: t.text(r, 'implemented'),
      cohort: t.text(r, 'cohort'),
    });
  }
  return rows;
}

export const fmrRents = (r: FmrRow): BedroomRents => [r.fmr_0, r.fmr_1, r.fmr_2, r.fmr_3, r.fmr_4];
export const safmrRents = (r: SafmrRow): BedroomRents => [
  r.safmr_0,
  r.safmr_1,
  r.safmr_2,
  r.safmr_3,
  r.safmr_4,
];

/** Largest bedroom count a lookup accepts. */
export const MAX_BEDROOMS = 10;

/** Throws a `MarketInputError` unless `bedrooms` is an integer from 0 to `MAX_BEDROOMS`. */
export function assertBedrooms(bedrooms: number): void {
  if (!Number.isInteger(bedrooms) || bedrooms < 0 || bedrooms > MAX_BEDROOMS) {
    throw new MarketInputError('bedrooms', `must be a whole number from 0 to ${MAX_BEDROOMS}`);
  }
}

/**
 * The rent for `bedrooms` from a 0–4 bedroom schedule. Above 4 bedrooms HUD adds 15% of the
 * 4-bedroom rent per extra bedroom: rent(b) = rent_4 × (1 + 0.15 × (b − 4)).
 *
 * @example rentForBedrooms([1474, 1562, 1852, 2347, 2760], 3) → 2347
 * @example rentForBedrooms([1474, 1562, 1852, 2347, 2760], 5) → 2760 × 1.15 = 3174
 * @example rentForBedrooms([1474, 1562, 1852, 2347, 2760], 6) → 2760 × 1.30 = 3588
 */
export function rentForBedrooms(rents: BedroomRents, bedrooms: number): number {
  assertBedrooms(bedrooms);
  if (bedrooms <= 4) return rents[bedrooms as 0 | 1 | 2 | 3 | 4];
  return rents[4] * (1 + 0.15 * (bedrooms - 4));
}

/**
 * FMR-area IDs in the designated list that `fmr_fy2026.csv` spells differently. The list uses
 * Cleveland's FY2026 ID; the FMR rows for its counties still carry the FY2025 ID (SOURCES.md §3).
 */
export const FMR_AREA_ID_ALIASES: Readonly<Record<string, readonly string[]>> = {
  METRO17410N17460: ['METRO17460M17460'],
};

/** The set of FMR-area IDs where SAFMRs are mandatory, aliases included. */
export function mandatorySafmrAreas(rows: readonly SafmrMandatoryRow[]): Set<string> {
  const out = new Set<string>();
  for (const r of rows) {
    out.add(r.hud_area_code);
    for (const alias of FMR_AREA_ID_ALIASES[r.hud_area_code] ?? []) out.add(alias);
  }
  return out;
}

/**
 * How a ZIP's or county's FMR row was chosen:
 * - `county`: the county's own row (every state outside New England);
 * - `town`: New England, the town whose name matches the ZIP's USPS city within its main county;
 * - `county_mode`: New England, the rent schedule shared by the most towns of the county;
 * - `territory`: no row for the county, but its state/territory has exactly one FMR row (HUD's
 *   pseudo-codes 60999 American Samoa and 69999 Northern Mariana Islands).
 */
export type FmrBasis = 'county' | 'town' | 'county_mode' | 'territory';

export interface FmrChoice {
  readonly row: FmrRow;
  readonly basis: FmrBasis;
}

/** Normalises a place name for matching a New England town to a USPS city ("Barnstable Town city" → "BARNSTABLE"). */
export function normalizePlaceName(name: string): string {
  let s = name.toUpperCase().replace(/[^A-Z0-9 ]/g, ' ');
  s = s.replace(/\s+/g, ' ').trim();
  const suffix = / (TOWN|CITY|PLANTATION|TOWNSHIP|GORE|GRANT|LOCATION|PURCHASE|UNORGANIZED TERRITORY)$/;
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(suffix, '');
  }
  return s.replace(/^SAINT /, 'ST ').replace(/^MOUNT /, 'MT ');
}

export interface FmrIndex {
  /** The FMR row for a county, for county-level tables (New England → `county_mode`). */
  forCounty(countyFips: string): FmrChoice | null;
  /** The FMR row for a ZIP in `countyFips` whose USPS city is `city` (New England → `town` when it matches). */
  forZip(countyFips: string, city: string): FmrChoice | null;
  /** Whether SAFMRs are mandatory in the row's FMR area. */
  isMandatory(row: FmrRow): boolean;
  /** Every county FIPS that has an FMR row (New England counties included). */
  counties(): IterableIterator<string>;
}

/**
 * Indexes FMR rows by county. New England towns are grouped by the first five characters of their
 * `hud_area_code`, which are the county FIPS (SOURCES.md §1). For a New England county the
 * county-level row is the schedule (FMR-area ID + five rents) shared by the most towns; ties go to
 * the schedule whose first town has the lowest `hud_area_code`, so the choice is deterministic.
 */
export function buildFmrIndex(rows: readonly FmrRow[], mandatory: readonly SafmrMandatoryRow[]): FmrIndex {
  const mandatoryIds = mandatorySafmrAreas(mandatory);
  const countyRow = new Map<string, FmrRow>();
  const towns = new Map<string, FmrRow[]>();
  const byStateFips = new Map<string, FmrRow[]>();
  for (const row of rows) {
    const fips = row.hud_area_code.slice(0, 5);
    if (row.hud_area_code.endsWith('99999')) countyRow.set(fips, row);
    else {
      const list = towns.get(fips);
      if (list) list.push(row);
      else towns.set(fips, [row]);
    }
    const st = row.hud_area_code.slice(0, 2);
    const list = byStateFips.get(st);
    if (list) list.push(row);
    else byStateFips.set(st, [row]);
  }

  const modeRow = new Map<string, FmrRow>();
  const townByName = new Map<string, Map<string, FmrRow>>();
  for (const [fips, list] of towns) {
    const sorted = [...list].sort((a, b) => (a.hud_area_code < b.hud_area_code ? -1 : 1));
    const groups = new Map<string, { first: FmrRow; count: number }>();
    for (const r of sorted) {
      const key = [r.fmr_area_id ?? '', ...fmrRents(r)].join('|');
      const g = groups.get(key);
      if (g) g.count += 1;
      else groups.set(key, { first: r, count: 1 });
    }
    let best: { first: FmrRow; count: number } | undefined;
    for (const g of groups.values()) if (best === undefined || g.count > best.count) best = g;
    if (best) modeRow.set(fips, best.first);
    const names = new Map<string, FmrRow>();
    for (const r of sorted) if (r.town_name) names.set(normalizePlaceName(r.town_name), r);
    townByName.set(fips, names);
  }

  const forCounty = (countyFips: string): FmrChoice | null => {
    const own = countyRow.get(countyFips);
    if (own) return { row: own, basis: 'county' };
    const mode = modeRow.get(countyFips);
    if (mode) return { row: mode, basis: 'county_mode' };
    const inState = byStateFips.get(countyFips.slice(0, 2));
    if (inState?.length === 1 && inState[0]) return { row: inState[0], basis: 'territory' };
    return null;
  };

  return {
    forCounty,
    forZip(countyFips, city) {
      const town = townByName.get(countyFips)?.get(normalizePlaceName(city));
      if (town) return { row: town, basis: 'town' };
      return forCounty(countyFips);
    },
    isMandatory: (row) => row.fmr_area_id !== null && mandatoryIds.has(row.fmr_area_id),
    counties: () => new Set([...countyRow.keys(), ...towns.keys()]).values(),
  };
}
