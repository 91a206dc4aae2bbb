import type { AcsCountyRow } from './acs.js';

/**
 * The crime-rate estimate for counties without a complete report: a log-rate regression on the
 * county's ACS figures with a shrunken state effect, fitted on counties whose agencies reported
 * completely (Urban's quality 1–2). Method and validation figures: market README, "Crime grades".
 *
 *   ln(rate + 10) = b0 + b_year + b1·z(ln pop) + b2·z(ln pop)² + b3·z(ln income) + b4·z(ln home value)
 *                   + b5·z(ln gross rent) + u_state,      u_state ~ ridge penalty λ = STATE_SHRINKAGE
 *
 * z() standardises over the fitting counties. +10 per 100,000 keeps the log finite for the few
 * complete-reporting counties with no offences. A state's effect is its residual mean shrunk by
 * n / (n + λ), so a state with few complete reporters leans on the national fit.
 */

export const CRIME_RATE_OFFSET = 10;
export const STATE_SHRINKAGE = 5;
/** Fewer complete-reporting counties than this and no model is fitted (no estimates at all). */
export const MIN_MODEL_COUNTIES = 100;

/** The 50 states and DC by FIPS: the model's domain (territories get no estimate). */
export const STATE_FIPS_50_DC = new Set(
  '01 02 04 05 06 08 09 10 11 12 13 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 44 45 46 47 48 49 50 51 53 54 55 56'.split(
    ' ',
  ),
);

/** One complete-reporting county rate the model learns from. */
export interface CrimeObservation {
  readonly county_fips: string;
  readonly year: number;
  /** Offences per 100,000 residents. */
  readonly rate: number;
}

type Features = readonly [number, number, number, number];

/**
 * ln population, income, home value and gross rent per county of the 50 states and DC. A suppressed
 * ACS value takes the median of its state's counties (Loving County, TX has no home value or rent).
 */
export function crimeFeatures(acs: readonly AcsCountyRow[]): Map<string, Features> {
  const raw = (r: AcsCountyRow) =>
    [r.population, r.median_household_income, r.median_home_value, r.median_gross_rent].map((v) =>
      v !== null && v > 0 ? Math.log(v) : null,
    );
  const byState = new Map<string, (number | null)[][]>();
  for (const r of acs) {
    const st = r.county_fips.slice(0, 2);
    if (!STATE_FIPS_50_DC.has(st)) continue;
    const list = byState.get(st);
    if (list) list.push(raw(r));
    else byState.set(st, [raw(r)]);
  }
  const stateMedian = new Map<string, number[]>();
  for (const [st, list] of byState) {
    stateMedian.set(
      st,
      [0, 1, 2, 3].map((i) => medianOf(list.map((f) => f[i]).filter((v): v is number => v != null))),
    );
  }
  const out = new Map<string, Features>();
  for (const r of acs) {
    const st = r.county_fips.slice(0, 2);
    const medians = stateMedian.get(st);
    if (!medians) continue;
    const f = raw(r).map((v, i) => v ?? medians[i] ?? Number.NaN);
    if (f.some((v) => !Number.isFinite(v))) continue;
    out.set(r.county_fips, f as unknown as Features);
  }
  return out;
}

function medianOf(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >>> 1;
  return s.length % 2 === 1 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export interface CrimeModel {
  /** Estimated offences per 100,000 for the county in `year`, or null outside the model's domain. */
  predict(countyFips: string, year: number): number | null;
  /** Fitted coefficients by name (standardised features), for the README and tests. */
  readonly coefficients: Readonly<Record<string, number>>;
  readonly stateEffects: ReadonlyMap<string, number>;
  readonly observations: number;
}

/**
 * Fits the model on `observations` (complete-reporting county rates; a county may appear once per
 * year). Counties without features are skipped. Solves the ridge normal equations exactly. Returns
 * null with fewer than `MIN_MODEL_COUNTIES` counties: too little to estimate anything from.
 * Predictions are kept within the fitted counties' range of log rates, so an extreme county (Loving,
 * TX: 54 residents) cannot extrapolate to an absurd rate.
 */
export function fitCrimeModel(
  observations: readonly CrimeObservation[],
  features: ReadonlyMap<string, Features>,
  lambda = STATE_SHRINKAGE,
): CrimeModel | null {
  const usable = observations.filter(
    (o) => features.has(o.county_fips) && STATE_FIPS_50_DC.has(o.county_fips.slice(0, 2)),
  );
  if (new Set(usable.map((o) => o.county_fips)).size < MIN_MODEL_COUNTIES) return null;
  const logs = usable.map((o) => Math.log(o.rate + CRIME_RATE_OFFSET));
  const lowest = Math.min(...logs);
  const highest = Math.max(...logs);
  const years = [...new Set(usable.map((o) => o.year))].sort((a, b) => a - b);
  const states = [...new Set(usable.map((o) => o.county_fips.slice(0, 2)))].sort();
  const stateIndex = new Map(states.map((s, i) => [s, i]));

  // Standardise each feature over the fitting observations.
  const mean = [0, 0, 0, 0];
  const sd = [0, 0, 0, 0];
  for (const o of usable) {
    const f = features.get(o.county_fips) ?? [];
    for (let i = 0; i < 4; i++) mean[i] = (mean[i] ?? 0) + (f[i] ?? 0) / usable.length;
  }
  for (const o of usable) {
    const f = features.get(o.county_fips) ?? [];
    for (let i = 0; i < 4; i++) sd[i] = (sd[i] ?? 0) + ((f[i] ?? 0) - (mean[i] ?? 0)) ** 2 / usable.length;
  }
  for (let i = 0; i < 4; i++) sd[i] = Math.sqrt(sd[i] ?? 0) || 1;

  const row = (fips: string, year: number): number[] | null => {
    const f = features.get(fips);
    if (!f) return null;
    const z = f.map((v, i) => (v - (mean[i] ?? 0)) / (sd[i] ?? 1));
    const pop = z[0] ?? 0;
    // Years outside the fitted range use the nearest fitted year's effect.
    const y = Math.min(Math.max(year, years[0] ?? year), years[years.length - 1] ?? year);
    return [
      1,
      ...years.slice(1).map((fy) => (fy === y ? 1 : 0)),
      pop,
      pop * pop,
      z[1] ?? 0,
      z[2] ?? 0,
      z[3] ?? 0,
    ];
  };
  const p = (row(usable[0]?.county_fips ?? '', years[0] ?? 0) ?? []).length;
  const n = p + states.length;
  const a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const b = new Array<number>(n).fill(0);
  for (const o of usable) {
    const x = row(o.county_fips, o.year);
    const s = stateIndex.get(o.county_fips.slice(0, 2));
    if (!x || s === undefined) continue;
    const y = Math.log(o.rate + CRIME_RATE_OFFSET);
    const u = p + s;
    for (let i = 0; i < p; i++) {
      const ai = a[i] as number[];
      const xi = x[i] ?? 0;
      for (let j = 0; j < p; j++) ai[j] = (ai[j] ?? 0) + xi * (x[j] ?? 0);
      ai[u] = (ai[u] ?? 0) + xi;
      (a[u] as number[])[i] = ((a[u] as number[])[i] ?? 0) + xi;
      b[i] = (b[i] ?? 0) + xi * y;
    }
    (a[u] as number[])[u] = ((a[u] as number[])[u] ?? 0) + 1;
    b[u] = (b[u] ?? 0) + y;
  }
  for (let s = 0; s < states.length; s++)
    (a[p + s] as number[])[p + s] = ((a[p + s] as number[])[p + s] ?? 0) + lambda;
  // A negligible ridge on the coefficients keeps the system solvable if a feature is constant.
  for (let i = 1; i < p; i++) (a[i] as number[])[i] = ((a[i] as number[])[i] ?? 0) + 1e-6;
  const theta = solve(a, b);

  const names = [
    'intercept',
    ...years.slice(1).map((y) => `year_${y}`),
    'ln_population',
    'ln_population_sq',
    'ln_income',
    'ln_home_value',
    'ln_gross_rent',
  ];
  const coefficients = Object.fromEntries(names.map((name, i) => [name, theta[i] ?? 0]));
  const stateEffects = new Map(states.map((s, i) => [s, theta[p + i] ?? 0]));
  return {
    coefficients,
    stateEffects,
    observations: usable.length,
    predict(countyFips, year) {
      if (!STATE_FIPS_50_DC.has(countyFips.slice(0, 2))) return null;
      const x = row(countyFips, year);
      if (!x) return null;
      let y = stateEffects.get(countyFips.slice(0, 2)) ?? 0;
      for (let i = 0; i < p; i++) y += (theta[i] ?? 0) * (x[i] ?? 0);
      return Math.max(0, Math.exp(Math.min(highest, Math.max(lowest, y))) - CRIME_RATE_OFFSET);
    },
  };
}

/** Gaussian elimination with partial pivoting; `a` is square and non-singular (ridge keeps it so). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((r, i) => [...r, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[pivot]?.[c] ?? 0)) pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const top = m[c] as number[];
    const d = top[c] ?? 0;
    if (Math.abs(d) < 1e-12) throw new RangeError('singular crime-model system');
    for (let r = c + 1; r < n; r++) {
      const rowR = m[r] as number[];
      const f = (rowR[c] ?? 0) / d;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) rowR[k] = (rowR[k] ?? 0) - f * (top[k] ?? 0);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const rowR = m[r] as number[];
    let s = rowR[n] ?? 0;
    for (let k = r + 1; k < n; k++) s -= (rowR[k] ?? 0) * (x[k] ?? 0);
    x[r] = s / (rowR[r] ?? 1);
  }
  return x;
}
