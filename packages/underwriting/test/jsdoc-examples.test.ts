import { describe, expect, it } from 'vitest';
import {
  amortizationSchedule,
  annualize,
  gradeScore,
  grown,
  investmentReturns,
  linearPoints,
  loanBalance,
  monthlyPayment,
  operatingYear,
  rate,
  saleAt,
} from '../src/index.js';
import { roundDeal } from './support/deals.js';

// Each case re-asserts the @example in the JSDoc of the export it names.
describe('JSDoc examples of the model modules', () => {
  it('monthlyPayment, loanBalance, amortizationSchedule', () => {
    const loan = { amount: 300_000, annual_rate: 0.07, term_years: 30 };
    expect(monthlyPayment(loan)).toBeCloseTo(1995.9074855375, 9);
    expect(loanBalance(loan, 60)).toBeCloseTo(282394.7695733, 6);
    expect(amortizationSchedule({ amount: 1200, annual_rate: 0, term_years: 1 })[0]).toEqual({
      month: 1,
      payment: 100,
      interest: 0,
      principal: 100,
      balance: 1100,
    });
  });

  it('grown and operatingYear', () => {
    expect(grown(1000, 0.03, 3)).toBeCloseTo(1060.9, 10);
    const deal = { ...roundDeal, loan_to_value: 0 };
    expect(operatingYear(deal, 1).net_operating_income).toBeCloseTo(16_800, 9);
  });

  it('saleAt', () => {
    const sale = saleAt(400_000, 0.03, 0.06, 5);
    expect(sale.sale_price).toBeCloseTo(463709.62972, 6);
    expect(sale.selling_costs).toBeCloseTo(27822.5777832, 6);
    expect(sale.proceeds_from_sale).toBeCloseTo(435887.0519368, 6);
  });

  it('annualize and investmentReturns', () => {
    expect(annualize(0.01)).toBeCloseTo(0.12682503013196977, 14);
    const r = investmentReturns(1000, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1100]);
    expect(r.profit).toBeCloseTo(100, 9);
    expect(r.equity_multiple).toBeCloseTo(1.1, 12);
    expect(r.xirr).toBeCloseTo(0.1, 12);
    expect(r.multiple_roots).toBe(false);
  });

  it('gradeScore, linearPoints and rate', () => {
    expect(gradeScore('A+')).toBe(1);
    expect(gradeScore('C')).toBeCloseTo(5 / 12, 15);
    expect(gradeScore(null)).toBe(0.5);
    expect(linearPoints(0.05, 0, 0.1, 25)).toBe(12.5);
    const rating = rate({
      levered_returns: 0.05,
      levered_xirr: 0.15,
      dscr: 1.25,
      cap_rate: 0.055,
      violent_crime_grade: 'A+',
      property_crime_grade: 'A+',
    });
    expect(rating.overall_points).toBe(70); // 12.5 + 25 + 10 + 7.5 + 15
    expect(rating.overall_color).toBe('Light-Green');
  });
});
