/** Without a web build the API still starts and works; / says what is missing and how to build it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiErrorSchema } from '@sfr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_HTML, NAVIGATION, startWebApp, type WebTestApp } from './helpers.js';

describe('no web build in WEB_DIST_DIR', () => {
  let t: WebTestApp;
  let dist: string;
  beforeAll(async () => {
    dist = join(mkdtempSync(join(tmpdir(), 'sfr-web-')), 'dist');
    t = await startWebApp(dist);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('starts, and the API answers as usual', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('tells a browser at / that the web app is not built, where it looked and how to build it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: NAVIGATION });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>The web app is not built</h1>');
    expect(res.body).toContain(dist);
    expect(res.body).toContain('pnpm --filter @sfr/web build');
    expect(res.body).toContain('pnpm start');
  });

  it('tells curl the same in plain text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^The web app is not built\./);
    expect(res.body).toContain('pnpm --filter @sfr/web build');
  });

  it('answers a page route the same way, and a non-HTML request for a file with the JSON 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/profile', headers: NAVIGATION })).statusCode).toBe(
      503,
    );
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('serves the build as soon as it appears, without a restart', async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    const res = await t.app.inject({ method: 'GET', url: '/', headers: NAVIGATION });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});
