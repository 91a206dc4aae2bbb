/**
 * How the appreciation default would have done in FHFA's own history: from each past year, predict
 * every county's next 5-year average from what was known then, and compare with what happened.
 */
import {
  APPRECIATION_BOUNDS,
  APPRECIATION_COUNTY_WEIGHT,
  APPRECIATION_WINDOW_YEARS,
  appreciationAt,
  cagr,
  type HpiCountyRow,
  hpiByCounty,
} from './appreciation.js';

/** Years the backtest predicts from (each has 5 years after it, and 23–30 years of history before it). */
export const BACKTEST_ORIGINS = [1999, 2004, 2009, 2014, 2019] as const;
export const BACKTEST_HORIZON = 5;
/** The share of realised 5-year averages the range is meant to hold. */
export const APPRECIATION_TARGET_COVERAGE = 0.8;

export interface BlendError {
  /** Weight on the county's own long-run rate (up to 30 years); the rest on the national rate. */
  readonly county_weight: number;
  /** Mean absolute error of the predicted 5-year average, fraction a year. */
  readonly mean_abs_error: number;
}

export interface AppreciationValidation {
  readonly counties: number;
  /** county-periods with both a 30-year history and a realised 5-year average */
  readonly cases: number;
  /** Mean absolute error of the 3 % constant the model used before, for comparison. */
  readonly constant_3pct_error: number;
  /** Mean absolute error of the shipped point (the blend within its bounds). */
  readonly shipped_error: number;
  readonly blends: readonly BlendError[];
  /** Per held-out period: the half-width (in standard deviations) fitted on the other periods, and its coverage. */
  readonly held_out: readonly { origin: number; cases: number; sigmas: number; coverage: number }[];
  /** Share of all held-out cases inside their range. */
  readonly coverage: number;
  /** The half-width fitted on every period (what `APPRECIATION_RANGE_SIGMAS` should be). */
  readonly fitted_sigmas: number;
}

interface Case {
  readonly origin: number;
  readonly realised: number;
  readonly national: number;
  readonly longRun: number;
  readonly volatility: number;
}

const inRange = (c: Case, center: number, sigmas: number) =>
  Math.abs(c.realised - center) <= sigmas * c.volatility;
/** The shipped point for a case: the county and national blend within the bounds. */
const shippedPoint = (c: Case) =>
  Math.min(
    APPRECIATION_BOUNDS.high,
    Math.max(
      APPRECIATION_BOUNDS.low,
      APPRECIATION_COUNTY_WEIGHT * c.longRun + (1 - APPRECIATION_COUNTY_WEIGHT) * c.national,
    ),
  );
const coverageOf = (cases: readonly Case[], sigmas: number): number =>
  cases.filter((c) => inRange(c, shippedPoint(c), sigmas)).length / Math.max(1, cases.length);

/** The smallest half-width, in steps of 0.05 standard deviations, holding the target share of `cases`. */
function fitSigmas(cases: readonly Case[]): number {
  for (let step = 1; step < 200; step++) {
    const sigmas = step / 20;
    if (coverageOf(cases, sigmas) >= APPRECIATION_TARGET_COVERAGE) return sigmas;
  }
  return 10;
}

/**
 * The backtest: from each origin, the appreciation the model would have given with the history known
 * then (`appreciationAt`), against each county's realised 5-year average. Reports the point error of
 * blends of the county's own long-run rate and the national one, and the range's coverage with its
 * half-width fitted on the other periods (leave one period out).
 */
export function validateAppreciation(rows: readonly HpiCountyRow[]): AppreciationValidation {
  const counties = hpiByCounty(rows);
  const firstYear = Math.min(...rows.map((r) => r.year));
  const cases: Case[] = [];
  for (const origin of BACKTEST_ORIGINS) {
    // the index starts in 1976, so the early periods see up to 30 years of history, not always 30
    const window = Math.min(APPRECIATION_WINDOW_YEARS, origin - firstYear);
    const model = appreciationAt(counties, origin, window);
    for (const [fips, index] of counties) {
      const realised = cagr(index, origin, origin + BACKTEST_HORIZON);
      const a = model.forCounty(fips);
      if (realised === null || a === null || a.level !== 'county') continue;
      cases.push({
        origin,
        realised,
        national: a.national_rate,
        longRun: a.long_run_rate,
        volatility: a.volatility,
      });
    }
  }
  const meanAbs = (predict: (c: Case) => number) =>
    cases.reduce((s, c) => s + Math.abs(c.realised - predict(c)), 0) / Math.max(1, cases.length);
  const held_out = BACKTEST_ORIGINS.flatMap((origin) => {
    const test = cases.filter((c) => c.origin === origin);
    if (test.length === 0) return [];
    const sigmas = fitSigmas(cases.filter((c) => c.origin !== origin));
    return [{ origin, cases: test.length, sigmas, coverage: coverageOf(test, sigmas) }];
  });
  return {
    counties: counties.size,
    cases: cases.length,
    constant_3pct_error: meanAbs(() => 0.03),
    shipped_error: meanAbs(shippedPoint),
    blends: [0, 0.25, 0.5, 0.75, 1].map((w) => ({
      county_weight: w,
      mean_abs_error: meanAbs((c) => w * c.longRun + (1 - w) * c.national),
    })),
    held_out,
    coverage: held_out.reduce((s, h) => s + h.coverage * h.cases, 0) / Math.max(1, cases.length),
    fitted_sigmas: fitSigmas(cases),
  };
}
