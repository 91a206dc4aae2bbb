/**
 * Who is signed in and what the server allows, as query options shared by route loaders and
 * components (their keys live only here).
 */
import { publicConfigSchema, type SessionUser, sessionResponseSchema } from '@sfr/contracts';
import { hashKey, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiRequestError, apiGet } from '../../lib/api';
import { toast } from '../../ui/toast';

export const sessionKeys = {
  me: ['session', 'me'] as const,
  config: ['public-config'] as const,
};

/** The signed-in user, or null for a guest (`/api/auth/session` answers both with a 200). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async ({ signal }): Promise<SessionUser | null> =>
      (await apiGet('/api/auth/session', sessionResponseSchema, signal)).user,
    staleTime: 30_000,
  });

/** The server changed the user record (a search spent, email verified, subscription): read it again. */
export function refreshCurrentUser(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sessionKeys.me });
}

/**
 * The session is over (signed out, everywhere or here, or the account deleted): the user becomes a
 * guest at once, for every component watching who is signed in (the navbar), and nothing a
 * signed-in user loaded stays. `clear()` alone left the navbar's query detached, still signed in.
 */
export function forgetSignedInUser(queryClient: QueryClient) {
  queryClient.setQueryData(sessionKeys.me, null);
  const me = hashKey(sessionKeys.me);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== me });
  queryClient.getMutationCache().clear();
}

export const SESSION_ENDED =
  'You are signed out: your session ended on another device, or the account was deleted. Please log in again.';

/**
 * Any request answered "not signed in" while the page thinks someone is (another tab or device
 * signed out everywhere or deleted the account): say so once and become a guest, rather than show
 * each failed request's own error (QA: Save said "try again later", which could never work).
 */
export function endSessionOnUnauthenticated(queryClient: QueryClient, error: unknown) {
  if (!(error instanceof ApiRequestError) || error.code !== 'UNAUTHENTICATED') return;
  if (!queryClient.getQueryData(sessionKeys.me)) return;
  forgetSignedInUser(queryClient);
  toast.error(SESSION_ENDED);
}

/** Public server settings (map token, Google sign-in, billing mode, video URL); fixed for a page's life. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: sessionKeys.config,
    queryFn: ({ signal }) => apiGet('/api/config', publicConfigSchema, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
