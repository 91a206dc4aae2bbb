/** The app itself: its router and query cache, rendered into #root (main.tsx loads this once the page has painted). */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppQueryClient, createAppRouter } from './router';

const queryClient = createAppQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// `/` arrives with the analyzer's first screen pre-rendered (prerender.tsx), which the app's first
// render replaces: that render waits for the page's data and code, or it would blank the screen
// until they arrive. Other pages arrive empty and render at once (their loading block shows).
if (root.hasChildNodes()) {
  await router.load().catch((error: unknown) => console.warn('the first page could not be loaded', error));
}
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
