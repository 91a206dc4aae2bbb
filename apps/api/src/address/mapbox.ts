/**
 * Address suggestions and geocoding from the Mapbox Geocoding API v6, forward endpoint:
 *
 *   GET https://api.mapbox.com/search/geocode/v6/forward?q=…&access_token=…&country=us
 *       &types=address&autocomplete=true&limit=5[&proximity=lng,lat]
 *
 * Documented request limits: `q` is URL-encoded, at most 256 characters and 20 words, and may not
 * contain ';'; `limit` is 1–10 (default 5); `proximity` is 'lng,lat' or 'ip'. The answer is a
 * GeoJSON FeatureCollection; each feature has `geometry.coordinates` [lng, lat] and `properties`
 * with `feature_type`, `name`, `full_address`, `place_formatted`, `coordinates` {longitude,
 * latitude} and a `context` object keyed by feature type: `address` {address_number,
 * street_name, name}, `street`, `neighborhood`, `postcode`, `locality`, `place`, `district`,
 * `region` {region_code, region_code_full}, `country` {country_code}; each entry has a `name`.
 *
 * Temporary geocoding results may not be stored; pass `permanent: true` (a separately billed
 * Mapbox permission) if the coordinates are saved.
 */
import type { AddressSuggestion } from '@sfr/contracts';
import { z } from 'zod';
import type { Config } from '../config.js';
import { getJson, parseWith } from '../outbound/client.js';

export type { AddressSuggestion };

export interface SuggestOptions {
  /** How many suggestions, 1–10 (default 5). */
  limit?: number;
  /** Rank results near this point first, or near the caller's IP address. */
  proximity?: { lat: number; lng: number } | 'ip';
}

/** Address search; the live adapter below or an offline default. */
export interface GeocodingProvider {
  readonly name: string;
  suggest(query: string, opts?: SuggestOptions): Promise<AddressSuggestion[]>;
  geocode(address: string): Promise<{ lat: number; lng: number } | null>;
}

export interface MapboxOptions {
  accessToken: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Ask for permanent geocoding (required by Mapbox's terms to store results). */
  permanent?: boolean;
}

const PROVIDER = 'mapbox';
export const MAPBOX_LIMIT = { min: 1, max: 10, default: 5 } as const;
const MAX_QUERY_LENGTH = 256;

const named = z.object({ name: z.string() });

const contextSchema = z.object({
  address: z
    .object({
      name: z.string().optional(),
      address_number: z.string().optional(),
      street_name: z.string().optional(),
    })
    .optional(),
  street: named.optional(),
  postcode: named.optional(),
  locality: named.optional(),
  place: named.optional(),
  district: named.optional(),
  region: named
    .extend({ region_code: z.string().optional(), region_code_full: z.string().optional() })
    .optional(),
});

const featureSchema = z.object({
  geometry: z
    .object({
      coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()),
    })
    .nullish(),
  properties: z.object({
    feature_type: z.string().optional(),
    name: z.string().optional(),
    full_address: z.string().optional(),
    place_formatted: z.string().optional(),
    context: contextSchema.optional(),
  }),
});

const forwardSchema = z.object({ features: z.array(featureSchema) });

type Feature = z.output<typeof featureSchema>;

/** '1100 Congress Avenue, Austin, Texas 78701' → a form-ready suggestion, or null if incomplete. */
function toSuggestion(feature: Feature): AddressSuggestion | null {
  const { properties, geometry } = feature;
  const context = properties.context ?? {};
  const zipcode = context.postcode?.name.trim() ?? '';
  const state_code = (context.region?.region_code ?? context.region?.region_code_full?.split('-').pop() ?? '')
    .trim()
    .toUpperCase();
  if (zipcode === '' || !/^[A-Z]{2}$/.test(state_code)) return null;

  const address = context.address;
  const street =
    address?.address_number && address.street_name
      ? `${address.address_number} ${address.street_name}`
      : (address?.name ?? context.street?.name ?? properties.name ?? '');
  if (street === '') return null;

  const city = context.place?.name ?? context.locality?.name ?? '';
  const [lng, lat] = geometry?.coordinates ?? [null, null];
  return {
    label: properties.full_address ?? [street, properties.place_formatted].filter(Boolean).join(', '),
    street,
    city,
    zipcode,
    state_code,
    county_name: context.district?.name ?? '',
    lat: lat ?? null,
    lng: lng ?? null,
  };
}

/** The documented `q` rules: no ';' and at most 256 characters. */
function cleanQuery(query: string): string {
  return query.replace(/;/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();
}

export function mapboxProvider(options: MapboxOptions): GeocodingProvider {
  const { accessToken, baseUrl = 'https://api.mapbox.com', timeoutMs = 4000, permanent = false } = options;

  async function forward(q: string, params: Record<string, string>): Promise<Feature[]> {
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}/search/geocode/v6/forward`);
    url.searchParams.set('q', q);
    url.searchParams.set('access_token', accessToken);
    url.searchParams.set('country', 'us');
    url.searchParams.set('types', 'address');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    if (permanent) url.searchParams.set('permanent', 'true');
    const body = await getJson(url, { provider: PROVIDER, timeoutMs });
    return parseWith(PROVIDER, forwardSchema, body).features;
  }

  return {
    name: PROVIDER,

    async suggest(query, opts = {}) {
      const q = cleanQuery(query);
      if (q === '') return [];
      const requested = Math.round(opts.limit ?? MAPBOX_LIMIT.default);
      const limit = Number.isFinite(requested)
        ? Math.min(MAPBOX_LIMIT.max, Math.max(MAPBOX_LIMIT.min, requested))
        : MAPBOX_LIMIT.default;
      const params: Record<string, string> = { autocomplete: 'true', limit: String(limit) };
      const { proximity } = opts;
      if (proximity === 'ip') params.proximity = 'ip';
      else if (proximity && Number.isFinite(proximity.lat) && Number.isFinite(proximity.lng)) {
        params.proximity = `${proximity.lng},${proximity.lat}`;
      }
      const features = await forward(q, params);
      return features.map(toSuggestion).filter((s): s is AddressSuggestion => s !== null);
    },

    async geocode(address) {
      const q = cleanQuery(address);
      if (q === '') return null;
      const features = await forward(q, { autocomplete: 'false', limit: '1' });
      const coordinates = features.find((f) => f.geometry)?.geometry?.coordinates;
      return coordinates ? { lat: coordinates[1], lng: coordinates[0] } : null;
    },
  };
}

/** Mapbox's geocoder when MAPBOX_ACCESS_TOKEN is set; else none (suggestions come from the ZIP table). */
export function geocoderFromConfig(config: Config): GeocodingProvider | undefined {
  return config.MAPBOX_ACCESS_TOKEN
    ? mapboxProvider({
        accessToken: config.MAPBOX_ACCESS_TOKEN,
        baseUrl: config.MAPBOX_BASE_URL,
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
      })
    : undefined;
}
