/**
 * The numbers behind the results' charts, from an analysis (underwriting-model.md): pure, so the
 * charts and their text alternatives read the same figures, and a test checks them.
 */
import type { AnalysisResponse } from '@sfr/contracts';

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
 * Where the levered profit comes from. They add up to `overall_returns.levered_profit`:
 * profit = Σ cash flow − equity in = Σ rental cash flow + (sale price − purchase price)
 *        + (loan − payoff) − (closing cost + financing and processing fees + selling costs).
 */
export interface ReturnSources {
  cashFlow: number;
  appreciation: number;
  loanPaydown: number;
  /** buying and selling costs, as a negative amount */
  costs: number;
  profit: number;
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

export function returnSources(analysis: AnalysisResponse): ReturnSources {
  const { year_1_metrics: y1, sale_assumptions: sale, hold_period: table } = analysis;
  const salePrice = sale.sale_price_appreciation;
  const payoff = table.levered.loan_payoff.reduce((sum, value) => sum + value, 0);
  const sellingCosts = sale.cost_to_sell * salePrice;
  return {
    cashFlow: table.levered.rental_cashflow.reduce((sum, value) => sum + value, 0),
    appreciation: salePrice - y1.purchase_price,
    loanPaydown: y1.loan_amount - payoff,
    costs: -(y1.closing_cost + y1.financing_fees + y1.loan_processing_fees + sellingCosts),
    profit: analysis.overall_returns.levered_profit,
  };
}
