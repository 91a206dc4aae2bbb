import { describe, expect, it } from 'vitest';
import { rangeWidthsSchema } from '../src/assumptions.js';
import { spreadText, widenedRangeText, widenedSpreads, widenSpread } from '../src/range-widths.js';
import { exampleDeal } from './fixtures.js';

describe('widenSpread', () => {
  it('reads dollars or a share of the value for money, points for a rate', () => {
    expect(widenSpread('rent', 2_000, '10%')).toEqual({ spread: { low: 1_800, high: 2_200 } });
    expect(widenSpread('rent', 2_000, '± 300')).toEqual({ spread: { low: 1_700, high: 2_300 } });
    const rate = widenSpread('interest_rate', 0.07, '1').spread;
    expect(rate?.low).toBeCloseTo(0.06, 12);
    expect(rate?.high).toBeCloseTo(0.08, 12);
  });

  it('keeps the range inside the assumption’s bounds', () => {
    expect(widenSpread('vacancy_rate', 0.05, '10')).toEqual({
      spread: { low: 0, high: 0.15000000000000002 },
    });
    expect(widenSpread('maintenance', 1_000, '5000')).toEqual({ spread: { low: 0, high: 6_000 } });
  });

  it('says where the assumption’s limits cut the range', () => {
    const text = (key: 'rent' | 'vacancy_rate', value: number, typed: string) =>
      widenedRangeText(key, widenSpread(key, value, typed).spread as never);
    expect(text('rent', 2_000, '300')).toBe('$1,700.00 to $2,300.00');
    expect(text('vacancy_rate', 0.05, '10')).toBe('0.00% to 15.00%, held at 0.00%, the lowest it can be');
    expect(text('vacancy_rate', 0.95, '10')).toBe(
      '85.00% to 100.00%, held at 100.00%, the highest it can be',
    );
    // QA: a "±" of 200 points on vacancy was 0 %–100 % with nothing said
    expect(text('vacancy_rate', 0.05, '200')).toBe('0.00% to 100.00%, held to 0.00%–100.00%, all it can be');
  });

  it('is no range when empty, and says what it takes when unreadable', () => {
    expect(widenSpread('rent', 2_000, '  ')).toEqual({});
    expect(widenSpread('rent', 2_000, 'ten')).toEqual({
      error: 'Type dollars (300) or a percent of the value (10%)',
    });
    expect(widenSpread('interest_rate', 0.07, '1%')).toEqual({
      error: 'Type percentage points (1 = one point either side)',
    });
    expect(widenSpread('rent', 2_000, '-5')).toHaveProperty('error');
  });
});

describe('widenedSpreads', () => {
  it('gives the spreads of the valid texts around the analysis’s values, and the others’ errors', () => {
    const metrics = exampleDeal;
    const { spreads, errors } = widenedSpreads({ rent: '100', maintenance: 'x', cost_to_sell: '' }, metrics);
    expect(spreads).toEqual({ rent: { low: metrics.rent - 100, high: metrics.rent + 100 } });
    expect(Object.keys(errors)).toEqual(['maintenance']);
    expect(spreadText('rent', { low: 2_247, high: 2_447 })).toBe('$2,247.00 to $2,447.00');
    // a rate's ends to two decimals, whatever digits the assumption keeps (QA)
    expect(spreadText('annual_price_appreciation', { low: -0.048727, high: 0.143097 })).toBe(
      '-4.87% to 14.31%',
    );
  });
});

describe('rangeWidthsSchema', () => {
  it('takes an uncertain assumption’s text and refuses another key or a long text', () => {
    expect(rangeWidthsSchema.parse({ rent: '10%', interest_rate: '1' })).toEqual({
      rent: '10%',
      interest_rate: '1',
    });
    expect(rangeWidthsSchema.safeParse({ purchase_price: '10%' }).success).toBe(false);
    expect(rangeWidthsSchema.safeParse({ rent: 'x'.repeat(21) }).success).toBe(false);
  });
});
