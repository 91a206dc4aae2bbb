/** The address look-ups behind the analyzer's Street field and its map (GET /api/address/…). */
import { z } from './zod.js';

/** One address the user can pick: the analyzer form's fields, plus a point when one is known. */
export const addressSuggestionSchema = z.object({
  label: z.string(),
  street: z.string(),
  city: z.string(),
  zipcode: z.string(),
  state_code: z.string(),
  county_name: z.string(),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
});

export type AddressSuggestion = z.output<typeof addressSuggestionSchema>;

/** GET /api/address/suggest?q=: Mapbox's suggestions when configured, else ZIPs and cities. */
export const addressSuggestionsResponseSchema = z.object({
  suggestions: z.array(addressSuggestionSchema),
  source: z.enum(['mapbox', 'offline']),
});

/** GET /api/address/geocode?address=: where the map puts its marker. */
/** Where the map pins a property: `address` from a geocoder, `zip` its ZIP code's centre (offline). */
export const mapPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  precision: z.enum(['address', 'zip']),
});

export type MapPoint = z.output<typeof mapPointSchema>;
