/** The Content-Security-Policy lets the web app run (Mapbox GL, the how-to video) and little else. */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { tileTemplateSource } from '../../src/web/csp.js';
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

  it("admits OpenStreetMap's tile server by default, for images and fetches", async () => {
    const csp = await cspOf();
    expect(csp.get('img-src')).toContain('https://tile.openstreetmap.org');
    expect(csp.get('connect-src')).toContain('https://tile.openstreetmap.org');
  });

  it("admits the configured tile server's origin instead, with {s} as a subdomain wildcard", async () => {
    const own = await cspOf({ MAP_TILE_URL: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png' });
    expect(own.get('img-src')).toContain('https://tiles.example.org:8443');
    expect(own.get('connect-src')).toContain('https://tiles.example.org:8443');
    expect(own.get('img-src')).not.toContain('https://tile.openstreetmap.org');
    await t?.close();
    const sharded = await cspOf({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
    expect(sharded.get('img-src')).toContain('https://*.tiles.example.org');
  });

  it('does not upgrade same-origin requests to https (the app is often reached over plain http)', async () => {
    const csp = await cspOf();
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('tileTemplateSource', () => {
  it('gives the origin of an XYZ template, and refuses what is not one', () => {
    expect(tileTemplateSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileTemplateSource('http://{s}.Tiles.example.org:8080/{z}/{x}/{y}.png')).toBe(
      'http://*.tiles.example.org:8080',
    );
    expect(tileTemplateSource('https://tile.openstreetmap.org/{z}/{x}.png')).toBeNull();
    expect(tileTemplateSource('ftp://tiles.example.org/{z}/{x}/{y}.png')).toBeNull();
    expect(tileTemplateSource('https://tiles.{s}.example.org/{z}/{x}/{y}.png')).toBeNull();
    expect(tileTemplateSource('javascript:alert(1)//{z}/{x}/{y}')).toBeNull();
  });

  it('makes the server refuse to start with a MAP_TILE_URL that is not a template', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tile.openstreetmap.org/' })).toThrow(
      /MAP_TILE_URL: must be an http\(s\) tile URL template with \{z\}, \{x\} and \{y\}/,
    );
    expect(loadConfig({}).MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });
});
