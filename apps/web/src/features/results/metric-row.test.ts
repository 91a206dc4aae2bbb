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
});
