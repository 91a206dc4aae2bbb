/**
 * Address suggestions and geocoding. Mapbox when a token is configured (falling back to the offline
 * answer if it fails); otherwise the ZIPs and cities of the imported crosswalk and gazetteer.
 */
import type { MapPoint } from '@sfr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketRepository } from '../market/store/repository.js';
import { ProviderError } from '../outbound/client.js';
import type { AddressSuggestion, GeocodingProvider } from './mapbox.js';

const ZIP = /\b(\d{5})(?:-\d{4})?\b/;

export interface AddressServiceDeps {
  repository: MarketRepository;
  geocoder?: GeocodingProvider;
  log: FastifyBaseLogger;
}

export type AddressService = ReturnType<typeof createAddressService>;

export function createAddressService({ repository, geocoder, log }: AddressServiceDeps) {
  /**
   * Offline: a typed street ("1100 Congress Ave, Austin") is kept as the street, and the rest (a ZIP,
   * or a city with an optional state) is matched against the crosswalk.
   */
  async function offlineSuggest(query: string): Promise<AddressSuggestion[]> {
    const parts = query.split(',').map((part) => part.trim());
    const street = parts.length > 1 && /^\d/.test(parts[0] ?? '') ? (parts.shift() ?? '') : '';
    const zip = ZIP.exec(query)?.[1];
    const place = zip ?? parts.join(', ');
    if (place.length < 2) return [];
    const rows = await repository.suggest(place, 8);
    return rows.map((row) => ({
      label: [street, `${titleCase(row.city)}, ${row.state_code} ${row.zipcode}`].filter(Boolean).join(', '),
      street,
      city: titleCase(row.city),
      zipcode: row.zipcode,
      state_code: row.state_code,
      county_name: row.county_name ?? '',
      lat: row.lat,
      lng: row.lng,
    }));
  }

  return {
    async suggest(
      query: string,
    ): Promise<{ suggestions: AddressSuggestion[]; source: 'mapbox' | 'offline' }> {
      if (geocoder) {
        try {
          return { suggestions: await geocoder.suggest(query), source: 'mapbox' };
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          log.warn({ err: error.message }, 'live address suggestions failed; answering offline');
        }
      }
      return { suggestions: await offlineSuggest(query), source: 'offline' };
    },

    /** The address's coordinates, or its ZIP's centre offline (and says which); null when neither is known. */
    async geocode(address: string): Promise<MapPoint | null> {
      if (geocoder) {
        try {
          const point = await geocoder.geocode(address);
          if (point) return { ...point, precision: 'address' };
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          log.warn({ err: error.message }, 'live geocoding failed; answering offline');
        }
      }
      const zip = ZIP.exec(address)?.[1];
      if (!zip) return null;
      const rows = await repository.findZip(zip);
      const { lat, lng } = rows?.zip ?? { lat: null, lng: null };
      return lat === null || lng === null ? null : { lat, lng, precision: 'zip' };
    },
  };
}

/** 'SAN ANTONIO' → 'San Antonio' (the crosswalk's USPS city names are upper case). */
function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}
