import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { DbHandle } from '../../src/db/client.js';
import { subscriptions } from '../../src/db/schema.js';
import { createTestDatabase } from '../../src/db/testing.js';

import { austin } from './example-deal.js';
import { FIXTURE_MARKET_DIR, fixtureMarketTemplate } from './market-dirs.js';

export { austin, FIXTURE_MARKET_DIR };

/** Database kinds to run integration tests against: PGlite always, Postgres when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS = (['pglite', 'postgres'] as const).filter(
  (kind) => kind === 'pglite' || Boolean(process.env.TEST_DATABASE_URL),
);
// CI runs every suite on Postgres too: without it there, the suites would pass on PGlite alone
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error(
    'CI=true needs TEST_DATABASE_URL: the integration suites run on Postgres as well as PGlite',
  );
}

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  /** session cookie of a signed-in subscriber, so tests can analyse without running out of searches */
  cookie: string;
  /** every log line the app wrote, when it was started with `keepLogs` (else empty) */
  logs: string[];
  close(): Promise<void>;
}

/** Signs a user up through the real route and makes them a subscriber; returns their cookie. */
export async function subscriberCookie(app: FastifyInstance, database: DbHandle): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      firstname: 'Test',
      lastname: 'Subscriber',
      email: `subscriber-${randomUUID()}@example.com`,
      password: 'secret-enough',
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const session = res.cookies.find((c) => c.name === 'sfr_session');
  const userId = res.json().user.id as string;
  await database.db
    .insert(subscriptions)
    .values({ id: `sub_${randomUUID()}`, user_id: userId, status: 'active' });
  return `sfr_session=${session?.value}`;
}

/**
 * A real app on a fresh database, with the fixture market data unless `env` says otherwise. With
 * `keepLogs`, it logs at debug level into `logs` instead of staying silent.
 */
export async function startApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  { keepLogs = false }: { keepLogs?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind, fixtureMarketTemplate(env));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-api-')),
    MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
    ...env,
  });
  const logs: string[] = [];
  const logger = keepLogs
    ? { level: 'debug', stream: { write: (line: string) => void logs.push(line) } }
    : undefined;
  const app = await buildApp({ config, database, logger });
  const cookie = await subscriberCookie(app, database);
  return {
    app,
    database,
    cookie,
    logs,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** POST /api/create_property as the app's subscriber: the README's deal unless `property` is given. */
export function createProperty(
  t: Pick<TestApp, 'app' | 'cookie'>,
  property: object = austin,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/create_property',
    payload: property,
    headers: { cookie: t.cookie },
  });
}

/**
 * Rate-limit windows are fixed and aligned to the clock (a minute's ends at :00 seconds, 15
 * minutes' at :00, :15, :30 and :45, an hour's at :00), so a test that counts requests up to a
 * budget must not straddle an end, or its count starts again. When less than `neededMs` is left of
 * the current `windowMs` window, this waits for the next one.
 */
export async function inOneRateWindow(windowMs: number, neededMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
