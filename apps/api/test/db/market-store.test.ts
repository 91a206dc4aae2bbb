import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, desc, eq, getTableColumns } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { Database, DbHandle } from '../../src/db/client.js';
import { marketCounties, marketImports, marketPlaces, marketZips } from '../../src/db/schema.js';
import {
  importMarketData,
  MARKET_DATA_UNAVAILABLE_LOG,
  readMarketStatus,
} from '../../src/market/store/import.js';
import { marketRepository } from '../../src/market/store/repository.js';
import {
  buildMarketData,
  loadMarketDir,
  loadZipcodesUsGazetteer,
  type MarketCountyRow,
  type MarketData,
  MarketInputError,
  type MarketPlaceRow,
  type MarketZipRow,
} from '../../src/market/tables/index.js';
import { lookupFromRows } from '../../src/market/tables/market-index.js';
import {
  createTestDatabase,
  FIXTURE_MARKET_DIR,
  fixtureCopy,
  memoryLog,
  removeTempDirs,
  tempDir,
  testDatabaseKinds,
} from './helpers.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The in-memory answer the database must reproduce: same files, same gazetteer. */
async function expectedMarket(dir: string): Promise<MarketData> {
  const loaded = await loadMarketDir(dir);
  if (!loaded.ok) throw new Error(`fixtures did not load: ${JSON.stringify(loaded)}`);
  return buildMarketData(loaded.data, { gazetteer: await loadZipcodesUsGazetteer() });
}

const fixture = await expectedMarket(FIXTURE_MARKET_DIR);

/** ZIP rows in the derivation's order: by ZIP, main county first (the fixture's ZIPs reach at most two counties). */
const allZips = (db: Database) =>
  db
    .select()
    .from(marketZips)
    .orderBy(asc(marketZips.zip), desc(marketZips.is_main), asc(marketZips.county_fips));
const allCounties = (db: Database) =>
  db.select().from(marketCounties).orderBy(asc(marketCounties.county_fips));

describe('market tables match the derived row types', () => {
  it('have exactly the MarketZipRow / MarketCountyRow fields, with the same types', () => {
    expectTypeOf<typeof marketZips.$inferSelect>().toEqualTypeOf<Mutable<MarketZipRow>>();
    expectTypeOf<typeof marketCounties.$inferSelect>().toEqualTypeOf<Mutable<MarketCountyRow>>();
    expectTypeOf<typeof marketPlaces.$inferSelect>().toEqualTypeOf<Mutable<MarketPlaceRow>>();
    expect(Object.keys(getTableColumns(marketPlaces)).sort()).toEqual(
      Object.keys(fixture.placeRows[0] ?? {}).sort(),
    );
    const zip = fixture.zipRows[0];
    const county = fixture.countyRows[0];
    expect(Object.keys(getTableColumns(marketZips)).sort()).toEqual(Object.keys(zip ?? {}).sort());
    expect(Object.keys(getTableColumns(marketCounties)).sort()).toEqual(Object.keys(county ?? {}).sort());
  });
});

describe.each(testDatabaseKinds())('market store (%s)', { timeout: 30_000 }, (kind) => {
  let handle: DbHandle;
  let db: Database;

  // One database per kind, emptied before each test: starting PGlite costs ~1 s, emptying it ~10 ms.
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db;
  }, 60_000);
  afterAll(() => handle.close());
  beforeEach(async () => {
    await db.delete(marketZips);
    await db.delete(marketCounties);
    await db.delete(marketImports);
  });
  afterEach(removeTempDirs);

  it('imports the fixture files into exactly the rows buildMarketData derives', async () => {
    const log = memoryLog();
    const status = await importMarketData(db, { dir: FIXTURE_MARKET_DIR, log });
    expect(status).toMatchObject({
      available: true,
      imported: true,
      zip_count: 15,
      county_count: 13,
      interest_rate: fixture.interestRate,
    });
    if (!status.available) return;
    expect(status.dataset_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(status.files.map((f) => f.name)).toContain('zip_county.csv');
    expect(status.files.find((f) => f.name === 'mortgage_rates.csv')).toMatchObject({ rows: 3, bytes: 62 });
    expect(await allZips(db)).toEqual(fixture.zipRows);
    expect(await allCounties(db)).toEqual(fixture.countyRows);
    expect(log.lines.map((l) => l.msg)).toEqual(
      // parsed and derived in a child process, inserted here
      expect.arrayContaining(['market rows derived', 'market data imported']),
    );
    const rows = fixture.zipRows.length + fixture.countyRows.length;
    expect(log.lines.some((l) => l.msg === `market rows inserted ${rows}/${rows}`)).toBe(true);
    expect(await readMarketStatus(db)).toEqual({ ...status, imported: false, ms: expect.any(Number) });
  });

  it('findZip round-trips every fixture ZIP: lookupFromRows equals the in-memory lookupZip', async () => {
    await importMarketData(db, { dir: FIXTURE_MARKET_DIR });
    const repo = marketRepository(db);
    // every (ZIP, county) row, with that county typed: the database answers as memory does
    for (const { zip, county_name } of fixture.zipRows) {
      const rows = await repo.findZip(zip);
      expect(rows, zip).not.toBeNull();
      if (rows === null) continue;
      expect(rows.parts).toEqual(fixture.zip(zip));
      expect(rows.zip.is_main).toBe(true);
      expect(typeof rows.zip.county_share).toBe('number');
      expect(typeof rows.zip.safmr_mandatory).toBe('boolean');
      for (const bedrooms of [0, 2, 3, 6]) {
        const options = { county: county_name };
        expect(
          lookupFromRows(rows.parts, rows.counties, rows.interestRate, bedrooms, {
            ...options,
            places: rows.places,
          }),
          `${zip} ${county_name} ${bedrooms} BR`,
        ).toEqual(fixture.lookupZip(zip, bedrooms, options));
      }
    }
    // 78730 reaches Williamson (main: 60 % of homes) and Travis: both rows, both counties, main first
    const split = await repo.findZip('78730');
    expect(split?.parts.map((p) => [p.county_fips, p.is_main])).toEqual([
      ['48491', true],
      ['48453', false],
    ]);
    expect(split?.counties.map((c) => c.county_fips)).toEqual(['48491', '48453']);
    expect(await repo.findZip('12345')).toBeNull(); // not in the crosswalk
    expect(await repo.findZip("78701' or 1=1 --")).toBeNull(); // malformed: no query at all
  });

  it('does nothing when the same files are imported again', async () => {
    const first = await importMarketData(db, { dir: FIXTURE_MARKET_DIR });
    const log = memoryLog();
    const second = await importMarketData(db, { dir: FIXTURE_MARKET_DIR, log });
    expect(second).toMatchObject({ available: true, imported: false, zip_count: 15, county_count: 13 });
    if (!first.available || !second.available) return;
    expect(second.dataset_hash).toBe(first.dataset_hash);
    expect(second.imported_at).toBe(first.imported_at);
    expect(log.lines.map((l) => l.msg)).toEqual(['market data up to date']);
    expect(await db.select().from(marketImports)).toHaveLength(1);
    expect(await allZips(db)).toHaveLength(fixture.zipRows.length);
  });

  it('lets only one of two simultaneous imports write the rows', async () => {
    const [a, b] = await Promise.all([
      importMarketData(db, { dir: FIXTURE_MARKET_DIR }),
      importMarketData(db, { dir: FIXTURE_MARKET_DIR }),
    ]);
    expect([a, b].map((s) => s.available && s.imported).sort()).toEqual([false, true]);
    expect(await allZips(db)).toHaveLength(fixture.zipRows.length);
    expect(await db.select().from(marketImports)).toHaveLength(1);
  });

  it('replaces the data when a file changes, and reactivates an earlier dataset when it comes back', async () => {
    const original = await importMarketData(db, { dir: FIXTURE_MARKET_DIR });
    const dir = await fixtureCopy();
    const acs = join(dir, 'acs_county.csv');
    const text = await readFile(acs, 'utf8');
    expect(text).toContain('48453,487600,1669,');
    await writeFile(acs, text.replace('48453,487600,1669,', '48453,487600,1800,'));

    const changed = await importMarketData(db, { dir });
    expect(changed).toMatchObject({ available: true, imported: true, zip_count: 15 });
    if (!original.available || !changed.available) return;
    expect(changed.dataset_hash).not.toBe(original.dataset_hash);
    const travis = await marketRepository(db).findZip('78701');
    expect(travis?.counties[0]?.median_gross_rent).toBe(1800);
    expect(await allCounties(db)).toEqual((await expectedMarket(dir)).countyRows);
    const imports = await db.select().from(marketImports).orderBy(asc(marketImports.id));
    expect(imports.map((r) => [r.dataset_hash, r.active])).toEqual([
      [original.dataset_hash, false],
      [changed.dataset_hash, true],
    ]);

    const back = await importMarketData(db, { dir: FIXTURE_MARKET_DIR });
    expect(back).toMatchObject({ imported: true, dataset_hash: original.dataset_hash });
    expect((await marketRepository(db).findZip('78701'))?.counties[0]?.median_gross_rent).toBe(1669);
    expect(await db.select().from(marketImports).where(eq(marketImports.active, true))).toHaveLength(1);
  });

  it('re-derives when only the investor premium changes', async () => {
    const a = await importMarketData(db, { dir: FIXTURE_MARKET_DIR, investorPremium: 0.0075 });
    const b = await importMarketData(db, { dir: FIXTURE_MARKET_DIR, investorPremium: 0.01 });
    expect(b).toMatchObject({ imported: true, interest_rate: { investor_premium: 0.01, base_rate: 0.0728 } });
    expect(a.available && b.available && a.dataset_hash !== b.dataset_hash).toBe(true);
    const rows = await marketRepository(db).findZip('78701');
    expect(rows?.interestRate?.value).toBeCloseTo(0.0828, 10);
    await expect(importMarketData(db, { dir: FIXTURE_MARKET_DIR, investorPremium: 0.06 })).rejects.toThrow(
      MarketInputError,
    );
  });

  it('reports a missing directory or missing files as unavailable, with a warning, without throwing', async () => {
    const log = memoryLog();
    const noDir = join(await tempDir(), 'absent');
    expect(await importMarketData(db, { dir: noDir, log })).toEqual({
      available: false,
      reason: 'no_directory',
      missing: [],
      invalid: [],
    });
    const partial = await fixtureCopy(['zip_county.csv', 'acs_county.csv', 'crime_place.csv']);
    expect(await importMarketData(db, { dir: partial, log })).toEqual({
      available: false,
      reason: 'missing_files',
      missing: ['zip_county.csv', 'acs_county.csv'], // crime_place.csv is optional
      invalid: [],
    });
    expect(log.lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', MARKET_DATA_UNAVAILABLE_LOG],
      ['warn', MARKET_DATA_UNAVAILABLE_LOG],
    ]);
    expect(await readMarketStatus(db)).toMatchObject({ available: false, reason: 'not_imported' });
    expect(await allZips(db)).toEqual([]);
  });

  it('reports a malformed file as unavailable', async () => {
    const dir = await fixtureCopy();
    await writeFile(join(dir, 'mortgage_rates.csv'), 'date,rate_30y\nyesterday,7\n');
    const status = await importMarketData(db, { dir });
    expect(status).toMatchObject({ available: false, reason: 'invalid_files', missing: [] });
    expect(!status.available && status.invalid[0]?.file).toBe('mortgage_rates.csv');
  });

  it('reports an unreadable file as unavailable instead of throwing', async () => {
    const dir = await fixtureCopy(['zip_county.csv']);
    await mkdir(join(dir, 'zip_county.csv')); // EISDIR on read
    const status = await importMarketData(db, { dir });
    expect(status).toMatchObject({ available: false, reason: 'invalid_files', missing: [] });
    expect(!status.available && status.invalid[0]?.message).toMatch(/EISDIR/);
  });

  it('keeps serving the previous import when the files later go missing', async () => {
    const first = await importMarketData(db, { dir: FIXTURE_MARKET_DIR });
    const log = memoryLog();
    const status = await importMarketData(db, { dir: join(await tempDir(), 'absent'), log });
    expect(status).toMatchObject({ available: true, imported: false, zip_count: 15 });
    expect(first.available && status.available && status.dataset_hash === first.dataset_hash).toBe(true);
    expect(log.lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'market data files unusable; keeping the previous import'],
    ]);
    expect(await allZips(db)).toHaveLength(fixture.zipRows.length);
  });

  describe('suggest', () => {
    beforeEach(async () => {
      await importMarketData(db, { dir: FIXTURE_MARKET_DIR });
    });

    it('matches a ZIP prefix, in ZIP order', async () => {
      const repo = marketRepository(db);
      expect(await repo.suggest('787')).toEqual([
        {
          zipcode: '78701',
          city: 'Austin',
          state_code: 'TX',
          county_name: 'Travis County',
          lat: 30.2713,
          lng: -97.7426,
        },
        expect.objectContaining({ zipcode: '78730', city: 'Austin', county_name: 'Williamson County' }),
        expect.objectContaining({ zipcode: '78799', city: 'Austin', county_name: 'Williamson County' }),
      ]);
      expect((await repo.suggest('0')).map((s) => s.zipcode)).toEqual([
        '01420',
        '01522',
        '01550',
        '01610',
        '06001',
        '06103',
      ]);
      expect((await repo.suggest('0', 2)).map((s) => s.zipcode)).toEqual(['01420', '01522']);
      expect((await repo.suggest(' 78701 ')).map((s) => s.zipcode)).toEqual(['78701']);
      expect(await repo.suggest('787011')).toEqual([]);
    });

    it('matches a city prefix case-insensitively, optionally narrowed by ", ST"', async () => {
      const repo = marketRepository(db);
      const austin = ['78701', '78730', '78799'];
      expect((await repo.suggest('aust')).map((s) => s.zipcode)).toEqual(austin);
      expect((await repo.suggest('AUSTIN')).map((s) => s.zipcode)).toEqual(austin);
      expect((await repo.suggest('Austin, TX')).map((s) => s.zipcode)).toEqual(austin);
      expect((await repo.suggest('austin,tx')).map((s) => s.zipcode)).toEqual(austin);
      expect((await repo.suggest('Austin, ')).map((s) => s.zipcode)).toEqual(austin);
      expect(await repo.suggest('Austin, CA')).toEqual([]);
      expect((await repo.suggest('los ang')).map((s) => [s.zipcode, s.city])).toEqual([
        ['90012', 'Los Angeles'],
      ]);
    });

    it('puts an exact city name first, then groups by city and ZIP', async () => {
      const base = fixture.zip('78701')?.[0];
      if (base === undefined) throw new Error('fixture lacks 78701');
      await db.insert(marketZips).values([
        { ...base, zip: '00001', city: 'Austinville' },
        { ...base, zip: '99999', city: 'Aust' },
      ]);
      const got = await marketRepository(db).suggest('aust');
      expect(got.map((s) => `${s.city} ${s.zipcode}`)).toEqual([
        'Aust 99999',
        'Austin 78701',
        'Austin 78730',
        'Austin 78799',
        'Austinville 00001',
      ]);
    });

    it('treats LIKE wildcards and quotes in the query as plain text', async () => {
      const repo = marketRepository(db);
      expect(await repo.suggest('%')).toEqual([]);
      expect(await repo.suggest('a_stin')).toEqual([]);
      expect(await repo.suggest("aus'; drop table market_zips; --")).toEqual([]);
      expect(await repo.suggest('')).toEqual([]);
      // a NUL byte cannot reach Postgres text: nothing matches, never an error
      expect(await repo.suggest('a\u0000b')).toEqual([]);
      expect(await repo.suggest('787\u0000')).toEqual([]);
      expect(await repo.suggest('austin 78701')).toEqual([]);
      expect(await allZips(db)).toHaveLength(fixture.zipRows.length);
    });
  });
});
