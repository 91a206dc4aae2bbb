/**
 * Migration 0005 on a database holding an import from before it (one row per ZIP, no crime tiers):
 * the old derived rows go, the app re-imports at start, and a split ZIP then has one row per county.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { type DbHandle, usePglite } from '../../../src/db/client.js';
import { marketImports, marketZips } from '../../../src/db/schema.js';
import { migrationsBefore } from '../../db/helpers.js';
import { austin, FIXTURE_MARKET_DIR, subscriberCookie } from '../../support/app.js';

describe('migration 0005 on a database with an older market import', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: DbHandle;
  let cookie: string;

  beforeAll(async () => {
    const client = await PGlite.create('memory://');
    await migrate(drizzle({ client }), { migrationsFolder: migrationsBefore('0005_') });
    const old = drizzle({ client });
    // what the old importer wrote: an active import and one row per ZIP (78730 → its main county only)
    await old.execute(sql`insert into market_imports (dataset_hash, files, zip_count, county_count, active)
      values ('old-hash', '[]'::jsonb, 1, 1, true)`);
    await old.execute(sql`insert into market_zips (zip, county_fips, county_name, city, state_code,
      county_share, share_basis, county_count, safmr_mandatory)
      values ('78730', '48491', 'Williamson County', 'Austin', 'TX', 0.6, 'res_ratio', 2, false)`);
    await old.execute(sql`insert into market_counties (county_fips, state_fips, county_name, safmr_mandatory,
      property_tax_rate, property_tax_level) values ('48491', '48', 'Williamson County', false, 0.02, 'county')`);

    database = await usePglite(client); // applies 0005 and anything after it
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-api-')),
      MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
    });
    app = await buildApp({ config, database });
    cookie = await subscriberCookie(app, database);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('re-imports at start: the old import is inactive and 78730 has a row per county', async () => {
    const imports = await database.db.select().from(marketImports).orderBy(asc(marketImports.id));
    expect(imports.map((i) => [i.dataset_hash, i.active])).toEqual([
      ['old-hash', false],
      [expect.stringMatching(/^[0-9a-f]{64}$/), true],
    ]);
    const rows = await database.db
      .select({ county: marketZips.county_fips, main: marketZips.is_main })
      .from(marketZips)
      .where(sql`${marketZips.zip} = '78730'`)
      .orderBy(asc(marketZips.county_fips));
    expect(rows).toEqual([
      { county: '48453', main: false },
      { county: '48491', main: true },
    ]);
  });

  it('answers for the typed county of the split ZIP', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/create_property',
      headers: { cookie },
      payload: { ...austin, zipcode: '78730', county_name: 'Travis County' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().market_data.location).toMatchObject({ county_fips: '48453', county_matched: 'typed' });
  });
});
