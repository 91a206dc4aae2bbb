/** How one saved property reads in the list (product spec §2, Saved Properties). Pure, unit-tested. */
import { formatMoney, houseTypeName, type SavedPropertySummary } from '@sfr/contracts';
import type { RatingColor } from '../results/rating';

type Address = Pick<SavedPropertySummary, 'street' | 'city' | 'state_code' | 'zipcode'>;

/**
 * '12 Oak St, Springfield, IL 62701'. Parts that are blank are left out rather than leaving
 * dangling commas; a property with no address at all reads 'Saved property'.
 */
export function savedPropertyAddressLine({ street, city, state_code, zipcode }: Address): string {
  const region = [state_code.trim(), zipcode.trim()].filter(Boolean).join(' ');
  const line = [street.trim(), city.trim(), region].filter(Boolean).join(', ');
  return line || 'Saved property';
}

function count(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** '3 bedrooms · 1.5 bathrooms', singular for exactly one; '… per unit' on a 2–4 unit house. */
export function roomsText(bedrooms: number, bathrooms: number, units = 1): string {
  const rooms = `${count(bedrooms, 'bedroom')} · ${count(bathrooms, 'bathroom')}`;
  return units > 1 ? `${rooms} per unit` : rooms;
}

/** One saved property's card, as it reads. */
export interface SavedCard {
  id: string;
  address: string;
  houseType: string;
  rooms: string;
  county: string;
  purchasePrice: string;
  /** the analyst rating as saved (RatingBadge draws it) */
  rating: { points: number; color: RatingColor };
  /** year 1, after the loan payment: '-$1,647.06' */
  monthlyCashFlow: string;
  savedAt: string;
  /** a read-only link to it is on */
  shared: boolean;
}

/** The card of one row of the saved list (the API's summary row). */
export function savedCard(saved: SavedPropertySummary): SavedCard {
  return {
    id: saved.id,
    address: savedPropertyAddressLine(saved),
    houseType: houseTypeName(saved.factor),
    rooms: roomsText(saved.num_bedrooms, saved.num_bathrooms, saved.factor),
    county: saved.county_name,
    purchasePrice: formatMoney(saved.purchase_price),
    rating: { points: saved.overall_points, color: saved.overall_color },
    monthlyCashFlow: formatMoney(saved.monthly_levered_cash_flow),
    savedAt: saved.savedAt,
    shared: saved.shared,
  };
}
