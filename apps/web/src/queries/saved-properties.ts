/**
 * The signed-in user's saved properties: query options for the list and one item, and the keys
 * every mutation that changes them (save, update metrics, delete) invalidates.
 */
import { savedPropertyListSchema, savedPropertySchema } from '@sfr/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet } from '../lib/api';

export const savedPropertyKeys = {
  all: ['saved-properties'] as const,
  list: () => [...savedPropertyKeys.all, 'list'] as const,
  detail: (id: string) => [...savedPropertyKeys.all, 'detail', id] as const,
};

/** Newest first, as the API sorts them. */
export const savedPropertiesQuery = () =>
  queryOptions({
    queryKey: savedPropertyKeys.list(),
    queryFn: async ({ signal }) =>
      (await apiGet('/api/saved_properties', savedPropertyListSchema, signal)).properties,
  });

export const savedPropertyQuery = (id: string) =>
  queryOptions({
    queryKey: savedPropertyKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet(`/api/saved_properties/${encodeURIComponent(id)}`, savedPropertySchema, signal),
  });

/** DELETE /api/saved_properties/:id. */
export function deleteSavedProperty(id: string) {
  return apiDelete(`/api/saved_properties/${encodeURIComponent(id)}`);
}

/**
 * Deleting a saved property: gone from the list at once, its own cache dropped, the list read again
 * from the API. `onDeleted` runs after the cache has changed (e.g. to move the focus).
 */
export function useDeleteSavedProperty({ onDeleted }: { onDeleted?: (id: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSavedProperty(id),
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData(savedPropertiesQuery().queryKey, (list) =>
        list?.filter((property) => property.id !== id),
      );
      queryClient.removeQueries({ queryKey: savedPropertyQuery(id).queryKey });
      onDeleted?.(id);
      await queryClient.invalidateQueries({ queryKey: savedPropertyKeys.list() });
    },
    // product spec §8: a failed delete is only logged; the item simply stays in the list
    onError: (error, id) => console.warn(`deleting saved property ${id} failed`, error),
  });
}
