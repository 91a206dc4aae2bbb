/**
 * Break-even figures (issue 14 §2): the rent, the vacancy and the interest rate at which year-1
 * levered cash flow reaches zero, everything else as given and the linked costs following
 * (`withDriver`), as in the sensitivity grid.
 */

import { analyzeValid } from './analyze.js';
import { type SensitivityDriver, withDriver } from './drivers.js';
import { financedRehab, hasMonthlyInputs } from './loan-shape.js';
import { operatingYear } from './schedule.js';
import type { DealInput, OptionalInputs } from './types.js';
import { validateDealInput } from './validate.js';

export interface BreakEven {
  /** monthly rent for the whole property; null when no rent ≥ 0 breaks even */
  rent: number | null;
  /** null when the deal loses money even fully let, or makes money even empty */
  vacancy_rate: number | null;
  /** null without a loan, or when no rate in [0, 1] breaks even */
  interest_rate: number | null;
}

/** Year-1 levered cash flow, NOI − debt service, as `analyze` computes it ($ a year). */
function yearOneCashFlow(deal: DealInput & OptionalInputs): number {
  // loan shapes, rehab and refinance (issue 28 §2–3): the month-by-month analysis's year 1
  if (hasMonthlyInputs(deal)) return analyzeValid(deal).year_1_metrics.yearly_levered_cash_flow;
  const year = operatingYear(deal, 1);
  return year.net_operating_income - year.debt_service;
}

/**
 * The zero of a cash flow that is affine in the driver (rent and vacancy are: every figure they
 * move is proportional to them or to 1 − vacancy), from two points, then one secant step from the
 * first guess to remove the float error of the line. Null when it is outside [low, high].
 */
function affineZero(
  deal: DealInput & OptionalInputs,
  driver: SensitivityDriver,
  x0: number,
  x1: number,
  low: number,
  high: number,
) {
  const at = (x: number) => yearOneCashFlow(withDriver(deal, driver, x));
  const y0 = at(x0);
  const y1 = at(x1);
  if (y0 === y1) return y0 === 0 ? x0 : null;
  const slope = (y1 - y0) / (x1 - x0);
  const guess = x0 - y0 / slope;
  const refined = guess - at(guess) / slope;
  const zero = Number.isFinite(refined) ? refined : guess;
  return zero >= low && zero <= high ? zero : null;
}

/**
 * The rent, the vacancy rate and the interest rate at which year-1 monthly levered cash flow is
 * zero, one at a time. Rent and vacancy move management (8 % of gross income by default) and
 * maintenance with them in proportion, as in `withDriver`, so cash flow is a straight line in
 * each and the zero is solved directly; the interest rate is found by bisection (cash flow falls
 * as the rate rises) to 1e-12. Validates the deal first.
 *
 * Formula (rent): 12 × (1 − v) × r − (management + maintenance) × r / r₀ − c × 12r − ℓ × 12r / T
 * − fixed costs − debt service = 0, with c the capex reserve's share of the rent and ℓ / T the
 * leasing fee per month of tenancy (both 0 when not given; each is a share of the rent, so it moves
 * with it and the line stays straight); HOA dues and owner utilities are among the fixed costs.
 *
 * @example
 * breakEven(austinDeal);
 * // { rent: 4,243.08…  (9.288 a year of cash flow per dollar of monthly rent, after management
 * //                     and maintenance, against $39,409.7 of taxes, insurance and debt service),
 * //   vacancy_rate: null (it loses money even fully let),
 * //   interest_rate: 0.005417… (0.54 %) }
 */
export function breakEven(input: DealInput & OptionalInputs): BreakEven {
  const deal = validateDealInput(input);
  const rent = affineZero(deal, 'rent', 0, Math.max(deal.rent, 1_000), 0, Number.MAX_SAFE_INTEGER);
  const vacancy_rate = affineZero(deal, 'vacancy_rate', 0, 1, 0, 1);
  return { rent, vacancy_rate, interest_rate: breakEvenRate(deal) };
}

function breakEvenRate(deal: DealInput & OptionalInputs): number | null {
  if (deal.loan_to_value === 0 && financedRehab(deal) === 0) return null;
  const at = (rate: number) => yearOneCashFlow(withDriver(deal, 'interest_rate', rate));
  let low = 0;
  let high = 1;
  if (at(low) < 0 || at(high) > 0) return null;
  while (high - low > 1e-12) {
    const middle = (low + high) / 2;
    if (at(middle) >= 0) low = middle;
    else high = middle;
  }
  return low;
}
