/**
 * Read-only links to a saved property (issue 14 §5): create and revoke them (the owner), and open
 * one (anyone with the link, signed in or not).
 */
import { sharedAnalysisSchema, shareLinkSchema } from '@sfr/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../lib/api';
import { editCachedSavedList } from '../saved/queries';

const sharePath = (savedId: string) => `/api/saved_properties/${encodeURIComponent(savedId)}/share`;

/** The shared analysis behind a token; an unknown or revoked token is a 404 ApiRequestError. */
export const sharedAnalysisQuery = (token: string) =>
  queryOptions({
    queryKey: ['shared', token] as const,
    queryFn: ({ signal }) => apiGet(`/api/shared/${encodeURIComponent(token)}`, sharedAnalysisSchema, signal),
    // a revoked link must not be served from a cache
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The saved list's card says whether a link is on: a page visited again reads it from the cache. */
function markShared(queryClient: QueryClient, savedId: string, shared: boolean) {
  editCachedSavedList(queryClient, (properties) =>
    properties.map((p) => (p.id === savedId ? { ...p, shared } : p)),
  );
}

/** POST …/share → the link (shown once: the API keeps only its hash). */
export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (savedId: string) => (await apiPost(sharePath(savedId), shareLinkSchema)).url,
    onSuccess: (_url, savedId) => markShared(queryClient, savedId, true),
  });
}

/** DELETE …/share turns off every link to the property; the API answers 204. */
export function useRevokeShareLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (savedId: string) => apiDelete(sharePath(savedId)),
    onSuccess: (_none, savedId) => markShared(queryClient, savedId, false),
  });
}
