import { CRIME_GRADES } from '@sfr/underwriting';
import type { AcsCountyRow } from './acs.js';
import {
  type CrimeModel,
  type CrimeObservation,
  crimeFeatures,
  fitCrimeModel,
  STATE_FIPS_50_DC,
} from './crime-model.js';
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
 * How a county's grade was obtained, most trusted first:
 * - `reported`: the county's own rate with complete reporting (Urban quality 1–2);
 * - `citywide`: a city whose police report for the whole city across several counties (NYPD: the
 *   five boroughs) takes the city's rate from `crime_place.csv`;
 * - `incomplete`: only a quality-3 rate (< 80 % of agencies reported), which can only understate
 *   crime: graded at the worse of that rate's grade and the model estimate's;
 * - `estimated`: no usable rate; the model estimate (`crime-model.ts`), shown coarsely ("≈C");
 * - `none`: nothing to go on (territories). Stored grades are null for `none`.
 */
export type CrimeTier = 'reported' | 'citywide' | 'incomplete' | 'estimated' | 'none';
export const CRIME_TIERS: readonly CrimeTier[] = ['reported', 'citywide', 'incomplete', 'estimated', 'none'];

export interface CrimeGrade {
  readonly tier: Exclude<CrimeTier, 'none'>;
  readonly grade: CrimeGradeLetter;
  /** The grade as shown: the letter, or for an estimate only its letter band ("≈C"). */
  readonly display: string;
  /** Percentile among counties with complete reporting (quality 1–2) that year; 0 = lowest crime. */
  readonly percentile: number;
  /** Offences per 100,000 residents behind the grade: the county's or city's rate, or the estimate. */
  readonly rate: number;
  /** The model estimate for the county and year (tiers `incomplete` and `estimated`), else null. */
  readonly estimated_rate: number | null;
  readonly year: number;
  readonly quality: CrimeQuality | null;
  /** True for `reported` and `citywide`: a complete report is behind the grade. */
  readonly reliable: boolean;
  /** Number of counties in the year's reference distribution. */
  readonly reference_count: number;
  /** One sentence on where the grade comes from. */
  readonly note: string;
  readonly source: string;
  readonly vintage: string;
}

export interface CountyCrimeGrades {
  readonly violent: CrimeGrade | null;
  readonly property: CrimeGrade | null;
}

/** Cities whose police report citywide across several counties; their counties take the city's rate. */
export const CITYWIDE_CRIME_AREAS: readonly {
  readonly name: string;
  readonly state_fips: string;
  readonly place_fips: string;
  readonly counties: readonly string[];
}[] = [
  {
    name: 'New York City (the NYPD reports for all five boroughs)',
    state_fips: '36',
    place_fips: '51000',
    counties: ['36005', '36047', '36061', '36081', '36085'],
  },
];

const CITYWIDE_COUNTIES = new Set(CITYWIDE_CRIME_AREAS.flatMap((a) => a.counties));

const isComplete = (q: CrimeQuality | null): boolean => q === 1 || q === 2;

/** The tier of a stored grade (null → `none`). */
export const crimeTier = (g: CrimeGrade | null): CrimeTier => g?.tier ?? 'none';

/**
 * The grade the rating may score: `reported`, `citywide` and `incomplete` (its floor grade) count;
 * `estimated` and `none` are unknown (null), so no guess is scored as a fact.
 */
export const ratedCrimeGrade = (g: CrimeGrade | null): CrimeGradeLetter | null =>
  g === null || g.tier === 'estimated' ? null : g.grade;

/** "B+" → "B", "F" → "F". */
export const gradeLetterBand = (grade: CrimeGradeLetter): string => grade.charAt(0);

/** The displayed grade: estimates show only their letter band. */
export const displayGrade = (tier: CrimeGrade['tier'], grade: CrimeGradeLetter): string =>
  tier === 'estimated' ? `≈${gradeLetterBand(grade)}` : grade;

/** What a grade is made of; the rest (how it shows, whether it counts, its source) follows from the tier. */
type CrimeGradeFacts = Omit<CrimeGrade, 'display' | 'reliable' | 'source' | 'vintage'>;

const SOURCE_BY_TIER: Readonly<Record<CrimeGrade['tier'], string>> = {
  reported: SOURCE.crime,
  incomplete: SOURCE.crime,
  citywide: SOURCE.citywideCrime,
  estimated: SOURCE.crimeEstimate,
};

/** The one place a grade is put together, whether just computed or read back from its columns. */
function crimeGrade(f: CrimeGradeFacts): CrimeGrade {
  return {
    tier: f.tier,
    grade: f.grade,
    display: displayGrade(f.tier, f.grade),
    percentile: f.percentile,
    rate: f.rate,
    estimated_rate: f.estimated_rate,
    year: f.year,
    quality: f.quality,
    reliable: f.tier === 'reported' || f.tier === 'citywide',
    reference_count: f.reference_count,
    note: f.note,
    source: SOURCE_BY_TIER[f.tier],
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
const placeRates = (r: CrimePlaceRow, kind: CrimeKind): RateRow => ({
  year: r.year,
  rate: kind === 'violent' ? r.violent_per_100k : r.property_per_100k,
  quality: kind === 'violent' ? r.violent_quality : r.property_quality,
});

/** The latest row with a rate whose quality passes `accept`. */
function latest(rows: readonly RateRow[], accept: (q: CrimeQuality | null) => boolean): RateRow | null {
  let best: RateRow | null = null;
  for (const r of rows)
    if (r.rate !== null && accept(r.quality) && (best === null || r.year > best.year)) best = r;
  return best;
}

/**
 * Complete-reporting county rates per kind and year, ascending: the percentile references. The
 * counties of citywide agencies are left out (their county rows are not county rates).
 */
export function crimeReferences(rows: readonly CrimeCountyRow[]): Map<string, number[]> {
  const reference = new Map<string, number[]>();
  for (const r of rows) {
    if (CITYWIDE_COUNTIES.has(r.county_fips)) continue;
    for (const kind of CRIME_KINDS) {
      const { rate, quality, year } = countyRates(r, kind);
      if (rate === null || !isComplete(quality)) continue;
      const key = `${kind}:${year}`;
      const list = reference.get(key);
      if (list) list.push(rate);
      else reference.set(key, [rate]);
    }
  }
  for (const list of reference.values()) list.sort((a, b) => a - b);
  return reference;
}

/**
 * The complete-reporting county rates of one kind (the model's training data), minus `exclude` and
 * the counties of citywide agencies, whose county rates are not county rates (Manhattan holds all
 * of the NYPD's offences).
 */
export function crimeObservations(
  rows: readonly CrimeCountyRow[],
  kind: CrimeKind,
  exclude: ReadonlySet<string> = new Set(),
): CrimeObservation[] {
  const out: CrimeObservation[] = [];
  for (const r of rows) {
    const { rate, quality, year } = countyRates(r, kind);
    if (
      rate !== null &&
      isComplete(quality) &&
      !exclude.has(r.county_fips) &&
      !CITYWIDE_COUNTIES.has(r.county_fips)
    ) {
      out.push({ county_fips: r.county_fips, year, rate });
    }
  }
  return out;
}

/** Fits the violent and property models on every complete-reporting county rate (null: too few counties). */
export function fitCrimeModels(
  rows: readonly CrimeCountyRow[],
  acs: readonly AcsCountyRow[],
): Record<CrimeKind, CrimeModel | null> {
  const features = crimeFeatures(acs);
  return {
    violent: fitCrimeModel(crimeObservations(rows, 'violent'), features),
    property: fitCrimeModel(crimeObservations(rows, 'property'), features),
  };
}

export interface CrimeGradeOptions {
  /** ACS county rows: the estimate's inputs. Without them no county is `incomplete`-floored or `estimated`. */
  readonly acs?: readonly AcsCountyRow[];
  /** `crime_place.csv` rows, for `CITYWIDE_CRIME_AREAS`. */
  readonly places?: readonly CrimePlaceRow[];
}

/**
 * Grades every county of `rows` and of `options.acs`, violent and property separately, by tier
 * (`CrimeTier`). Percentile: mid-rank among the counties with a complete (quality 1–2) rate in the
 * grade's year (SOURCES.md: compare within a year); incomplete reports are left out of the reference
 * because they undercount and would make every complete county look worse.
 */
export function buildCrimeGrades(
  rows: readonly CrimeCountyRow[],
  options: CrimeGradeOptions = {},
): Map<string, CountyCrimeGrades> {
  const reference = crimeReferences(rows);
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
  const estimateYear = years[years.length - 1] ?? 0;
  const models = options.acs ? fitCrimeModels(rows, options.acs) : null;

  const byCounty = new Map<string, CrimeCountyRow[]>();
  for (const r of rows) {
    const list = byCounty.get(r.county_fips);
    if (list) list.push(r);
    else byCounty.set(r.county_fips, [r]);
  }
  const citywide = new Map<string, { name: string; rows: CrimePlaceRow[] }>();
  for (const area of CITYWIDE_CRIME_AREAS) {
    const placeRows = (options.places ?? []).filter(
      (p) => p.state_fips === area.state_fips && p.place_fips === area.place_fips,
    );
    for (const fips of area.counties) citywide.set(fips, { name: area.name, rows: placeRows });
  }

  const graded = (
    tier: CrimeGrade['tier'],
    kind: CrimeKind,
    year: number,
    rate: number,
    extra: {
      percentile?: number;
      estimated_rate?: number | null;
      quality: CrimeQuality | null;
      note: string;
    },
  ): CrimeGrade | null => {
    const ref = reference.get(`${kind}:${year}`);
    if (ref === undefined || ref.length === 0) return null;
    const percentile = extra.percentile ?? midRankPercentile(ref, rate);
    return crimeGrade({
      tier,
      grade: gradeForPercentile(percentile),
      percentile,
      rate,
      estimated_rate: extra.estimated_rate ?? null,
      year,
      quality: extra.quality,
      reference_count: ref.length,
      note: extra.note,
    });
  };

  const grade = (fips: string, kind: CrimeKind): CrimeGrade | null => {
    const city = citywide.get(fips);
    const cityRate = city
      ? latest(
          city.rows.map((r) => placeRates(r, kind)),
          isComplete,
        )
      : null;
    if (city && cityRate?.rate != null) {
      return graded('citywide', kind, cityRate.year, cityRate.rate, {
        quality: cityRate.quality,
        note: `Citywide rate of ${city.name}.`,
      });
    }
    const own = (byCounty.get(fips) ?? []).map((r) => countyRates(r, kind));
    const complete = latest(own, isComplete);
    if (complete?.rate != null) {
      return graded('reported', kind, complete.year, complete.rate, {
        quality: complete.quality,
        note: 'Reported by agencies covering the county (complete reporting).',
      });
    }
    const partial = latest(own, (q) => q === 3);
    const model = models?.[kind] ?? null;
    if (partial?.rate != null) {
      const ref = reference.get(`${kind}:${partial.year}`);
      const estimate = model?.predict(fips, partial.year) ?? null;
      if (ref === undefined || ref.length === 0) return null;
      const pReported = midRankPercentile(ref, partial.rate);
      const pEstimate = estimate === null ? null : midRankPercentile(ref, estimate);
      const byEstimate = pEstimate !== null && pEstimate > pReported;
      return graded('incomplete', kind, partial.year, partial.rate, {
        percentile: byEstimate ? (pEstimate ?? pReported) : pReported,
        estimated_rate: estimate,
        quality: partial.quality,
        note: byEstimate
          ? `Fewer than 80% of agencies reported in ${partial.year}, which can only understate crime; graded by the estimate, which is worse than the reported rate.`
          : estimate === null
            ? `Fewer than 80% of agencies reported in ${partial.year}, which can only understate crime; no estimate is available, so the grade is a floor.`
            : `Fewer than 80% of agencies reported in ${partial.year}; the reported rate grades worse than the estimate, so it stands.`,
      });
    }
    const estimate = STATE_FIPS_50_DC.has(fips.slice(0, 2))
      ? (model?.predict(fips, estimateYear) ?? null)
      : null;
    if (estimate === null) return null;
    return graded('estimated', kind, estimateYear, estimate, {
      estimated_rate: estimate,
      quality: null,
      note: 'No agency rate for the county; estimated from its ACS figures and its state (shown as a letter band).',
    });
  };

  const counties = new Set<string>([...byCounty.keys(), ...(options.acs ?? []).map((a) => a.county_fips)]);
  const out = new Map<string, CountyCrimeGrades>();
  for (const fips of counties)
    out.set(fips, { violent: grade(fips, 'violent'), property: grade(fips, 'property') });
  return out;
}

/** The stored columns of one grade (the importer keeps grades flattened in county rows). */
export interface CrimeGradeColumns {
  readonly tier: CrimeTier;
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
