import { describe, expect, it } from 'vitest';
import {
  refinanceTermsText,
  secondLoanTermsText,
  strategyTerms,
  strategyTermValues,
  taxSituationText,
} from '../src/index.js';

describe('strategy terms in words', () => {
  it('says a refinance, a second loan and a tax situation as the report and the shared page show them', () => {
    expect(
      refinanceTermsText({
        month: 8,
        loan_to_value: 0.75,
        interest_rate: 0.07,
        loan_term: 30,
        closing_costs: 8_000,
      }),
    ).toBe('month 8, 75.00% of the value, 7.00% over 30 years, $8,000.00 closing costs');
    expect(
      secondLoanTermsText({ amount: 60_000, interest_rate: 0.05, term_months: 360, balloon_month: 36 }),
    ).toBe('$60,000.00 at 5.00% over 360 months, balloon in month 36');
    expect(
      secondLoanTermsText({
        amount: 60_000,
        interest_rate: 0.05,
        term_months: 360,
        interest_only_months: 12,
      }),
    ).toBe('$60,000.00 at 5.00% over 360 months, 12 interest-only');
    const tax = { marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 };
    expect(taxSituationText(tax)).toBe(
      "income tax 24.00%, capital gains 15.00%, depreciation recapture 25.00%, land 20.00% of the basis; a year's loss is carried to later years",
    );
    expect(taxSituationText({ ...tax, losses: 'offset' })).toMatch(/offsets other income that year$/);
  });
});

describe('strategyTerms', () => {
  it('lists the terms a deal gives, labelled, in one order; none for a plain deal', () => {
    const refinance = {
      month: 8,
      loan_to_value: 0.75,
      interest_rate: 0.07,
      loan_term: 30,
      closing_costs: 8_000,
    };
    expect(strategyTerms({})).toEqual([]);
    expect(strategyTerms({ refinance, rehab_financed: false })).toEqual([
      { key: 'rehab_financed', label: 'Rehab Paid', text: 'In cash' },
      { key: 'refinance', label: 'Refinance Terms', text: refinanceTermsText(refinance) },
    ]);
  });
});

describe('strategyTermValues', () => {
  it('gives each term input its own row, in the sentences’ order, and none for a plain deal', () => {
    const rows = strategyTermValues({
      rehab_financed: false,
      refinance: { month: 6, loan_to_value: 0.75, interest_rate: 0.065, loan_term: 30, closing_costs: 4_000 },
      second_loan: { amount: 20_000, interest_rate: 0.06, term_months: 120, balloon_month: 36 },
    });
    expect(rows.map(({ key, value, text }) => [key, value, text])).toEqual([
      ['rehab_financed', 'cash', 'cash'],
      ['refinance.month', 6, '6 months'],
      ['refinance.loan_to_value', 0.75, '75.00%'],
      ['refinance.interest_rate', 0.065, '6.50%'],
      ['refinance.loan_term', 30, '30 years'],
      ['refinance.closing_costs', 4_000, '$4,000.00'],
      ['second_loan.amount', 20_000, '$20,000.00'],
      ['second_loan.interest_rate', 0.06, '6.00%'],
      ['second_loan.term_months', 120, '120 months'],
      ['second_loan.balloon_month', 36, 'month 36'],
    ]);
    expect(strategyTermValues({})).toEqual([]);
  });
});
