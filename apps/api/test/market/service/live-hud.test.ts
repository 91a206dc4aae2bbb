/**
 * The live HUD rent through the real app: HUD_API_TOKEN set and HUD_API_BASE_URL pointing at a local
 * server that answers in HUD USER's documented format. The fixture market data's FY2026 figures are
 * the offline fallback (Travis County 3 BR: $2,347), so every test can tell which one it got.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_DATA_UNAVAILABLE_LIVE_HUD, NO_SEARCH_SPENT } from '../../../src/market/service.js';
import { signUp } from '../../support/accounts.js';
import { austin, createProperty, startApp, type TestApp } from '../../support/app.js';
import { json, type StubServer, startServer, text } from '../../support/provider-server.js';
import { dallasCounty, texasCounties, travisCounty } from '../providers/hud-fixtures.js';

const TOKEN = 'hud-live-token-7f3a9c';

/** How the stand-in HUD answers fmr/data requests; each test sets it. */
let mode: 'ok' | '401' | '500' | 'timeout' | 'bad-json' = 'ok';

async function startHud(): Promise<StubServer> {
  return startServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      return json(401, { error: 'Authentication failure' })(req, res);
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/fmr/listCounties/TX') return json(200, texasCounties)(req, res);
    if (mode === '401') return json(401, { error: `Authentication failure for ${TOKEN}` })(req, res);
    if (mode === '500') return json(500, { error: 'Internal server error occurred' })(req, res);
    if (mode === 'timeout') return; // never answers
    if (mode === 'bad-json') return text(200, '{"data": {"basicdata": [', 'application/json')(req, res);
    if (path === '/fmr/data/4845399999') return json(200, travisCounty)(req, res);
    if (path === '/fmr/data/4811399999') return json(200, dallasCounty)(req, res);
    return json(404, { error: 'No data found' })(req, res);
  });
}

/** The app with the live HUD adapter pointed at `hud`, keeping its log lines (the token must never be in them). */
function startLiveApp(hud: StubServer, env: Record<string, string> = {}): Promise<TestApp> {
  const live = { HUD_API_TOKEN: TOKEN, HUD_API_BASE_URL: hud.baseUrl, PROVIDER_TIMEOUT_MS: '300' };
  return startApp('pglite', { ...live, ...env }, { keepLogs: true });
}

describe('live HUD rent', () => {
  let hud: StubServer;
  let t: TestApp;
  beforeAll(async () => {
    hud = await startHud();
    t = await startLiveApp(hud);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await hud.close();
  });

  it("uses the county's live FMR where Small Area FMRs do not apply, and says it is live", async () => {
    mode = 'ok';
    const res = await createProperty(t);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year_1_metrics.hud_rent).toBe(2405); // FY2027 3 BR, not the imported FY2026 $2,347
    const figure = body.market_data.figures.hud_rent;
    expect(figure.source).toBe(
      'U.S. Department of Housing and Urban Development, Fair Market Rents (HUD USER FMR API)',
    );
    expect(figure.vintage).toBe('FY2027, live');
    expect(figure.note).toContain('FMR $2,405');
    expect(body.market_data.warnings.join(' ')).not.toMatch(/HUD/);
    const asked = hud.requests.find((r) => r.url.pathname === '/fmr/data/4845399999');
    expect(asked?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("uses the ZIP's live Small Area FMR where HUD says Small Area FMRs apply", async () => {
    mode = 'ok';
    const body = (
      await createProperty(t, { ...austin, city: 'Dallas', zipcode: '75201', county_name: 'Dallas County' })
    ).json();
    expect(body.year_1_metrics.hud_rent).toBe(3740);
    expect(body.market_data.figures.hud_rent.source).toBe(
      'U.S. Department of Housing and Urban Development, Small Area Fair Market Rents (HUD USER FMR API)',
    );
    expect(body.market_data.figures.hud_rent.note).toContain('(mandatory SAFMR area)');
  });

  it('adds 15 % of the 4-bedroom rent for each bedroom above 4', async () => {
    mode = 'ok';
    const six = (await createProperty(t, { ...austin, num_bedrooms: 6 })).json();
    // HUD's rule and rounding: FMRs to the dollar, Small Area FMRs to $10
    expect(six.year_1_metrics.hud_rent).toBe(Math.round(2830 * 1.3));
    const dallasFive = (
      await createProperty(t, {
        ...austin,
        city: 'Dallas',
        zipcode: '75201',
        county_name: 'Dallas County',
        num_bedrooms: 5,
      })
    ).json();
    expect(dallasFive.year_1_metrics.hud_rent).toBe(5470); // 4,760 × 1.15 = 5,474 → 5,470
  });

  it('asks HUD once per entity: update_metrics and later analyses reuse the answer', async () => {
    mode = 'ok';
    const created = (await createProperty(t)).json();
    const before = hud.requests.length;
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/update_metrics',
      payload: { analysis_id: created.analysis_id, property: created.property },
      headers: { cookie: t.cookie },
    });
    expect(updated.json().year_1_metrics.hud_rent).toBe(2405);
    await createProperty(t, { ...austin, num_bedrooms: 2 });
    expect(hud.requests.length).toBe(before);
  });

  it.each([
    ['401', 'http'],
    ['500', 'http'],
    ['timeout', 'timeout'],
    ['bad-json', 'parse'],
  ] as const)(
    'falls back to the imported figure with a warning on %s, never a 500',
    async (failure, kind) => {
      mode = failure;
      // Los Angeles has not been asked yet, so nothing is cached for it
      const res = await createProperty(t, {
        ...austin,
        city: 'Los Angeles',
        zipcode: '90012',
        state_code: 'CA',
        county_name: 'Los Angeles County',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // the imported FY2026 SAFMR for 90012 (Los Angeles is a mandatory Small Area FMR metro)
      expect(body.year_1_metrics.hud_rent).toBe(3460);
      // the imported FY2026 figure, said to be last year's (today is after FY2027 began)
      expect(body.market_data.figures.hud_rent.vintage).toBe("FY2026 (from 2025-10-01), last year's");
      expect(body.market_data.figures.hud_rent.tier).toBe('reported');
      expect(body.market_data.warnings).toContain(
        `The live HUD Fair Market Rent (HUD USER API) is unavailable right now (${kind}); the offline figure is shown instead.`,
      );
    },
  );

  it('never writes the token to the log or the response', async () => {
    mode = '401';
    const res = await createProperty(t, {
      ...austin,
      city: 'Los Angeles',
      zipcode: '90012',
      state_code: 'CA',
      county_name: 'Los Angeles County',
    });
    expect(res.body).not.toContain(TOKEN);
    const warning = t.logs.find((line) => line.includes('live HUD rent failed'));
    expect(warning).toContain('Authentication failure for REDACTED');
    expect(t.logs.join('\n')).not.toContain(TOKEN);
  });
});

describe('live HUD rent without the market data files', () => {
  let hud: StubServer;
  let t: TestApp;
  beforeAll(async () => {
    hud = await startHud();
    t = await startLiveApp(hud, { MARKET_DATA_DIR: '/nonexistent/market' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await hud.close();
  });

  it("finds the county in HUD's list by name and uses its live FMR as the rent", async () => {
    mode = 'ok';
    const res = await createProperty(t);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year_1_metrics.hud_rent).toBe(2405);
    expect(body.property.metrics.rent).toBe(2405);
    expect(body.market_data.warnings).toContain(MARKET_DATA_UNAVAILABLE_LIVE_HUD);
    expect(hud.requests.map((r) => r.url.pathname)).toEqual(['/fmr/listCounties/TX', '/fmr/data/4845399999']);
  });

  it("spends a free search once a live provider answered: not the model's defaults alone", async () => {
    mode = 'ok';
    const { cookie } = await signUp(t.app);
    const res = await createProperty({ app: t.app, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().year_1_metrics.hud_rent).toBe(2405);
    expect(res.headers['x-free-searches-remaining']).toBe('4');
    expect(res.json().market_data.warnings).not.toContain(NO_SEARCH_SPENT);
  });

  it('says so when HUD lists no county of that name', async () => {
    mode = 'ok';
    const body = (await createProperty(t, { ...austin, county_name: 'Nowhere County' })).json();
    expect(body.year_1_metrics.hud_rent).toBeNull();
    expect(body.market_data.warnings).toContain(
      'The live HUD Fair Market Rent (HUD USER API) is unavailable right now (input); no HUD rent is shown.',
    );
  });
});
