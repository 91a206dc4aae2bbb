/**
 * The analyzer's calls: analyse, and the address look-ups (suggestions for the Street field,
 * coordinates for the map); the results' own calls are in results.ts. The mutation is a hook that
 * keeps the cache right (the user's free searches, the analysis history), and the screen adds what
 * the user sees (toasts, popups) through `mutate`'s callbacks.
 */
import {
  addressSuggestionsResponseSchema,
  analysisResponseSchema,
  mapPointSchema,
  type PropertyInput,
  propertyRecordSchema,
} from '@sfr/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { refreshCurrentUser } from '../account/session';
import { analysisKeys } from '../analyses/queries';

const addressKeys = {
  suggestions: (query: string) => ['address', 'suggest', query] as const,
  geocode: (address: string) => ['address', 'geocode', address] as const,
};

/** POST /api/create_property: spends a free search (401 for guests, 402 when none are left). */
export function analyzeProperty(input: PropertyInput) {
  return apiPost('/api/create_property', analysisResponseSchema, input);
}

/**
 * Analyses a property; the user is read again afterwards (a free search was spent, or the session
 * ended). The new analysis is cached under its id, so opening `/?analysis=<id>` asks nothing, and
 * the recent list is read again.
 */
export function useAnalyzeProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeProperty,
    onSuccess: (analysis) => {
      queryClient.setQueryData(analysisKeys.detail(analysis.analysis_id), analysis);
      void queryClient.invalidateQueries({ queryKey: analysisKeys.lists });
    },
    onSettled: () => refreshCurrentUser(queryClient),
  });
}

/** Suggestions for what the user typed in Street; the caller debounces and decides when to ask. */
export const addressSuggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: addressKeys.suggestions(query),
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
    queryKey: addressKeys.geocode(address),
    queryFn: ({ signal }) =>
      apiGet(`/api/address/geocode?address=${encodeURIComponent(address)}`, mapPointSchema, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * GET /api/property_record: the live provider's record of the address (rooms, size, age, tax bill).
 * Asked only when the user clicks, since each lookup is paid for; 404 when there is none.
 */
export function fetchPropertyRecord(address: string) {
  return apiGet(`/api/property_record?address=${encodeURIComponent(address)}`, propertyRecordSchema);
}
