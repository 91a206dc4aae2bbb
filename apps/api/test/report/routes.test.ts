/**
 * The report downloads (issue 14 §4) through the real routes: a PDF whose extracted text carries the
 * address, rating and year-1 NOI, a CSV that parses back to the analysis, owner only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMoney, roundToCents } from '@sfr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../src/http/rate-limit.js';
import { addressSlug, REPORT_RATE_LIMIT, REPORT_RATE_LIMIT_MESSAGE } from '../../src/report/routes.js';
import { signUp } from '../support/accounts.js';
import { austin, DATABASE_KINDS, inOneRateWindow, startApp, type TestApp } from '../support/app.js';
import { parseCsv } from './csv-reader.js';

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sfr-report-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('addressSlug', () => {
  it('makes a safe file name of the address', () => {
    expect(addressSlug('1100 Congress Ave, Austin, TX 78701')).toBe('1100-congress-ave-austin-tx-78701');
    expect(addressSlug('12 Rue "Élysée"\r\n; rm -rf, Paris')).toBe('12-rue-elysee-rm-rf-paris');
    expect(addressSlug('!!!')).toBe('deal-report');
  });
});

describe.each(DATABASE_KINDS)('report downloads on %s', (kind) => {
  let t: TestApp;
  let owner: { cookie: string };
  let stranger: { cookie: string };
  let analysis: {
    analysis_id: string;
    summary: { overall_points: number; overall_response: string };
    year_1_metrics: { net_operating_income: number };
    hold_period: { levered: { cashflow: number[] } };
  };
  let savedId: string;

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    analysis = (
      await t.app.inject({
        method: 'POST',
        url: '/api/create_property',
        headers: { cookie: owner.cookie },
        payload: austin,
      })
    ).json();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved_properties',
      headers: { cookie: owner.cookie },
      payload: { analysis_id: analysis.analysis_id },
    });
    savedId = saved.json().id;
  }, 60_000);
  afterAll(async () => t.close());

  const get = (url: string, cookie: string | null) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const urls = () => [`/api/analyses/${analysis.analysis_id}`, `/api/saved_properties/${savedId}`];

  it('sends the PDF with the address, the rating and the year-1 NOI as real text', async () => {
    for (const base of urls()) {
      const res = await get(`${base}/report.pdf`, owner.cookie);
      expect(res.statusCode, base).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="1100-congress-ave-austin-tx-78701.pdf"',
      );
      const text = pdfText(res.rawPayload);
      expect(text).toContain('1100 Congress Ave, Austin, TX 78701');
      expect(text).toContain(`${analysis.summary.overall_points}%`);
      expect(text).toContain(analysis.summary.overall_response);
      expect(text).toContain(formatMoney(analysis.year_1_metrics.net_operating_income));
    }
  });

  it('sends the CSV, which parses back to the analysis numbers', async () => {
    for (const base of urls()) {
      const res = await get(`${base}/report.csv`, owner.cookie);
      expect(res.statusCode, base).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="1100-congress-ave-austin-tx-78701.csv"',
      );
      const rows = parseCsv(res.body);
      const value = (key: string) => rows.find((row) => row[1] === key)?.[3];
      expect(Number(value('net_operating_income'))).toBe(
        roundToCents(analysis.year_1_metrics.net_operating_income),
      );
      expect(Number(value('overall_points'))).toBe(analysis.summary.overall_points);
      expect(value('address')).toBe('1100 Congress Ave, Austin, TX 78701');
      const cashflow = rows.find((row) => row[1] === 'levered:cashflow');
      expect(cashflow?.slice(9).map(Number)).toEqual(analysis.hold_period.levered.cashflow.map(roundToCents));
    }
  });

  it('is the owner’s only: another user gets 404, a guest 401, a malformed id 400', async () => {
    for (const base of urls()) {
      for (const format of ['pdf', 'csv']) {
        const url = `${base}/report.${format}`;
        const res = await get(url, stranger.cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect((await get(url, null)).statusCode, url).toBe(401);
      }
    }
    expect((await get('/api/analyses/nope/report.pdf', owner.cookie)).statusCode).toBe(400);
    expect((await get(`/api/saved_properties/${'c'.repeat(24)}/report.csv`, owner.cookie)).statusCode).toBe(
      404,
    );
  });

  it('serves a repeat of the same report from the cache, and a changed analysis afresh', async () => {
    const user = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create_property',
      headers: { cookie: user.cookie },
      payload: { ...austin, street: '1200 Congress Ave' },
    });
    const deal = created.json();
    const url = `/api/analyses/${deal.analysis_id}/report.pdf`;
    const first = await get(url, user.cookie);
    const second = await get(url, user.cookie);
    expect([first.headers['x-report-cache'], second.headers['x-report-cache']]).toEqual(['miss', 'hit']);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // new metrics: a new report
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/update_metrics',
      headers: { cookie: user.cookie },
      payload: {
        analysis_id: deal.analysis_id,
        property: {
          ...deal.property,
          metrics: { ...deal.property.metrics, rent: deal.property.metrics.rent + 100 },
        },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const third = await get(url, user.cookie);
    expect(third.headers['x-report-cache']).toBe('miss');
    expect(pdfText(third.rawPayload)).toContain(
      formatMoney(updated.json().year_1_metrics.net_operating_income),
    );
  });

  it('gives a scenario’s figures when asked for one (Compare’s pick), with every case still beside the base', async () => {
    const user = await signUp(t.app);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });
    const deal = (await post('/api/create_property', { ...austin, street: '1300 Congress Ave' })).json();
    const rent = deal.property.metrics.rent + 400;
    const withScenario = await post(`/api/analyses/${deal.analysis_id}/scenarios`, {
      name: 'Higher rent',
      metrics: { ...deal.property.metrics, rent },
    });
    expect(withScenario.statusCode).toBe(201);
    const scenario = withScenario.json().scenarios[0];
    const base = `/api/analyses/${deal.analysis_id}`;
    const csvValue = (body: string, key: string) => parseCsv(body).find((row) => row[1] === key)?.[3];
    // from an address of its own: the address's report budget is the 429 test's
    const get = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: '203.0.113.28' });

    const ofScenario = await get(`${base}/report.csv?scenario=${scenario.id}`, user.cookie);
    expect(ofScenario.statusCode, ofScenario.body).toBe(200);
    expect(ofScenario.headers['content-disposition']).toBe(
      'attachment; filename="1300-congress-ave-austin-tx-78701-higher-rent.csv"',
    );
    expect(csvValue(ofScenario.body, 'scenario')).toBe('Higher rent');
    expect(Number(csvValue(ofScenario.body, 'rent'))).toBe(rent);
    const ofBase = await get(`${base}/report.csv`, user.cookie);
    expect(Number(csvValue(ofBase.body, 'rent'))).toBe(deal.property.metrics.rent);
    expect(csvValue(ofBase.body, 'scenario')).toBeUndefined();
    // what the scenario set is the scenario's, beside the base case's value; what it kept is as before
    const assumption = (body: string, key: string) =>
      parseCsv(body).find((row) => row[0] === 'assumptions' && row[1] === key);
    expect(assumption(ofScenario.body, 'rent')?.slice(4, 7)).toEqual([
      `set by the scenario; the base case has ${formatMoney(deal.property.metrics.rent)}`,
      '',
      'Scenario',
    ]);
    expect(assumption(ofBase.body, 'rent')?.[6]).toBe('Derived');
    expect(assumption(ofScenario.body, 'closing_cost')?.[6]).toBe('Derived');
    // the Scenarios table is the same in both: the base case first, then the scenario
    for (const body of [ofScenario.body, ofBase.body]) {
      expect(Number(csvValue(body, 'scenario_0_rent'))).toBe(deal.property.metrics.rent);
      expect(Number(csvValue(body, 'scenario_1_rent'))).toBe(rent);
    }
    // the PDF says which case it is; the cache keeps the two apart
    const pdf = await get(`${base}/report.pdf?scenario=${scenario.id}`, user.cookie);
    expect(pdf.headers['x-report-cache']).toBe('miss');
    expect(pdfText(pdf.rawPayload)).toMatch(/Address Scenario County .* Higher rent Travis County/);
    expect((await get(`${base}/report.pdf`, user.cookie)).headers['x-report-cache']).toBe('miss');
    // a scenario the deal lacks, and one that is not an id
    const unknown = await get(`${base}/report.pdf?scenario=${'a'.repeat(24)}`, user.cookie);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'SCENARIO_NOT_FOUND']);
    expect((await get(`${base}/report.csv?scenario=x`, user.cookie)).statusCode).toBe(400);
  });

  it(`refuses a user's ${REPORT_RATE_LIMIT.perUser.max + 1}th report in a minute with 429`, async () => {
    await inOneRateWindow(MINUTE, 20_000);
    const user = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create_property',
      headers: { cookie: user.cookie },
      payload: austin,
    });
    const url = `/api/analyses/${created.json().analysis_id}/report.csv`;
    for (let i = 0; i < REPORT_RATE_LIMIT.perUser.max; i += 1) {
      expect((await get(url, user.cookie)).statusCode).toBe(200);
    }
    const refused = await get(url, user.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: REPORT_RATE_LIMIT_MESSAGE, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // someone else is not held to it
    expect((await get(`/api/analyses/${analysis.analysis_id}/report.csv`, owner.cookie)).statusCode).toBe(
      200,
    );
  }, 90_000);
});
