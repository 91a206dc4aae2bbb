import { MESSAGES, METRIC_LABELS } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { CHANGED_ELSEWHERE } from '../../ui/text';
import { refusedChanges } from './changed-elsewhere';
import { exampleAnalysis } from './example-analysis';

describe('what a refused edit held', () => {
  const was = exampleAnalysis().property.metrics;
  const everyKey = () => true;

  it('lists each assumption set otherwise, as its input showed it, and the grouped terms by name', () => {
    const typed = {
      ...was,
      insurance: 5_000,
      vacancy_rate: 0.07,
      refinance: { month: 12, loan_to_value: 0.75, interest_rate: 0.07, loan_term: 30, closing_costs: 3_000 },
    };
    expect(refusedChanges(typed, was, everyKey)).toEqual([
      { label: METRIC_LABELS.vacancy_rate, typed: '7' },
      { label: METRIC_LABELS.insurance, typed: '5000' },
      { label: 'Cash-out refinance', typed: 'changed' },
    ]);
  });

  it('is empty for the same numbers, and says a removed term was removed', () => {
    expect(refusedChanges(was, was, everyKey)).toEqual([]);
    const withLoan = {
      ...was,
      second_loan: { amount: 30_000, interest_rate: 0.06, term_months: 120, balloon_month: 60 },
    };
    expect(refusedChanges(was, withLoan, everyKey)).toEqual([
      { label: 'Second loan (seller financing)', typed: 'removed' },
    ]);
  });

  it('leaves out what only followed its driver: a new price lists the price, not the closing cost it moved', () => {
    const typed = { ...was, purchase_price: 400_000, closing_cost: 12_000 };
    const userSet = (key: string) => key !== 'closing_cost';
    expect(refusedChanges(typed, was, userSet)).toEqual([
      { label: METRIC_LABELS.purchase_price, typed: '400000' },
    ]);
  });
});

describe("the refusal's words", () => {
  it("the API's message names the notice's own button, not a reload the notice makes needless", () => {
    expect(MESSAGES.analysisChanged).toContain(CHANGED_ELSEWHERE.loadLatest);
    expect(MESSAGES.analysisChanged).not.toMatch(/reload/i);
  });
});
