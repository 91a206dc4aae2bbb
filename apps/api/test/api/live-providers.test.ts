import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
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

  it('never asks the provider on update_metrics: it recomputes with the stored facts', async () => {
    const created = (await createProperty(t, { ...austin, street: '7 Stored Facts Ln' })).json();
    const before = rentometer.requests.length;
    const update = (property: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/update_metrics',
        headers: { cookie: t.cookie },
        payload: { analysis_id: created.analysis_id, property },
      });
    const metrics = { ...created.property.metrics, purchase_price: 380_000 };
    const edited = await update({ ...created.property, metrics });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().year_1_metrics.rentometer_rent).toBe(3095);
    expect(edited.json().property.purchase_price).toBe(380_000);
    // another address through the same analysis: refused, and still nobody asked
    const moved = await update({ ...created.property, street: '9 Unasked St', metrics });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toMatch(/analyse it as a new property/);
    expect(rentometer.requests.length).toBe(before);
  });

  it('asks no provider for a user with no free searches left: 402 first', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstname: 'No',
        lastname: 'Searches',
        email: 'spent@example.com',
        password: 'correct horse',
      },
    });
    const cookie = `sfr_session=${signup.cookies.find((c) => c.name === 'sfr_session')?.value}`;
    await t.database.db.update(users).set({ free_searches: 0 }).where(eq(users.id, signup.json().user.id));
    const before = rentometer.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create_property',
      headers: { cookie },
      payload: { ...austin, street: '11 Never Asked St' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('OUT_OF_FREE_SEARCHES');
    expect(rentometer.requests.length).toBe(before);
  });

  it('falls back to the offline estimate with a warning when the provider fails, never a 500', async () => {
    const res = await createProperty(t, { ...austin, street: '500 Error St' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // the offline estimate: 78701's Small Area FMR 3,520 × 1.08
    expect(body.year_1_metrics.rentometer_rent).toBe(3802);
    expect(body.market_data.figures.rentometer_rent.tier).toBe('estimated');
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
