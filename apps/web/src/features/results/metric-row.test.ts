import { describe, expect, it } from 'vitest';
import { figureNote } from './MetricRow';

describe('figureNote', () => {
  it('says every dollar came back when a refinance leaves no cash in, and how much more', () => {
    expect(figureNote('cash_left_in_deal', -4_416.56)).toBe(
      'Every dollar you invested came back at the refinance, and $4,416.56 more: no cash is left in.',
    );
    expect(figureNote('cash_left_in_deal', 0)).toBe(
      'Every dollar you invested came back at the refinance: no cash is left in.',
    );
  });

  it('says nothing where the number reads plainly', () => {
    expect(figureNote('cash_left_in_deal', 16_695.51)).toBeNull();
    expect(figureNote('cash_returned_at_refinance', -500)).toBeNull();
    expect(figureNote('cash_left_in_deal', null)).toBeNull();
  });

  it('says what an N/A crime grade was estimated as, and how the rating counts it', () => {
    const estimate = {
      value: '≈B',
      label: 'Violent Crime Grade for Humphreys County',
      source: 'Estimate: SFR Analyst model of county crime rates',
      vintage: '2023',
      tier: 'estimated' as const,
    };
    expect(figureNote('violent_crime_grade', null, estimate)).toBe(
      'Estimated ≈B (no usable police report): the rating counts it as average.',
    );
    // a reported grade is shown as itself, with no note
    expect(figureNote('violent_crime_grade', 'B', { ...estimate, value: 'B', tier: 'reported' })).toBeNull();
    expect(figureNote('violent_crime_grade', null)).toBeNull();
  });
});
