/** The Content-Security-Policy lets the web app run (Mapbox GL, the how-to video) and little else. */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fixtureDist, NAVIGATION, startWebApp, type WebTestApp } from './helpers.js';

/** The header as a map of directive → sources. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('Content-Security-Policy of the pages', () => {
  let t: WebTestApp | undefined;
  const dist = fixtureDist();
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  async function cspOf(env: Record<string, string> = {}) {
    t = await startWebApp(dist, env);
    const res = await t.app.inject({ method: 'GET', url: '/', headers: NAVIGATION });
    expect(res.statusCode).toBe(200);
    return directives(res.headers['content-security-policy']);
  }

  it('runs only our own scripts and allows what Mapbox GL needs', async () => {
    const csp = await cspOf();
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://*.mapbox.com']),
    );
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://*.mapbox.com', 'https://events.mapbox.com']),
    );
  });

  it('frames the usual video players, and no other site', async () => {
    const csp = await cspOf();
    expect(csp.get('frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
    ]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it("adds the configured video's own host to frame-src", async () => {
    const csp = await cspOf({ HOW_TO_VIDEO_URL: 'https://videos.example.com/embed/intro' });
    expect(csp.get('frame-src')).toContain('https://videos.example.com');
  });

  it('does not upgrade same-origin requests to https (the app is often reached over plain http)', async () => {
    const csp = await cspOf();
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});
