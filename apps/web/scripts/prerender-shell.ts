/**
 * Vite plugin: puts the analyzer's first screen, rendered by the app's own components
 * (src/prerender.tsx), inside index.html's `#root` at build time, so a cold visit paints the navbar
 * and the form before the JavaScript has arrived (issue 26 §4). It renders through a Vite server in
 * SSR mode with this same config (the router's code splitting, React), which this plugin, being
 * build-only, is not part of. precompress() then compresses the page with its shell.
 *
 * The shell is the analyzer's, so only `/` may show it: the same page without it is written as
 * `app.html`, which the API serves for every other page path (/login, /profile…), so a cold visit
 * there never flashes the analyzer. Both link the app's stylesheets and ask early for its code (appLinks); `/` also
 * for who is signed in, which it waits for before replacing the shell.
 */
import { fileURLToPath } from 'node:url';
import { createServer, type IndexHtmlTransformContext, type Plugin } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * `/` renders once it knows who is signed in (src/routes/index.tsx): the browser asks while the
 * code downloads, and the app's own fetch of the same URL (same-origin credentials) takes that answer.
 */
const SESSION_PRELOAD = '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="anonymous">';

/** The page every path but `/` is served (apps/api/src/web/routes.ts): index.html without the shell. */
export const PAGE_WITHOUT_SHELL = 'app.html';

export function prerenderShell(): Plugin {
  let withoutShell: string | null = null;
  return {
    name: 'sfr:prerender-shell',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      async handler(built, { bundle, chunk }) {
        if (!built.includes(ROOT_ELEMENT))
          throw new Error(`index.html has no ${ROOT_ELEMENT} to pre-render into`);
        const html = built.replace('</head>', `${appLinks(bundle, chunk)}  </head>`);
        withoutShell = html;
        const server = await createServer({
          configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
          mode: 'production',
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const { renderShell } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
            renderShell: () => Promise<string>;
          };
          const shell = await renderShell();
          // the pages' Content-Security-Policy runs only the app's own script files
          if (/<script/i.test(shell)) throw new Error('the pre-rendered shell holds an inline script');
          return inlineStylesheets(html, bundle)
            .replace(ROOT_ELEMENT, `<div id="root">${shell}</div>`)
            .replace('</head>', `  ${SESSION_PRELOAD}\n  </head>`);
        } finally {
          await server.close();
        }
      },
    },
    generateBundle() {
      if (withoutShell === null)
        throw new Error('index.html was not transformed before the bundle was written');
      this.emitFile({ type: 'asset', fileName: PAGE_WITHOUT_SHELL, source: withoutShell });
    },
  };
}

/**
 * The head links for the code the entry imports once the page has painted (main.tsx: app.tsx and
 * what it imports):
 * - its stylesheets, linked as stylesheets: the pre-rendered screen is drawn with them (the
 *   navbar's and the form's styles are the components', which load with the app), so the first
 *   paint waits for them as it does for the global one, instead of drawing the form unstyled;
 * - its JavaScript as `<link rel="prefetch">`, so it downloads while the page paints instead of
 *   after the entry has run. Prefetch, not modulepreload: a module preload is also parsed, on the
 *   main thread the first paint waits for (first paint 2.2–2.6× a static page with modulepreload,
 *   1.9–2.2× with prefetch; the form usable about as soon: apps/web/bench/README.md).
 */
function appLinks(
  bundle: IndexHtmlTransformContext['bundle'],
  entry: IndexHtmlTransformContext['chunk'],
): string {
  if (!bundle || !entry) throw new Error('index.html was transformed without its bundle');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (scripts.has(file) || entry.imports.includes(file) || chunk?.type !== 'chunk') return;
    scripts.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const file of entry.dynamicImports) visit(file);
  return [
    ...[...styles].map((file) => `  <link rel="stylesheet" crossorigin href="/${file}">\n`),
    ...[...scripts].map((file) => `  <link rel="prefetch" crossorigin href="/${file}">\n`),
  ].join('');
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * The page's stylesheet links replaced by their rules, for `/` only: the pre-rendered screen then
 * paints once the page itself has arrived, without waiting for three more requests (6 KB in all;
 * first paint 2.3× a static page with the links: apps/web/bench/README.md). The app links the same
 * files again when it loads (the same rules, so nothing changes on screen). The rules name no
 * relative url(), which would resolve against the page instead of /assets/.
 */
function inlineStylesheets(html: string, bundle: IndexHtmlTransformContext['bundle']): string {
  return html.replace(STYLESHEET_LINK, (_, file: string) => {
    const asset = bundle?.[file];
    if (asset?.type !== 'asset') throw new Error(`${file} is linked by index.html but not in the bundle`);
    const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    if (/url\(\s*['"]?(?![a-z]+:|\/)/i.test(css))
      throw new Error(`${file} has a relative url(), which inlining would break`);
    return `<style>${css}</style>`;
  });
}
