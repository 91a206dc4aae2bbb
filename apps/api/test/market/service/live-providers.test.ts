import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema.js';
import { austin, createProperty, startApp, type TestApp } from '../../support/app.js';
import { json, type StubServer, startServer } from '../../support/provider-server.js';
import { congressAve, featureCollection, rentometerSummary } from '../providers/fixtures.js';

describe('live Rentometer', () => {
  let rentometer: StubServer;
  let t: TestApp;
  beforeAll(async () => {
    rentometer = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.searchParams.get('api_key') !== 'test-key')
        return json(401, { error: 'Invalid API Key' })(req, res);
      if (url.searchParams.get('address')?.startsWith('500')) return json(500, { error: 'boom' })(req, res);
      json(200, rentometerSummary)(req, res);
    });
    t = await startApp('pglite', { RENTOMETER_API_KEY: 'test-key', RENTOMETER_BASE_URL: rentometer.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await rentometer.close();
  });

  it('uses the live median as the market rent and says where it is from', async () => {
    const res = await createProperty(t);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year_1_metrics.rentometer_rent).toBe(rentometerSummary.median);
    expect(body.property.metrics.rent).toBe(rentometerSummary.median);
    expect(body.market_data.figures.rentometer_rent.source).toMatch(/Rentometer/);
    const sent = rentometer.requests.at(-1)?.url;
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
    expect(edited.json().year_1_metrics.rentometer_rent).toBe(rentometerSummary.median);
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
    // the offline estimate from 78701's 2 BR Small Area FMR 2,780: 2,836.04 × 1.26 for 3 bedrooms
    expect(body.year_1_metrics.rentometer_rent).toBe(3573);
    expect(body.market_data.figures.rentometer_rent.tier).toBe('estimated');
    expect(body.market_data.warnings.join(' ')).toMatch(/Rentometer.*unavailable.*offline estimate/);
  });
});

describe('live Mapbox', () => {
  let mapbox: StubServer;
  let t: TestApp;
  beforeAll(async () => {
    mapbox = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.searchParams.get('q')?.includes('fail')) return json(503, { message: 'unavailable' })(req, res);
      json(200, featureCollection([congressAve]))(req, res);
    });
    t = await startApp('pglite', { MAPBOX_ACCESS_TOKEN: 'pk.test', MAPBOX_BASE_URL: mapbox.baseUrl });
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
    expect(live).toEqual({ lat: 30.274705, lng: -97.740364, precision: 'address' });
    const fallback = await t.app.inject({ method: 'GET', url: '/api/address/suggest?q=fail%2078701' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().source).toBe('offline');
  });
});
