import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppQueryClient, createAppRouter } from './router';
import './styles.css';

// After a deploy, an open tab asks for chunks the server no longer has (their names change with
// their content): reload to get the new build instead of an error screen — once a minute at most,
// so a chunk missing from the current build shows its error rather than reloading forever.
const RELOADED_AT = 'sfr:reloaded-for-new-build';
window.addEventListener('vite:preloadError', (event) => {
  if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 60_000) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

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
