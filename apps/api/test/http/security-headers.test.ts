/**
 * The security headers recorded once from helmet are exactly what helmet's own middleware sends on
 * a real HTTP response, and the app sends them on pages, API answers and 404s alike.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { helmetHeaders } from '../../src/http/security-headers.js';
import { webContentSecurityPolicy } from '../../src/web/csp.js';
import { fixtureDist, NAVIGATION, startWebApp, type WebTestApp } from '../web/helpers.js';

// the app's policy with its default tile server (MAP_TILE_URL unset)
const options = {
  contentSecurityPolicy: webContentSecurityPolicy({ mapTileUrl: loadConfig({}).MAP_TILE_URL }),
};

/** The headers helmet's middleware puts on a real response, minus the ones Node's http adds. */
async function headersFromHelmetMiddleware(): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const headers: Record<string, string> = {};
    const fromNode = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    response.headers.forEach((value, name) => {
      if (!fromNode.has(name)) headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it("records exactly the headers helmet's middleware sends", async () => {
    const recorded = helmetHeaders(options);
    expect(recorded).toEqual(await headersFromHelmetMiddleware());
    // the ones that matter most, so an empty recording could never pass
    expect(recorded['content-security-policy']).toContain("script-src 'self'");
    expect(recorded['x-content-type-options']).toBe('nosniff');
    expect(recorded['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(recorded['referrer-policy']).toBe('no-referrer');
  });

  describe('on every kind of reply', () => {
    const dist = fixtureDist();
    let t: WebTestApp;
    beforeAll(async () => {
      t = await startWebApp(dist);
    });
    afterAll(async () => {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it.each([
      ['a page', '/', NAVIGATION, 200],
      ['an API answer', '/api/health', {}, 200],
      ['an API 404', '/api/nope', {}, 404],
      ['a 401', '/api/auth/me', {}, 401],
    ] as const)('%s (%s)', async (_what, url, headers, status) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(status);
      for (const [name, value] of Object.entries(helmetHeaders(options))) {
        expect(res.headers[name], name).toBe(value);
      }
    });
  });
});
