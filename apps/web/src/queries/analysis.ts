/**
 * The analyzer's calls: analyse, recompute with edited metrics, save, and the address look-ups
 * (suggestions for the Street field, coordinates for the map). Query keys live only here.
 */
import {
  addressSuggestionsResponseSchema,
  analysisResponseSchema,
  mapPointSchema,
  type PropertyInput,
  type PropertyWithMetrics,
  savedPropertySchema,
} from '@sfr/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../lib/api';

export const analysisKeys = {
  suggestions: (query: string) => ['address', 'suggest', query] as const,
  geocode: (address: string) => ['address', 'geocode', address] as const,
};

/** POST /api/create_property: spends a free search (401 for guests, 402 when none are left). */
export function analyzeProperty(input: PropertyInput) {
  return apiPost('/api/create_property', analysisResponseSchema, input);
}

/** POST /api/update_metrics: the server recomputes and overwrites a matching saved copy. */
export function updateMetrics(property: PropertyWithMetrics) {
  return apiPost('/api/update_metrics', analysisResponseSchema, { property });
}

/** POST /api/saved_properties: 201 with the saved copy, 409 when the address is already saved. */
export function saveProperty(property: PropertyWithMetrics) {
  return apiPost('/api/saved_properties', savedPropertySchema, { property });
}

/** Suggestions for what the user typed in Street; the caller debounces and decides when to ask. */
export const addressSuggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: analysisKeys.suggestions(query),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `/api/address/suggest?q=${encodeURIComponent(query)}`,
          addressSuggestionsResponseSchema,
          signal,
        )
      ).suggestions,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The address's coordinates; 404 when it cannot be located (not retried: the answer will not change). */
export const geocodeQuery = (address: string) =>
  queryOptions({
    queryKey: analysisKeys.geocode(address),
    queryFn: ({ signal }) =>
      apiGet(`/api/address/geocode?address=${encodeURIComponent(address)}`, mapPointSchema, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
