import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PropertyInput } from '@sfr/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { DbHandle } from '../../src/db/client.js';
import { createTestDatabase } from '../../src/db/testing.js';

export const FIXTURE_MARKET_DIR = fileURLToPath(new URL('../fixtures/market', import.meta.url));

/** Database kinds to run integration tests against: PGlite always, Postgres when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS = (['pglite', 'postgres'] as const).filter(
  (kind) => kind === 'pglite' || Boolean(process.env.TEST_DATABASE_URL),
);

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  close(): Promise<void>;
}

/** A real app on a fresh database, with the fixture market data unless `env` says otherwise. */
export async function startApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-api-')),
    MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
    ...env,
  });
  const app = await buildApp({ config, database });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const austin: PropertyInput = {
  street: '1100 Congress Ave',
  city: 'Austin',
  zipcode: '78701',
  state_code: 'TX',
  county_name: 'Travis County',
  num_bedrooms: 3,
  num_bathrooms: 2,
  purchase_price: 450_000,
  factor: 1,
};
