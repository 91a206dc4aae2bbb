import type { SavedPropertySummary } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate } from '../../ui/format-date';
import { roomsText, savedCard, savedPropertyAddressLine } from './saved-property-text';

const address = { street: '12 Oak St', city: 'Springfield', state_code: 'IL', zipcode: '62701' };

describe('savedPropertyAddressLine', () => {
  it('reads street, city, state and ZIP on one line', () => {
    expect(savedPropertyAddressLine(address)).toBe('12 Oak St, Springfield, IL 62701');
  });

  it('leaves out blank parts without dangling commas', () => {
    expect(savedPropertyAddressLine({ ...address, city: ' ', zipcode: '' })).toBe('12 Oak St, IL');
    expect(savedPropertyAddressLine({ street: '', city: '', state_code: '', zipcode: '' })).toBe(
      'Saved property',
    );
  });
});

describe('roomsText', () => {
  it('uses the singular for exactly one and keeps half baths', () => {
    expect(roomsText(1, 1)).toBe('1 bedroom · 1 bathroom');
    expect(roomsText(3, 1.5)).toBe('3 bedrooms · 1.5 bathrooms');
  });

  it('says the rooms are per unit on a 2 to 4 unit house', () => {
    expect(roomsText(2, 1, 4)).toBe('2 bedrooms · 1 bathroom per unit');
    expect(roomsText(3, 2, 1)).toBe('3 bedrooms · 2 bathrooms');
  });
});

describe('savedCard', () => {
  it('shows the house type by name, the money formatted, the rooms per unit and the rating with its colour', () => {
    const saved: SavedPropertySummary = {
      id: 'abc',
      analysis_id: 'def',
      address: '12 Oak St, Springfield, IL 62701',
      ...address,
      county_name: 'Sangamon County',
      num_bedrooms: 3,
      num_bathrooms: 2,
      purchase_price: 185000,
      factor: 2,
      overall_points: 62,
      overall_color: 'Light-Green',
      monthly_levered_cash_flow: -123.456,
      savedAt: '2027-01-02T03:04:05.000Z',
      shared: true,
    };
    expect(savedCard(saved)).toEqual({
      id: 'abc',
      address: '12 Oak St, Springfield, IL 62701',
      houseType: 'Two Family',
      rooms: '3 bedrooms · 2 bathrooms per unit',
      county: 'Sangamon County',
      purchasePrice: '$185,000.00',
      rating: { points: 62, color: 'Light-Green' },
      monthlyCashFlow: '-$123.46',
      savedAt: '2027-01-02T03:04:05.000Z',
      shared: true,
    });
  });
});

describe('formatLongDate', () => {
  it('writes a timestamp as a long US date, and nothing for an unreadable one', () => {
    expect(formatLongDate('2027-01-02T03:04:05.000Z', 'UTC')).toBe('January 2, 2027');
    expect(formatLongDate('not a date')).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('writes a timestamp with its time of day, in the zone given, and nothing for an unreadable one', () => {
    expect(formatDateTime('2027-01-02T15:04:05.000Z', 'UTC')).toBe('Jan 2, 2027, 3:04 PM');
    expect(formatDateTime('2027-01-02T15:04:05.000Z', 'America/Chicago')).toBe('Jan 2, 2027, 9:04 AM');
    expect(formatDateTime('')).toBeNull();
  });
});
