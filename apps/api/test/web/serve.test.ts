/**
 * The API serves the built web app on its own origin: hashed assets cached for good, the app shell
 * revalidated, client-side routes answered with the shell, and /api keeping its JSON 404.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { apiErrorSchema } from '@sfr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_HTML,
  ENTRY_JS,
  fixtureDist,
  INDEX_HTML,
  NAVIGATION,
  startWebApp,
  type WebTestApp,
} from './helpers.js';

describe('serving the built web app', () => {
  let t: WebTestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fixtureDist();
    t = await startWebApp(dist);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('caching', () => {
    it('sends the app shell at / and asks the browser to revalidate it every time', async () => {
      const res = await get('/', NAVIGATION);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
      expect(res.body).toBe(INDEX_HTML);
    });

    it('answers a revalidation of an unchanged shell with 304', async () => {
      const first = await get('/', NAVIGATION);
      const again = await get('/', { ...NAVIGATION, 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('caches hashed assets for a year as immutable, with their JavaScript type', async () => {
      const res = await get('/assets/index-Ab12Cd34.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(ENTRY_JS);
    });

    it('sends the brotli copy built beside an asset to a browser that accepts it', async () => {
      const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ENTRY_JS);
    });

    it('revalidates files that keep their name across builds (public/)', async () => {
      const res = await get('/favicon.svg');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('answers HEAD for an asset without a body', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: '/assets/index-Ab12Cd34.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe('');
    });
  });

  describe('client-side routes', () => {
    it.each(['/profile', '/savedproperties', '/login?redirect=%2Fprofile', '/no/such/page'])(
      'answers a browser navigating to %s with the page without the pre-rendered analyzer (the router takes it from there)',
      async (url) => {
        const res = await get(url, NAVIGATION);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toBe(APP_HTML);
      },
    );

    it('answers / and /?analysis= with the pre-rendered analyzer', async () => {
      for (const url of ['/', '/?analysis=abc']) expect((await get(url, NAVIGATION)).body).toBe(INDEX_HTML);
    });

    it('answers every page with index.html when a build has no page without the shell', async () => {
      rmSync(join(dist, 'app.html'));
      try {
        expect((await get('/profile', NAVIGATION)).body).toBe(INDEX_HTML);
      } finally {
        writeFileSync(join(dist, 'app.html'), APP_HTML);
      }
    });

    it('answers a client that takes anything (curl) with the shell for a page, and a 404 for a file', async () => {
      const page = await get('/profile', { accept: '*/*' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(APP_HTML);
      const file = await get('/missing-icon.png', { accept: '*/*' });
      expect(file.statusCode).toBe(404);
      expect(apiErrorSchema.parse(file.json()).code).toBe('NOT_FOUND');
    });

    it('keeps a missing file a JSON 404 for a fetch that does not ask for HTML', async () => {
      const res = await get('/profile', { accept: 'application/json' });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
    });

    it('never answers a missing hashed asset with the shell, even to a browser (a stale page after a deploy)', async () => {
      const res = await get('/assets/index-OldHash1.js', NAVIGATION);
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
    });
  });

  describe('the API keeps its own answers', () => {
    it.each([
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/saved_properties/x/y'],
    ] as const)('%s %s is a JSON 404 with the error body, even from a browser', async (method, url) => {
      const res = await t.app.inject({ method, url, headers: NAVIGATION });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(apiErrorSchema.parse(res.json())).toEqual({
        error: `No route for ${method} ${url}`,
        code: 'NOT_FOUND',
      });
    });

    it('still routes the API: /api/health and /api/config answer JSON', async () => {
      expect((await get('/api/health', NAVIGATION)).json()).toMatchObject({ status: 'ok' });
      expect((await get('/api/config')).json()).toMatchObject({ billingMode: 'test' });
    });

    it('answers a POST to a page path with a JSON 404, not the shell', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/profile', headers: NAVIGATION });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
    });
  });

  describe('what is never served', () => {
    it('hides dotfiles such as the build manifest', async () => {
      const res = await get('/.vite/manifest.json');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('isEntry');
    });

    it.each([
      '/../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/..%5c..%5cpackage.json',
      '/%00index.html',
    ])('does not leave the dist folder for %s: a 404, or the shell for a browser', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('"name"');
      const page = await get(url, NAVIGATION);
      expect(page.statusCode === 200 ? page.body : page.json().code).toBe(
        page.statusCode === 200 ? APP_HTML : 'NOT_FOUND',
      );
    });
  });

  it('serves a file added by a rebuild while the API runs', async () => {
    writeFileSync(join(dist, 'assets', 'route-Zz99Yy88.js'), 'export const later = 1;');
    const res = await get('/assets/route-Zz99Yy88.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const later = 1;');
  });
});
