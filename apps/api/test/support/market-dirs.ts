/** The market data the tests read: the small fixture set in the repo, and the real shared data. */
import { fileURLToPath } from 'node:url';
import { MARKET_TABLES_DIR } from '../../src/config.js';
import type { TestDatabaseTemplate } from '../../src/db/testing.js';
import { importMarketData } from '../../src/market/store/import.js';

export const FIXTURE_MARKET_DIR = fileURLToPath(new URL('../fixtures/market', import.meta.url));

/** $MARKET_DATA_DIR, else the shared data beside the repository: <repo>/../shared/data/market. */
export const REAL_MARKET_DIR =
  process.env.MARKET_DATA_DIR ?? fileURLToPath(new URL('../../../../../shared/data/market', import.meta.url));

/**
 * Test databases that start with the fixture market data imported, as an app started with
 * `MARKET_DATA_DIR` = the fixtures imports it (the repo's tables, the default premium): such an app
 * finds the import done and skips its child process (~1 s an app).
 */
const FIXTURE_MARKET_TEMPLATE: TestDatabaseTemplate = {
  key: 'fixture-market',
  async fill(db) {
    const status = await importMarketData(db, { dir: FIXTURE_MARKET_DIR, tablesDir: MARKET_TABLES_DIR });
    if (!status.available) throw new Error(`the fixture market data did not import: ${status.reason}`);
  },
};

/** The fixture template for an app started with `env`, unless `env` brings market settings of its own. */
export const fixtureMarketTemplate = (env: Record<string, string>): TestDatabaseTemplate | undefined =>
  'MARKET_DATA_DIR' in env || 'INVESTOR_RATE_PREMIUM' in env ? undefined : FIXTURE_MARKET_TEMPLATE;
