/**
 * RentCast's evidence through the app (issue 25 §7): the comparables behind its rent estimate and
 * the property record kept with the analysis, GET /api/property_record for the analyzer's fill-in,
 * and every failure (missing fields, time-out, 4xx/5xx) falling back to the offline figures with a
 * notice. RentCast is a local server answering in its documented format; the street decides how.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_RECORD_MESSAGES } from '../../../src/market/routes.js';
import { austin, createProperty, startApp, type TestApp } from '../../support/app.js';
import { type StubServer, startServer } from '../../support/provider-server.js';
import { rentcastEstimate, rentcastRecord } from '../providers/fixtures.js';

const KEY = 'rc-record-key-4Tz';

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * By street: '404 …' has no record (and no estimate), '500 …' fails both, '900 …' never answers,
 * '300 …' has a record without rooms, size or tax; anything else answers the documented fixtures.
 */
function rentcast(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.headers['x-api-key'] !== KEY) return send(res, 401, { message: 'Invalid API key' });
  const address = url.searchParams.get('address') ?? '';
  if (address.startsWith('404')) return send(res, 404, { message: 'No data found' });
  if (address.startsWith('500')) return send(res, 500, { message: 'Internal error' });
  if (address.startsWith('900')) return; // the client's time-out ends it
  if (url.pathname === '/properties') {
    if (address.startsWith('300')) return send(res, 200, [{ id: 'bare', formattedAddress: address }]);
    return send(res, 200, [{ ...rentcastRecord, formattedAddress: address }]);
  }
  send(res, 200, rentcastEstimate);
}

describe('RentCast comparables and property records through the app', () => {
  let rc: StubServer;
  let t: TestApp;
  beforeAll(async () => {
    rc = await startServer(rentcast);
    t = await startApp('pglite', {
      RENTCAST_API_KEY: KEY,
      RENTCAST_BASE_URL: rc.baseUrl,
      PROVIDER_TIMEOUT_MS: '300',
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await rc.close();
  });

  const record = (address: string, cookie: string | undefined = t.cookie) =>
    t.app.inject({
      method: 'GET',
      url: `/api/property_record?address=${encodeURIComponent(address)}`,
      headers: cookie ? { cookie } : {},
    });

  it('the public config offers the fill-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().propertyRecords).toBe(true);
  });

  it('answers the record: rooms, size, age and the latest tax bill', async () => {
    const res = await record('1100 Congress Ave, Austin, TX 78701');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      address: '1100 Congress Ave, Austin, TX 78701',
      bedrooms: 3,
      bathrooms: 2,
      square_feet: 1878,
      year_built: 1973,
      tax_bill: { year: 2024, total: 5014 },
      source: 'RentCast property record',
      vintage: new Date().toISOString().slice(0, 10),
    });
  });

  it('a record without fields is nulls; none is a 404; a failure or time-out a 502, each said plainly', async () => {
    expect((await record('300 Bare St, Austin, TX 78701')).json()).toMatchObject({
      bedrooms: null,
      square_feet: null,
      tax_bill: null,
    });
    const none = await record('404 Gone Rd, Austin, TX 78701');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      error: PROPERTY_RECORD_MESSAGES.notFound('RentCast'),
      code: 'PROPERTY_RECORD_NOT_FOUND',
    });
    for (const street of ['500 Broken St', '900 Slow Ln']) {
      const res = await record(`${street}, Austin, TX 78701`);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: PROPERTY_RECORD_MESSAGES.failed('RentCast'),
        code: 'PROVIDER_UNAVAILABLE',
      });
      expect(res.body).not.toContain(KEY);
    }
  });

  it('asks for a session and an address', async () => {
    expect((await record('1100 Congress Ave, Austin, TX 78701', '')).statusCode).toBe(401);
    const blank = await record('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ address: 'address is required' });
  });

  it('keeps the comparables and the record with the analysis, and sends the square feet', async () => {
    const before = rc.requests.length;
    const res = await createProperty(t, {
      ...austin,
      street: '2200 Guadalupe St',
      square_feet: 1150,
      year_built: 1925,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.property).toMatchObject({ square_feet: 1150, year_built: 1925 });
    expect(body.market_data.figures.rentometer_rent).toMatchObject({
      value: 2950,
      tier: 'live',
      range: { low: 2600, high: 3300 },
    });
    expect(body.market_data.comparables).toHaveLength(2);
    expect(body.market_data.comparables[0]).toEqual({
      address: '4200 N Sheridan Rd, Apt 3, Chicago, IL 60613',
      distance_miles: 0.08,
      bedrooms: 2,
      bathrooms: 1,
      rent: 2895,
      days_on_market: 25,
      last_seen: '2026-11-22',
    });
    expect(body.market_data.property_record.tax_bill).toEqual({ year: 2024, total: 5014 });
    const asked = rc.requests.slice(before);
    expect(asked.map((r) => r.url.pathname).sort()).toEqual(['/avm/rent/long-term', '/properties']);
    expect(
      asked.find((r) => r.url.pathname === '/avm/rent/long-term')?.url.searchParams.get('squareFootage'),
    ).toBe('1150');

    // the analyzer's fill-in and the analysis after it cost one record lookup
    const again = rc.requests.length;
    await record('2200 Guadalupe St, Austin, TX 78701');
    expect(rc.requests.length).toBe(again);
  });

  it('when RentCast fails, the analysis runs on the offline figures and says so', async () => {
    for (const [street, kind] of [
      ['500 Broken St', 'http'],
      ['900 Slow Ln', 'timeout'],
    ]) {
      const res = await createProperty(t, { ...austin, street });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.market_data.figures.rentometer_rent.tier).toBe('estimated');
      expect(body.market_data.comparables).toBeUndefined();
      expect(body.market_data.property_record).toBeUndefined();
      expect(body.market_data.warnings).toEqual(
        expect.arrayContaining([
          `The live market rent (RentCast) is unavailable right now (${kind}); the offline estimate is shown instead.`,
          `The property record (RentCast) is unavailable right now (${kind}); its tax bill is not shown, and the tax is our estimate.`,
        ]),
      );
    }
  });
});

describe('without RentCast', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  }, 60_000);
  afterAll(() => t.close());

  it('the analyzer does not offer the fill-in, and the route says records are not available here', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().propertyRecords).toBe(false);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/property_record?address=1100%20Congress%20Ave',
      headers: { cookie: t.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: PROPERTY_RECORD_MESSAGES.unavailable,
      code: 'PROPERTY_RECORDS_UNAVAILABLE',
    });
  });
});
