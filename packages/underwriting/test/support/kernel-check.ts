import { expect } from 'vitest';
import type { DealInput, ExpenseLines } from '../../src/index.js';
import { analyze } from '../../src/index.js';
import { DealKernel } from '../../src/simulate.js';

/** Relative closeness with an absolute floor, for figures that agree to ~1e-15 but not to the bit. */
export const near = (a: number | null, b: number | null, relative = 1e-9, floor = 1e-9): boolean =>
  a === null || b === null
    ? a === b
    : Math.abs(a - b) <= relative * Math.max(Math.abs(a), Math.abs(b)) + floor;

/** The simulation's kernel gives `analyze`'s figures: year 1 to the bit, the returns and each year to 1e-9. */
export function expectKernelMatchesAnalyze(deal: DealInput & ExpenseLines): void {
  const a = analyze(deal);
  const o = new DealKernel(deal.hold_period).run(deal);
  const y1 = a.year_1_metrics;
  expect(o.monthly_levered_cash_flow).toBe(y1.monthly_levered_cash_flow);
  expect(o.cash_on_cash).toBe(y1.levered_returns);
  expect(o.dscr).toBe(y1.dscr);
  expect(o.cap_rate).toBe(y1.cap_rate);
  const r = a.overall_returns;
  const scale = r.levered_equity + Math.abs(r.levered_profit);
  expect(near(o.profit, r.levered_profit, 1e-12, 1e-12 * scale), 'profit').toBe(true);
  expect(near(o.equity_multiple, r.levered_equity_multiple), 'multiple').toBe(true);
  expect(near(o.levered_xirr, r.levered_xirr), 'levered xirr').toBe(true);
  expect(near(o.unlevered_xirr, r.unlevered_xirr), 'unlevered xirr').toBe(true);
  a.hold_period.levered.rental_cashflow.forEach((flow, y) => {
    expect(near(o.yearly_levered_cash_flow[y] as number, flow, 1e-9, 1e-6), `year ${y + 1}`).toBe(true);
  });
}
