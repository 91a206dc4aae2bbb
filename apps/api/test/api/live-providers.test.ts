import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { austin, createProperty, startApp, type TestApp } from './helpers.js';

/** A local stand-in for a provider: answers with `handler` and records the requests. */
async function fakeProvider(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(r)) };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

// Rentometer's documented summary response (api-technical-specifications page).
const rentometerSummary = {
  address: '1100 Congress Ave, Austin, TX 78701',
  latitude: '30.2747',
  longitude: '-97.7404',
  bedrooms: 3,
  baths: '1.5+',
  building_type: 'Any',
  look_back_days: 365,
  mean: 3180,
  median: 3095,
  min: 1900,
  max: 5200,
  percentile_25: 2700,
  percentile_75: 3550,
  std_dev: 610,
  samples: 48,
  radius_miles: 1.5,
  quickview_url: 'https://www.rentometer.com/qv/abc',
  credits_remaining: 99,
};

describe('live Rentometer', () => {
  let rentometer: Awaited<ReturnType<typeof fakeProvider>>;
  let t: TestApp;
  beforeAll(async () => {
    rentometer = await fakeProvider((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.searchParams.get('api_key') !== 'test-key') return json(res, 401, { error: 'Invalid API Key' });
      if (url.searchParams.get('address')?.startsWith('500')) return json(res, 500, { error: 'boom' });
      json(res, 200, rentometerSummary);
    });
    t = await startApp('pglite', { RENTOMETER_API_KEY: 'test-key', RENTOMETER_BASE_URL: rentometer.url });
  });
  afterAll(async () => {
    await t.close();
    await rentometer.close();
  });

  it('uses the live median as the market rent and says where it is from', async () => {
    const res = await createProperty(t);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year_1_metrics.rentometer_rent).toBe(3095);
    expect(body.property.metrics.rent).toBe(3095);
    expect(body.market_data.figures.rentometer_rent.source).toMatch(/Rentometer/);
    const sent = rentometer.requests.at(-1);
    expect(sent?.pathname).toBe('/api/v1/summary');
    expect(sent?.searchParams.get('bedrooms')).toBe('3');
  });

  it('does not spend a second lookup on update_metrics', async () => {
    const before = rentometer.requests.length;
    const created = (await createProperty(t)).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/update_metrics',
      payload: { property: created.property },
    });
    expect(rentometer.requests.length).toBe(before);
  });

  it('falls back to the offline estimate with a warning when the provider fails, never a 500', async () => {
    const res = await createProperty(t, { ...austin, street: '500 Error St' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year_1_metrics.rentometer_rent).toBeCloseTo((1669 * 2347) / 1852, 6);
    expect(body.market_data.warnings.join(' ')).toMatch(/Rentometer.*unavailable.*offline estimate/);
  });
});

describe('live Mapbox', () => {
  let mapbox: Awaited<ReturnType<typeof fakeProvider>>;
  let t: TestApp;
  beforeAll(async () => {
    mapbox = await fakeProvider((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.searchParams.get('q')?.includes('fail')) return json(res, 503, { message: 'unavailable' });
      json(res, 200, {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 'dXJuOm1ieGFkcjo',
            geometry: { type: 'Point', coordinates: [-97.740393, 30.274665] },
            properties: {
              mapbox_id: 'dXJuOm1ieGFkcjo',
              feature_type: 'address',
              name: '1100 Congress Avenue',
              full_address: '1100 Congress Avenue, Austin, Texas 78701, United States',
              place_formatted: 'Austin, Texas 78701, United States',
              coordinates: { longitude: -97.740393, latitude: 30.274665 },
              context: {
                address: {
                  name: '1100 Congress Avenue',
                  address_number: '1100',
                  street_name: 'Congress Avenue',
                },
                street: { name: 'Congress Avenue' },
                postcode: { name: '78701' },
                place: { name: 'Austin' },
                district: { name: 'Travis County' },
                region: { name: 'Texas', region_code: 'TX', region_code_full: 'US-TX' },
                country: { name: 'United States', country_code: 'US', country_code_alpha_3: 'USA' },
              },
            },
          },
        ],
        attribution: '© 2026 Mapbox and its suppliers.',
      });
    });
    t = await startApp('pglite', { MAPBOX_ACCESS_TOKEN: 'pk.test', MAPBOX_BASE_URL: mapbox.url });
  });
  afterAll(async () => {
    await t.close();
    await mapbox.close();
  });

  it('suggests full addresses from Mapbox', async () => {
    const body = (
      await t.app.inject({ method: 'GET', url: '/api/address/suggest?q=1100%20congress' })
    ).json();
    expect(body.source).toBe('mapbox');
    expect(body.suggestions[0]).toMatchObject({
      street: '1100 Congress Avenue',
      city: 'Austin',
      zipcode: '78701',
      state_code: 'TX',
      county_name: 'Travis County',
    });
  });

  it('geocodes with Mapbox, and answers offline when Mapbox fails', async () => {
    const live = (
      await t.app.inject({ method: 'GET', url: '/api/address/geocode?address=1100%20Congress' })
    ).json();
    expect(live).toEqual({ lat: 30.274665, lng: -97.740393 });
    const fallback = await t.app.inject({ method: 'GET', url: '/api/address/suggest?q=fail%2078701' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().source).toBe('offline');
  });
});
