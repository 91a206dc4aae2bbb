import { describe, expect, it } from 'vitest';
import { refinanceTermsText, secondLoanTermsText, strategyTerms, taxSituationText } from '../src/index.js';

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
