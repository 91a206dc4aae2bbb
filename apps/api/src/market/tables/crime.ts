import { CRIME_GRADES } from '@sfr/underwriting';
import type { AcsCountyRow } from './acs.js';
import { type BoroughCrimeRow, boroughShares } from './crime-boroughs.js';
import {
  type CrimeModel,
  type CrimeObservation,
  crimeFeatures,
  fitCrimeModel,
  STATE_FIPS_50_DC,
} from './crime-model.js';
import { MarketDataError } from './errors.js';
import type { PlaceCountyRow } from './places.js';
import { SOURCE } from './sources.js';
import { readTable } from './table.js';

/** Urban's reporting-coverage flag: 1 = all agencies reported, 2 = ≥80% or all core-city agencies, 3 = <80%. */
export type CrimeQuality = 1 | 2 | 3;

/** One row of `crime_county.csv`: reported offenses per 100,000 residents for a county and year. */
export interface CrimeCountyRow {
  readonly county_fips: string;
  readonly state_fips: string;
  readonly year: number;
  /** NIBRS crimes against persons per 100k (includes simple assault; see SOURCES.md §5). */
  readonly violent_per_100k: number | null;
  /** NIBRS crimes against property per 100k (includes robbery). */
  readonly property_per_100k: number | null;
  readonly violent_quality: CrimeQuality | null;
  readonly property_quality: CrimeQuality | null;
}

/** One row of `crime_place.csv` (unmodified Urban file; `NA` = missing). Graded only for citywide agencies. */
export interface CrimePlaceRow {
  readonly year: number;
  readonly state_fips: string;
  readonly place_fips: string;
  readonly violent_per_100k: number | null;
  readonly property_per_100k: number | null;
  readonly violent_quality: CrimeQuality | null;
  readonly property_quality: CrimeQuality | null;
}

export const CRIME_COUNTY_COLUMNS = [
  'county_fips',
  'state_fips',
  'year',
  'violent_per_100k',
  'property_per_100k',
  'violent_quality',
  'property_quality',
] as const;
export const CRIME_PLACE_COLUMNS = [
  'year',
  'state',
  'place',
  'rate_crime_violent',
  'rate_crime_property',
  'rate_crime_violent_quality',
  'rate_crime_property_quality',
] as const;

function quality(file: string, row: number, column: string, v: number | null): CrimeQuality | null {
  if (v === null || v === 1 || v === 2 || v === 3) return v;
  throw new MarketDataError(file, row + 1, column, `quality ${v} is not 1, 2 or 3`);
}

export function parseCrimeCountyCsv(text: string, file = 'crime_county.csv'): CrimeCountyRow[] {
  const t = readTable(file, text, CRIME_COUNTY_COLUMNS);
  const rows: CrimeCountyRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    rows.push({
      county_fips: t.code(r, 'county_fips', 5),
      state_fips: t.code(r, 'state_fips', 2),
      year: t.int(r, 'year'),
      violent_per_100k: t.optNum(r, 'violent_per_100k'),
      property_per_100k: t.optNum(r, 'property_per_100k'),
      violent_quality: quality(file, r, 'violent_quality', t.optInt(r, 'violent_quality')),
      property_quality: quality(file, r, 'property_quality', t.optInt(r, 'property_quality')),
    });
  }
  return rows;
}

export function parseCrimePlaceCsv(text: string, file = 'crime_place.csv'): CrimePlaceRow[] {
  const t = readTable(file, text, CRIME_PLACE_COLUMNS, { missing: ['NA'] });
  const rows: CrimePlaceRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    rows.push({
      year: t.int(r, 'year'),
      state_fips: t.code(r, 'state', 2),
      place_fips: t.code(r, 'place', 5),
      violent_per_100k: t.optNum(r, 'rate_crime_violent'),
      property_per_100k: t.optNum(r, 'rate_crime_property'),
      violent_quality: quality(
        file,
        r,
        'rate_crime_violent_quality',
        t.optInt(r, 'rate_crime_violent_quality'),
      ),
      property_quality: quality(
        file,
        r,
        'rate_crime_property_quality',
        t.optInt(r, 'rate_crime_property_quality'),
      ),
    });
  }
  return rows;
}

/** The 13 grades, best (lowest crime) first: the rating's own scale, so the two cannot drift apart. */
export { CRIME_GRADES };
export type CrimeGradeLetter = (typeof CRIME_GRADES)[number];

/**
 * Grade for a national percentile (0 = lowest crime, 100 = highest). The 13 grades split 0–100 into
 * equal bands of 100/13 ≈ 7.69 points: grade index = min(12, ⌊p × 13 / 100⌋).
 *
 * @example gradeForPercentile(0) → 'A+'; gradeForPercentile(7.6) → 'A+'; gradeForPercentile(7.7) → 'A'
 * @example gradeForPercentile(50) → 'C+' (⌊50 × 13 / 100⌋ = ⌊6.5⌋ = 6, the middle of the 13 grades)
 * @example gradeForPercentile(95) → 'F' (⌊12.35⌋ = 12); gradeForPercentile(100) → 'F'
 */
export function gradeForPercentile(percentile: number): CrimeGradeLetter {
  if (!Number.isFinite(percentile) || percentile < 0 || percentile > 100) {
    throw new RangeError(`percentile must be within 0–100, got ${percentile}`);
  }
  const index = Math.min(12, Math.floor((percentile * 13) / 100));
  return CRIME_GRADES[index] ?? 'F';
}

/** Lower percentile bound of each grade, in grade order (A+ → 0, A → 7.69, …, F → 92.31). */
export const CRIME_GRADE_BANDS: readonly { grade: CrimeGradeLetter; from: number; to: number }[] =
  CRIME_GRADES.map((grade, i) => ({ grade, from: (i * 100) / 13, to: ((i + 1) * 100) / 13 }));

/**
 * Mid-rank percentile of `value` within an ascending `sorted` reference: the share of the reference
 * below it plus half the share equal to it, × 100.
 *
 * @example midRankPercentile([10, 20, 30, 40], 30) → (2 + 0.5 × 1) / 4 × 100 = 62.5
 * @example midRankPercentile([10, 20, 30, 40], 5) → 0; (…, 50) → 100
 */
export function midRankPercentile(sorted: readonly number[], value: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError('empty reference distribution');
  const below = lowerBound(sorted, value);
  const notAbove = upperBound(sorted, value);
  return ((below + 0.5 * (notAbove - below)) / n) * 100;
}

/** A year's complete county rates, ascending, each with a weight (its people, or 1 per county). */
export interface CrimeReference {
  readonly rates: readonly number[];
  /** cumulative weight up to and including each rate */
  readonly cumulative: readonly number[];
  /** number of counties */
  readonly length: number;
}

export function crimeReference(points: readonly { rate: number; weight: number }[]): CrimeReference {
  const sorted = [...points].sort((a, b) => a.rate - b.rate);
  let sum = 0;
  const cumulative = sorted.map((p) => (sum += p.weight));
  return { rates: sorted.map((p) => p.rate), cumulative, length: sorted.length };
}

/**
 * Weighted mid-rank percentile of `value` in `ref`: the weight below it plus half the weight equal
 * to it, over the total, × 100. With a weight of 1 per county it is `midRankPercentile`.
 *
 * @example weights 1: rates [10, 20, 30, 40], 30 → (2 + 0.5) / 4 × 100 = 62.5
 * @example people: rates [10, 20] with 1,000 and 3,000 people, 15 → 1,000 / 4,000 × 100 = 25
 */
export function percentileIn(ref: CrimeReference, value: number): number {
  const total = ref.cumulative[ref.cumulative.length - 1] ?? 0;
  if (ref.length === 0 || total <= 0) throw new RangeError('empty reference distribution');
  const below = lowerBound(ref.rates, value);
  const notAbove = upperBound(ref.rates, value);
  const wBelow = below > 0 ? (ref.cumulative[below - 1] ?? 0) : 0;
  const wNotAbove = notAbove > 0 ? (ref.cumulative[notAbove - 1] ?? 0) : 0;
  return ((wBelow + 0.5 * (wNotAbove - wBelow)) / total) * 100;
}

function lowerBound(a: readonly number[], v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] ?? 0) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(a: readonly number[], v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] ?? 0) <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type CrimeKind = 'violent' | 'property';
export const CRIME_KINDS: readonly CrimeKind[] = ['violent', 'property'];

/**
 * How far a grade can be trusted, most trusted first:
 * - `reported`: a complete report (Urban quality 1–2) that passes the plausibility check;
 * - `incomplete`: only a quality-3 rate (< 80 % of agencies reported), or a "complete" rate far below
 *   the county's estimate or its own other years (Florida 2021–23): either can only understate crime,
 *   so it is graded at the worse of that rate's grade and the model estimate's;
 * - `estimated`: no usable rate; the model estimate (`crime-model.ts`), shown coarsely ("≈C");
 * - `none`: nothing to go on (territories). Stored grades are null for `none`.
 */
export type CrimeTier = 'reported' | 'incomplete' | 'estimated' | 'none';
export const CRIME_TIERS: readonly CrimeTier[] = ['reported', 'incomplete', 'estimated', 'none'];

/**
 * Which area a grade describes, most local first:
 * - `place`: the city typed (or the ZIP's city), from its own police agency's rate;
 * - `balance`: the county without the cities that have their own rate (a suburb does not inherit its
 *   big city's crime);
 * - `borough`: a New York City borough, the city's rate apportioned by the borough's index crimes;
 * - `county`: the whole county.
 */
export type CrimeBasis = 'place' | 'balance' | 'borough' | 'county';
export const CRIME_BASES: readonly CrimeBasis[] = ['place', 'balance', 'borough', 'county'];

export interface CrimeGrade {
  readonly tier: Exclude<CrimeTier, 'none'>;
  readonly basis: CrimeBasis;
  /** The area in words: 'Memphis city', 'Shelby County outside Memphis', 'Travis County'. */
  readonly area: string;
  readonly grade: CrimeGradeLetter;
  /** The grade as shown: the letter, or for an estimate only its letter band ("≈C"). */
  readonly display: string;
  /** Percentile among counties with complete reporting that year; 0 = lowest crime. */
  readonly percentile: number;
  /** Offences per 100,000 residents behind the grade: the area's rate, or the estimate. */
  readonly rate: number;
  /** The model estimate for the county and year (tiers `incomplete` and `estimated`), else null. */
  readonly estimated_rate: number | null;
  readonly year: number;
  readonly quality: CrimeQuality | null;
  /** True for `reported`: a complete report is behind the grade. */
  readonly reliable: boolean;
  /** Number of counties in the year's reference distribution. */
  readonly reference_count: number;
  /** One sentence on where the grade comes from. */
  readonly note: string;
  readonly source: string;
  readonly vintage: string;
}

/** The violent and property grades of one area. */
export interface CrimeGradePair {
  readonly violent: CrimeGrade | null;
  readonly property: CrimeGrade | null;
}

/**
 * Cities whose police report citywide across several counties. Their county rows are not county
 * rates (Manhattan's holds all of the NYPD's offences), so they stay out of the references and the
 * model, and each county takes the city's rate apportioned by its own index crimes (`borough`).
 */
export const CITYWIDE_CRIME_AREAS: readonly {
  readonly name: string;
  readonly state_fips: string;
  readonly place_fips: string;
  readonly counties: readonly string[];
}[] = [
  {
    name: 'New York City',
    state_fips: '36',
    place_fips: '51000',
    counties: ['36005', '36047', '36061', '36081', '36085'],
  },
];

const CITYWIDE_COUNTIES = new Set(CITYWIDE_CRIME_AREAS.flatMap((a) => a.counties));
const CITYWIDE_PLACES = new Set(CITYWIDE_CRIME_AREAS.map((a) => a.state_fips + a.place_fips));

export const isComplete = (q: CrimeQuality | null): boolean => q === 1 || q === 2;

/** The tier of a stored grade (null → `none`). */
export const crimeTier = (g: CrimeGrade | null): CrimeTier => g?.tier ?? 'none';

/**
 * The grade the rating may score: `reported` and `incomplete` (its floor grade) count; `estimated`
 * and `none` are unknown (null), so no guess is scored as a fact.
 */
export const ratedCrimeGrade = (g: CrimeGrade | null): CrimeGradeLetter | null =>
  g === null || g.tier === 'estimated' ? null : g.grade;

/** "B+" → "B", "F" → "F". */
export const gradeLetterBand = (grade: CrimeGradeLetter): string => grade.charAt(0);

/** The displayed grade: estimates show only their letter band. */
export const displayGrade = (tier: CrimeGrade['tier'], grade: CrimeGradeLetter): string =>
  tier === 'estimated' ? `≈${gradeLetterBand(grade)}` : grade;

/** What a grade is made of; the rest (how it shows, whether it counts, its source) follows from it. */
type CrimeGradeFacts = Omit<CrimeGrade, 'display' | 'reliable' | 'source' | 'vintage'>;

const sourceOf = (f: Pick<CrimeGrade, 'tier' | 'basis'>): string =>
  f.tier === 'estimated'
    ? SOURCE.crimeEstimate
    : f.basis === 'place'
      ? SOURCE.placeCrime
      : f.basis === 'borough'
        ? SOURCE.boroughCrime
        : SOURCE.crime;

/** The one place a grade is put together, whether just computed or read back from its columns. */
function crimeGrade(f: CrimeGradeFacts): CrimeGrade {
  return {
    ...f,
    display: displayGrade(f.tier, f.grade),
    reliable: f.tier === 'reported',
    source: sourceOf(f),
    vintage: String(f.year),
  };
}

interface RateRow {
  readonly year: number;
  readonly rate: number | null;
  readonly quality: CrimeQuality | null;
}

const countyRates = (r: CrimeCountyRow, kind: CrimeKind): RateRow => ({
  year: r.year,
  rate: kind === 'violent' ? r.violent_per_100k : r.property_per_100k,
  quality: kind === 'violent' ? r.violent_quality : r.property_quality,
});
export const placeRates = (r: CrimePlaceRow, kind: CrimeKind): RateRow => ({
  year: r.year,
  rate: kind === 'violent' ? r.violent_per_100k : r.property_per_100k,
  quality: kind === 'violent' ? r.violent_quality : r.property_quality,
});

/** The latest row with a rate that `accept` takes. */
function latest(rows: readonly RateRow[], accept: (r: RateRow) => boolean): RateRow | null {
  let best: RateRow | null = null;
  for (const r of rows) if (r.rate !== null && accept(r) && (best === null || r.year > best.year)) best = r;
  return best;
}

/**
 * A "complete" rate below this share of what a county like it has (the national model without state
 * effects) is taken as incomplete reporting, not as safety. In 2021–23 it flags Florida's counties
 * (median 0.28 of the estimate; the state's reporting system changed in 2021) and Kentucky's and
 * Texas's most thinly policed ones (market README, "Plausibility").
 */
export const IMPLAUSIBLE_SHARE_OF_ESTIMATE = 0.4;
/** …or below this share of the area's own highest complete rate in another year. */
export const IMPLAUSIBLE_SHARE_OF_OWN_YEARS = 0.5;

/** Florida's federal figures of 2021–23, after the state changed its reporting system: the known undercount the note names. */
const floridaTransition = (fips: string, year: number) =>
  fips.startsWith('12') && year >= 2021 && year <= 2023;

/** A city holding at least this share of its county's people makes its county's figure its own. */
export const MOSTLY_ONE_CITY = 0.5;

/** `${kind}:${area}:${year}` of every complete rate that fails the plausibility check. */
export type ImplausibleRates = ReadonlySet<string>;
const rateKey = (kind: CrimeKind, area: string, year: number) => `${kind}:${area}:${year}`;

/** The model of county rates without state effects: what a county like this one has, anywhere. */
export function nationalCrimeModels(
  rows: readonly CrimeCountyRow[],
  acs: readonly AcsCountyRow[],
): Record<CrimeKind, CrimeModel | null> {
  const features = crimeFeatures(acs);
  const noStates = 1e12;
  return {
    violent: fitCrimeModel(crimeObservations(rows, 'violent'), features, noStates),
    property: fitCrimeModel(crimeObservations(rows, 'property'), features, noStates),
  };
}

/**
 * The complete rates of each area (a county, or a place keyed by its county) that fail the check:
 * below `IMPLAUSIBLE_SHARE_OF_ESTIMATE` × the national model's estimate for `countyOf(area)` that
 * year, or below `IMPLAUSIBLE_SHARE_OF_OWN_YEARS` × the area's own highest complete rate in another
 * year.
 */
export function implausibleRates(
  areas: ReadonlyMap<string, readonly { kind: CrimeKind; rows: readonly RateRow[] }[]>,
  national: Record<CrimeKind, CrimeModel | null>,
  countyOf: (area: string) => string,
  { oneAgency = false }: { oneAgency?: boolean } = {},
): Set<string> {
  const out = new Set<string>();
  for (const [area, byKind] of areas) {
    for (const { kind, rows } of byKind) {
      const complete = rows.filter((r) => r.rate !== null && isComplete(r.quality));
      for (const r of complete) {
        const rate = r.rate ?? 0;
        const estimate = national[kind]?.predict(countyOf(area), r.year) ?? null;
        const others = complete.filter((o) => o.year !== r.year).map((o) => o.rate ?? 0);
        const ownHigh = others.length > 0 ? Math.max(...others) : null;
        if (
          (estimate !== null && rate < IMPLAUSIBLE_SHARE_OF_ESTIMATE * estimate) ||
          (ownHigh !== null && rate < IMPLAUSIBLE_SHARE_OF_OWN_YEARS * ownHigh) ||
          (oneAgency && isFirstCompleteYear(rows, r.year))
        ) {
          out.add(rateKey(kind, area, r.year));
        }
      }
    }
  }
  return out;
}

/** Whether `year` is an area's first complete one, after earlier years of incomplete or no reporting. */
export function isFirstCompleteYear(rows: readonly RateRow[], year: number): boolean {
  const before = rows.filter((o) => o.year < year);
  return before.length > 0 && !before.some((o) => o.rate !== null && isComplete(o.quality));
}

/**
 * The county-years a city's first complete year undercounts too: the city holds at least
 * `MOSTLY_ONE_CITY` of the county's people (Omaha's 2023 is most of Douglas County's). Keyed as
 * `implausibleRates`' keys, each with the city's name for the grade's note.
 */
export function partYearCounties(
  places: readonly CrimePlaceRow[],
  placeCounties: readonly PlaceCountyRow[],
): Map<string, string> {
  const byPlace = groupBy(places, placeId);
  const out = new Map<string, string>();
  for (const p of placeCounties) {
    const id = placeId(p);
    const own = byPlace.get(id);
    if (!own || CITYWIDE_PLACES.has(id) || p.population_in_county < MOSTLY_ONE_CITY * p.county_population) {
      continue;
    }
    for (const kind of CRIME_KINDS) {
      const rows = own.map((r) => placeRates(r, kind));
      for (const r of rows) {
        if (r.rate !== null && isComplete(r.quality) && isFirstCompleteYear(rows, r.year)) {
          out.set(rateKey(kind, p.county_fips, r.year), placeShortName(p.name));
        }
      }
    }
  }
  return out;
}

/** `items` grouped by `keyOf`, each group in the items' order. */
export function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A place's id: state + place FIPS. */
export const placeId = (p: { readonly state_fips: string; readonly place_fips: string }) =>
  p.state_fips + p.place_fips;

/** Each county's rows by kind, for `implausibleRates` (the citywide counties left out). */
function countyAreas(rows: readonly CrimeCountyRow[]) {
  const byCounty = groupBy(
    rows.filter((r) => !CITYWIDE_COUNTIES.has(r.county_fips)),
    (r) => r.county_fips,
  );
  return new Map(
    [...byCounty].map(([fips, list]) => [
      fips,
      CRIME_KINDS.map((kind) => ({ kind, rows: list.map((r) => countyRates(r, kind)) })),
    ]),
  );
}

/** The implausible complete county rates (`implausibleRates` over every county). */
export function implausibleCountyRates(
  rows: readonly CrimeCountyRow[],
  acs: readonly AcsCountyRow[],
): Set<string> {
  return implausibleRates(countyAreas(rows), nationalCrimeModels(rows, acs), (fips) => fips);
}

/** A complete rate that passed the plausibility check. */
const trusted = (implausible: ImplausibleRates, kind: CrimeKind, area: string) => (r: RateRow) =>
  isComplete(r.quality) && !implausible.has(rateKey(kind, area, r.year));

/**
 * Complete, plausible county rates per kind and year, ascending, each weighted by its people (or 1
 * per county without `people`): the percentile references. The counties of citywide agencies are
 * left out (their county rows are not county rates).
 */
/** County population (ACS) by FIPS: the references' weights. */
export const countyPeople = (acs: readonly AcsCountyRow[]): Map<string, number> =>
  new Map(
    acs.flatMap((a) =>
      a.population !== null && a.population > 0 ? [[a.county_fips, a.population] as const] : [],
    ),
  );

export function crimeReferences(
  rows: readonly CrimeCountyRow[],
  implausible: ImplausibleRates = new Set(),
  people?: ReadonlyMap<string, number>,
): Map<string, CrimeReference> {
  const points = new Map<string, { rate: number; weight: number }[]>();
  for (const r of rows) {
    if (CITYWIDE_COUNTIES.has(r.county_fips)) continue;
    const weight = people ? (people.get(r.county_fips) ?? 0) : 1;
    if (weight <= 0) continue;
    for (const kind of CRIME_KINDS) {
      const row = countyRates(r, kind);
      if (row.rate === null || !trusted(implausible, kind, r.county_fips)(row)) continue;
      const key = `${kind}:${row.year}`;
      const list = points.get(key);
      if (list) list.push({ rate: row.rate, weight });
      else points.set(key, [{ rate: row.rate, weight }]);
    }
  }
  return new Map([...points].map(([key, list]) => [key, crimeReference(list)]));
}

/**
 * The complete, plausible county rates of one kind (the model's training data), minus `exclude` and
 * the counties of citywide agencies.
 */
export function crimeObservations(
  rows: readonly CrimeCountyRow[],
  kind: CrimeKind,
  exclude: ReadonlySet<string> = new Set(),
  implausible: ImplausibleRates = new Set(),
): CrimeObservation[] {
  const out: CrimeObservation[] = [];
  for (const r of rows) {
    const row = countyRates(r, kind);
    if (
      row.rate !== null &&
      trusted(implausible, kind, r.county_fips)(row) &&
      !exclude.has(r.county_fips) &&
      !CITYWIDE_COUNTIES.has(r.county_fips)
    ) {
      out.push({ county_fips: r.county_fips, year: row.year, rate: row.rate });
    }
  }
  return out;
}

/** Fits the violent and property models on every complete, plausible county rate. */
export function fitCrimeModels(
  rows: readonly CrimeCountyRow[],
  acs: readonly AcsCountyRow[],
  implausible: ImplausibleRates = new Set(),
): Record<CrimeKind, CrimeModel | null> {
  const features = crimeFeatures(acs);
  return {
    violent: fitCrimeModel(crimeObservations(rows, 'violent', new Set(), implausible), features),
    property: fitCrimeModel(crimeObservations(rows, 'property', new Set(), implausible), features),
  };
}

export interface CrimeGradeOptions {
  /** ACS county rows: the estimate's inputs. Without them nothing is flagged, floored or estimated. */
  readonly acs?: readonly AcsCountyRow[];
  /** `crime_place.csv` rows: the places' own rates. */
  readonly places?: readonly CrimePlaceRow[];
  /** The counties and populations of those places (`places.csv`): place and balance grades. */
  readonly placeCounties?: readonly PlaceCountyRow[];
  /** New York State's index crimes by borough (`nyc_borough_crime.csv`). */
  readonly boroughs?: readonly BoroughCrimeRow[];
  /** County names for the grades' `area` ('Travis County'); else 'County 48453'. */
  readonly countyNames?: ReadonlyMap<string, string>;
}

export interface CrimeGrades {
  /** The grade of an address in the county but in no graded place: its balance, else the county's. */
  readonly counties: ReadonlyMap<string, CrimeGradePair>;
  /** Places with a complete, plausible rate of their own, keyed by state + place FIPS. */
  readonly places: ReadonlyMap<string, CrimeGradePair>;
  /** The complete rates taken as incomplete reporting (`implausibleRates`). */
  readonly implausible: ImplausibleRates;
}

/** ' Memphis city' → 'Memphis': a place's name for a sentence. */
export const placeShortName = (censusName: string): string =>
  censusName
    .replace(/\s*\(balance\)\s*/i, '')
    .replace(/\s+(city|town|village|borough|CDP|municipality)$/i, '')
    .trim();

/**
 * Grades every county of `rows` and of `options.acs`, and every place of `options.places`, violent
 * and property separately. Percentile: mid-rank among the counties with a complete, plausible rate in
 * the grade's year (SOURCES.md: compare within a year); incomplete and implausible rates stay out of
 * the reference because they undercount and would make every complete county look worse.
 */
export function buildCrimeGrades(
  rows: readonly CrimeCountyRow[],
  options: CrimeGradeOptions = {},
): CrimeGrades {
  const national = options.acs ? nationalCrimeModels(rows, options.acs) : null;
  const placeRows = groupBy(options.places ?? [], placeId);
  const placeCounties = groupBy(options.placeCounties ?? [], placeId);
  // a place's plausibility is judged against what its main county would have
  const mainCounty = (id: string) =>
    [...(placeCounties.get(id) ?? [])].sort((a, b) => b.population_in_county - a.population_in_county)[0]
      ?.county_fips ?? '';
  const implausible = new Set<string>();
  const heldByCity = partYearCounties(options.places ?? [], options.placeCounties ?? []);
  if (national) {
    for (const key of implausibleRates(countyAreas(rows), national, (fips) => fips)) implausible.add(key);
    const places = new Map(
      [...placeRows]
        .filter(([id]) => !CITYWIDE_PLACES.has(id))
        .map(([id, list]) => [
          id,
          CRIME_KINDS.map((kind) => ({ kind, rows: list.map((r) => placeRates(r, kind)) })),
        ]),
    );
    for (const key of implausibleRates(places, national, mainCounty, { oneAgency: true }))
      implausible.add(key);
    for (const key of heldByCity.keys()) implausible.add(key);
  }
  // each county's rate counts for its people: a grade says how the area compares with where
  // Americans live, not with 3,000 mostly rural counties (market README, "Crime grades")
  const people = options.acs ? countyPeople(options.acs) : undefined;
  const reference = crimeReferences(rows, implausible, people);
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
  const estimateYear = years[years.length - 1] ?? 0;
  const models = options.acs ? fitCrimeModels(rows, options.acs, implausible) : null;

  const byCounty = groupBy(rows, (r) => r.county_fips);

  const graded = (
    facts: Pick<CrimeGrade, 'tier' | 'basis' | 'area' | 'year' | 'rate' | 'quality' | 'note'> & {
      kind: CrimeKind;
      percentile?: number;
      estimated_rate?: number | null;
    },
  ): CrimeGrade | null => {
    const ref = reference.get(`${facts.kind}:${facts.year}`);
    if (ref === undefined || ref.length === 0) return null;
    const percentile = facts.percentile ?? percentileIn(ref, facts.rate);
    return crimeGrade({
      tier: facts.tier,
      basis: facts.basis,
      area: facts.area,
      grade: gradeForPercentile(percentile),
      percentile,
      rate: facts.rate,
      estimated_rate: facts.estimated_rate ?? null,
      year: facts.year,
      quality: facts.quality,
      reference_count: ref.length,
      note: facts.note,
    });
  };

  /** A place's own grade: its latest complete, plausible rate. */
  const placeGrade = (id: string, kind: CrimeKind): CrimeGrade | null => {
    const list = placeRows.get(id) ?? [];
    const name = placeShortName(placeCounties.get(id)?.[0]?.name ?? id);
    const own = latest(
      list.map((r) => placeRates(r, kind)),
      trusted(implausible, kind, id),
    );
    if (own?.rate == null) return null;
    return graded({
      kind,
      tier: 'reported',
      basis: 'place',
      area: name,
      year: own.year,
      rate: own.rate,
      quality: own.quality,
      note: `Reported by the police of ${name} for the city itself.`,
    });
  };
  const places = new Map<string, CrimeGradePair>();
  for (const id of placeRows.keys()) {
    if (CITYWIDE_PLACES.has(id)) continue;
    const pair = { violent: placeGrade(id, 'violent'), property: placeGrade(id, 'property') };
    if (pair.violent || pair.property) places.set(id, pair);
  }

  /** The places inside a county with their people there. */
  const placesIn = new Map<string, PlaceCountyRow[]>();
  for (const list of placeCounties.values()) {
    for (const p of list) {
      const inCounty = placesIn.get(p.county_fips);
      if (inCounty) inCounty.push(p);
      else placesIn.set(p.county_fips, [p]);
    }
  }

  /**
   * The county without its graded places, in the county rate's year: (county offences − the places'
   * offences) ÷ (county people − the places' people), offences from rates × 2020 populations. Null
   * when no graded place lies in it, or what is left is too small (under 5,000 people or 5 % of the
   * county) or comes out negative (the two sources disagree).
   */
  const balanceGrade = (
    fips: string,
    kind: CrimeKind,
    county: RateRow,
    countyName: string,
  ): CrimeGrade | null => {
    const inside = (placesIn.get(fips) ?? []).flatMap((p) => {
      const id = placeId(p);
      const rate = places.get(id)?.[kind];
      return rate && rate.year === county.year ? [{ p, rate: rate.rate }] : [];
    });
    const countyPeople = inside[0]?.p.county_population ?? 0;
    if (inside.length === 0 || countyPeople <= 0 || county.rate === null) return null;
    const people = countyPeople - inside.reduce((s, x) => s + x.p.population_in_county, 0);
    const offences =
      county.rate * countyPeople - inside.reduce((s, x) => s + x.rate * x.p.population_in_county, 0);
    if (people < Math.max(5_000, 0.05 * countyPeople) || offences <= 0) return null;
    // the plausibility check of a reported rate, on the rate derived: a balance far below what a
    // county like this one has is the places' and the county's figures disagreeing, not safety
    const estimate = national?.[kind]?.predict(fips, county.year) ?? null;
    if (estimate !== null && offences / people < IMPLAUSIBLE_SHARE_OF_ESTIMATE * estimate) return null;
    const names = inside.map((x) => placeShortName(x.p.name));
    const without =
      names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
    return graded({
      kind,
      tier: 'reported',
      basis: 'balance',
      area: `${countyName} outside ${without}`,
      year: county.year,
      rate: offences / people,
      quality: county.quality,
      note: `${countyName} without the cities graded on their own (${without}): the county's ${county.rate.toFixed(1)} per 100,000 less their offences, over the ${Math.round(people).toLocaleString('en-US')} people left (2020 Census).`,
    });
  };

  const boroughs = boroughShares(options.boroughs ?? []);
  const grade = (fips: string, kind: CrimeKind, countyName: string): CrimeGrade | null => {
    const area = CITYWIDE_CRIME_AREAS.find((a) => a.counties.includes(fips));
    if (area) {
      const city = latest(
        (placeRows.get(placeId(area)) ?? []).map((r) => placeRates(r, kind)),
        (r) => isComplete(r.quality),
      );
      const share = city?.rate == null ? null : boroughs.share(fips, kind, city.year);
      if (city?.rate != null && share) {
        return graded({
          kind,
          tier: 'reported',
          basis: 'borough',
          area: share.borough,
          year: city.year,
          rate: city.rate * share.ratio,
          quality: city.quality,
          note: `${area.name}'s rate (the NYPD reports citywide) × the borough's index crimes per person over the city's (${share.ratio.toFixed(2)}, New York State DCJS, ${share.year}).`,
        });
      }
    }
    const own = (byCounty.get(fips) ?? []).map((r) => countyRates(r, kind));
    const complete = latest(own, trusted(implausible, kind, fips));
    if (complete?.rate != null) {
      return (
        balanceGrade(fips, kind, complete, countyName) ??
        graded({
          kind,
          tier: 'reported',
          basis: 'county',
          area: countyName,
          year: complete.year,
          rate: complete.rate,
          quality: complete.quality,
          note: 'Reported by agencies covering the county (complete reporting).',
        })
      );
    }
    const model = models?.[kind] ?? null;
    const partial = latest(
      own,
      (r) => r.quality === 3 || (isComplete(r.quality) && implausible.has(rateKey(kind, fips, r.year))),
    );
    if (partial?.rate != null) {
      const ref = reference.get(`${kind}:${partial.year}`);
      if (ref === undefined || ref.length === 0) return null;
      const estimate = model?.predict(fips, partial.year) ?? null;
      const pReported = percentileIn(ref, partial.rate);
      const pEstimate = estimate === null ? null : percentileIn(ref, estimate);
      const byEstimate = pEstimate !== null && pEstimate > pReported;
      const city = heldByCity.get(rateKey(kind, fips, partial.year));
      const why = city
        ? `The ${partial.year} rate (${partial.rate.toFixed(1)} per 100,000) is mostly ${city}'s, whose police reported completely that year for the first time, which often covers only part of the year`
        : isComplete(partial.quality)
          ? `The ${partial.year} rate (${partial.rate.toFixed(1)} per 100,000) is far below what counties like this one report or the county's own other years, which means incomplete reporting${floridaTransition(fips, partial.year) ? " (Florida's 2021–23 federal figures undercount after the state changed its reporting system)" : ''}`
          : `Fewer than 80% of agencies reported in ${partial.year}, which can only understate crime`;
      return graded({
        kind,
        tier: 'incomplete',
        basis: 'county',
        area: countyName,
        year: partial.year,
        rate: partial.rate,
        percentile: byEstimate ? (pEstimate ?? pReported) : pReported,
        estimated_rate: estimate,
        quality: partial.quality,
        note: byEstimate
          ? `${why}; graded by the estimate, which is worse than the reported rate.`
          : estimate === null
            ? `${why}; no estimate is available, so the grade is a floor.`
            : `${why}; the reported rate grades worse than the estimate, so it stands.`,
      });
    }
    const estimate = STATE_FIPS_50_DC.has(fips.slice(0, 2))
      ? (model?.predict(fips, estimateYear) ?? null)
      : null;
    if (estimate === null) return null;
    return graded({
      kind,
      tier: 'estimated',
      basis: 'county',
      area: countyName,
      year: estimateYear,
      rate: estimate,
      estimated_rate: estimate,
      quality: null,
      note: 'No usable agency rate for the county; estimated from its ACS figures and its state (shown as a letter band).',
    });
  };

  const counties = new Set<string>([...byCounty.keys(), ...(options.acs ?? []).map((a) => a.county_fips)]);
  const out = new Map<string, CrimeGradePair>();
  for (const fips of counties) {
    const name = options.countyNames?.get(fips) ?? `County ${fips}`;
    out.set(fips, { violent: grade(fips, 'violent', name), property: grade(fips, 'property', name) });
  }
  return { counties: out, places, implausible };
}

/**
 * The best grade a wider area's rate (the county, or the county outside its graded cities) may give
 * an address inside a city that has no complete rate of its own. Crime gathers in towns, so a county's low
 * rate cannot vouch that a city in it is among the safest: of the FBI's 2019 cities in counties the
 * grades put in the A band, about a quarter had more violent crime than the national median
 * (`validate:market` prints the share). The wider area's rate and percentile are kept as they are.
 */
export const BEST_GRADE_FOR_UNRATED_CITY: CrimeGradeLetter = 'B+';

/**
 * The grade of an address in `placeName` (a Census place with no rate of its own: 'Harrisburg city')
 * from a wider area's grade: that grade, no better than `BEST_GRADE_FOR_UNRATED_CITY`, its note
 * saying the city has no complete rate of its own. Two are not a wider area's and stand: a borough's (New
 * York City's own rate apportioned) and the county's where the place is its county (Virginia's
 * independent cities, Baltimore, St. Louis, Carson City; QA: "Fairfax has no rate of its own: the
 * grade is that of Fairfax city").
 *
 * @example Dauphin County A (571 per 100,000) for an address in Harrisburg → B+, rate 571, the note says why
 */
export function gradeForUnratedCity(wide: CrimeGrade, placeName: string): CrimeGrade {
  const best = CRIME_GRADES.indexOf(BEST_GRADE_FOR_UNRATED_CITY);
  if (wide.basis === 'borough' || (wide.basis === 'county' && wide.area === placeName)) return wide;
  const city = placeShortName(placeName);
  if (CRIME_GRADES.indexOf(wide.grade) >= best) {
    // said whichever way it errs (QA: Youngstown's C, Mahoning County's, did not say the city was unmeasured)
    return {
      ...wide,
      note: `${wide.note} ${city} has no complete rate of its own: the grade is that of ${wide.area}, and a city can run above or below its area.`,
    };
  }
  return crimeGrade({
    ...wide,
    grade: BEST_GRADE_FOR_UNRATED_CITY,
    note: `${wide.note} ${city} has no complete rate of its own, and a wider area's low rate cannot vouch that a city in it is among the safest, so the area's ${wide.grade} is shown as ${BEST_GRADE_FOR_UNRATED_CITY} here.`,
  });
}

/**
 * Grade steps either side of a grade that hold 8 in 10 of what it stands for, measured by
 * `validate:market` (which fails CI when a shipped figure holds under 80 %; market README, "Crime
 * grade ranges"): a reported grade is one year's count, so next year's report of the same area
 * (counties 83.5 % violent, 84.3 % property; places 85.2 %, 80.7 %); an estimate (tiers
 * `estimated` and `incomplete`) the area's reported grade when hidden from the model's fit (a
 * state left out: 4 steps, the whole scale being 12).
 */
export const CRIME_GRADE_RANGE_STEPS = { reported: 1, estimate: 4 } as const;

const RANGE_NOTES = {
  reported: "8 in 10 areas' next report lands within a grade step of a year's grade",
  estimate: `8 in 10 counties hidden from the estimate had a reported grade within ${CRIME_GRADE_RANGE_STEPS.estimate} steps of it`,
} as const;

/**
 * The grades a grade may stand for, as percentiles (the edges of its best and worst grade's bands)
 * with the evidence for its width. A grade held back to B+ (`gradeForUnratedCity`) ranges no better
 * than that: the wider area's rate cannot vouch for better.
 *
 * @example crimeGradeRange(a reported C+) → { low: 38.46, high: 61.54, … } (B- to C)
 */
export function crimeGradeRange(grade: Pick<CrimeGrade, 'tier' | 'grade' | 'percentile'>): {
  low: number;
  high: number;
  note: string;
} {
  const which = grade.tier === 'reported' ? 'reported' : 'estimate';
  const steps = CRIME_GRADE_RANGE_STEPS[which];
  const index = CRIME_GRADES.indexOf(grade.grade);
  const heldBack = CRIME_GRADES.indexOf(gradeForPercentile(grade.percentile)) < index;
  const best = heldBack ? index : Math.max(0, index - steps);
  const worst = Math.min(CRIME_GRADES.length - 1, index + steps);
  const band = (i: number) => CRIME_GRADE_BANDS[i] as (typeof CRIME_GRADE_BANDS)[number];
  return { low: band(best).from, high: band(worst).to, note: RANGE_NOTES[which] };
}

/** The stored columns of one grade (the importer keeps grades flattened in county and place rows). */
export interface CrimeGradeColumns {
  readonly tier: CrimeTier;
  readonly basis: CrimeBasis | null;
  readonly area: string | null;
  readonly grade: CrimeGradeLetter | null;
  readonly percentile: number | null;
  readonly rate: number | null;
  readonly estimated_rate: number | null;
  readonly year: number | null;
  readonly quality: CrimeQuality | null;
  readonly reference_count: number | null;
  readonly note: string | null;
}

export function crimeGradeColumns(g: CrimeGrade | null): CrimeGradeColumns {
  return {
    tier: crimeTier(g),
    basis: g?.basis ?? null,
    area: g?.area ?? null,
    grade: g?.grade ?? null,
    percentile: g?.percentile ?? null,
    rate: g?.rate ?? null,
    estimated_rate: g?.estimated_rate ?? null,
    year: g?.year ?? null,
    quality: g?.quality ?? null,
    reference_count: g?.reference_count ?? null,
    note: g?.note ?? null,
  };
}

/** Rebuilds a grade from its stored columns; null for tier `none` or incomplete columns. */
export function crimeGradeFromColumns(c: CrimeGradeColumns): CrimeGrade | null {
  if (c.tier === 'none' || c.grade === null || c.percentile === null || c.rate === null || c.year === null) {
    return null;
  }
  return crimeGrade({
    tier: c.tier,
    basis: c.basis ?? 'county',
    area: c.area ?? '',
    grade: c.grade,
    percentile: c.percentile,
    rate: c.rate,
    estimated_rate: c.estimated_rate,
    year: c.year,
    quality: c.quality,
    reference_count: c.reference_count ?? 0,
    note: c.note ?? '',
  });
}
