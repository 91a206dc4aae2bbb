import { CRIME_GRADES } from '@sfr/underwriting';
import { MarketDataError } from './errors.js';
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

/** One row of `crime_place.csv` (unmodified Urban file; `NA` = missing). Parsed for import, not graded. */
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

export interface CrimeGrade {
  readonly grade: CrimeGradeLetter;
  /** National percentile among counties with a reliable (quality 1–2) rate that year; 0 = lowest crime. */
  readonly percentile: number;
  /** Offenses per 100,000 residents. */
  readonly rate: number;
  readonly year: number;
  readonly quality: CrimeQuality | null;
  /** False when the only rate available is quality 3 (<80% of agencies reported: likely undercount). */
  readonly reliable: boolean;
  /** Number of counties in the year's reference distribution. */
  readonly reference_count: number;
  readonly source: string;
  readonly vintage: string;
}

export interface CountyCrimeGrades {
  readonly violent: CrimeGrade | null;
  readonly property: CrimeGrade | null;
}

const isReliable = (q: CrimeQuality | null): boolean => q === 1 || q === 2;

const rateOf = (r: CrimeCountyRow, kind: CrimeKind) =>
  kind === 'violent' ? r.violent_per_100k : r.property_per_100k;
const qualityOf = (r: CrimeCountyRow, kind: CrimeKind) =>
  kind === 'violent' ? r.violent_quality : r.property_quality;

/**
 * Grades every county in `rows`, violent and property separately.
 *
 * Year: the latest year whose rate is present with quality 1 or 2. If a county only ever has
 * quality-3 rates (fewer than 80% of agencies reported), the latest quality-3 year is used and the
 * grade is flagged `reliable: false`. No rate in any year → null.
 *
 * Percentile: mid-rank of the county's rate among all counties with a quality 1–2 rate in that same
 * year (SOURCES.md: compare within a year). Quality-3 rates are left out of the reference because
 * they are undercounts and would make every reliable county look worse.
 */
export function buildCrimeGrades(rows: readonly CrimeCountyRow[]): Map<string, CountyCrimeGrades> {
  const reference = new Map<string, number[]>();
  const byCounty = new Map<string, CrimeCountyRow[]>();
  for (const r of rows) {
    for (const kind of ['violent', 'property'] as const) {
      const rate = rateOf(r, kind);
      if (rate !== null && isReliable(qualityOf(r, kind))) {
        const key = `${kind}:${r.year}`;
        const list = reference.get(key);
        if (list) list.push(rate);
        else reference.set(key, [rate]);
      }
    }
    const list = byCounty.get(r.county_fips);
    if (list) list.push(r);
    else byCounty.set(r.county_fips, [r]);
  }
  for (const list of reference.values()) list.sort((a, b) => a - b);

  const grade = (list: readonly CrimeCountyRow[], kind: CrimeKind): CrimeGrade | null => {
    let best: CrimeCountyRow | undefined;
    let fallback: CrimeCountyRow | undefined;
    for (const r of list) {
      if (rateOf(r, kind) === null) continue;
      if (isReliable(qualityOf(r, kind))) {
        if (best === undefined || r.year > best.year) best = r;
      } else if (fallback === undefined || r.year > fallback.year) fallback = r;
    }
    const chosen = best ?? fallback;
    const rate = chosen ? rateOf(chosen, kind) : null;
    if (chosen === undefined || rate === null) return null;
    const ref = reference.get(`${kind}:${chosen.year}`);
    if (ref === undefined || ref.length === 0) return null;
    const percentile = midRankPercentile(ref, rate);
    const q = qualityOf(chosen, kind);
    return {
      grade: gradeForPercentile(percentile),
      percentile,
      rate,
      year: chosen.year,
      quality: q,
      reliable: isReliable(q),
      reference_count: ref.length,
      source: SOURCE.crime,
      vintage: String(chosen.year),
    };
  };

  const out = new Map<string, CountyCrimeGrades>();
  for (const [fips, list] of byCounty)
    out.set(fips, { violent: grade(list, 'violent'), property: grade(list, 'property') });
  return out;
}

/** Rebuilds a grade from its stored columns (the importer keeps grades flattened in county rows). */
export function crimeGradeFromColumns(c: {
  readonly grade: CrimeGradeLetter | null;
  readonly percentile: number | null;
  readonly rate: number | null;
  readonly year: number | null;
  readonly quality: CrimeQuality | null;
  readonly reference_count: number | null;
}): CrimeGrade | null {
  if (c.grade === null || c.percentile === null || c.rate === null || c.year === null) return null;
  return {
    grade: c.grade,
    percentile: c.percentile,
    rate: c.rate,
    year: c.year,
    quality: c.quality,
    reliable: isReliable(c.quality),
    reference_count: c.reference_count ?? 0,
    source: SOURCE.crime,
    vintage: String(c.year),
  };
}
