/**
 * The modified IRR of a deal (issue 27 §4): one rate for any flows, beside the XIRR, which can have
 * several when the levered flows change sign more than once (a cash-out refinance that returns
 * more than was put in, a balloon, a loss at the sale). README, "Several rates, and the MIRR".
 */

import { analyze } from './analyze.js';
import { ASSUMPTION_BOUNDS } from './bounds.js';
import { mirr } from './irr.js';
import { monthlyScheduleOf } from './month-schedule.js';
import { annualize } from './returns.js';
import type { DealInput, OptionalInputs } from './types.js';
import { checkBound } from './validate.js';

/** What money costs and earns outside the deal, as annual rates (0–100 %). */
export interface MirrRates {
  /** the rate later outflows (a month that loses money, a balloon) are discounted to month 0 at */
  finance_rate: number;
  /** the rate at which the deal's inflows are reinvested until the sale */
  reinvestment_rate: number;
}

export interface ModifiedReturns extends MirrRates {
  /** the unlevered monthly flows' MIRR, annualised; null when no flow is positive */
  unlevered_mirr: number | null;
  /** the levered monthly flows' MIRR, annualised; null when no flow is positive or none negative */
  levered_mirr: number | null;
}

/**
 * The rates the MIRR uses unless the investor gives their own: the first loan's interest rate for
 * both. Cash a deal needs is borrowed at about that rate, and cash it throws off can pay that debt
 * down, earning the same rate without risk: the one pair of rates every deal has at hand.
 *
 * @example
 * defaultMirrRates(austinDeal); // { finance_rate: 0.07, reinvestment_rate: 0.07 } for a 7 % loan
 */
export function defaultMirrRates(deal: DealInput): MirrRates {
  return { finance_rate: deal.interest_rate, reinvestment_rate: deal.interest_rate };
}

/**
 * The MIRR of the deal's unlevered and levered monthly flows, the same flows as its XIRRs
 * (`monthlyScheduleOf`, the equity at month 0): outflows discounted to month 0 at the finance rate,
 * inflows grown to the sale month at the reinvestment rate, both converted to monthly as
 * (1 + r)^(1/12) − 1, and the monthly MIRR annualised as the XIRR is, (1 + m)¹² − 1.
 *
 * Laws (tested): with both rates at the deal's XIRR, the MIRR is the XIRR; a higher reinvestment
 * rate never lowers it, nor does a higher finance rate (Excel's definition: later outflows are met
 * from a fund set aside at month 0 that earns it).
 *
 * Throws `UnderwritingInputError` for an invalid deal or a rate outside 0–100 %.
 *
 * @example
 * modifiedReturns(roundDeal, { finance_rate: 0.06, reinvestment_rate: 0.04 }).levered_mirr;
 */
export function modifiedReturns(
  input: DealInput & OptionalInputs,
  rates: MirrRates = defaultMirrRates(input),
): ModifiedReturns {
  const finance_rate = checkBound('finance_rate', rates.finance_rate, ASSUMPTION_BOUNDS.interest_rate);
  const reinvestment_rate = checkBound(
    'reinvestment_rate',
    rates.reinvestment_rate,
    ASSUMPTION_BOUNDS.interest_rate,
  );
  const { year_1_metrics: y1 } = analyze(input);
  const rows = monthlyScheduleOf(input);
  const finance = monthlyRate(finance_rate);
  const reinvest = monthlyRate(reinvestment_rate);
  const mirrOf = (equity: number, flows: number[]): number | null => {
    const rate = mirr([-equity, ...flows], finance, reinvest);
    return rate === null ? null : annualize(rate);
  };
  return {
    finance_rate,
    reinvestment_rate,
    unlevered_mirr: mirrOf(
      y1.total_acquisition,
      rows.map((row) => row.unlevered_cash_flow),
    ),
    levered_mirr: mirrOf(
      y1.total_cost_to_close,
      rows.map((row) => row.levered_cash_flow),
    ),
  };
}

/** The monthly rate that compounds to `annual` over 12 months. */
function monthlyRate(annual: number): number {
  return (1 + annual) ** (1 / 12) - 1;
}
