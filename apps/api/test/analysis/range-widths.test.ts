/**
 * The user's "±" on an analysis's assumptions (issue 27 §1), kept with it: update_metrics stores
 * them, reopening, saving and sharing show them, the report's ranges simulate with them, and one
 * that does not read for its assumption is a 400 naming it, with nothing stored.
 */
import { analysisResponseSchema, sharedAnalysisSchema, simulateAnalysis } from '@sfr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../report/csv-reader.js';
import { austin, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

describe.each(DATABASE_KINDS)('range widths of an analysis on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  }, 60_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie: string | null = t.cookie) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
  // each its own street: a user saves an address once
  let streets = 0;
  const analyse = async () =>
    analysisResponseSchema.parse(
      (await call('POST', '/api/create_property', { ...austin, street: `${++streets} Range St` })).json(),
    );
  const update = (analysis: { analysis_id: string; property: object }, extra: object = {}) =>
    call('POST', '/api/update_metrics', {
      analysis_id: analysis.analysis_id,
      property: analysis.property,
      ...extra,
    });

  it('keeps them with the analysis: reopened, saved and shared, and kept by an edit that leaves them out', async () => {
    const created = await analyse();
    expect(created.range_widths).toEqual({});
    const widths = { rent: '10%', interest_rate: '1' };
    const res = await update(created, { range_widths: widths });
    expect(res.statusCode, res.body).toBe(200);
    expect(analysisResponseSchema.parse(res.json()).range_widths).toEqual(widths);

    // an edit of the metrics alone keeps them; the figures are those of the metrics, not of the widths
    const edited = created.property.metrics.rent + 100;
    const again = analysisResponseSchema.parse(
      (
        await update({
          ...created,
          property: { ...created.property, metrics: { ...created.property.metrics, rent: edited } },
        })
      ).json(),
    );
    expect(again.range_widths).toEqual(widths);
    expect(again.property.metrics.rent).toBe(edited);
    const reopened = analysisResponseSchema.parse(
      (await call('GET', `/api/analyses/${created.analysis_id}`)).json(),
    );
    expect(reopened.range_widths).toEqual(widths);
    expect(reopened.overall_returns).toEqual(again.overall_returns);

    const saved = (await call('POST', '/api/saved_properties', { analysis_id: created.analysis_id })).json();
    expect(saved.range_widths).toEqual(widths);
    const { url } = (await call('POST', `/api/saved_properties/${saved.id}/share`)).json();
    const shared = sharedAnalysisSchema.parse(
      (await call('GET', `/api/shared/${String(url).split('/shared/')[1]}`, undefined, null)).json(),
    );
    expect(shared.range_widths).toEqual(widths);

    // {} clears them
    expect((await update(created, { range_widths: {} })).json().range_widths).toEqual({});
  });

  it('a save with the "±" on screen keeps them with the analysis, with or without metrics', async () => {
    const created = await analyse();
    const res = await call('POST', '/api/saved_properties', {
      analysis_id: created.analysis_id,
      range_widths: { rent: '300' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().range_widths).toEqual({ rent: '300' });
    expect(res.json().property.metrics).toEqual(created.property.metrics);
    const reopened = (await call('GET', `/api/analyses/${created.analysis_id}`)).json();
    expect(reopened.range_widths).toEqual({ rent: '300' });
    const bad = await call('POST', '/api/saved_properties', {
      analysis_id: (await analyse()).analysis_id,
      range_widths: { interest_rate: '1%' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['range_widths.interest_rate']);
  });

  it("simulates the report's ranges with them", async () => {
    const created = await analyse();
    const csvRanges = async () => {
      const res = await call('GET', `/api/analyses/${created.analysis_id}/report.csv`);
      expect(res.statusCode).toBe(200);
      return parseCsv(res.body).filter((row) => row[0] === 'ranges' && row[1]?.endsWith('_p90'));
    };
    const before = await csvRanges();
    const widened = analysisResponseSchema.parse(
      (await update(created, { range_widths: { rent: '25%' } })).json(),
    );
    const after = await csvRanges();
    expect(after).not.toEqual(before);
    // the report's P90 of monthly cash flow is the shared simulation's with the kept widths
    const p90 = simulateAnalysis(widened).percentiles.monthly_levered_cash_flow.p90;
    const row = after.find((r) => r[1] === 'monthly_levered_cash_flow_p90');
    expect(Number(row?.[3])).toBeCloseTo(p90 ?? Number.NaN, 2);
  });

  it('refuses a width that does not read, or for an assumption without a spread, storing nothing', async () => {
    const created = await analyse();
    const bad = await update(created, { range_widths: { rent: 'ten' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Monthly Rent ±: Type dollars (300) or a percent of the value (10%)');
    expect(bad.json().fields).toEqual({
      'range_widths.rent': 'Monthly Rent ±: Type dollars (300) or a percent of the value (10%)',
    });
    const unknown = await update(created, { range_widths: { purchase_price: '10%' } });
    expect(unknown.statusCode).toBe(400);
    const reopened = (await call('GET', `/api/analyses/${created.analysis_id}`)).json();
    expect(reopened.range_widths).toEqual({});
  });
});
