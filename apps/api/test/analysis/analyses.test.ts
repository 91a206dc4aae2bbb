/**
 * Analyses belong to the user who ran them (issue 11 §2): stored on create, listed a page at a time,
 * reopened as last edited, edited only through their own facts, saved by id.
 */
import { MESSAGES } from '@sfr/contracts';
import { ENGINE_VERSION } from '@sfr/underwriting';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PROPERTY_MESSAGE } from '../../src/analysis/user-analyses.js';
import { analyses, users } from '../../src/db/schema.js';
import { signUp } from '../support/accounts.js';
import { austin, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

describe.each(DATABASE_KINDS)('the user’s analyses on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  }, 60_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const analyse = async (cookie: string, property: object = austin) => {
    const res = await call('POST', '/api/create_property', cookie, property);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('spends a free search only when its analysis is stored: both happen in one transaction', async () => {
    const { cookie, user } = await signUp(t.app);
    const searchesLeft = async () =>
      (await t.database.db.select({ left: users.free_searches }).from(users).where(eq(users.id, user.id)))[0]
        ?.left;
    // the database refuses this one street's analysis, as a full disk or a lost connection would
    await t.database.db.execute(sql`
      create or replace function refuse_failing_row() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await t.database.db.execute(sql`
      create or replace trigger refuse_failing_row before insert on analyses for each row
      when (new.address like '9 Failing Row%') execute function refuse_failing_row()`);
    try {
      const refused = await call('POST', '/api/create_property', cookie, {
        ...austin,
        street: '9 Failing Row',
      });
      expect(refused.statusCode).toBe(500);
      expect(await searchesLeft()).toBe(5);
      const kept = await call('POST', '/api/create_property', cookie, austin);
      expect(kept.statusCode).toBe(200);
      expect(kept.headers['x-free-searches-remaining']).toBe('4');
      expect(await searchesLeft()).toBe(4);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_failing_row on analyses`);
    }
  });

  it('stores every analysis and lists them newest first, a page at a time', async () => {
    const { cookie } = await signUp(t.app);
    const streets = ['1 First St', '2 Second St', '3 Third St'];
    const created = [];
    for (const street of streets) created.push(await analyse(cookie, { ...austin, street }));
    expect(new Set(created.map((a) => a.analysis_id)).size).toBe(3);
    for (const a of created) expect(a.analysis_id).toMatch(/^[a-z2-7]{24}$/);

    const first = await call('GET', '/api/analyses?limit=2', cookie);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.analyses.map((a: { address: string }) => a.address)).toEqual([
      '3 Third St, Austin, TX 78701',
      '2 Second St, Austin, TX 78701',
    ]);
    expect(page1.analyses[0]).toMatchObject({
      id: created[2].analysis_id,
      purchase_price: 450_000,
      overall_points: created[2].summary.overall_points,
      overall_color: created[2].summary.overall_color,
    });
    expect(Date.parse(page1.analyses[0].created_at)).not.toBeNaN();
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await call('GET', `/api/analyses?limit=2&cursor=${page1.next_cursor}`, cookie)).json();
    expect(page2.analyses.map((a: { id: string }) => a.id)).toEqual([created[0].analysis_id]);
    expect(page2.next_cursor).toBeNull();

    for (const bad of ['cursor=not-a-cursor', 'limit=0', 'limit=101', 'limit=abc']) {
      const res = await call('GET', `/api/analyses?${bad}`, cookie);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await call('GET', '/api/analyses', null)).statusCode).toBe(401);
  });

  it('reopens an analysis as last edited, and refuses an edit from a replaced state; another user’s id is a 404, a malformed one a 400', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const created = await analyse(alice.cookie);
    const metrics = { ...created.property.metrics, rent: 3_100, purchase_price: 420_000 };
    const edited = await call('POST', '/api/update_metrics', alice.cookie, {
      analysis_id: created.analysis_id,
      property: { ...created.property, metrics },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().analysis_id).toBe(created.analysis_id);

    const reopened = await call('GET', `/api/analyses/${created.analysis_id}`, alice.cookie);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual(edited.json());
    expect(reopened.json().property.metrics).toEqual(metrics);
    // the list shows the current state too
    const [row] = (await call('GET', '/api/analyses', alice.cookie)).json().analyses;
    expect(row).toMatchObject({
      purchase_price: 420_000,
      overall_points: edited.json().summary.overall_points,
      // the building, so two analyses of one address read apart in the list
      factor: austin.factor,
      num_bedrooms: austin.num_bedrooms,
      num_bathrooms: austin.num_bathrooms,
    });
    expect(Date.parse(row.updated_at)).toBeGreaterThanOrEqual(Date.parse(row.created_at));

    expect((await call('GET', `/api/analyses/${created.analysis_id}`, bob.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/analyses', bob.cookie)).json().analyses).toEqual([]);
    // over Fastify's 100-character parameter limit no route matches: the one 404 shape
    expect((await call('GET', `/api/analyses/${'a'.repeat(500)}`, alice.cookie)).json().code).toBe(
      'NOT_FOUND',
    );
    for (const bad of ['x', "1'or'1", 'A'.repeat(24), 'a'.repeat(25)]) {
      const res = await call('GET', `/api/analyses/${encodeURIComponent(bad)}`, alice.cookie);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
    }
    expect((await call('GET', `/api/analyses/${'a'.repeat(24)}`, alice.cookie)).statusCode).toBe(404);
    // two tabs: an edit from a state another tab has since replaced is refused (409), not overwritten
    {
      const cookie = alice.cookie;
      const deal = await analyse(cookie);
      // two tabs open the same analysis
      const tabA = (await call('GET', `/api/analyses/${deal.analysis_id}`, cookie)).json();
      const tabB = (await call('GET', `/api/analyses/${deal.analysis_id}`, cookie)).json();
      expect(tabA.revision).toEqual(expect.any(String));
      expect(tabA.revision).toBe(deal.revision);
      // not saved: no save named
      expect(tabA).not.toHaveProperty('saved_property_id');
      const edit = (tab: typeof tabA, change: object) =>
        call('POST', '/api/update_metrics', cookie, {
          analysis_id: deal.analysis_id,
          revision: tab.revision,
          property: { ...tab.property, metrics: { ...tab.property.metrics, ...change } },
        });
      const first = await edit(tabA, { vacancy_rate: 0.06 });
      expect(first.statusCode).toBe(200);
      expect(first.json().revision).not.toBe(tabA.revision);
      // tab B still shows the old state: its edit is refused, and tab A's stays
      const second = await edit(tabB, { insurance: 2_333 });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ error: MESSAGES.analysisChanged, code: 'ANALYSIS_CHANGED' });
      const stored = (await call('GET', `/api/analyses/${deal.analysis_id}`, cookie)).json();
      expect(stored.property.metrics.vacancy_rate).toBe(0.06);
      expect(stored.property.metrics.insurance).toBe(tabA.property.metrics.insurance);
      expect(stored.revision).toBe(first.json().revision);
      // from the state tab A now shows, the next edit goes through; so does one that sends no revision
      expect((await edit(first.json(), { insurance: 2_000 })).statusCode).toBe(200);
      const unchecked = await call('POST', '/api/update_metrics', cookie, {
        analysis_id: deal.analysis_id,
        property: { ...stored.property, metrics: { ...stored.property.metrics, insurance: 2_100 } },
      });
      expect(unchecked.statusCode).toBe(200);
      // a scenario change moves the revision too, and answers with the new one
      const withScenario = await call('POST', `/api/analyses/${deal.analysis_id}/scenarios`, cookie, {
        name: 'Lower rent',
        metrics: { ...stored.property.metrics, rent: 2_000 },
      });
      expect(withScenario.statusCode).toBe(201);
      expect((await edit(withScenario.json(), { insurance: 2_200 })).statusCode).toBe(200);
    }
    // a save shows its analysis at the analysis's revision: saved with the screen's metrics, reopened,
    // and edited from another tab, the reopened save's older state is refused as the analysis's is
    {
      const cookie = alice.cookie;
      const deal = await analyse(cookie);
      const saved = await call('POST', '/api/saved_properties', cookie, {
        analysis_id: deal.analysis_id,
        metrics: { ...deal.property.metrics, vacancy_rate: 0.07 },
      });
      expect(saved.statusCode).toBe(201);
      const analysisNow = (await call('GET', `/api/analyses/${deal.analysis_id}`, cookie)).json();
      expect(saved.json().revision, 'the save made the metrics the analysis’s own').toBe(
        analysisNow.revision,
      );
      expect(saved.json().revision).not.toBe(deal.revision);
      // reopened as an analysis (Recent Analyses, a reload of ?analysis=), it names its save
      expect(analysisNow.saved_property_id).toBe(saved.json().id);
      const reopened = (await call('GET', `/api/saved_properties/${saved.json().id}`, cookie)).json();
      expect(reopened.revision).toBe(analysisNow.revision);
      const editSaved = (tab: typeof reopened, change: object) =>
        call('POST', '/api/update_metrics', cookie, {
          saved_property_id: reopened.id,
          revision: tab.revision,
          property: { ...tab.property, metrics: { ...tab.property.metrics, ...change } },
        });
      const fromAnalysis = await call('POST', '/api/update_metrics', cookie, {
        analysis_id: deal.analysis_id,
        revision: analysisNow.revision,
        property: { ...analysisNow.property, metrics: { ...analysisNow.property.metrics, insurance: 2_444 } },
      });
      expect(fromAnalysis.statusCode).toBe(200);
      expect((await editSaved(reopened, { insurance: 2_555 })).statusCode).toBe(409);
      const again = (await call('GET', `/api/saved_properties/${reopened.id}`, cookie)).json();
      expect(again.property.metrics.insurance).toBe(2_444);
      expect(again.revision).toBe(fromAnalysis.json().revision);
      expect((await editSaved(again, { insurance: 2_555 })).statusCode).toBe(200);
      // a save with the screen's metrics from a state another tab has replaced is refused too
      const third = await analyse(cookie, { ...austin, street: '3 Third St' });
      const movedOn = await call('POST', '/api/update_metrics', cookie, {
        analysis_id: third.analysis_id,
        revision: third.revision,
        property: { ...third.property, metrics: { ...third.property.metrics, insurance: 2_600 } },
      });
      expect(movedOn.statusCode).toBe(200);
      const staleSave = await call('POST', '/api/saved_properties', cookie, {
        analysis_id: third.analysis_id,
        revision: third.revision,
        metrics: { ...third.property.metrics, insurance: 2_700 },
      });
      expect(staleSave.statusCode).toBe(409);
      expect(staleSave.json().code).toBe('ANALYSIS_CHANGED');
      const thirdNow = (await call('GET', `/api/analyses/${third.analysis_id}`, cookie)).json();
      expect(thirdNow.property.metrics.insurance, 'the other tab’s edit stands').toBe(2_600);
      expect(thirdNow, 'nothing saved').not.toHaveProperty('saved_property_id');
      const freshSave = await call('POST', '/api/saved_properties', cookie, {
        analysis_id: third.analysis_id,
        revision: thirdNow.revision,
        metrics: { ...thirdNow.property.metrics, insurance: 2_700 },
      });
      expect(freshSave.statusCode).toBe(201);
      expect(freshSave.json().property.metrics.insurance).toBe(2_700);
      // a save without metrics keeps the analysis as it stands, at its revision
      const other = await analyse(cookie, { ...austin, street: '1 Other St' });
      const plain = (
        await call('POST', '/api/saved_properties', cookie, { analysis_id: other.analysis_id })
      ).json();
      expect(plain.revision).toBe(other.revision);
      expect((await call('GET', `/api/analyses/${other.analysis_id}`, cookie)).json().saved_property_id).toBe(
        plain.id,
      );
      // the save deleted, the analysis stands alone again
      expect((await call('DELETE', `/api/saved_properties/${plain.id}`, cookie)).statusCode).toBe(204);
      expect((await call('GET', `/api/analyses/${other.analysis_id}`, cookie)).json()).not.toHaveProperty(
        'saved_property_id',
      );
    }
  });

  it('stores what an analysis is computed from, and computes it when read', async () => {
    const { cookie } = await signUp(t.app);
    const created = await analyse(cookie);
    const { analysis_id } = created;
    const [row] = await t.database.db.select().from(analyses).where(eq(analyses.id, analysis_id));
    // the inputs, no result: the property, the facts with their sources and the metrics
    expect(Object.keys(row ?? {})).not.toContain('result');
    expect(row?.assumptions).toEqual(created.property.metrics);
    expect(row?.engine_version).toBe(ENGINE_VERSION);
    expect(row?.facts.market_data).toEqual(created.market_data);
    expect(row).toMatchObject({
      purchase_price: created.property.purchase_price,
      overall_points: created.summary.overall_points,
      monthly_levered_cash_flow: created.year_1_metrics.monthly_levered_cash_flow,
    });
    // reopened: the same answer, computed again
    expect((await call('GET', `/api/analyses/${analysis_id}`, cookie)).json()).toEqual(created);
    // edited: the stored metrics follow, and the list's columns with them
    const metrics = { ...created.property.metrics, rent: created.property.metrics.rent + 250 };
    const edited = (
      await call('POST', '/api/update_metrics', cookie, {
        analysis_id,
        property: { ...created.property, metrics },
      })
    ).json();
    const [after] = await t.database.db.select().from(analyses).where(eq(analyses.id, analysis_id));
    expect(after?.assumptions).toEqual(metrics);
    expect(after?.overall_points).toBe(edited.summary.overall_points);
    expect((await call('GET', `/api/analyses/${analysis_id}`, cookie)).json()).toEqual(edited);
  });

  it('update_metrics needs sign-in and the analysis it edits, and keeps the property fixed', async () => {
    const { cookie } = await signUp(t.app);
    const created = await analyse(cookie);
    const property = created.property;
    const body = (changes: object) => ({
      analysis_id: created.analysis_id,
      property: { ...property, ...changes },
    });
    expect((await call('POST', '/api/update_metrics', null, body({}))).statusCode).toBe(401);
    const noId = await call('POST', '/api/update_metrics', cookie, { property });
    expect(noId.statusCode).toBe(400);
    expect(Object.keys(noId.json().fields)).toEqual(['analysis_id']);

    for (const change of [
      { street: '2 Other St' },
      { zipcode: '78702' },
      { county_name: 'Williamson County' },
      { num_bedrooms: 4 },
      { num_bathrooms: 3 },
      { factor: 2 },
    ]) {
      const res = await call('POST', '/api/update_metrics', cookie, body(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ error: NEW_PROPERTY_MESSAGE, code: 'BAD_REQUEST' });
    }
    // the same address written differently is the same property; the price is a metric, free to edit
    const same = await call(
      'POST',
      '/api/update_metrics',
      cookie,
      body({ street: ' 1100  CONGRESS ave', metrics: { ...property.metrics, purchase_price: 500_000 } }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().property.street).toBe('1100 Congress Ave');
    expect(same.json().property.purchase_price).toBe(500_000);
  });

  it('edits are free: a user with no searches left keeps editing and saving', async () => {
    const { cookie, user } = await signUp(t.app);
    let last = await analyse(cookie);
    for (let i = 0; i < 4; i++) last = await analyse(cookie, { ...austin, street: `${i} Spent St` });
    expect((await call('POST', '/api/create_property', cookie, austin)).statusCode).toBe(402);
    const metrics = { ...last.property.metrics, purchase_price: 300_000 };
    const edited = await call('POST', '/api/update_metrics', cookie, {
      analysis_id: last.analysis_id,
      property: { ...last.property, metrics },
    });
    expect(edited.statusCode).toBe(200);
    const saved = await call('POST', '/api/saved_properties', cookie, { analysis_id: last.analysis_id });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().property.purchase_price).toBe(300_000);
    expect(user.id).toBeTruthy();
  });

  it('saves an analysis by id with the metrics on screen, recomputed; never an arbitrary body', async () => {
    const { cookie } = await signUp(t.app);
    const created = await analyse(cookie, { ...austin, street: '8 Save St' });
    const metrics = { ...created.property.metrics, rent: 3_300 };
    const saved = await call('POST', '/api/saved_properties', cookie, {
      analysis_id: created.analysis_id,
      metrics,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      analysis_id: created.analysis_id,
      property: { metrics: { rent: 3_300 } },
    });
    expect(saved.json().year_1_metrics.effective_gross_revenue).toBeCloseTo(3_300 * 12 * 0.95, 6);
    // the analysis now shows what was saved
    const reopened = (await call('GET', `/api/analyses/${created.analysis_id}`, cookie)).json();
    expect(reopened.summary).toEqual(saved.json().summary);

    // the old shape (a property in the body) analyses nothing
    const arbitrary = await call('POST', '/api/saved_properties', cookie, {
      property: { ...created.property, street: '9 Never Analysed St' },
    });
    expect(arbitrary.statusCode).toBe(400);
    expect(Object.keys(arbitrary.json().fields)).toContain('analysis_id');
    const unknown = await call('POST', '/api/saved_properties', cookie, { analysis_id: 'a'.repeat(24) });
    expect(unknown.statusCode).toBe(404);
    const badMetrics = await call('POST', '/api/saved_properties', cookie, {
      analysis_id: created.analysis_id,
      metrics: { ...metrics, hold_period: 0 },
    });
    expect(badMetrics.statusCode).toBe(400);
  });

  it('edits a saved property by its id: the save and its analysis both take the result', async () => {
    const { cookie } = await signUp(t.app);
    const created = await analyse(cookie, { ...austin, street: '12 Edit St' });
    const saved = (
      await call('POST', '/api/saved_properties', cookie, { analysis_id: created.analysis_id })
    ).json();
    const metrics = { ...created.property.metrics, vacancy_rate: 0.1 };
    const res = await call('POST', '/api/update_metrics', cookie, {
      saved_property_id: saved.id,
      property: { ...created.property, metrics },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis_id).toBe(created.analysis_id);
    const reopenedSave = (await call('GET', `/api/saved_properties/${saved.id}`, cookie)).json();
    expect(reopenedSave.property.metrics.vacancy_rate).toBe(0.1);
    const reopened = (await call('GET', `/api/analyses/${created.analysis_id}`, cookie)).json();
    expect(reopened.property.metrics.vacancy_rate).toBe(0.1);
    const unknown = await call('POST', '/api/update_metrics', cookie, {
      saved_property_id: 'b'.repeat(24),
      property: { ...created.property, metrics },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
