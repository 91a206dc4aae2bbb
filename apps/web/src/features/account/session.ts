/**
 * Who is signed in and what the server allows, as query options shared by route loaders and
 * components (their keys live only here).
 */
import { publicConfigSchema, type SessionUser, userResponseSchema } from '@sfr/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiRequestError, apiGet } from '../../lib/api';

export const sessionKeys = {
  me: ['session', 'me'] as const,
  config: ['public-config'] as const,
};

/** The signed-in user, or null for a guest (the API answers 401). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      try {
        return (await apiGet('/api/auth/me', userResponseSchema, signal)).user;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });

/** The server changed the user record (a search spent, email verified, subscription): read it again. */
export function refreshCurrentUser(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sessionKeys.me });
}

/** Public server settings (map token, Google sign-in, billing mode, video URL); fixed for a page's life. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: sessionKeys.config,
    queryFn: ({ signal }) => apiGet('/api/config', publicConfigSchema, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
