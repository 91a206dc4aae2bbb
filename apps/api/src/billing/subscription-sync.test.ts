import { describe, expect, it } from 'vitest';
import { onePeriodAfter } from './subscription-sync.js';

describe('onePeriodAfter', () => {
  it('adds a calendar month or year', () => {
    expect(onePeriodAfter(new Date('2026-01-15T10:00:00Z'), 'monthly')).toEqual(
      new Date('2026-02-15T10:00:00Z'),
    );
    expect(onePeriodAfter(new Date('2026-01-15T10:00:00Z'), 'yearly')).toEqual(
      new Date('2027-01-15T10:00:00Z'),
    );
  });
});
