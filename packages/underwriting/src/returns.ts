import { irr, type RateResult } from './irr.js';

export interface ReturnSummary {
  equity: number;
  profit: number;
  /** null when equity is 0 */
  equity_multiple: number | null;
  /** annualised; null when no rate solves the flows */
  xirr: number | null;
  /** several rates solve the flows; `xirr` is the one the profit points to (README "Several XIRRs") */
  multiple_roots: boolean;
}

/**
 * Turns a monthly rate into the equivalent annual rate.
 *
 * Formula: `(1 + i)^12 − 1`.
 *
 * @example
 * annualize(0.01); // 0.12682503013196977
 */
export function annualize(monthlyRate: number): number {
  return (1 + monthlyRate) ** 12 - 1;
}

/**
 * Equity, profit, equity multiple and annualised XIRR of an investment of `equity` at month 0
 * returning `monthlyFlows[m − 1]` at the end of each month m.
 *
 * Formulas: `profit = Σ CF − E`; `equity_multiple = Σ CF / E`; `xirr` is the annual `r > −1` with
 * `Σ CF_m / (1 + r)^(m/12) = E`, i.e. `annualize(irr([−E, CF_1 … CF_M]))`.
 *
 * @example
 * investmentReturns(1000, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1100]);
 * // { equity: 1000, profit: 100, equity_multiple: 1.1, xirr: 0.1 (to 1e-12), multiple_roots: false }
 */
export function investmentReturns(equity: number, monthlyFlows: readonly number[]): ReturnSummary {
  let total = 0;
  for (const flow of monthlyFlows) total += flow;
  const rate = irr([-equity, ...monthlyFlows]);
  const xirr = annualRate(rate);
  return {
    equity,
    profit: total - equity,
    equity_multiple: equity === 0 ? null : total / equity,
    xirr,
    multiple_roots: xirr !== null && rate.ok && rate.multipleRoots,
  };
}

/**
 * The annual rate of a monthly IRR, or null when there is none. A monthly rate so near −100 % that
 * its year underflows to exactly −1 is none either: an XIRR is above −1. (It comes from a last flow
 * that is rounding noise about 0, whose sign a scaling of the deal flips.)
 */
export function annualRate(monthly: RateResult): number | null {
  if (!monthly.ok) return null;
  const annual = annualize(monthly.rate);
  return annual > -1 ? annual : null;
}
