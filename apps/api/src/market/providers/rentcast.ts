/**
 * Market rent from RentCast's long-term rent estimate (developers.rentcast.io, "Rent Estimate
 * (Long-Term)"; each call counts against the plan's monthly requests).
 *
 *   GET https://api.rentcast.io/v1/avm/rent/long-term?address=…&bedrooms=2&bathrooms=1.5
 *   X-Api-Key: …
 *
 * Documented parameters: `address` ('Street, City, State, Zip') or `latitude` + `longitude`;
 * optional `propertyType` ('Single Family', 'Condo', 'Townhouse', 'Manufactured', 'Multi-Family',
 * 'Apartment'), `bedrooms` (0 = studio), `bathrooms` (fractions allowed), `squareFootage`,
 * `maxRadius`, `daysOld`, `compCount` (5–25, default 15). The JSON answer carries `rent`,
 * `rentRangeLow`, `rentRangeHigh`, `latitude`, `longitude` and `comparables` (the rentals the
 * estimate rests on, each with `formattedAddress`, `price`, `distance`, `correlation`, …). Errors
 * are non-2xx statuses with a JSON `message`: 400 bad parameters, 401 missing or invalid key or no
 * active subscription, 404 no estimate for the address, 429 too many requests, 5xx.
 *
 * Property records ("Property Records"): GET …/properties?address=… answers an array of records
 * (empty, or 404, when there is none), each with `formattedAddress`, `bedrooms`, `bathrooms`,
 * `squareFootage`, `yearBuilt` and `propertyTaxes` keyed by year ({ "2024": { year, total } }).
 * Any of them may be missing.
 */
import type { PropertyRecord, RentComparable } from '@sfr/contracts';
import { z } from 'zod';
import { getJson, ProviderError, parseWith } from '../../outbound/client.js';
import type { MarketRentProvider } from './market-rent.js';
import type { PropertyRecordProvider } from './property-record.js';

const PROVIDER = 'rentcast';
export const RENTCAST_SOURCE = 'RentCast long-term rent estimate (AVM)';
export const RENTCAST_RECORD_SOURCE = 'RentCast property record';

export interface RentcastOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** The clock for `vintage`; tests pin it. */
  now?: () => Date;
}

const dollars = z.number().nonnegative();
const count = z.number().nonnegative();

/** One comparable's fields we show; any may be missing. */
const comparableSchema = z
  .object({
    formattedAddress: z.string().nullish(),
    addressLine1: z.string().nullish(),
    price: z.number().nullish(),
    distance: count.nullish(),
    bedrooms: count.nullish(),
    bathrooms: count.nullish(),
    daysOnMarket: count.nullish(),
    lastSeenDate: z.string().nullish(),
  })
  .loose();

/** The fields we use from an estimate; the rest (subject property, comparables' other details) is not checked. */
const estimateSchema = z.object({
  rent: z.number().positive(),
  rentRangeLow: dollars.nullish(),
  rentRangeHigh: dollars.nullish(),
  comparables: z.array(comparableSchema).nullish(),
});

const recordSchema = z
  .object({
    formattedAddress: z.string().nullish(),
    bedrooms: count.nullish(),
    bathrooms: count.nullish(),
    squareFootage: count.nullish(),
    yearBuilt: z.number().int().nullish(),
    propertyTaxes: z
      .record(z.string(), z.object({ year: z.number().int(), total: dollars.nullish() }).loose())
      .nullish(),
  })
  .loose();
const recordsSchema = z.array(recordSchema);

/** 'YYYY-MM-DD…' → 'YYYY-MM-DD'; anything else → null. */
function isoDay(text: string | null | undefined): string | null {
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
}

/** The comparables we can show (an address and a rent), nearest first. */
function shownComparables(comparables: z.output<typeof comparableSchema>[]): RentComparable[] {
  return comparables
    .flatMap((c) => {
      const address = c.formattedAddress ?? c.addressLine1 ?? '';
      if (address.trim() === '' || c.price == null || !(c.price > 0)) return [];
      return [
        {
          address,
          distance_miles: c.distance == null ? null : Math.round(c.distance * 100) / 100,
          bedrooms: c.bedrooms ?? null,
          bathrooms: c.bathrooms ?? null,
          rent: Math.round(c.price),
          days_on_market: c.daysOnMarket ?? null,
          last_seen: isoDay(c.lastSeenDate),
        },
      ];
    })
    .sort((a, b) => (a.distance_miles ?? Infinity) - (b.distance_miles ?? Infinity));
}

/** The newest year's bill with a total. */
function latestTaxBill(taxes: z.output<typeof recordSchema>['propertyTaxes']): PropertyRecord['tax_bill'] {
  const bills = Object.values(taxes ?? {}).flatMap((bill) =>
    bill.total == null ? [] : [{ year: bill.year, total: Math.round(bill.total) }],
  );
  return bills.reduce<PropertyRecord['tax_bill']>(
    (latest, bill) => (!latest || bill.year > latest.year ? bill : latest),
    null,
  );
}

export function rentcastProvider(options: RentcastOptions): MarketRentProvider & PropertyRecordProvider {
  const {
    apiKey,
    baseUrl = 'https://api.rentcast.io/v1',
    timeoutMs = 4000,
    now = () => new Date(),
  } = options;

  return {
    name: PROVIDER,
    label: 'RentCast',

    async marketRent(q) {
      if (!Number.isInteger(q.bedrooms) || q.bedrooms < 0) {
        throw new ProviderError(PROVIDER, 'bedrooms must be a whole number from 0', undefined, {
          kind: 'input',
        });
      }
      const address = q.address.trim();
      const hasPoint = q.lat != null && q.lng != null && Number.isFinite(q.lat) && Number.isFinite(q.lng);
      if (address === '' && !hasPoint) {
        throw new ProviderError(PROVIDER, 'an address or a latitude and longitude is required', undefined, {
          kind: 'input',
        });
      }

      const url = new URL(`${baseUrl.replace(/\/+$/, '')}/avm/rent/long-term`);
      // The docs take an address OR a point; the address is what the user typed, so it wins.
      if (address !== '') url.searchParams.set('address', address);
      else {
        url.searchParams.set('latitude', String(q.lat));
        url.searchParams.set('longitude', String(q.lng));
      }
      url.searchParams.set('bedrooms', String(q.bedrooms));
      if (q.baths !== undefined && Number.isFinite(q.baths) && q.baths > 0) {
        url.searchParams.set('bathrooms', String(q.baths));
      }
      // Comparables of the same kind of building; a 2–4 unit house is asked for per unit, without a type.
      if (q.units === 1) url.searchParams.set('propertyType', 'Single Family');
      if (q.squareFeet !== undefined && q.units === 1)
        url.searchParams.set('squareFootage', String(q.squareFeet));

      const body = await getJson(url, {
        provider: PROVIDER,
        timeoutMs,
        headers: { 'X-Api-Key': apiKey },
        secrets: [apiKey],
      });
      const estimate = parseWith(PROVIDER, estimateSchema, body);
      const low = estimate.rentRangeLow ?? null;
      const high = estimate.rentRangeHigh ?? null;
      const comparables = estimate.comparables ?? [];
      const distances = comparables.flatMap((c) => (c.distance == null ? [] : [c.distance]));
      const shown = shownComparables(comparables);

      return {
        value: Math.round(estimate.rent),
        ...(low !== null &&
          high !== null &&
          low <= estimate.rent &&
          estimate.rent <= high && { range: { low: Math.round(low), high: Math.round(high) } }),
        samples: comparables.length,
        ...(distances.length > 0 && { radius_miles: Math.max(...distances) }),
        ...(shown.length > 0 && { comparables: shown }),
        source: RENTCAST_SOURCE,
        vintage: now().toISOString().slice(0, 10),
      };
    },

    async propertyRecord(address) {
      const line = address.trim();
      if (line === '') {
        throw new ProviderError(PROVIDER, 'an address is required', undefined, { kind: 'input' });
      }
      const url = new URL(`${baseUrl.replace(/\/+$/, '')}/properties`);
      url.searchParams.set('address', line);
      let body: unknown;
      try {
        body = await getJson(url, {
          provider: PROVIDER,
          timeoutMs,
          headers: { 'X-Api-Key': apiKey },
          secrets: [apiKey],
        });
      } catch (error) {
        // RentCast answers 404 when it has no record for the address: that is an answer, not a failure
        if (error instanceof ProviderError && error.status === 404) return null;
        throw error;
      }
      const record = parseWith(PROVIDER, recordsSchema, body)[0];
      if (!record) return null;
      return {
        address: record.formattedAddress ?? line,
        bedrooms: record.bedrooms ?? null,
        bathrooms: record.bathrooms ?? null,
        square_feet: record.squareFootage ?? null,
        year_built: record.yearBuilt ?? null,
        tax_bill: latestTaxBill(record.propertyTaxes),
        source: RENTCAST_RECORD_SOURCE,
        vintage: now().toISOString().slice(0, 10),
      };
    },
  };
}
