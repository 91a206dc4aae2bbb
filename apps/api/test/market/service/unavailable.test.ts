import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_DATA_UNAVAILABLE, NO_SEARCH_SPENT } from '../../../src/market/service.js';
import { signUp } from '../../support/accounts.js';
import { austin, createProperty, startApp, type TestApp } from '../../support/app.js';

describe('without the market data folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { MARKET_DATA_DIR: '/nonexistent/market' });
  });
  afterAll(async () => t.close());

  it('still starts and says which figures are unavailable', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.market_data.available).toBe(false);
    const res = await createProperty(t);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year_1_metrics.hud_rent).toBeNull();
    expect(body.year_1_metrics.violent_crime_grade).toBeNull();
    expect(body.property.metrics.interest_rate).toBe(0.07);
    expect(body.property.metrics.property_taxes).toBeCloseTo(4_500, 9); // 1 % fallback
    expect(body.market_data.warnings).toContain(MARKET_DATA_UNAVAILABLE);
    // `t.cookie` is a subscriber's: they count no searches, so nothing says one was not counted
    expect(body.market_data.warnings).not.toContain(NO_SEARCH_SPENT);
  });

  it('does not spend a free search on the model defaults it answers with', async () => {
    const { cookie } = await signUp(t.app);
    for (let i = 0; i < 2; i++) {
      const res = await createProperty({ app: t.app, cookie }, austin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-free-searches-remaining']).toBe('5');
      expect(res.json().market_data.warnings).toContain(NO_SEARCH_SPENT);
    }
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();
    expect(me.user.freeSearches).toBe(5);
  });
});
