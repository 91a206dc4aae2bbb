import { describe, expect, it } from 'vitest';
import { rate } from '../src/index.js';
import type { RatingMeasures } from '../src/rating.js';

const strong: RatingMeasures = {
  levered_returns: 0.12,
  levered_xirr: 0.2,
  dscr: 1.8,
  cap_rate: 0.09,
  violent_crime_grade: 'A',
  property_crime_grade: 'A+',
};

describe('rate', () => {
  it('gives 100 and Green when every measure clears its cap', () => {
    expect(rate(strong)).toMatchObject({
      overall_points: 100,
      overall_color: 'Green',
      overall_response: 'Strong investment: the numbers clear every threshold.',
    });
  });

  it('gives 0 and Red when every measure is at or under its floor', () => {
    const rating = rate({
      levered_returns: -0.05,
      levered_xirr: null,
      dscr: 0.8,
      cap_rate: 0.01,
      violent_crime_grade: 'F',
      property_crime_grade: 'F',
    });
    expect(rating.overall_points).toBe(0);
    expect(rating.overall_color).toBe('Red');
    expect(rating.overall_response).toBe('Poor investment: the numbers do not work at this price.');
  });

  it('puts each band boundary in the higher band', () => {
    // cash flow alone: points = 25 × CoC / 10 %; the rest held at known values
    const base = { ...strong, levered_xirr: null, dscr: null, cap_rate: 0.03 }; // 0 + 0 + 20 + 0 + 15 = 35
    expect(rate({ ...base, levered_returns: 0 })).toMatchObject({
      overall_points: 35,
      overall_color: 'Red Orange',
    });
    expect(rate({ ...base, levered_returns: 0.06 })).toMatchObject({
      overall_points: 50,
      overall_color: 'Yellow',
    });
    expect(rate({ ...base, levered_returns: 0.12 })).toMatchObject({
      overall_points: 60,
      overall_color: 'Yellow',
    });
    const withCap = { ...base, cap_rate: 0.05 }; // yield 6 points
    expect(rate({ ...withCap, levered_returns: 0.096 })).toMatchObject({
      overall_points: 65,
      overall_color: 'Light-Green',
    });
    const withReturn = { ...base, levered_xirr: 0.03 }; // return 5 points: 35 + 5 = 40
    expect(rate({ ...withReturn, levered_returns: 0.1 })).toMatchObject({ overall_points: 65 });
    expect(rate({ ...withReturn, levered_xirr: 0.12, levered_returns: 0.1 })).toMatchObject({
      overall_points: 80, // 25 + 20 + 20 + 0 + 15
      overall_color: 'Green',
    });
  });

  it('counts unknown crime grades as 0.5', () => {
    const rating = rate({ ...strong, violent_crime_grade: null, property_crime_grade: null });
    const neighbourhood = rating.scores.find((s) => s.name === 'neighbourhood');
    expect(neighbourhood?.measure).toBe(0.5);
    expect(neighbourhood?.points).toBeCloseTo(15 * (0.5 / (11 / 12)), 12); // 8.18
  });

  it('returns the five scores in order with their measures', () => {
    const names = rate(strong).scores.map((s) => [s.name, s.measure]);
    expect(names).toEqual([
      ['cash_flow', 0.12],
      ['return', 0.2],
      ['safety', 1.8],
      ['yield', 0.09],
      ['neighbourhood', (11 / 12 + 1) / 2],
    ]);
  });
});
