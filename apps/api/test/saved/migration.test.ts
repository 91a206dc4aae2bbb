/**
 * Saves made before analyses were stored (migration 0006): a database at the old schema holding a
 * saved property, migrated, keeps reopening, updating (by its id) and deleting, with the crime
 * grades and rents it was saved with; its market figures gain their tier.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { assembleAnalysis, NOTHING_KEPT } from '@sfr/contracts';
import { deriveAssumptions } from '@sfr/underwriting';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisFacts } from '../../src/analysis/facts.js';
import type { AnalysisResult } from '../../src/analysis/service.js';
import { buildApp } from '../../src/app.js';
import { sessionStore } from '../../src/auth/sessions.js';
import { hashToken } from '../../src/auth/tokens.js';
import { loadConfig } from '../../src/config.js';
import { usePglite } from '../../src/db/client.js';
import { generateId } from '../../src/db/ids.js';
import { migrationsBefore } from '../db/helpers.js';
import { austin, FIXTURE_MARKET_DIR } from '../support/app.js';

/** A save as the API wrote it before 0006: no analysis id, market figures without a tier. */
function oldSave(): AnalysisResult {
  const facts: AnalysisFacts = {
    hud_rent: 2_347,
    market_rent: 2_115,
    violent_crime_grade: 'D',
    property_crime_grade: 'C+',
    market_data: {
      figures: {
        hud_rent: {
          value: 2_347,
          source: 'U.S. Department of Housing and Urban Development',
          vintage: 'FY2026',
        },
        rentometer_rent: {
          value: 2_115,
          source: 'ACS median gross rent × HUD FMR ratio',
          vintage: '2019-2023',
          note: 'Offline estimate, not a live market survey.',
        },
        violent_crime_grade: { value: 'D', source: 'Urban Institute', vintage: '2022' },
        property_crime_grade: { value: 'C+', source: 'Urban Institute', vintage: '2022' },
        interest_rate: { value: 0.07, source: 'Model default', vintage: null },
      } as unknown as AnalysisFacts['market_data']['figures'],
      warnings: [],
    },
  };
  const metrics = deriveAssumptions(austin, {
    rentPerUnit: 2_115,
    propertyTaxRate: 0.01535,
    interestRate: 0.07,
  });
  return assembleAnalysis(austin, metrics, facts, NOTHING_KEPT);
}

describe('migration 0006 on a database with saves from before it', () => {
  const userId = generateId();
  const savedId = generateId();
  const data = oldSave();
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let cookie: string;

  beforeAll(async () => {
    const client = await PGlite.create('memory://');
    await migrate(drizzle({ client }), { migrationsFolder: migrationsBefore('0006_') });
    const old = drizzle({ client });
    await old.execute(sql`insert into users (id, email, firstname, lastname, display_name)
      values (${userId}, 'legacy@example.com', 'Lee', 'Gacy', 'Lee Gacy')`);
    await old.execute(sql`insert into saved_properties (id, user_id, address_key, data, saved_at)
      values (${savedId}, ${userId}, '1100 congress ave|austin|tx|travis county', ${JSON.stringify(data)}::jsonb, '2026-06-01T12:00:00Z')`);

    const database = await usePglite(client); // applies 0006 and anything after it
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-api-')),
      MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
    });
    app = await buildApp({ config, database });
    const { token } = await sessionStore(database.db).create(userId);
    cookie = `sfr_session=${token}`;
    close = async () => {
      await app.close();
      await database.close();
    };
  }, 60_000);
  afterAll(async () => close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, payload });

  it('reopens the save as it was, each market figure with a tier, and lists it as an analysis', async () => {
    const reopened = await call('GET', `/api/saved_properties/${savedId}`);
    expect(reopened.statusCode).toBe(200);
    const body = reopened.json();
    expect(body.summary).toEqual(data.summary);
    expect(body.year_1_metrics.net_operating_income).toBe(data.year_1_metrics.net_operating_income);
    expect(body.analysis_id).toBe(savedId);
    const tiers = Object.fromEntries(
      Object.entries(body.market_data.figures as Record<string, { tier: string }>).map(([k, f]) => [
        k,
        f.tier,
      ]),
    );
    expect(tiers).toEqual({
      hud_rent: 'reported',
      rentometer_rent: 'estimated',
      violent_crime_grade: 'reported',
      property_crime_grade: 'reported',
      interest_rate: 'default',
    });
    // migration 0013 gave it the saved list's summary row
    expect((await call('GET', '/api/saved_properties')).json()).toEqual({
      properties: [
        {
          id: savedId,
          analysis_id: savedId,
          address: '1100 Congress Ave, Austin, TX 78701',
          street: '1100 Congress Ave',
          city: 'Austin',
          state_code: 'TX',
          zipcode: '78701',
          county_name: 'Travis County',
          factor: 1,
          num_bedrooms: 3,
          num_bathrooms: 2,
          purchase_price: 450_000,
          overall_points: data.summary.overall_points,
          overall_color: data.summary.overall_color,
          monthly_levered_cash_flow: data.year_1_metrics.monthly_levered_cash_flow,
          shared: false,
          savedAt: '2026-06-01T12:00:00.000Z',
        },
      ],
      next_cursor: null,
    });
    const list = (await call('GET', '/api/analyses')).json();
    expect(list.analyses).toEqual([
      expect.objectContaining({
        id: savedId,
        address: '1100 Congress Ave, Austin, TX 78701',
        purchase_price: 450_000,
        overall_points: data.summary.overall_points,
        overall_color: data.summary.overall_color,
      }),
    ]);
  });

  it('updates by the saved id with the grades and rents it was saved with, then deletes', async () => {
    const metrics = { ...data.property.metrics, purchase_price: 400_000 };
    const updated = await call('POST', '/api/update_metrics', {
      saved_property_id: savedId,
      property: { ...data.property, metrics },
    });
    expect(updated.statusCode).toBe(200);
    const body = updated.json();
    // the neighbourhood score still reads the saved D and C+, and the rents echo the saved ones
    expect(body.year_1_metrics.violent_crime_grade).toBe('D');
    expect(body.year_1_metrics.property_crime_grade).toBe('C+');
    expect(body.year_1_metrics.hud_rent).toBe(2_347);
    expect(body.property.purchase_price).toBe(400_000);
    const reopened = (await call('GET', `/api/saved_properties/${savedId}`)).json();
    expect(reopened.property.purchase_price).toBe(400_000);
    expect(reopened.summary).toEqual(body.summary);
    const [row] = (await call('GET', '/api/saved_properties')).json().properties;
    expect(row).toMatchObject({ purchase_price: 400_000, overall_points: body.summary.overall_points });
    expect((await call('DELETE', `/api/saved_properties/${savedId}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/saved_properties')).json().properties).toEqual([]);
  });
});

describe('migration 0015 on a database storing results (analyses and a share link)', () => {
  const userId = generateId();
  const editedId = generateId();
  const savedAnalysisId = generateId();
  const savedId = generateId();
  const token = 'a'.repeat(40);
  const facts: AnalysisFacts = {
    hud_rent: 2_347,
    market_rent: 2_600,
    violent_crime_grade: 'C',
    property_crime_grade: 'B',
    market_data: { figures: {}, warnings: [] },
  };
  const base = deriveAssumptions(austin, { rentPerUnit: 2_600, propertyTaxRate: 0.0198, interestRate: 0.07 });
  // one analysis edited after it was run, one saved with a different rent than first derived
  const edited = assembleAnalysis(austin, { ...base, purchase_price: 420_000 }, facts, NOTHING_KEPT);
  const saved = assembleAnalysis(
    { ...austin, street: '500 E 7th St' },
    { ...base, rent: 2_900 },
    facts,
    NOTHING_KEPT,
  );
  /** the stored result as the API wrote it since 0006: without display names and market figures */
  const resultRow = ({ metric_display_names: _n, market_data: _m, ...row }: AnalysisResult) => row;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let cookie: string;

  beforeAll(async () => {
    const client = await PGlite.create('memory://');
    await migrate(drizzle({ client }), { migrationsFolder: migrationsBefore('0015_') });
    const old = drizzle({ client });
    await old.execute(sql`insert into users (id, email, firstname, lastname, display_name)
      values (${userId}, 'stored@example.com', 'Res', 'Ult', 'Res Ult')`);
    for (const [id, analysis, property] of [
      [editedId, edited, austin],
      [
        savedAnalysisId,
        { ...saved, property: { ...saved.property, metrics: base } },
        { ...austin, street: '500 E 7th St' },
      ],
    ] as const) {
      await old.execute(sql`insert into analyses (id, user_id, property, facts, result, address, overall_points, overall_color)
        values (${id}, ${userId}, ${JSON.stringify(property)}::jsonb, ${JSON.stringify(facts)}::jsonb,
          ${JSON.stringify(resultRow(analysis as AnalysisResult))}::jsonb, 'x', 0, 'Red')`);
    }
    // the saved copy holds what its user last saw: rent 2,900 (its analysis's row still says the derived rent)
    await old.execute(sql`insert into saved_properties (id, user_id, analysis_id, address_key, data, summary)
      values (${savedId}, ${userId}, ${savedAnalysisId}, '500 e 7th st|austin|tx|travis county',
        ${JSON.stringify(saved)}::jsonb, '{}'::jsonb)`);
    await old.execute(sql`insert into share_links (token_hash, saved_property_id)
      values (${hashToken(token)}, ${savedId})`);

    const database = await usePglite(client);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-api-')),
      MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
    });
    app = await buildApp({ config, database });
    cookie = `sfr_session=${(await sessionStore(database.db).create(userId)).token}`;
    close = async () => {
      await app.close();
      await database.close();
    };
  }, 60_000);
  afterAll(async () => close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

  it('keeps every analysis as its user last saw it, now computed from its inputs', async () => {
    expect((await get(`/api/analyses/${editedId}`)).json()).toEqual({
      analysis_id: editedId,
      // the migrated row's stamp: an edit sends it back
      revision: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      ...edited,
    });
    // the saved copy's metrics won: the save, its analysis and its share link show rent 2,900
    const reopened = (await get(`/api/saved_properties/${savedId}`)).json();
    expect(reopened.property.metrics.rent).toBe(2_900);
    expect(reopened.summary).toEqual(saved.summary);
    expect((await get(`/api/analyses/${savedAnalysisId}`)).json().property.metrics.rent).toBe(2_900);
    expect((await get(`/api/shared/${token}`)).json().year_1_metrics).toEqual(saved.year_1_metrics);
    // the lists read the migrated columns
    const [listed] = (await get('/api/saved_properties')).json().properties;
    expect(listed).toMatchObject({
      purchase_price: 450_000,
      overall_points: saved.summary.overall_points,
      monthly_levered_cash_flow: saved.year_1_metrics.monthly_levered_cash_flow,
    });
    const analysesList = (await get('/api/analyses')).json().analyses;
    expect(analysesList.find((a: { id: string }) => a.id === editedId).purchase_price).toBe(420_000);
  });
});
