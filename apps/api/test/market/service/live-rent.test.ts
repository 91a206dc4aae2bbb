/**
 * The live market rent through the app: RentCast first, then Rentometer, then the offline estimate,
 * each failure a warning naming the provider. Both providers are local servers answering in their
 * documented formats; the street decides how each one answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { austin, createProperty, startApp, type TestApp } from '../../support/app.js';
import { type StubServer, startServer } from '../../support/provider-server.js';
import { rentometerSummary } from '../providers/fixtures.js';

const RENTCAST_KEY = 'rc-test-key-7Hq';
const RENTOMETER_KEY = 'rm-test-key-2Lp';

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** RentCast: 401 without the key; by street, 429, 500, bad JSON, or its documented estimate. */
function rentcast(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.headers['x-api-key'] !== RENTCAST_KEY) return send(res, 401, { message: 'Invalid API key' });
  const street = url.searchParams.get('address') ?? '';
  if (street.startsWith('429')) return send(res, 429, { message: 'Too many requests' });
  if (street.startsWith('500')) return send(res, 500, { message: 'Internal error' });
  if (street.startsWith('777')) return send(res, 200, '{"rent": 41');
  // property records (property-record.test.ts covers them): none for these addresses
  if (url.pathname === '/properties') return send(res, 200, []);
  send(res, 200, { rent: 3650, rentRangeLow: 3300, rentRangeHigh: 4000, comparables: [{ distance: 0.3 }] });
}

/** Rentometer: its summary, except 500 for streets starting with 777. */
function rentometer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.searchParams.get('api_key') !== RENTOMETER_KEY) return send(res, 401, { error: 'Invalid API Key' });
  if (url.searchParams.get('address')?.startsWith('777')) return send(res, 500, { error: 'boom' });
  send(res, 200, rentometerSummary);
}

describe('live market rent: RentCast, then Rentometer, then the offline estimate', () => {
  let rc: StubServer;
  let rm: StubServer;
  let t: TestApp;
  beforeAll(async () => {
    rc = await startServer(rentcast);
    rm = await startServer(rentometer);
    t = await startApp(
      'pglite',
      {
        RENTCAST_API_KEY: RENTCAST_KEY,
        RENTCAST_BASE_URL: rc.baseUrl,
        RENTOMETER_API_KEY: RENTOMETER_KEY,
        RENTOMETER_BASE_URL: rm.baseUrl,
      },
      { keepLogs: true },
    );
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await rc.close();
    await rm.close();
  });

  const analyse = async (street: string) => {
    const res = await createProperty(t, { ...austin, street });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("uses RentCast's estimate with its range, and does not ask Rentometer", async () => {
    const before = rm.requests.length;
    const body = await analyse('1100 Congress Ave');
    expect(body.year_1_metrics.rentometer_rent).toBe(3650);
    expect(body.property.metrics.rent).toBe(3650);
    expect(body.market_data.figures.rentometer_rent).toMatchObject({
      value: 3650,
      tier: 'live',
      range: { low: 3300, high: 4000 },
      source: expect.stringMatching(/RentCast/),
    });
    expect(rc.requests.some((r) => r.url.pathname === '/avm/rent/long-term')).toBe(true);
    expect(rm.requests.length).toBe(before);
  });

  it.each(['429', '500'])('asks Rentometer when RentCast answers %s, and says so', async (status) => {
    const body = await analyse(`${status} Fallback St`);
    expect(body.year_1_metrics.rentometer_rent).toBe(rentometerSummary.median);
    expect(body.market_data.figures.rentometer_rent.tier).toBe('live');
    expect(body.market_data.figures.rentometer_rent.source).toMatch(/Rentometer/);
    expect(body.market_data.warnings).toContain(
      'The live market rent (RentCast) is unavailable right now (http); Rentometer is asked instead.',
    );
  });

  it('falls back to the offline estimate when both fail (bad JSON, then 500), never a 500', async () => {
    const body = await analyse('777 Nowhere Ln');
    expect(body.market_data.figures.rentometer_rent).toMatchObject({
      value: 3573,
      tier: 'estimated',
      range: { low: 2878, high: 4447 },
    });
    expect(body.market_data.warnings).toEqual(
      expect.arrayContaining([
        'The live market rent (RentCast) is unavailable right now (parse); Rentometer is asked instead.',
        'The live market rent (Rentometer) is unavailable right now (http); the offline estimate is shown instead.',
      ]),
    );
  });

  it('never writes either key to the log or the response', async () => {
    const body = JSON.stringify(await analyse('500 Logged St'));
    for (const key of [RENTCAST_KEY, RENTOMETER_KEY]) {
      expect(body).not.toContain(key);
      expect(t.logs.join('\n')).not.toContain(key);
    }
    expect(t.logs.join('\n')).toMatch(/rentcast: .*HTTP 500/);
  });
});
