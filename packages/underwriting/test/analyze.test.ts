import { describe, expect, it } from 'vitest';
import { analyze, UnderwritingInputError } from '../src/index.js';
import { roundDeal } from './support/deals.js';

// P for $150,000 at 6 % over 30 years: i = 0.005, (1.005)^360 = 6.0225752, P = 750 / (1 − 1/6.0225752)
const P = (150_000 * 0.005) / (1 - 1.005 ** -360);

describe('analyze: the round deal worked by hand', () => {
  const result = analyze(roundDeal);
  const y1 = result.year_1_metrics;

  it('computes year-1 income, expenses and NOI', () => {
    expect(y1.effective_gross_revenue).toBeCloseTo(22_800, 9); // 24,000 − 5 % vacancy
    expect(y1.total_expenses).toBeCloseTo(6_000, 9); // 1,200 + 1,200 + 2,400 + 1,200
    expect(y1.net_operating_income).toBeCloseTo(16_800, 9); // 22,800 − 6,000
    expect(y1.monthly_unlevered_cash_flow).toBeCloseTo(1_400, 9); // 16,800 / 12
  });

  it('computes the loan and the cash to close', () => {
    expect(P).toBeCloseTo(899.3257877, 6); // $899.33
    expect(y1.loan_amount).toBe(150_000); // 0.75 × 200,000
    expect(y1.down_payment).toBe(50_000);
    expect(y1.total_acquisition).toBe(206_000); // 200,000 + 6,000
    expect(y1.total_cost_to_close).toBe(59_000); // 50,000 + 6,000 + 1,500 + 1,500
    expect(y1.monthly_loan_payment).toBeCloseTo(P, 9);
    expect(y1.yearly_levered_cash_flow).toBeCloseTo(16_800 - 12 * P, 9); // 6,008.09
  });

  it('computes the year-1 ratios', () => {
    expect(y1.cap_rate).toBeCloseTo(0.084, 12); // 16,800 / 200,000
    expect(y1.unlevered_returns).toBeCloseTo(16_800 / 206_000, 12); // 8.155 %
    expect(y1.levered_returns).toBeCloseTo((16_800 - 12 * P) / 59_000, 12); // 10.18 %
    expect(y1.dscr).toBeCloseTo(16_800 / (12 * P), 12); // 1.5567
    expect(y1.gross_rent_multiplier).toBeCloseTo(200_000 / 24_000, 12); // 8.333
    expect(y1.break_even_occupancy).toBeCloseTo((6_000 + 12 * P) / 24_000, 12); // 69.97 %
    expect(y1.rent_to_price).toBe(0.01); // 2,000 / 200,000
  });

  it('sells at month 60 with 6 % costs', () => {
    expect(result.sale_assumptions).toEqual({
      sale_price_appreciation: 200_000, // no appreciation
      sale_month: 60,
      hold_period: 5,
      annual_price_appreciation: 0,
      cost_to_sell: 0.06,
    });
    expect(result.hold_period.unlevered.proceeds_from_sale).toEqual([0, 0, 0, 0, 188_000]); // 200,000 − 12,000
  });

  it('computes overall unlevered returns', () => {
    const r = result.overall_returns;
    expect(r.unlevered_equity).toBe(206_000);
    expect(r.unlevered_profit).toBeCloseTo(66_000, 6); // 5 × 16,800 + 188,000 − 206,000
    expect(r.unlevered_equity_multiple).toBeCloseTo(272_000 / 206_000, 12);
    // the XIRR discounts every month-end flow back to 206,000
    const x = r.unlevered_xirr ?? Number.NaN;
    let pv = 188_000 / (1 + x) ** 5;
    for (let m = 1; m <= 60; m++) pv += 1_400 / (1 + x) ** (m / 12);
    expect(pv).toBeCloseTo(206_000, 4);
    expect(r.unlevered_xirr_multiple_roots).toBe(false);
  });

  it('pays off the loan balance at the sale', () => {
    // B(60) = 150,000 × 1.005^60 − P × (1.005^60 − 1) / 0.005
    const b60 = 150_000 * 1.005 ** 60 - (P * (1.005 ** 60 - 1)) / 0.005;
    expect(result.hold_period.levered.loan_payoff.at(-1)).toBeCloseTo(b60, 6);
    expect(result.hold_period.levered.equity_accumulated.at(-1)).toBeCloseTo(200_000 - b60, 6);
    expect(result.overall_returns.levered_profit).toBeCloseTo(
      5 * (16_800 - 12 * P) + 188_000 - b60 - 59_000,
      6,
    );
  });

  it('rates it from its five scores', () => {
    const points = Object.fromEntries(result.summary.scores.map((s) => [s.name, s.points]));
    expect(points.cash_flow).toBe(25); // CoC 10.18 % ≥ 10 %
    expect(points.safety).toBe(20); // DSCR 1.557 ≥ 1.5
    expect(points.yield).toBe(15); // cap rate 8.4 % ≥ 8 %
    expect(points.neighbourhood).toBeCloseTo(15 * (8 / 12 / (11 / 12)), 12); // B = 8/12, cap A = 11/12 → 10.91
    const xirr = result.overall_returns.levered_xirr ?? 0;
    expect(points.return).toBeCloseTo(25 * Math.min(1, xirr / 0.15), 12);
    const sum = 25 + 20 + 15 + (15 * 8) / 11 + (points.return ?? 0);
    expect(result.summary.overall_points).toBe(Math.round(sum));
  });
});

describe('analyze: null rules and edge deals', () => {
  it('has no DSCR without a loan, and scores safety at its cap', () => {
    const result = analyze({ ...roundDeal, loan_to_value: 0, financing_fees: 0, loan_processing_fees: 0 });
    expect(result.year_1_metrics.dscr).toBeNull();
    expect(result.year_1_metrics.monthly_loan_payment).toBe(0);
    expect(result.summary.scores.find((s) => s.name === 'safety')?.points).toBe(20);
    // without a loan, levered and unlevered flows coincide except for the fees: here none
    expect(result.overall_returns.levered_xirr).toBeCloseTo(result.overall_returns.unlevered_xirr ?? 0, 12);
  });

  it('has no GRM or break-even occupancy without income', () => {
    const result = analyze({ ...roundDeal, rent: 0 });
    expect(result.year_1_metrics.gross_rent_multiplier).toBeNull();
    expect(result.year_1_metrics.break_even_occupancy).toBeNull();
  });

  it('stops debt service after a loan term shorter than the hold', () => {
    const result = analyze({ ...roundDeal, loan_term: 3 });
    const mortgage = result.hold_period.levered.mortgage;
    expect(mortgage.slice(3)).toEqual([0, 0]);
    expect(result.hold_period.levered.loan_payoff.at(-1)).toBe(0);
  });

  it('reports no levered rate for an underwater sale', () => {
    // 95 % LTV, price halves, rent barely covers costs: every levered flow is negative
    const result = analyze({
      ...roundDeal,
      loan_to_value: 0.95,
      rent: 900,
      annual_price_appreciation: -0.2,
      interest_rate: 0.09,
    });
    expect(result.overall_returns.levered_xirr).toBeNull();
    expect(result.summary.scores.find((s) => s.name === 'return')).toMatchObject({
      measure: null,
      points: 0,
    });
  });

  it('echoes every input in year_1_metrics', () => {
    expect(analyze(roundDeal).year_1_metrics).toMatchObject(roundDeal);
  });

  it('refuses input outside the bounds with the field and the rule', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ purchase_price: 9_999 }, 'purchase_price'],
      [{ hold_period: 31 }, 'hold_period'],
      [{ hold_period: 2.5 }, 'hold_period'],
      [{ loan_to_value: 1 }, 'loan_to_value'],
      [{ vacancy_rate: -0.01 }, 'vacancy_rate'],
      [{ rent_annual_growth_rate: -0.6 }, 'rent_annual_growth_rate'],
      [{ rent: Number.NaN }, 'rent'],
      [{ insurance: Number.POSITIVE_INFINITY }, 'insurance'],
      [{ loan_term: 41 }, 'loan_term'],
      [{ units: 5 }, 'units'],
      [{ violent_crime_grade: 'E' }, 'violent_crime_grade'],
      [{ rent: '2000' }, 'rent'],
      [{ typo_rate: 1 }, 'typo_rate'],
    ];
    for (const [patch, field] of cases) {
      const run = () => analyze({ ...roundDeal, ...patch } as never);
      expect(run, field).toThrow(UnderwritingInputError);
      try {
        run();
      } catch (error) {
        expect((error as UnderwritingInputError).field).toBe(field);
      }
    }
  });

  it('names a missing field', () => {
    const { rent: _omitted, ...withoutRent } = roundDeal;
    expect(() => analyze(withoutRent as never)).toThrow('rent: is required');
  });
});
