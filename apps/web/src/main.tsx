/**
 * The entry: the stylesheet, the reload after a deploy, and then the app (app.tsx). `/` arrives with
 * the analyzer's first screen pre-rendered (prerender.tsx): the browser paints it before the app's
 * code is evaluated, which takes the main thread for a while, so the app is imported a frame after
 * that paint (the figures, as ratios to a static page, are in apps/web/bench/README.md).
 * The page has already asked for the app's code (scripts/prerender-shell.ts), so this import
 * mostly finds it downloaded.
 */
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

if (document.getElementById('root')?.hasChildNodes()) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
await import('./app');
