/**
 * The numbers behind the results' charts, from an analysis (underwriting-model.md): pure, so the
 * charts and their text alternatives read the same figures, and a test checks them.
 */
import { type AnalysisResponse, formatMoney } from '@sfr/contracts';

export interface YearSeries {
  /** 'Year 1' … 'Year N' */
  years: string[];
}

/** Operating figures by year: levered cash flow (NOI − debt service, no sale) and NOI. */
export interface CashFlowSeries extends YearSeries {
  leveredCashFlow: number[];
  netOperatingIncome: number[];
}

/** What the investor owns by the end of each year: equity in the property and the cash it has paid out. */
export interface EquitySeries extends YearSeries {
  /** value at the year's appreciation − loan balance */
  equity: number[];
  /** levered operating cash flow, summed from year 1 */
  cumulativeCashFlow: number[];
}

/**
 * Where the levered profit comes from. They add up to `overall_returns.levered_profit`, whatever
 * the loans and the rehab (profit = Σ levered cash flow − cash to close, regrouped):
 * profit = Σ rental cash flow + (sale price − purchase price) − rehab budget
 *        + (all borrowed − all balances paid off) − (closing cost + financing and processing fees
 *        + points + the refinance's closing costs + selling costs).
 * All borrowed is the first loan (with a financed rehab), the seller's second loan and the
 * refinance's new loan; the balances paid off are the old loan's at the refinance and every
 * payoff of the table (a balloon, the sale's). A refinance's cash out is borrowed money: it shows in
 * the loan paydown (less what the new loan still owes at the sale), not as profit.
 */
export interface ReturnSources {
  cashFlow: number;
  appreciation: number;
  /** the rehab budget, as a negative amount; 0 without a rehab */
  rehab: number;
  loanPaydown: number;
  /** buying, refinancing and selling costs, as a negative amount */
  costs: number;
  profit: number;
}

/**
 * The sources in a sentence, what the chart adds up: the gains first, then what was spent (QA: the
 * rehab spliced in before "and … from loan paydown" made the paydown read as subtracted).
 */
export function returnSourcesSentence(s: ReturnSources): string {
  const spent = [
    ...(s.rehab === 0 ? [] : [`${formatMoney(-s.rehab)} of rehab`]),
    `${formatMoney(-s.costs)} of buying and selling costs`,
  ].join(' and ');
  return `Levered profit of ${formatMoney(s.profit)} over the hold: ${formatMoney(s.cashFlow)} from cash flow, ${formatMoney(s.appreciation)} from appreciation and ${formatMoney(s.loanPaydown)} from loan paydown, less ${spent}.`;
}

const yearLabels = (count: number) => Array.from({ length: count }, (_, index) => `Year ${index + 1}`);

export function cashFlowSeries(analysis: AnalysisResponse): CashFlowSeries {
  const { levered, unlevered } = analysis.hold_period;
  return {
    years: yearLabels(levered.rental_cashflow.length),
    leveredCashFlow: levered.rental_cashflow,
    netOperatingIncome: unlevered.net_operating_income,
  };
}

export function equitySeries(analysis: AnalysisResponse): EquitySeries {
  const { levered } = analysis.hold_period;
  let total = 0;
  return {
    years: yearLabels(levered.equity_accumulated.length),
    equity: levered.equity_accumulated,
    cumulativeCashFlow: levered.rental_cashflow.map((flow) => {
      total += flow;
      return total;
    }),
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export function returnSources(analysis: AnalysisResponse): ReturnSources {
  const { year_1_metrics: y1, sale_assumptions: sale, hold_period: table } = analysis;
  const salePrice = sale.sale_price_appreciation;
  const borrowed = y1.loan_amount + (y1.second_loan?.amount ?? 0) + (y1.refinance_loan_amount ?? 0);
  const paidOff = sum(table.levered.loan_payoff) + (y1.refinance_payoff ?? 0);
  const sellingCosts = sale.cost_to_sell * salePrice;
  return {
    cashFlow: sum(table.levered.rental_cashflow),
    appreciation: salePrice - y1.purchase_price,
    rehab: -(y1.rehab_budget ?? 0),
    loanPaydown: borrowed - paidOff,
    costs: -(
      y1.closing_cost +
      y1.financing_fees +
      y1.loan_processing_fees +
      (y1.points_cost ?? 0) +
      (y1.refinance?.closing_costs ?? 0) +
      sellingCosts
    ),
    profit: analysis.overall_returns.levered_profit,
  };
}
