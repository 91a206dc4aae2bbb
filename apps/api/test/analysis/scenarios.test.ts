/**
 * Scenarios on one deal (issue 28 §6): named metrics on the same property and market facts, kept
 * with the analysis, computed like it, shown wherever it is (reopened, saved, shared), and changed
 * safely by two processes at once.
 */
import {
  analysisResponseSchema,
  analysisSpreads,
  assembleScenario,
  MAX_SCENARIOS,
  SCENARIO_MESSAGES,
  sharedAnalysisSchema,
} from '@sfr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { austin, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

describe.each(DATABASE_KINDS)('scenarios of an analysis on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  }, 60_000);
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie = t.cookie,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  const analyse = async () =>
    analysisResponseSchema.parse((await call('POST', '/api/create_property', austin)).json());

  it('keeps a named scenario whose figures are the analysis of its metrics, and leaves the base case alone', async () => {
    const created = await analyse();
    expect(created.scenarios).toEqual([]);
    const metrics = { ...created.property.metrics, rent: 2_600, vacancy_rate: 0.03 };
    const res = await call('POST', `/api/analyses/${created.analysis_id}/scenarios`, {
      name: '  Section 8 ',
      metrics,
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = analysisResponseSchema.parse(res.json());
    expect(answer.property.metrics).toEqual(created.property.metrics);
    expect(answer.overall_returns).toEqual(created.overall_returns);
    expect(answer.scenarios).toEqual([
      { id: expect.stringMatching(/^[a-z2-7]{24}$/), name: 'Section 8', metrics },
    ]);

    // the scenario computed on any screen is what update_metrics answers for the same metrics
    const scenario = assembleScenario(answer, answer.scenarios[0] as (typeof answer.scenarios)[0]);
    const other = await analyse();
    const direct = (
      await call('POST', '/api/update_metrics', {
        analysis_id: other.analysis_id,
        property: { ...other.property, metrics },
      })
    ).json();
    expect(scenario.year_1_metrics).toEqual(direct.year_1_metrics);
    expect(scenario.overall_returns).toEqual(direct.overall_returns);
    expect(scenario.summary).toEqual(direct.summary);

    // reopened, it is there; editing the base case keeps it
    const edited = await call('POST', '/api/update_metrics', {
      analysis_id: created.analysis_id,
      property: { ...created.property, metrics: { ...created.property.metrics, rent: 3_300 } },
    });
    expect(edited.json().scenarios).toEqual(answer.scenarios);
    const reopened = (await call('GET', `/api/analyses/${created.analysis_id}`)).json();
    expect(reopened.scenarios).toEqual(answer.scenarios);
  });

  it('renames, re-prices and deletes a scenario; refuses a taken or reserved name, a seventh, bad metrics and strangers', async () => {
    const created = await analyse();
    const url = `/api/analyses/${created.analysis_id}/scenarios`;
    const metrics = created.property.metrics;
    const first = (await call('POST', url, { name: 'Lower offer', metrics })).json().scenarios[0];

    // the same name to a person's eye, and the base case's own name
    for (const name of ['lower  OFFER', 'Base Case']) {
      const taken = await call('POST', url, { name, metrics });
      expect(taken.statusCode, name).toBe(name === 'Base Case' ? 400 : 409);
    }
    expect((await call('POST', url, { name: 'lower offer', metrics })).json()).toMatchObject({
      code: 'SCENARIO_NAME_TAKEN',
      error: SCENARIO_MESSAGES.nameTaken,
    });
    expect((await call('POST', url, { name: '   ', metrics })).json().fields).toEqual({
      name: SCENARIO_MESSAGES.nameRequired,
    });
    const bad = await call('POST', url, { name: 'Too high', metrics: { ...metrics, vacancy_rate: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['metrics.vacancy_rate']);
    const noTenancy = { ...metrics, leasing_fee: 0.5, tenancy_months: undefined };
    const rule = await call('POST', url, { name: 'No tenancy', metrics: noTenancy });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().code).toBe('INVALID_ASSUMPTION');

    const renamed = await call('PUT', `${url}/${first.id}`, {
      name: 'Offer at $420k',
      metrics: { ...metrics, purchase_price: 420_000 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().scenarios).toEqual([
      { id: first.id, name: 'Offer at $420k', metrics: { ...metrics, purchase_price: 420_000 } },
    ]);
    // its own name again is no clash
    expect((await call('PUT', `${url}/${first.id}`, { name: 'offer at $420K', metrics })).statusCode).toBe(
      200,
    );

    for (let n = 2; n <= MAX_SCENARIOS; n++) {
      expect((await call('POST', url, { name: `Scenario ${n}`, metrics })).statusCode).toBe(201);
    }
    const seventh = await call('POST', url, { name: 'One too many', metrics });
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json()).toMatchObject({ code: 'TOO_MANY_SCENARIOS', error: SCENARIO_MESSAGES.tooMany });

    const deleted = await call('DELETE', `${url}/${first.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().scenarios.map((s: { name: string }) => s.name)).toEqual(
      Array.from({ length: MAX_SCENARIOS - 1 }, (_, i) => `Scenario ${i + 2}`),
    );
    expect((await call('DELETE', `${url}/${first.id}`)).json().code).toBe('SCENARIO_NOT_FOUND');

    const stranger = await signUp(t.app);
    for (const [method, path] of [
      ['POST', url],
      ['PUT', `${url}/${deleted.json().scenarios[0].id}`],
      ['DELETE', `${url}/${deleted.json().scenarios[0].id}`],
    ] as const) {
      const res = await call(
        method,
        path,
        method === 'DELETE' ? undefined : { name: 'Mine', metrics },
        stranger.cookie,
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `/api/analyses/${created.analysis_id}`)).json().scenarios).toHaveLength(
      MAX_SCENARIOS - 1,
    );
  });

  it('refuses an edit to a scenario from a state another tab has since changed (409), and takes one from the latest', async () => {
    const created = await analyse();
    const url = `/api/analyses/${created.analysis_id}/scenarios`;
    const metrics = created.property.metrics;
    const added = analysisResponseSchema.parse(
      (await call('POST', url, { name: 'Low offer', metrics })).json(),
    );
    const scenarioUrl = `${url}/${added.scenarios[0]?.id}`;
    // tab A raises the rent from the state both tabs opened
    const a = await call('PUT', scenarioUrl, {
      name: 'Low offer',
      metrics: { ...metrics, rent: 3_900 },
      revision: added.revision,
    });
    expect(a.statusCode, a.body).toBe(200);
    // tab B, still on that state, edits the closing cost: refused, and A's rent stays
    const b = await call('PUT', scenarioUrl, {
      name: 'Low offer',
      metrics: { ...metrics, closing_cost: 5_000 },
      revision: added.revision,
    });
    expect(b.statusCode, b.body).toBe(409);
    expect(b.json()).toMatchObject({ code: 'ANALYSIS_CHANGED' });
    const kept = analysisResponseSchema.parse(
      (await call('GET', `/api/analyses/${created.analysis_id}`)).json(),
    );
    expect(kept.scenarios[0]?.metrics.rent).toBe(3_900);
    expect(kept.scenarios[0]?.metrics.closing_cost).toBe(metrics.closing_cost);
    // from the latest revision the edit goes through
    const latest = await call('PUT', scenarioUrl, {
      name: 'Low offer',
      metrics: { ...kept.scenarios[0]?.metrics, closing_cost: 5_000 },
      revision: kept.revision,
    });
    expect(latest.statusCode, latest.body).toBe(200);
  });

  it('keeps a scenario’s own ± (a Section 8 rent’s band), refuses one that does not read, and ranges it by them', async () => {
    const created = await analyse();
    const url = `/api/analyses/${created.analysis_id}/scenarios`;
    const metrics = { ...created.property.metrics, rent: 2_095 };
    const bad = await call('POST', url, { name: 'Section 8', metrics, range_widths: { rent: 'lots' } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fields).toHaveProperty(['range_widths.rent']);
    const res = await call('POST', url, { name: 'Section 8', metrics, range_widths: { rent: '257' } });
    expect(res.statusCode, res.body).toBe(201);
    const answer = analysisResponseSchema.parse(res.json());
    const scenario = answer.scenarios[0] as (typeof answer.scenarios)[0];
    expect(scenario.range_widths).toEqual({ rent: '257' });
    // the base case keeps its own (none); the scenario as every screen assembles it carries its band
    expect(answer.range_widths).toEqual({});
    const assembled = assembleScenario(answer, scenario);
    expect(assembled.range_widths).toEqual({ rent: '257' });
    expect(analysisSpreads(assembled).rent).toEqual({ low: 2_095 - 257, high: 2_095 + 257 });
    // a scenario without its own takes the deal's
    expect(assembleScenario({ ...answer, range_widths: { rent: '100' } }, { metrics }).range_widths).toEqual({
      rent: '100',
    });
  });

  it('shows the scenarios with the saved property and on its share link', async () => {
    const created = await analyse();
    const metrics = { ...created.property.metrics, rent: 2_500 };
    await call('POST', `/api/analyses/${created.analysis_id}/scenarios`, { name: 'Section 8', metrics });
    const saved = await call('POST', '/api/saved_properties', { analysis_id: created.analysis_id });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().scenarios).toEqual([expect.objectContaining({ name: 'Section 8', metrics })]);
    const share = await call('POST', `/api/saved_properties/${saved.json().id}/share`);
    const token = String(share.json().url).split('/shared/')[1];
    const shared = sharedAnalysisSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).json(),
    );
    expect(shared.scenarios).toEqual([expect.objectContaining({ name: 'Section 8', metrics })]);
  });

  it('loses no scenario when many are added at once', async () => {
    const created = await analyse();
    const url = `/api/analyses/${created.analysis_id}/scenarios`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', url, { name: `Try ${i}`, metrics: created.property.metrics }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(MAX_SCENARIOS);
    expect(codes.filter((code) => code === 409)).toHaveLength(10 - MAX_SCENARIOS);
    const stored = (await call('GET', `/api/analyses/${created.analysis_id}`)).json().scenarios;
    expect(stored).toHaveLength(MAX_SCENARIOS);
    expect(new Set(stored.map((s: { id: string }) => s.id)).size).toBe(MAX_SCENARIOS);
  });
});
