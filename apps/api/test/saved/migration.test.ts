/**
 * Saves made before analyses were stored (migration 0006): a database at the old schema holding a
 * saved property, migrated, keeps reopening, updating (by its id) and deleting, with the crime
 * grades and rents it was saved with; its market figures gain their tier.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { deriveAssumptions } from '@sfr/underwriting';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisFacts } from '../../src/analysis/facts.js';
import { type AnalysisResult, computeAnalysis } from '../../src/analysis/service.js';
import { buildApp } from '../../src/app.js';
import { sessionStore } from '../../src/auth/sessions.js';
import { loadConfig } from '../../src/config.js';
import { MIGRATIONS_FOLDER, usePglite } from '../../src/db/client.js';
import { generateId } from '../../src/db/ids.js';
import { austin, FIXTURE_MARKET_DIR } from '../api/helpers.js';

/** The migrations folder as it stood before `tag` (a copy whose journal stops there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag.startsWith(tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

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
  return computeAnalysis(austin, metrics, facts);
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
