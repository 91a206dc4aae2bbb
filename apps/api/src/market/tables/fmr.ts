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

/** HUD publishes FMRs in whole dollars and Small Area FMRs rounded to the nearest $10. */
export const FMR_ROUNDING = 1;
export const SAFMR_ROUNDING = 10;

/**
 * The rent for `bedrooms` from a 0–4 bedroom schedule. Above 4 bedrooms HUD adds 15% of the
 * 4-bedroom rent per extra bedroom, rent_4 × (1 + 0.15 × (b − 4)), rounded the way HUD rounds the
 * schedule it extends: to the dollar for FMRs, to $10 for Small Area FMRs (`rounding`). The product
 * is formed in integers, rent_4 × (20 + 3 × (b − 4)) / 20, so 2760 × 1.15 is 3174, not 3173.9999….
 *
 * @example rentForBedrooms([1474, 1562, 1852, 2347, 2760], 3) → 2347
 * @example rentForBedrooms([1474, 1562, 1852, 2347, 2760], 5) → 2760 × 1.15 = 3174
 * @example rentForBedrooms([2210, 2350, 2780, 3520, 4140], 5, SAFMR_ROUNDING) → 4140 × 1.15 = 4761 → 4760
 */
export function rentForBedrooms(rents: BedroomRents, bedrooms: number, rounding = FMR_ROUNDING): number {
  assertBedrooms(bedrooms);
  if (bedrooms <= 4) return rents[bedrooms as 0 | 1 | 2 | 3 | 4];
  const twentieths = rents[4] * (20 + 3 * (bedrooms - 4));
  return Math.round(twentieths / (20 * rounding)) * rounding;
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
  /**
   * Whether the row's rents differ from its listed FMR area's core schedule: HUD moved the county
   * (or town) out of that area, so neither the area's SAFMR designation nor its SAFMRs apply to it.
   */
  isSplit(row: FmrRow): boolean;
  /** Whether SAFMRs are mandatory for the row: its area is designated and the row was not split out of it. */
  isMandatory(row: FmrRow): boolean;
  /** Every county FIPS that has an FMR row (New England counties included). */
  counties(): IterableIterator<string>;
}

const scheduleKey = (r: FmrRow) => fmrRents(r).join('/');

/**
 * The rows whose schedule differs from their listed FMR area's core schedule. An FMR area has one
 * schedule, so rows of one `fmr_area_id` with different rents are rows HUD moved to an area of their
 * own (FY2026: Calvert County, MD left the Washington DC area but keeps its FY2025 area ID, as do 11
 * other areas' parts; SOURCES.md §1). The core is the schedule that covers the most people: each
 * row weighs its county's ACS population, shared evenly among the county's rows (New England towns
 * carry no population of their own); ties go to more rows, then the lowest `hud_area_code`.
 *
 * @example DC area: 19 counties share 1953/2015/2246/2835/3332, Calvert County 1811/…/3106 → {Calvert}
 */
export function splitFmrRows(
  rows: readonly FmrRow[],
  population: ReadonlyMap<string, number> = new Map(),
): Set<FmrRow> {
  const rowsPerCounty = new Map<string, number>();
  for (const r of rows) {
    const fips = r.hud_area_code.slice(0, 5);
    rowsPerCounty.set(fips, (rowsPerCounty.get(fips) ?? 0) + 1);
  }
  const weight = (r: FmrRow) => {
    const fips = r.hud_area_code.slice(0, 5);
    return (population.get(fips) ?? 0) / (rowsPerCounty.get(fips) ?? 1);
  };
  const byArea = new Map<string, Map<string, FmrRow[]>>();
  for (const r of rows) {
    if (r.fmr_area_id === null) continue;
    const schedules = byArea.get(r.fmr_area_id) ?? new Map<string, FmrRow[]>();
    byArea.set(r.fmr_area_id, schedules);
    const list = schedules.get(scheduleKey(r));
    if (list) list.push(r);
    else schedules.set(scheduleKey(r), [r]);
  }
  const split = new Set<FmrRow>();
  for (const schedules of byArea.values()) {
    if (schedules.size < 2) continue;
    const ranked = [...schedules.values()]
      .map((list) => ({
        list,
        people: list.reduce((sum, r) => sum + weight(r), 0),
        first: list.map((r) => r.hud_area_code).sort()[0] ?? '',
      }))
      .sort((a, b) => b.people - a.people || b.list.length - a.list.length || (a.first < b.first ? -1 : 1));
    for (const { list } of ranked.slice(1)) for (const r of list) split.add(r);
  }
  return split;
}

/**
 * Indexes FMR rows by county. New England towns are grouped by the first five characters of their
 * `hud_area_code`, which are the county FIPS (SOURCES.md §1). For a New England county the
 * county-level row is the schedule (FMR-area ID + five rents) shared by the most towns; ties go to
 * the schedule whose first town has the lowest `hud_area_code`, so the choice is deterministic.
 * `population` (ACS, by county FIPS) decides which part of a split FMR area keeps the area
 * (`splitFmrRows`).
 */
export function buildFmrIndex(
  rows: readonly FmrRow[],
  mandatory: readonly SafmrMandatoryRow[],
  population?: ReadonlyMap<string, number>,
): FmrIndex {
  const mandatoryIds = mandatorySafmrAreas(mandatory);
  const split = splitFmrRows(rows, population);
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
    isSplit: (row) => split.has(row),
    isMandatory: (row) => row.fmr_area_id !== null && mandatoryIds.has(row.fmr_area_id) && !split.has(row),
    counties: () => new Set([...countyRow.keys(), ...towns.keys()]).values(),
  };
}
