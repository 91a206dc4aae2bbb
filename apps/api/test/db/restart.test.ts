import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, queryRows } from '../../src/db/client.js';
import { importMarketData } from '../../src/market/store/import.js';
import { marketRepository } from '../../src/market/store/repository.js';
import { FIXTURE_MARKET_DIR, memoryLog, removeTempDirs, tempDir } from './helpers.js';

afterEach(removeTempDirs);

const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe('PGlite on disk across a restart', { timeout: 60_000 }, () => {
  it('creates the data directory, keeps the market data, and neither migrates nor imports twice', async () => {
    const dataDir = join(await tempDir(), 'nested', 'pglite');
    const first = await openDatabase({ dataDir });
    const imported = await importMarketData(first.db, { dir: FIXTURE_MARKET_DIR });
    await first.close();
    expect(imported).toMatchObject({ available: true, imported: true });

    const second = await openDatabase({ dataDir });
    try {
      expect(second.kind).toBe('pglite');
      const migrations = await queryRows(second.db, sql`select hash from drizzle.__drizzle_migrations`);
      expect(migrations).toHaveLength(journal.entries.length);

      const log = memoryLog();
      const again = await importMarketData(second.db, { dir: FIXTURE_MARKET_DIR, log });
      expect(again).toMatchObject({ available: true, imported: false, zip_count: 15, county_count: 13 });
      expect(imported.available && again.available && again.dataset_hash === imported.dataset_hash).toBe(
        true,
      );
      expect(log.lines.map((l) => l.msg)).toEqual(['market data up to date']);

      const travis = await marketRepository(second.db).findZip('78701');
      expect(travis?.zip).toMatchObject({ county_fips: '48453', city: 'Austin' });
      expect(travis?.counties[0]?.county_name).toBe('Travis County');
      expect(travis?.interestRate?.date).toBe('2026-10-01');
    } finally {
      await second.close();
    }
  });
});
