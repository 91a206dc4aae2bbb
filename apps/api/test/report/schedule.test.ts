/**
 * The month-by-month schedule download (issue 28 §7): one CSV row a month of the hold, for an
 * analysis, a saved property or one of their scenarios, owner only.
 */
import { analysisResponseSchema } from '@sfr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { austin, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';
import { parseCsv } from './csv-reader.js';

describe.each(DATABASE_KINDS)('the monthly schedule on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  }, 60_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = t.cookie) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

  it('is one row a month whose levered cash flows add up to what the deal returns, for the base case and a scenario', async () => {
    const created = analysisResponseSchema.parse((await call('POST', '/api/create_property', austin)).json());
    const res = await call('GET', `/api/analyses/${created.analysis_id}/schedule.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="1100-congress-ave-austin-tx-78701-monthly-schedule.csv"',
    );
    const [header, ...months] = parseCsv(res.body);
    expect(header?.slice(0, 3)).toEqual(['Month', 'Year', 'Gross rent']);
    expect(months).toHaveLength(12 * created.property.metrics.hold_period);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const levered = months.map((row) => Number(row[column('Levered cash flow')]));
    const { levered_profit, levered_equity } = created.overall_returns;
    // every dollar back over the hold, to a cent a month
    expect(Math.abs(levered.reduce((a, b) => a + b, 0) - (levered_profit + levered_equity))).toBeLessThan(
      0.005 * months.length,
    );
    expect(Number(months[0]?.[column('Gross rent')])).toBeCloseTo(created.property.metrics.rent, 2);
    // the new analysis's expense lines are columns of their own
    expect(header).toContain('Capex reserve');

    const withScenario = (
      await call('POST', `/api/analyses/${created.analysis_id}/scenarios`, {
        name: 'Section 8',
        metrics: { ...created.property.metrics, rent: 2_095 },
      })
    ).json();
    const scenarioId = withScenario.scenarios[0].id;
    const scenario = await call(
      'GET',
      `/api/analyses/${created.analysis_id}/schedule.csv?scenario=${scenarioId}`,
    );
    expect(scenario.statusCode).toBe(200);
    expect(scenario.headers['content-disposition']).toContain('monthly-schedule-section-8.csv');
    const [, first] = parseCsv(scenario.body);
    expect(Number(first?.[2])).toBe(2_095);

    // a saved property's, the same rows
    const saved = (await call('POST', '/api/saved_properties', { analysis_id: created.analysis_id })).json();
    const fromSaved = await call('GET', `/api/saved_properties/${saved.id}/schedule.csv`);
    expect(fromSaved.body).toBe(res.body);

    // an unknown scenario, a malformed one and another user's analysis
    expect(
      (
        await call('GET', `/api/analyses/${created.analysis_id}/schedule.csv?scenario=${'a'.repeat(24)}`)
      ).json().code,
    ).toBe('SCENARIO_NOT_FOUND');
    expect(
      (await call('GET', `/api/analyses/${created.analysis_id}/schedule.csv?scenario=x`)).statusCode,
    ).toBe(400);
    const stranger = await signUp(t.app);
    expect(
      (await call('GET', `/api/analyses/${created.analysis_id}/schedule.csv`, undefined, stranger.cookie))
        .statusCode,
    ).toBe(404);
  });
});
