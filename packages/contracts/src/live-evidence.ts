/**
 * The evidence a live provider gives (market_data.comparables and property_record), as the results
 * page and the report word it: the rentals behind the rent estimate, and the record's tax bill
 * beside our investor estimate.
 */
import type { MarketData } from './analysis.js';
import { formatWholeNumber, formatWholeDollars as usd } from './format.js';
import type { PropertyRecord, RentComparable } from './property-record.js';

const DASH = '—';

export interface ComparableRow {
  key: string;
  address: string;
  distance: string;
  bedrooms: string;
  bathrooms: string;
  rent: string;
  /** 'listed 25 days; seen 2026-11-22' */
  listed: string;
}

/** One row per comparable, in the provider's order (nearest first); a missing field is a dash. */
export function comparableRows(comparables: readonly RentComparable[]): ComparableRow[] {
  return comparables.map((c, i) => ({
    key: `${i}-${c.address}`,
    address: c.address,
    distance: c.distance_miles === null ? DASH : `${c.distance_miles.toFixed(2)} mi`,
    bedrooms: c.bedrooms === null ? DASH : String(c.bedrooms),
    bathrooms: c.bathrooms === null ? DASH : String(c.bathrooms),
    rent: usd(c.rent),
    listed:
      [
        c.days_on_market === null
          ? null
          : `listed ${c.days_on_market} day${c.days_on_market === 1 ? '' : 's'}`,
        c.last_seen === null ? null : `seen ${c.last_seen}`,
      ]
        .filter(Boolean)
        .join('; ') || DASH,
  }));
}

/** 'RentCast long-term rent estimate (AVM): $2,950 a month, range $2,600 – $3,300.' for a live rent; else null. */
export function liveRentLine(marketData: Pick<MarketData, 'figures'>): string | null {
  const rent = marketData.figures.rentometer_rent;
  if (rent?.tier !== 'live' || typeof rent.value !== 'number') return null;
  const range = rent.range ? `, range ${usd(rent.range.low)} – ${usd(rent.range.high)}` : '';
  return `${rent.source}: ${usd(rent.value)} a month${range}.`;
}

/**
 * The record's latest tax bill beside the yearly tax the analysis uses. The bill is the seller's,
 * at the assessment they hold; where a sale resets it, the buyer's bill follows the price.
 *
 * @example taxBillLine({ tax_bill: { year: 2024, total: 2984 }, … }, 5250)
 *   → 'Tax bill 2024: $2,984 (RentCast property record, 2026-11-26), the seller's at the current assessment. This analysis uses $5,250 a year, $2,266 more: …'
 */
export function taxBillLine(record: PropertyRecord, yearlyTax: number): string | null {
  if (!record.tax_bill) return null;
  const { year, total } = record.tax_bill;
  const gap = yearlyTax - total;
  const compare =
    Math.abs(gap) < 1
      ? 'the same'
      : `${usd(Math.abs(gap))} ${gap > 0 ? 'more' : 'less'}: where a sale resets the assessment, a buyer pays on the price, which is what our estimate does; check the county's rule`;
  return `Tax bill ${year}: ${usd(total)} (${record.source}, ${record.vintage}), the seller's at the current assessment. This analysis uses ${usd(yearlyTax)} a year, ${compare}.`;
}

/** 'Record: 3 bedrooms, 2 bathrooms, 1,878 sq ft, built 1973.' from what the record has; null when it has none. */
export function recordFactsLine(record: PropertyRecord): string | null {
  const facts = [
    record.bedrooms === null ? null : `${record.bedrooms} bedrooms`,
    record.bathrooms === null ? null : `${record.bathrooms} bathrooms`,
    record.square_feet === null ? null : `${formatWholeNumber(record.square_feet)} sq ft`,
    record.year_built === null ? null : `built ${record.year_built}`,
  ].filter(Boolean);
  return facts.length > 0 ? `Record: ${facts.join(', ')}.` : null;
}
