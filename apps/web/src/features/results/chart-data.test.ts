import { describe, expect, it } from 'vitest';
import { cashFlowSeries, equitySeries, returnSources, returnSourcesSentence } from './chart-data';
import { exampleAnalysis } from './example-analysis';
import { recalculate } from './recalculate';

describe('chart data', () => {
  const base = exampleAnalysis();

  it('plots the hold year by year: levered operating cash flow and NOI', () => {
    const series = cashFlowSeries(base);
    expect(series.years).toEqual(['Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5']);
    // year-1 levered cash flow is the year-1 metric (NOI − debt service, no sale)
    expect(series.leveredCashFlow[0]).toBeCloseTo(base.year_1_metrics.yearly_levered_cash_flow, 9);
    expect(series.netOperatingIncome[0]).toBeCloseTo(base.year_1_metrics.net_operating_income, 9);
  });

  it('sums the cash flow year after year beside the equity', () => {
    const series = equitySeries(base);
    const flows = base.hold_period.levered.rental_cashflow;
    expect(series.cumulativeCashFlow[1]).toBeCloseTo((flows[0] ?? 0) + (flows[1] ?? 0), 9);
    expect(series.equity).toEqual(base.hold_period.levered.equity_accumulated);
  });

  it('splits the levered profit into cash flow, appreciation, loan paydown and costs that add up to it', () => {
    const deals = [
      base.property.metrics,
      { ...base.property.metrics, hold_period: 1 },
      { ...base.property.metrics, hold_period: 12, annual_price_appreciation: -0.02 },
      { ...base.property.metrics, loan_to_value: 0 },
      { ...base.property.metrics, loan_term: 5, hold_period: 8, rent: 5_000 },
    ];
    for (const metrics of deals) {
      const analysis = recalculate(base, metrics);
      const s = returnSources(analysis);
      expect(s.cashFlow + s.appreciation + s.loanPaydown + s.costs).toBeCloseTo(s.profit, 6);
      expect(s.profit).toBe(analysis.overall_returns.levered_profit);
    }
    // no loan: nothing to pay down
    expect(returnSources(recalculate(base, deals[3] ?? base.property.metrics)).loanPaydown).toBe(0);
  });

  it('adds up with a rehab, points, an interest-only start, a seller loan and a cash-out refinance', () => {
    const metrics = base.property.metrics;
    const price = metrics.purchase_price;
    const refinance = {
      month: 6,
      loan_to_value: 0.75,
      interest_rate: 0.075,
      loan_term: 30,
      closing_costs: 3_000,
    };
    const secondLoan = { amount: 20_000, interest_rate: 0.06, term_months: 120, balloon_month: 36 };
    const deals = [
      { ...metrics, rehab_budget: 35_000, rehab_months: 4, after_repair_value: price * 1.6, refinance },
      {
        ...metrics,
        rehab_budget: 35_000,
        rehab_financed: true,
        rehab_months: 4,
        after_repair_value: price * 1.5,
      },
      { ...metrics, points: 0.015, interest_only_months: 12, second_loan: secondLoan },
      { ...metrics, points: 0.01, second_loan: secondLoan, refinance, rehab_budget: 10_000, rehab_months: 2 },
      { ...metrics, loan_to_value: 0, refinance: { ...refinance, loan_to_value: 0.9 } },
    ];
    for (const deal of deals) {
      const analysis = recalculate(base, deal);
      const s = returnSources(analysis);
      expect(s.cashFlow + s.appreciation + s.rehab + s.loanPaydown + s.costs).toBeCloseTo(s.profit, 6);
      expect(s.rehab).toBe(-(deal.rehab_budget ?? 0));
    }
  });
});

describe('returnSourcesSentence', () => {
  it('adds the gains and takes away what was spent, the rehab among it (QA: the paydown read as subtracted)', () => {
    const sources = {
      cashFlow: 10_810.08,
      appreciation: 90_000,
      rehab: -30_000,
      loanPaydown: 10_635.91,
      costs: -25_525,
      profit: 55_920.99,
    };
    expect(returnSourcesSentence(sources)).toBe(
      'Levered profit of $55,920.99 over the hold: $10,810.08 from cash flow, $90,000.00 from appreciation and $10,635.91 from loan paydown, less $30,000.00 of rehab and $25,525.00 of buying and selling costs.',
    );
    expect(returnSourcesSentence({ ...sources, rehab: 0 })).toMatch(
      /and \$10,635\.91 from loan paydown, less \$25,525\.00 of buying and selling costs\.$/,
    );
  });
});
