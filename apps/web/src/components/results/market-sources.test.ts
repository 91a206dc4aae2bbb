import { describe, expect, it } from 'vitest';
import { marketSourceRows } from './market-sources';

describe('marketSourceRows', () => {
  it('lists known figures in screen order with value, source and vintage', () => {
    const rows = marketSourceRows({
      figures: {
        interest_rate: {
          value: 0.0712,
          source: 'Freddie Mac PMMS',
          vintage: '2025-06-26',
          note: '30-year fixed',
        },
        hud_rent: { value: 1890, source: 'HUD Fair Market Rents', vintage: 'FY2025' },
        violent_crime_grade: { value: 'B-', source: 'FBI UCR', vintage: null, note: '  ' },
      },
    });
    expect(rows).toEqual([
      {
        key: 'hud_rent',
        label: 'HUD Rent',
        value: '$1,890.00',
        source: 'HUD Fair Market Rents, FY2025',
        note: null,
      },
      {
        key: 'violent_crime_grade',
        label: 'Violent Crime Grade',
        value: 'B-',
        source: 'FBI UCR',
        note: null,
      },
      {
        key: 'interest_rate',
        label: 'Interest Rate',
        value: '7.12%',
        source: 'Freddie Mac PMMS, 2025-06-26',
        note: '30-year fixed',
      },
    ]);
  });

  it('shows N/A for a missing value and names figures it does not know', () => {
    const rows = marketSourceRows({
      figures: { school_rating: { value: null, source: 'Somewhere', vintage: '2024' } },
    });
    expect(rows).toEqual([
      { key: 'school_rating', label: 'School rating', value: 'N/A', source: 'Somewhere, 2024', note: null },
    ]);
  });

  it('is empty without market data', () => {
    expect(marketSourceRows(undefined)).toEqual([]);
  });
});
