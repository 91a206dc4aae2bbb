/**
 * The interest rate as an investor sees it: the weekly PMMS average plus the investor premium, said
 * as an estimate, and how old the imported week is once it is more than two weeks behind.
 */
import { describe, expect, it } from 'vitest';
import { interestRateFigure } from '../../../src/market/service.js';
import type { InterestRate } from '../../../src/market/tables/mortgage.js';

const imported: InterestRate = {
  value: 0.0803,
  base_rate: 0.0728,
  investor_premium: 0.0075,
  date: '2026-10-01',
  source: 'Freddie Mac PMMS',
  vintage: '2026-10-01',
};

describe('the interest rate figure', () => {
  it('says the premium is an estimate, and nothing of age within two weeks of the release', () => {
    const figure = interestRateFigure(imported, new Date('2026-10-15T12:00:00Z'));
    expect(figure).toMatchObject({ value: 0.0803, tier: 'reported' });
    expect(figure.note).toBe(
      '30-year fixed 7.28% on 2026-10-01 plus a 0.75% investor premium (an estimate: lenders price it by credit, down payment and property).',
    );
  });

  it('says how many weeks old the imported week is past two weeks (QA: eight weeks old, unsaid)', () => {
    const figure = interestRateFigure(imported, new Date('2026-11-28T12:00:00Z'));
    expect(figure.note).toMatch(
      / Freddie Mac publishes this average weekly; the one loaded here is 8 weeks old, so today's may differ: check a lender's quote\.$/,
    );
  });

  it("says nothing of age for FRED's answer of just now", () => {
    const live = { ...imported, live: true };
    const figure = interestRateFigure(live, new Date('2026-11-28T12:00:00Z'));
    expect(figure.tier).toBe('live');
    expect(figure.note).not.toMatch(/weeks old/);
  });

  it('falls back to the model default without rate data', () => {
    expect(interestRateFigure(null, new Date())).toMatchObject({ value: 0.07, tier: 'default' });
  });
});
