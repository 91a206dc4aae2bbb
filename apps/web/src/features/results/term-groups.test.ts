import { describe, expect, it } from 'vitest';
import { exampleAnalysis } from './example-analysis';
import {
  groupTexts,
  readRefinance,
  readSecondLoan,
  readTax,
  refinanceInRehabNote,
  startingRefinance,
  startingTax,
} from './term-groups';

const metrics = exampleAnalysis().property.metrics;
const refinance = groupTexts('refinance', { ...metrics, refinance: startingRefinance(metrics) });

function errorsOf(reading: { ok: boolean; errors?: Readonly<Record<string, string>> }) {
  return reading.ok ? {} : (reading.errors ?? {});
}

describe('the grouped terms’ messages', () => {
  it('state a rate’s limits in the percents it is typed in', () => {
    expect(errorsOf(readRefinance({ ...refinance, loan_to_value: '100' }, metrics)).loan_to_value).toBe(
      'Refinance Loan to Value must be from 0% to below 100%',
    );
    expect(errorsOf(readRefinance({ ...refinance, interest_rate: '150' }, metrics)).interest_rate).toBe(
      'Refinance Interest Rate must be from 0% to 100%',
    );
    const tax = groupTexts('tax', { ...metrics, tax: startingTax() });
    expect(errorsOf(readTax({ ...tax, recapture_rate: '30' }, metrics)).recapture_rate).toBe(
      'Depreciation Recapture Rate must be from 0% to 25%',
    );
    const second = {
      amount: '20000',
      interest_rate: '-1',
      term_months: '120',
      interest_only_months: '',
      balloon_month: '',
    };
    expect(errorsOf(readSecondLoan(second, metrics)).interest_rate).toMatch(/must be from 0% to/);
  });

  it('give the refinance month the hold’s own limit', () => {
    for (const month of ['0', '6.5', '400']) {
      expect(errorsOf(readRefinance({ ...refinance, month }, metrics)).month).toBe(
        `Refinance Month must be a whole number from 1 to ${12 * metrics.hold_period - 1} (before the sale at month ${12 * metrics.hold_period})`,
      );
    }
  });

  it('read valid terms as the model’s units', () => {
    const reading = readRefinance({ ...refinance, loan_to_value: '70', interest_rate: '7.5' }, metrics);
    expect(reading.ok && reading.terms.loan_to_value).toBe(0.7);
    expect(reading.ok && reading.terms.interest_rate).toBe(0.075);
  });
});

describe('a refinance in the rehab', () => {
  const rehab = { ...metrics, rehab_budget: 60_000, rehab_months: 3, after_repair_value: 450_000 };
  const at = (month: number) => ({ ...rehab, refinance: { ...startingRefinance(rehab), month } });

  it('says why the new loan is a share of the price, up to the rehab’s last month (the model’s valueAt)', () => {
    expect(refinanceInRehabNote(at(2))).toBe(
      'Month 2 falls in the 3-month rehab: the new loan is a share of the purchase price then, not of the after-repair value. From month 3 it is a share of the after-repair value.',
    );
    expect(refinanceInRehabNote(at(3))).toBeNull();
    expect(refinanceInRehabNote(at(9))).toBeNull();
  });

  it('says nothing without an after-repair value or a refinance', () => {
    const { after_repair_value: _, ...noArv } = at(2);
    expect(refinanceInRehabNote(noArv)).toBeNull();
    expect(refinanceInRehabNote(rehab)).toBeNull();
  });
});
