/**
 * The mortgage rate from FRED's API (FRED_API_KEY), through the real app and through a refresh,
 * against a local server answering in FRED's documented format (series/observations, JSON). The
 * fixture's imported week (2026-10-01, 7.28 %) is the fallback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_TABLES_DIR } from '../../../src/config.js';
import { fredProvider } from '../../../src/market/providers/fred.js';
import { refreshMarketData } from '../../../src/market/refresh/run.js';
import { createProperty, FIXTURE_MARKET_DIR, startApp, type TestApp } from '../../support/app.js';
import { json, type StubServer, startServer } from '../../support/provider-server.js';

const KEY = 'fred-key-0a1b2c3d4e5f';
let mode: 'ok' | '500' | 'bad' = 'ok';

/** FRED's answer: the newest weeks first when asked `sort_order=desc`, oldest first otherwise. */
const weeks = [
  { date: '2026-11-12', value: '6.41' },
  { date: '2026-11-19', value: '.' },
  { date: '2026-11-26', value: '6.30' },
];

function answer(sortDesc: boolean) {
  const observations = (sortDesc ? [...weeks].reverse() : weeks).map((w) => ({
    realtime_start: '2026-11-26',
    realtime_end: '2026-11-26',
    ...w,
  }));
  return { realtime_start: '2026-11-26', count: observations.length, observations };
}

describe('the mortgage rate from FRED', () => {
  let fred: StubServer;
  let t: TestApp;
  beforeAll(async () => {
    fred = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.searchParams.get('api_key') !== KEY) {
        return json(400, {
          error_code: 400,
          error_message: 'Bad Request. The value for variable api_key is not registered.',
        })(req, res);
      }
      if (mode === '500')
        return json(500, { error_code: 500, error_message: 'Internal Server Error' })(req, res);
      if (mode === 'bad') return json(200, { observations: [{ date: 'yesterday', value: 'low' }] })(req, res);
      return json(200, answer(url.searchParams.get('sort_order') === 'desc'))(req, res);
    });
    t = await startApp('pglite', {
      FRED_API_KEY: KEY,
      FRED_BASE_URL: fred.baseUrl,
      PROVIDER_TIMEOUT_MS: '500',
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fred.close();
  });

  it('gives a new analysis the latest published week plus the investor premium, said to be live', async () => {
    mode = 'ok';
    const body = (await createProperty(t)).json();
    expect(body.market_data.figures.interest_rate).toMatchObject({
      value: expect.closeTo(0.063 + 0.0075, 12),
      tier: 'live',
      vintage: '2026-11-26, live',
      source: expect.stringMatching(/via FRED/),
    });
    expect(body.property.metrics.interest_rate).toBeCloseTo(0.0705, 12);
    expect(JSON.stringify(body)).not.toContain(KEY);
    const asked = fred.requests.at(-1)?.url;
    expect(Object.fromEntries(asked?.searchParams ?? [])).toMatchObject({
      series_id: 'MORTGAGE30US',
      file_type: 'json',
      sort_order: 'desc',
    });
  });

  it.each(['500', 'bad'] as const)(
    'falls back to the imported week with a warning when FRED answers %s',
    async (failure) => {
      const broken = await startApp('pglite', { FRED_API_KEY: KEY, FRED_BASE_URL: fred.baseUrl });
      try {
        mode = failure;
        const body = (await createProperty(broken)).json();
        expect(body.market_data.figures.interest_rate).toMatchObject({
          tier: 'reported',
          value: expect.closeTo(0.0803, 12),
        });
        expect(body.market_data.warnings).toContain(
          `The live mortgage rate (FRED) is unavailable right now (${failure === '500' ? 'http' : 'schema'}); the week of 2026-10-01 is used instead.`,
        );
      } finally {
        mode = 'ok';
        await broken.close();
      }
    },
  );

  it('lays the weeks since the last imported one over the rate file with market:refresh --fred', async () => {
    mode = 'ok';
    const report = await refreshMarketData({
      db: t.database.db,
      dir: FIXTURE_MARKET_DIR,
      tablesDir: MARKET_TABLES_DIR,
      inputs: {},
      fred: fredProvider({ apiKey: KEY, baseUrl: fred.baseUrl }),
      today: new Date('2026-11-26T12:00:00Z'),
    });
    expect(report.files).toMatchObject([
      { name: 'mortgage_rates.csv', rows: 5, check: { checked: ['latest week 2026-11-26'] } },
    ]);
    expect(report.status.available && report.status.interest_rate).toMatchObject({
      date: '2026-11-26',
      base_rate: 0.063,
    });
    expect(fred.requests.at(-1)?.url.searchParams.get('observation_start')).toBe('2026-10-01');
  });
});
