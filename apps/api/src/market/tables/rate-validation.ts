/**
 * The interest rate's range against the rate's own history: a rate quoted today is locked some
 * weeks later, by closing, so its range is where the Freddie Mac PMMS rate went over that many weeks
 * (the 10th–90th percentile of its changes). Fitted on the weeks before `split` and scored on those
 * after, then the other way round.
 */
import type { MortgageRateRow } from './mortgage.js';
import { quantile } from './tax.js';

/** Weeks from an offer to a locked rate at closing. */
export const WEEKS_TO_CLOSE = 8;

/** A rate change band in fractions (−0.0033 … +0.0037 = −0.33 … +0.37 point). */
export interface RateBand {
  readonly down: number;
  readonly up: number;
}

export interface RateValidation {
  /** changes over `WEEKS_TO_CLOSE` rows (weekly releases) */
  readonly changes: number;
  readonly first: string;
  readonly last: string;
  /** the 10th–90th percentile of every change */
  readonly fitted: RateBand;
  /** each half fitted on the other: how often its changes fall inside */
  readonly held_out: readonly { readonly period: string; readonly changes: number; readonly holds: number }[];
  /** how often the shipped band holds every change */
  readonly shipped_holds: number;
}

interface Change {
  readonly date: string;
  readonly change: number;
}

function bandOf(changes: readonly Change[]): RateBand {
  const values = changes.map((c) => c.change);
  return { down: -quantile(values, 0.1), up: quantile(values, 0.9) };
}

const holds = (band: RateBand, changes: readonly Change[]) =>
  changes.filter((c) => c.change >= -band.down - 1e-12 && c.change <= band.up + 1e-12).length /
  changes.length;

/**
 * @example weekly rows 6.0, 6.1, … (+0.1 point a week): every 8-week change is +0.8 point
 */
export function validateRateBand(
  rows: readonly MortgageRateRow[],
  shipped: RateBand,
  split = '2013-01-01',
): RateValidation {
  const sorted = [...rows].sort((a, b) => a.date.localeCompare(b.date));
  const changes: Change[] = [];
  for (let i = 0; i + WEEKS_TO_CLOSE < sorted.length; i++) {
    const [from, to] = [sorted[i], sorted[i + WEEKS_TO_CLOSE]];
    if (from && to) changes.push({ date: from.date, change: (to.rate_30y - from.rate_30y) / 100 });
  }
  if (changes.length === 0) throw new Error(`fewer than ${WEEKS_TO_CLOSE + 1} weekly rates`);
  const early = changes.filter((c) => c.date < split);
  const late = changes.filter((c) => c.date >= split);
  const held_out = [
    { period: `from ${split}`, fit: early, test: late },
    { period: `before ${split}`, fit: late, test: early },
  ]
    .filter((h) => h.fit.length > 0 && h.test.length > 0)
    .map((h) => ({ period: h.period, changes: h.test.length, holds: holds(bandOf(h.fit), h.test) }));
  return {
    changes: changes.length,
    first: changes[0]?.date ?? '',
    last: sorted.at(-1)?.date ?? '',
    fitted: bandOf(changes),
    held_out,
    shipped_holds: holds(shipped, changes),
  };
}
