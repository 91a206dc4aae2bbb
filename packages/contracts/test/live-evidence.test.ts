import { describe, expect, it } from 'vitest';
import { comparableRows, liveRentLine, recordFactsLine, taxBillLine } from '../src/live-evidence.js';
import type { PropertyRecord } from '../src/property-record.js';

const record: PropertyRecord = {
  address: '5500 Grand Lake Dr, San Antonio, TX 78244',
  bedrooms: 3,
  bathrooms: 2,
  square_feet: 1878,
  year_built: 1973,
  tax_bill: { year: 2024, total: 2984 },
  source: 'RentCast property record',
  vintage: '2026-11-26',
};

describe('comparableRows', () => {
  it('writes each rental with its distance, rooms, rent and how long it was listed; a dash for what is missing', () => {
    const rows = comparableRows([
      {
        address: '4200 N Sheridan Rd, Apt 3, Chicago, IL 60613',
        distance_miles: 0.08,
        bedrooms: 2,
        bathrooms: 1,
        rent: 2895,
        days_on_market: 25,
        last_seen: '2026-11-22',
      },
      {
        address: '640 W Irving Park Rd, Chicago, IL 60613',
        distance_miles: null,
        bedrooms: null,
        bathrooms: 2,
        rent: 3100,
        days_on_market: 1,
        last_seen: null,
      },
      {
        address: '1 Elm St',
        distance_miles: 1.5,
        bedrooms: 2,
        bathrooms: null,
        rent: 2500,
        days_on_market: null,
        last_seen: null,
      },
    ]);
    expect(rows.map(({ key: _key, ...row }) => row)).toEqual([
      {
        address: '4200 N Sheridan Rd, Apt 3, Chicago, IL 60613',
        distance: '0.08 mi',
        bedrooms: '2',
        bathrooms: '1',
        rent: '$2,895',
        listed: 'listed 25 days; seen 2026-11-22',
      },
      {
        address: '640 W Irving Park Rd, Chicago, IL 60613',
        distance: '—',
        bedrooms: '—',
        bathrooms: '2',
        rent: '$3,100',
        listed: 'listed 1 day',
      },
      {
        address: '1 Elm St',
        distance: '1.50 mi',
        bedrooms: '2',
        bathrooms: '—',
        rent: '$2,500',
        listed: '—',
      },
    ]);
  });
});

describe('liveRentLine', () => {
  const figure = {
    value: 2950,
    source: 'RentCast long-term rent estimate (AVM)',
    vintage: '2026-11-26',
    tier: 'live' as const,
    range: { low: 2600, high: 3300 },
  };
  it('names the provider, its estimate and its low–high range for a live rent only', () => {
    expect(liveRentLine({ figures: { rentometer_rent: figure } })).toBe(
      'RentCast long-term rent estimate (AVM): $2,950 a month, range $2,600 – $3,300.',
    );
    expect(liveRentLine({ figures: { rentometer_rent: { ...figure, tier: 'estimated' } } })).toBeNull();
    expect(liveRentLine({ figures: {} })).toBeNull();
  });
});

describe('taxBillLine', () => {
  it("sets the seller's bill beside the tax the analysis uses, with the gap", () => {
    expect(taxBillLine(record, 5250)).toBe(
      "Tax bill 2024: $2,984 (RentCast property record, 2026-11-26), the seller's at the current assessment. This analysis uses $5,250 a year, $2,266 more: where a sale resets the assessment, a buyer pays on the price, which is what our estimate does; check the county's rule.",
    );
    expect(taxBillLine(record, 2000)).toContain('$2,000 a year, $984 less');
    expect(taxBillLine(record, 2984)).toContain('$2,984 a year, the same.');
    expect(taxBillLine({ ...record, tax_bill: null }, 5250)).toBeNull();
  });
});

describe('recordFactsLine', () => {
  it('lists what the record has', () => {
    expect(recordFactsLine(record)).toBe('Record: 3 bedrooms, 2 bathrooms, 1,878 sq ft, built 1973.');
    expect(
      recordFactsLine({ ...record, bedrooms: null, bathrooms: null, square_feet: null, year_built: 1910 }),
    ).toBe('Record: built 1910.');
    expect(
      recordFactsLine({ ...record, bedrooms: null, bathrooms: null, square_feet: null, year_built: null }),
    ).toBeNull();
  });
});
