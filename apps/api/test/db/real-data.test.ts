import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MARKET_TABLES_DIR } from '../../src/config.js';
import { importMarketData } from '../../src/market/store/import.js';
import { marketRepository } from '../../src/market/store/repository.js';
import { buildMarketData, loadMarketDir, loadZipcodesUsGazetteer } from '../../src/market/tables/index.js';
import { lookupFromRows } from '../../src/market/tables/market-index.js';
import { createTestDatabase, REAL_MARKET_DIR, testDatabaseKinds } from './helpers.js';

/** The real shared files (<repo>/../shared/data/market); skipped on a machine without them. */
const present = existsSync(REAL_MARKET_DIR);

describe.skipIf(!present).each(testDatabaseKinds())('real market data (%s)', { timeout: 60_000 }, (kind) => {
  it('imports all 39,490 ZIPs; 78701 → Travis County with the same lookup as in memory', async () => {
    const { db, close } = await createTestDatabase(kind);
    try {
      const started = performance.now();
      const status = await importMarketData(db, { dir: REAL_MARKET_DIR, tablesDir: MARKET_TABLES_DIR });
      const ms = Math.round(performance.now() - started);
      console.info(`real market data import into ${kind}: ${ms} ms`);
      expect(status).toMatchObject({ available: true, imported: true, zip_count: 39490 });

      const rows = await marketRepository(db).findZip('78701');
      expect(rows?.zip).toMatchObject({ county_fips: '48453', county_name: 'Travis County', city: 'Austin' });
      expect(rows?.counties).toHaveLength(1);
      expect(rows?.counties[0]).toMatchObject({ county_fips: '48453', county_name: 'Travis County' });

      const loaded = await loadMarketDir(REAL_MARKET_DIR, MARKET_TABLES_DIR);
      if (!loaded.ok || rows === null) throw new Error('real data did not load');
      const memory = buildMarketData(loaded.data, { gazetteer: await loadZipcodesUsGazetteer() });
      expect(
        lookupFromRows(rows.parts, rows.counties, rows.interestRate, 3, {
          city: 'Austin',
          places: rows.places,
        }),
      ).toEqual(memory.lookupZip('78701', 3, { city: 'Austin' }));

      const suggestions = await marketRepository(db).suggest('Austin, TX', 50);
      expect(suggestions.length).toBeGreaterThan(30);
      expect(suggestions.every((s) => s.city === 'Austin' && s.state_code === 'TX')).toBe(true);
      // a city typed as its people spell it finds USPS's plain letters (QA: "Kāneʻohe" found nothing)
      const kaneohe = await marketRepository(db).suggest('Kāneʻohe', 5);
      expect(kaneohe.map((s) => s.zipcode)).toContain('96744');
      expect((await marketRepository(db).suggest('ʻEwa', 5)).map((s) => s.zipcode)).toContain('96706');
      expect((await marketRepository(db).suggest('Peñasco, NM', 5)).every((s) => s.state_code === 'NM')).toBe(
        true,
      );
      expect((await marketRepository(db).suggest('Peñasco, NM', 5)).length).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
