/**
 * The signed-in user's saved properties: the list a page of summaries at a time, one item whole,
 * and the keys every mutation that changes them (save, update metrics, delete) invalidates.
 */
import { type SavedPropertyList, savedPropertyListSchema, savedPropertySchema } from '@sfr/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiGet } from '../../lib/api';

export const savedPropertyKeys = {
  all: ['saved-properties'] as const,
  list: () => [...savedPropertyKeys.all, 'list'] as const,
  detail: (id: string) => [...savedPropertyKeys.all, 'detail', id] as const,
};

/** Summaries a page holds: a screenful of cards. */
export const SAVED_PAGE_SIZE = 20;

/** Newest first, as the API sorts them, a page at a time (`next_cursor` asks for the next). */
export const savedPropertiesQuery = () =>
  infiniteQueryOptions({
    queryKey: savedPropertyKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `/api/saved_properties?limit=${SAVED_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        savedPropertyListSchema,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The pages loaded so far as one list, and a way to load the next. */
export function useSavedProperties() {
  const query = useInfiniteQuery(savedPropertiesQuery());
  return {
    ...query,
    properties: query.data?.pages.flatMap((page) => page.properties) ?? [],
  };
}

export const savedPropertyQuery = (id: string) =>
  queryOptions({
    queryKey: savedPropertyKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet(`/api/saved_properties/${encodeURIComponent(id)}`, savedPropertySchema, signal),
  });

/**
 * Rewrites the rows of the saved list the cache holds, page by page, so a page visited again shows
 * a change at once (a delete drops a row; a share link marks one).
 */
export function editCachedSavedList(
  queryClient: QueryClient,
  edit: (properties: SavedPropertyList['properties']) => SavedPropertyList['properties'],
) {
  queryClient.setQueryData<InfiniteData<SavedPropertyList, string | null>>(
    savedPropertyKeys.list(),
    (list) =>
      list
        ? { ...list, pages: list.pages.map((page) => ({ ...page, properties: edit(page.properties) })) }
        : list,
  );
}

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
      editCachedSavedList(queryClient, (properties) => properties.filter((property) => property.id !== id));
      queryClient.removeQueries({ queryKey: savedPropertyQuery(id).queryKey });
      onDeleted?.(id);
      await queryClient.invalidateQueries({ queryKey: savedPropertyKeys.list() });
    },
    // product spec §8: a failed delete is only logged; the item simply stays in the list
    onError: (error, id) => console.warn(`deleting saved property ${id} failed`, error),
  });
}
