import type { SavedProperty } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date';
import { roomsText, savedPropertyAddressLine, summarizeSavedProperty } from './saved-property-text';

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
});

describe('summarizeSavedProperty', () => {
  it('shows the house type by name and the price in the money format', () => {
    const saved = {
      id: 'abc',
      savedAt: '2027-01-02T03:04:05.000Z',
      property: {
        ...address,
        county_name: 'Sangamon County',
        num_bedrooms: 3,
        num_bathrooms: 2,
        purchase_price: 185000,
        factor: 2,
      },
    } as SavedProperty;
    expect(summarizeSavedProperty(saved)).toEqual({
      id: 'abc',
      address: '12 Oak St, Springfield, IL 62701',
      houseType: 'Two Family',
      rooms: '3 bedrooms · 2 bathrooms',
      county: 'Sangamon County',
      purchasePrice: '$185,000.00',
      savedAt: '2027-01-02T03:04:05.000Z',
    });
  });
});

describe('formatLongDate', () => {
  it('writes a timestamp as a long US date, and nothing for an unreadable one', () => {
    expect(formatLongDate('2027-01-02T03:04:05.000Z', 'UTC')).toBe('January 2, 2027');
    expect(formatLongDate('not a date')).toBeNull();
  });
});
