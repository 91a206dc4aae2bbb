import type { AcsCountyRow } from './acs.js';
import {
  CRIME_GRADES,
  type CrimeCountyRow,
  type CrimeKind,
  type CrimePlaceRow,
  countyPeople,
  crimeObservations,
  crimeReferences,
  gradeForPercentile,
  groupBy,
  implausibleCountyRates,
  isComplete,
  isFirstCompleteYear,
  percentileIn,
  placeId,
  placeRates,
} from './crime.js';
import { crimeFeatures, fitCrimeModel, STATE_FIPS_50_DC } from './crime-model.js';

/**
 * How far the crime estimate's grades land from the grades of counties that did report completely,
 * when those counties are hidden from the fit. Errors are in grade steps (A+ → A is one step of 13).
 */
export interface CrimeValidation {
  readonly kind: CrimeKind;
  /** `10-fold`: counties hidden a tenth at a time; `leave-state-out`: a whole state at a time. */
  readonly scheme: '10-fold' | 'leave-state-out';
  readonly counties: number;
  readonly mean_abs_steps: number;
  readonly exact_share: number;
  readonly within_one_share: number;
  readonly within_two_share: number;
  /** Share whose estimated letter band (A, B, C, D, F) is the reported one's. */
  readonly letter_share: number;
  /** The fewest grade steps either side of the estimate's grade that hold 8 in 10 reported grades. */
  readonly steps_holding_80: number;
  /** Mean error of guessing every county at the national median grade (C+). */
  readonly baseline_national_steps: number;
  /** Mean error of guessing each county at its state's median training grade. */
  readonly baseline_state_steps: number;
}

const stepOf = (percentile: number) => CRIME_GRADES.indexOf(gradeForPercentile(percentile));
const band = (percentile: number) => gradeForPercentile(percentile).charAt(0);

/**
 * Hides complete-reporting counties fold by fold, refits the model on the rest, and grades each
 * hidden county's estimate for the year of its latest complete rate against that year's reference.
 * `partYears` (`partYearCounties`) are left out as the grades leave them out.
 */
export function validateCrimeModel(
  rows: readonly CrimeCountyRow[],
  acs: readonly AcsCountyRow[],
  kind: CrimeKind,
  scheme: CrimeValidation['scheme'],
  partYears: ReadonlyMap<string, string> = new Map(),
): CrimeValidation {
  const features = crimeFeatures(acs);
  const { implausible, reference } = gradingReference(rows, acs, partYears);
  const all = crimeObservations(rows, kind, new Set(), implausible);
  const target = new Map<string, { year: number; rate: number }>();
  for (const o of all) {
    if (!features.has(o.county_fips) || !STATE_FIPS_50_DC.has(o.county_fips.slice(0, 2))) continue;
    const t = target.get(o.county_fips);
    if (t === undefined || o.year > t.year) target.set(o.county_fips, { year: o.year, rate: o.rate });
  }
  const counties = [...target.keys()].sort();
  const foldOf = (fips: string, i: number) => (scheme === '10-fold' ? String(i % 10) : fips.slice(0, 2));
  const folds = new Map<string, string[]>();
  counties.forEach((fips, i) => {
    const key = foldOf(fips, i);
    const list = folds.get(key);
    if (list) list.push(fips);
    else folds.set(key, [fips]);
  });

  const percentileOf = (year: number, rate: number) => {
    const ref = reference.get(`${kind}:${year}`);
    return ref ? percentileIn(ref, rate) : 50;
  };
  const errors: { model: number; national: number; state: number; letter: boolean }[] = [];
  for (const hidden of folds.values()) {
    const hiddenSet = new Set(hidden);
    const model = fitCrimeModel(crimeObservations(rows, kind, hiddenSet, implausible), features);
    if (model === null) continue;
    const stateSteps = new Map<string, number[]>();
    for (const [fips, t] of target) {
      if (hiddenSet.has(fips)) continue;
      const list = stateSteps.get(fips.slice(0, 2)) ?? [];
      list.push(stepOf(percentileOf(t.year, t.rate)));
      stateSteps.set(fips.slice(0, 2), list);
    }
    for (const fips of hidden) {
      const t = target.get(fips);
      const estimate = model.predict(fips, t?.year ?? 0);
      if (t === undefined || estimate === null) continue;
      const actual = percentileOf(t.year, t.rate);
      const predicted = percentileOf(t.year, estimate);
      const steps = stateSteps.get(fips.slice(0, 2));
      const stateGuess = steps?.length ? medianStep(steps) : stepOf(50);
      errors.push({
        model: Math.abs(stepOf(predicted) - stepOf(actual)),
        national: Math.abs(stepOf(50) - stepOf(actual)),
        state: Math.abs(stateGuess - stepOf(actual)),
        letter: band(predicted) === band(actual),
      });
    }
  }
  const n = errors.length;
  const share = (f: (e: (typeof errors)[number]) => boolean) => errors.filter(f).length / Math.max(n, 1);
  const mean = (f: (e: (typeof errors)[number]) => number) =>
    errors.reduce((sum, e) => sum + f(e), 0) / Math.max(n, 1);
  return {
    kind,
    scheme,
    counties: n,
    mean_abs_steps: mean((e) => e.model),
    exact_share: share((e) => e.model === 0),
    within_one_share: share((e) => e.model <= 1),
    within_two_share: share((e) => e.model <= 2),
    letter_share: share((e) => e.letter),
    steps_holding_80: stepsHolding(
      errors.map((e) => e.model),
      0.8,
    ),
    baseline_national_steps: mean((e) => e.national),
    baseline_state_steps: mean((e) => e.state),
  };
}

function medianStep(steps: number[]): number {
  const s = [...steps].sort((a, b) => a - b);
  return s[s.length >>> 1] ?? 6;
}

/**
 * What the grades are judged against, as `buildCrimeGrades` judges them: the implausible county-years
 * (the part-years of a city's first complete year among them) and each year's reference of complete,
 * plausible rates.
 */
function gradingReference(
  rows: readonly CrimeCountyRow[],
  acs: readonly AcsCountyRow[],
  partYears: ReadonlyMap<string, string>,
) {
  const implausible = implausibleCountyRates(rows, acs);
  for (const key of partYears.keys()) implausible.add(key);
  return { implausible, reference: crimeReferences(rows, implausible, countyPeople(acs)) };
}

/** The fewest steps k such that at least `share` of the errors are ≤ k (12, the whole scale, at most). */
export function stepsHolding(errors: readonly number[], share: number): number {
  for (let k = 0; k < CRIME_GRADES.length - 1; k++) {
    if (errors.filter((e) => e <= k).length >= share * errors.length) return k;
  }
  return CRIME_GRADES.length - 1;
}

/** How far a reported grade moves from one year to the next (the evidence behind its range). */
export interface GradeStability {
  readonly kind: CrimeKind;
  /** counties (a county's, its balance's or a borough's grade) or places (a city's own) */
  readonly areas: 'counties' | 'places';
  /** pairs of consecutive complete, plausible years */
  readonly pairs: number;
  readonly exact_share: number;
  readonly within_one_share: number;
  readonly within_two_share: number;
  /** The fewest grade steps either side of a year's grade that hold 8 in 10 next-year grades. */
  readonly steps_holding_80: number;
}

/**
 * A reported grade is one year's count. Each area with complete, plausible rates in two consecutive
 * years is graded in both (each year against its own reference), and the steps between the two
 * grades say how far next year's report may move it: counties (the grades of a county, its balance
 * and a borough sum many forces) and places apart (one police force each). A place's first complete
 * year after incomplete ones is not its rate (`isFirstCompleteYear`), as the grades leave it out.
 */
export function validateGradeStability(
  files: {
    crimeCounty: readonly CrimeCountyRow[];
    crimePlace: readonly CrimePlaceRow[];
    acsCounty: readonly AcsCountyRow[];
  },
  kind: CrimeKind,
  partYears: ReadonlyMap<string, string> = new Map(),
): GradeStability[] {
  const { implausible, reference } = gradingReference(files.crimeCounty, files.acsCounty, partYears);
  const stepIn = (year: number, rate: number) => {
    const ref = reference.get(`${kind}:${year}`);
    return ref ? stepOf(percentileIn(ref, rate)) : null;
  };
  const counties = new Map<string, number>();
  for (const o of crimeObservations(files.crimeCounty, kind, new Set(), implausible)) {
    if (!STATE_FIPS_50_DC.has(o.county_fips.slice(0, 2))) continue;
    const step = stepIn(o.year, o.rate);
    if (step !== null) counties.set(`${o.county_fips}:${o.year}`, step);
  }
  const places = new Map<string, number>();
  for (const [id, list] of groupBy(files.crimePlace, placeId)) {
    const rows = list.map((r) => placeRates(r, kind));
    for (const r of rows) {
      if (r.rate === null || !isComplete(r.quality) || isFirstCompleteYear(rows, r.year)) continue;
      const step = stepIn(r.year, r.rate);
      if (step !== null) places.set(`${id}:${r.year}`, step);
    }
  }
  return [stability(kind, 'counties', counties), stability(kind, 'places', places)];
}

/** The steps each area's grade moved to the next year, from grades keyed `<area>:<year>`. */
function stability(
  kind: CrimeKind,
  areas: GradeStability['areas'],
  steps: ReadonlyMap<string, number>,
): GradeStability {
  const moves: number[] = [];
  for (const [key, step] of steps) {
    const [area, year] = key.split(':');
    const next = steps.get(`${area}:${Number(year) + 1}`);
    if (next !== undefined) moves.push(Math.abs(next - step));
  }
  const share = (k: number) => moves.filter((m) => m <= k).length / Math.max(moves.length, 1);
  return {
    kind,
    areas,
    pairs: moves.length,
    exact_share: share(0),
    within_one_share: share(1),
    within_two_share: share(2),
    steps_holding_80: stepsHolding(moves, 0.8),
  };
}
