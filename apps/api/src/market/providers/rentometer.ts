/**
 * Market rent from Rentometer's Summary API (a paid Pro-plan API; each call costs one credit).
 *
 *   GET https://www.rentometer.com/api/v1/summary?api_key=…&address=…&bedrooms=2[&baths=1.5%2B]
 *
 * Documented parameters: `api_key`; `address` (a full street address) or `latitude` +
 * `longitude`; `bedrooms` (an integer: 1–4 in the original spec page, 0–6 in the current docs);
 * optional `baths` ('1' = exactly one bathroom, '1.5+'), `building_type` ('apartment' | 'house')
 * and `look_back_days`. The JSON answer carries `mean`, `median`, `min`, `max`,
 * `percentile_25`, `percentile_75`, `std_dev`, `samples`, `radius_miles`, `quickview_url` and
 * `credits_remaining`, plus an echo of the request (`address`, `latitude`, `longitude` as strings,
 * `bedrooms`, `baths`, `building_type`). Errors come back as non-2xx statuses (401 bad key or no
 * subscription, 402 out of credits, 404 address not found, 422 not enough comparables).
 */
import { z } from 'zod';
import { getJson, ProviderError, parseWith } from '../../outbound/client.js';
import type { MarketRentProvider } from './market-rent.js';

export type { LiveMarketRent, MarketRentProvider, MarketRentQuery } from './market-rent.js';

export interface RentometerOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** The clock for `vintage`; tests pin it. */
  now?: () => Date;
}

const PROVIDER = 'rentometer';
export const RENTOMETER_SOURCE = 'Rentometer summary API (median)';

/** The bedroom counts the Summary API accepts (current docs: an integer 0–6). */
export const RENTOMETER_BEDROOMS = { min: 0, max: 6 } as const;

const rent = z.number().nonnegative();

/** The fields we use from a Summary answer; the request echo and the rest are not checked. */
const summarySchema = z.object({
  median: z.number().positive(),
  mean: rent.nullish(),
  min: rent.nullish(),
  max: rent.nullish(),
  percentile_25: rent.nullish(),
  percentile_75: rent.nullish(),
  std_dev: rent.nullish(),
  samples: z.number().int().nonnegative().nullish(),
  radius_miles: z.number().nonnegative().nullish(),
  quickview_url: z.string().nullish(),
});

/** The documented `baths` filter for a bathroom count: '1' for one, '1.5+' for more. */
export function rentometerBaths(baths: number | undefined): '1' | '1.5+' | undefined {
  if (baths === undefined || !Number.isFinite(baths) || baths <= 0) return undefined;
  return baths >= 1.5 ? '1.5+' : '1';
}

/** A whole bedroom count within what Rentometer accepts. */
export function rentometerBedrooms(bedrooms: number): number {
  const whole = Math.round(bedrooms);
  return Math.min(RENTOMETER_BEDROOMS.max, Math.max(RENTOMETER_BEDROOMS.min, whole));
}

export function rentometerProvider(options: RentometerOptions): MarketRentProvider {
  const {
    apiKey,
    baseUrl = 'https://www.rentometer.com',
    timeoutMs = 4000,
    now = () => new Date(),
  } = options;

  return {
    name: PROVIDER,
    label: 'Rentometer',

    async marketRent(q) {
      if (!Number.isFinite(q.bedrooms)) {
        throw new ProviderError(PROVIDER, 'bedrooms must be a number', undefined, { kind: 'input' });
      }
      const address = q.address.trim();
      const hasPoint = q.lat != null && q.lng != null && Number.isFinite(q.lat) && Number.isFinite(q.lng);
      if (address === '' && !hasPoint) {
        throw new ProviderError(PROVIDER, 'an address or a latitude and longitude is required', undefined, {
          kind: 'input',
        });
      }

      const bedrooms = rentometerBedrooms(q.bedrooms);
      const url = new URL(`${baseUrl.replace(/\/+$/, '')}/api/v1/summary`);
      url.searchParams.set('api_key', apiKey);
      // The docs take an address OR a point; the address is what the user typed, so it wins.
      if (address !== '') url.searchParams.set('address', address);
      else {
        url.searchParams.set('latitude', String(q.lat));
        url.searchParams.set('longitude', String(q.lng));
      }
      url.searchParams.set('bedrooms', String(bedrooms));
      const baths = rentometerBaths(q.baths);
      if (baths) url.searchParams.set('baths', baths);

      const body = await getJson(url, { provider: PROVIDER, timeoutMs });
      const summary = parseWith(PROVIDER, summarySchema, body);

      const source =
        bedrooms === q.bedrooms
          ? RENTOMETER_SOURCE
          : `${RENTOMETER_SOURCE}; ${bedrooms}-bedroom comparables used for ${q.bedrooms} bedrooms ` +
            `(Rentometer accepts ${RENTOMETER_BEDROOMS.min}–${RENTOMETER_BEDROOMS.max})`;

      return {
        value: summary.median,
        // the interquartile range of the comparables, when Rentometer gives both quartiles
        ...(summary.percentile_25 != null &&
          summary.percentile_75 != null && {
            range: { low: summary.percentile_25, high: summary.percentile_75 },
          }),
        ...(summary.mean != null && { mean: summary.mean }),
        ...(summary.samples != null && { samples: summary.samples }),
        ...(summary.radius_miles != null && { radius_miles: summary.radius_miles }),
        source,
        vintage: now().toISOString().slice(0, 10),
      };
    },
  };
}
