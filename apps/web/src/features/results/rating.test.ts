import { describe, expect, it } from 'vitest';
import { ratingTone, scoreRows } from './rating';

describe('ratingTone', () => {
  it('names the CSS modifier of each rating colour', () => {
    expect(ratingTone('Green')).toBe('green');
    expect(ratingTone('Light-Green')).toBe('light-green');
    expect(ratingTone('Red Orange')).toBe('red-orange');
  });
});

describe('scoreRows', () => {
  const score = { floor: 0, cap: 0.1, max_points: 25 };
  it('explains each score with its measure, scale and points', () => {
    const rows = scoreRows(
      {
        scores: [
          {
            name: 'cash_flow',
            label: 'Cash flow (year-1 cash-on-cash)',
            measure: 0.05,
            points: 12.5,
            ...score,
          },
          { name: 'return', label: 'Return (levered XIRR)', measure: null, points: 0, ...score, cap: 0.15 },
          {
            name: 'safety',
            label: 'Safety (DSCR)',
            measure: null,
            floor: 1,
            cap: 1.5,
            max_points: 20,
            points: 20,
          },
          {
            name: 'neighbourhood',
            label: 'Neighbourhood (crime grades)',
            measure: 0.6,
            floor: 0,
            cap: 11 / 12,
            max_points: 15,
            points: 9.818181,
          },
        ],
      },
      { violent_crime_grade: 'B', property_crime_grade: null },
    );
    expect(rows.map(({ measure, scale, pointsText }) => ({ measure, scale, pointsText }))).toEqual([
      { measure: '5.00%', scale: '0.00% → 10.00%', pointsText: '12.5 of 25 points' },
      { measure: 'N/A', scale: '0.00% → 15.00%', pointsText: '0 of 25 points' },
      { measure: 'No loan', scale: '1.00 → 1.50', pointsText: '20 of 20 points' },
      { measure: 'Violent B, property unknown', scale: 'F → A', pointsText: '9.8 of 15 points' },
    ]);
  });
});
