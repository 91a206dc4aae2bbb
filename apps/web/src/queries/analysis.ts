/**
 * The analyzer's calls: analyse, recompute with edited metrics, save, and the address look-ups
 * (suggestions for the Street field, coordinates for the map). Query keys live only here; the
 * mutations are hooks that keep the cache right (the user's free searches, the saved list), and
 * the screens add what the user sees (toasts, popups) through `mutate`'s callbacks.
 */
import {
  addressSuggestionsResponseSchema,
  analysisResponseSchema,
  mapPointSchema,
  type PropertyInput,
  type PropertyWithMetrics,
  type SaveAnalysisRequest,
  type SavedProperty,
  savedPropertySchema,
  type UpdateMetricsRequest,
} from '@sfr/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { findSavedCopy } from '../components/results/saved-match';
import { apiGet, apiPost } from '../lib/api';
import { savedPropertiesQuery, savedPropertyKeys } from './saved-properties';
import { refreshCurrentUser } from './session';

export const analysisKeys = {
  suggestions: (query: string) => ['address', 'suggest', query] as const,
  geocode: (address: string) => ['address', 'geocode', address] as const,
};

/** POST /api/create_property: spends a free search (401 for guests, 402 when none are left). */
export function analyzeProperty(input: PropertyInput) {
  return apiPost('/api/create_property', analysisResponseSchema, input);
}

/**
 * POST /api/update_metrics: the server recomputes the named analysis with the edited metrics and
 * its stored market facts, and overwrites a matching saved copy.
 */
export function updateMetrics(request: UpdateMetricsRequest) {
  return apiPost('/api/update_metrics', analysisResponseSchema, request);
}

/**
 * POST /api/saved_properties: saves the analysis with the metrics on screen (recomputed by the
 * server); 201 with the saved copy, 409 when the address is already saved.
 */
export function saveAnalysis(request: SaveAnalysisRequest) {
  return apiPost('/api/saved_properties', savedPropertySchema, request);
}

/** Analyses a property; the user is read again afterwards (a free search was spent, or the session ended). */
export function useAnalyzeProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeProperty,
    onSettled: () => refreshCurrentUser(queryClient),
  });
}

/** Recomputes on the server, which overwrites the user's saved copy of that address, if any. */
export function useUpdateMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMetrics,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedPropertyKeys.all }),
  });
}

/**
 * Saves a property with its metrics; resolves to null, writing nothing, when the address is
 * already saved (spec §4; the API's 409 covers a race between two tabs).
 */
export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      analysisId,
      property,
    }: {
      analysisId: string;
      property: PropertyWithMetrics;
    }): Promise<SavedProperty | null> => {
      const saved = await queryClient.fetchQuery(savedPropertiesQuery()).catch(() => []);
      if (findSavedCopy(saved, property)) return null;
      return saveAnalysis({ analysis_id: analysisId, metrics: property.metrics });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedPropertyKeys.all }),
  });
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
