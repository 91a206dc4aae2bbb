/**
 * Vite plugin: puts the analyzer's first screen, rendered by the app's own components
 * (src/prerender.tsx), inside index.html's `#root` at build time, so a cold visit paints the navbar
 * and the form before the JavaScript has arrived (issue 26 §4). It renders through a Vite server in
 * SSR mode with this same config (the router's code splitting, React), which this plugin, being
 * build-only, is not part of. precompress() then compresses the page with its shell.
 *
 * The shell is the analyzer's, so only `/` may show it: the same page without it is written as
 * `app.html`, which the API serves for every other page path (/login, /profile…), so a cold visit
 * there never flashes the analyzer.
 */
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';

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
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT))
          throw new Error(`index.html has no ${ROOT_ELEMENT} to pre-render into`);
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
          return html.replace(ROOT_ELEMENT, `<div id="root">${shell}</div>`);
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
