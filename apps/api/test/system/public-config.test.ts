import { publicConfigSchema } from '@sfr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.js';

describe('GET /api/config: what the browser may know', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('says what is off on a bare machine: no map token, no Google, the test-mode checkout, no video; OpenStreetMap tiles', async () => {
    t = await startApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mapboxToken: null,
      google: false,
      propertyRecords: false,
      billingMode: 'test',
      howToVideoUrl: null,
      mapTiles: {
        urlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    });
  });

  it('hands out the public values and never a secret beside them', async () => {
    t = await startApp('pglite', {
      MAPBOX_PUBLIC_TOKEN: 'pk.public-token',
      MAPBOX_ACCESS_TOKEN: 'sk.server-secret',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      RENTCAST_API_KEY: 'rc-server-secret',
      HOW_TO_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/abc',
      MAP_TILE_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example Tiles, © OpenStreetMap contributors',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const body = publicConfigSchema.parse(res.json());
    expect(body).toEqual({
      mapboxToken: 'pk.public-token',
      google: true,
      propertyRecords: true,
      billingMode: 'test',
      howToVideoUrl: 'https://www.youtube-nocookie.com/embed/abc',
      mapTiles: {
        urlTemplate: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png',
        attribution: '© Example Tiles, © OpenStreetMap contributors',
      },
    });
    expect(res.body).not.toMatch(/sk\.server-secret|google-secret|rc-server-secret/);
  });
});
