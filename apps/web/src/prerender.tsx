/**
 * The analyzer's first screen as HTML, rendered at build time into index.html (scripts/prerender-shell.ts)
 * so a cold visit paints the navbar and the form before any JavaScript has run (issue 26 §4). It is
 * the app's own components through the app's own router, at `/`, as a guest would see them, with the
 * session left unknown: the navbar's account links wait for the browser to ask who is signed in.
 * The browser's `createRoot` (app.tsx) replaces it on its first render.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { currentUserQuery } from './features/account/session';
import { createAppQueryClient, createAppRouter } from './router';

export async function renderShell(): Promise<string> {
  const queryClient = createAppQueryClient();
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const router = createAppRouter(queryClient, { history, scrollRestoration: false });
  // `/` asks who is signed in before it loads (a member returns to their last analysis): a guest here
  queryClient.setQueryData(currentUserQuery().queryKey, null);
  await router.load();
  // …and then unknown again, so the shell shows neither a guest's links nor a member's
  queryClient.removeQueries({ queryKey: currentUserQuery().queryKey });
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
