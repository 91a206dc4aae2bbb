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
 */
import { z } from 'zod';
import { getJson, ProviderError, parseWith } from '../../http/outbound.js';
import type { MarketRentProvider } from './market-rent.js';

const PROVIDER = 'rentcast';
export const RENTCAST_SOURCE = 'RentCast long-term rent estimate (AVM)';

export interface RentcastOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** The clock for `vintage`; tests pin it. */
  now?: () => Date;
}

const dollars = z.number().nonnegative();

/** The fields we use from an estimate; the rest (subject property, each comparable's details) is not checked. */
const estimateSchema = z.object({
  rent: z.number().positive(),
  rentRangeLow: dollars.nullish(),
  rentRangeHigh: dollars.nullish(),
  comparables: z.array(z.object({ distance: z.number().nonnegative().nullish() }).loose()).nullish(),
});

export function rentcastProvider(options: RentcastOptions): MarketRentProvider {
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

      return {
        value: Math.round(estimate.rent),
        ...(low !== null &&
          high !== null &&
          low <= estimate.rent &&
          estimate.rent <= high && { range: { low: Math.round(low), high: Math.round(high) } }),
        samples: comparables.length,
        ...(distances.length > 0 && { radius_miles: Math.max(...distances) }),
        source: RENTCAST_SOURCE,
        vintage: now().toISOString().slice(0, 10),
      };
    },
  };
}
