import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase } from '../../src/db/testing.js';
import { FIXTURE_MARKET_DIR } from '../support/app.js';
import { fixtureMarketTemplate } from '../support/market-dirs.js';

const page = (root: string) =>
  `<!doctype html><html lang="en"><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root">${root}</div></body></html>`;
/** `/`: the analyzer's first screen pre-rendered into the page (apps/web/scripts/prerender-shell.ts) */
export const INDEX_HTML = page('<h1>Property Analyzer</h1>');
/** every other page path: the same page without it */
export const APP_HTML = page('');
export const ENTRY_JS = `console.log(${JSON.stringify('the web app '.repeat(40))});`;

/** A tiny `vite build` output: the page with and without the analyzer, a hashed entry (and its brotli copy), a public file, the manifest. */
export function fixtureDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-web-dist-'));
  const files: Record<string, string | Buffer> = {
    'index.html': INDEX_HTML,
    'app.html': APP_HTML,
    'assets/index-Ab12Cd34.js': ENTRY_JS,
    'assets/index-Ab12Cd34.js.br': brotliCompressSync(ENTRY_JS),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '.vite/manifest.json': '{"index.html":{"file":"assets/index-Ab12Cd34.js","isEntry":true}}',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

export interface WebTestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The real app on a fresh PGlite with the fixture market data, serving `distDir` as the web app. */
export async function startWebApp(distDir: string, env: Record<string, string> = {}): Promise<WebTestApp> {
  const database = await createTestDatabase('pglite', fixtureMarketTemplate(env));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-api-')),
    MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
    WEB_DIST_DIR: distDir,
    ...env,
  });
  const app = await buildApp({ config, database });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** What a browser sends when it navigates to a page. */
export const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
