import type { RentComparable } from '@sfr/contracts';

/**
 * What a live market-rent provider (RentCast, Rentometer) answers, so the service can try them in
 * order and fall back to the offline estimate.
 */

export interface MarketRentQuery {
  /** The full address as typed: 'Street, City, ST 12345'. */
  address: string;
  /** Bedrooms per unit. */
  bedrooms: number;
  baths?: number;
  lat?: number | null;
  lng?: number | null;
  /** Units in the building (1 for a single-family house); a provider may filter by property type. */
  units?: number;
  /** Living area in square feet, when the user gave it. */
  squareFeet?: number;
}

/** A live market rent for one unit of the property. */
export interface LiveMarketRent {
  /** Monthly rent in dollars. */
  value: number;
  /** The provider's low–high band around `value`, when it gives one. */
  range?: { low: number; high: number };
  mean?: number;
  /** How many comparable rentals the figure rests on. */
  samples?: number;
  radius_miles?: number;
  /** The rentals the figure rests on, nearest first, when the provider lists them. */
  comparables?: RentComparable[];
  /** Where the number came from, as shown to the user. */
  source: string;
  /** The date the number was fetched, YYYY-MM-DD (UTC). */
  vintage: string;
}

/** A source of live market rent for an address. */
export interface MarketRentProvider {
  /** Machine name, used in error messages: 'rentcast'. */
  readonly name: string;
  /** The provider as an investor knows it: 'RentCast'. */
  readonly label: string;
  marketRent(q: MarketRentQuery): Promise<LiveMarketRent>;
}
