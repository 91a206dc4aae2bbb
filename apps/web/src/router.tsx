import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { endSessionOnUnauthenticated } from './features/account/session';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * In the browser, its history and scroll restoration; the build's pre-render (prerender.tsx) passes
 * a memory history and no scroll restoration (whose inline script the pages' CSP would refuse).
 */
export function createAppRouter(
  queryClient: QueryClient,
  { history, scrollRestoration = true }: { history?: RouterHistory; scrollRestoration?: boolean } = {},
) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // loaders read through the query cache, so the router keeps no second copy
    defaultPreloadStaleTime: 0,
    scrollRestoration,
  });
}

export function createAppQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => endSessionOnUnauthenticated(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => endSessionOnUnauthenticated(client, error) }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
