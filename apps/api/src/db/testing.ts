/**
 * Fresh, migrated databases for integration tests (this repo's and the API's). Test-only: the one
 * place besides config.ts that reads `process.env`, for `TEST_DATABASE_URL`.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { type DatabaseKind, type DbHandle, openDatabase, usePglite } from './client.js';

/** The Postgres server for integration tests, e.g. postgres://postgres@127.0.0.1:5432/postgres. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** The kinds to run integration tests against: PGlite always, Postgres when TEST_DATABASE_URL is set. */
export const testDatabaseKinds = (): DatabaseKind[] =>
  testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A migrated database, empty or, with `template`, holding what the template fills in (copied from
 * one made once per test process). `postgres`: a new `sfr_test_<random>` database on the
 * TEST_DATABASE_URL server, dropped on `close()` (its template is dropped by the run's global
 * teardown). `pglite`: PGlite in memory. Without `kind`, Postgres when TEST_DATABASE_URL is set,
 * else PGlite.
 */
export async function createTestDatabase(
  kind?: DatabaseKind,
  template?: TestDatabaseTemplate,
): Promise<DbHandle> {
  const serverUrl = testDatabaseUrl();
  const chosen = kind ?? (serverUrl ? 'postgres' : 'pglite');
  if (chosen === 'pglite') {
    return usePglite(await PGlite.create({ loadDataDir: await pgliteSnapshot(template) }));
  }
  if (!serverUrl) throw new Error('createTestDatabase("postgres") needs TEST_DATABASE_URL');

  const name = `sfr_test_${randomBytes(6).toString('hex')}`;
  const from = template ? ` template "${await postgresTemplate(serverUrl, template)}"` : '';
  await withAdmin(serverUrl, (sql) => sql.unsafe(`create database "${name}"${from}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let handle: DbHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString() });
  } catch (e) {
    await dropDatabase(serverUrl, name);
    throw e;
  }
  return {
    db: handle.db,
    kind: 'postgres',
    // the app's database watchdog runs on it, as in production
    ...(handle.pingAlone && { pingAlone: handle.pingAlone }),
    async close() {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

async function withAdmin<T>(serverUrl: string, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const dropDatabase = (serverUrl: string, name: string) =>
  withAdmin(serverUrl, (sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));

/**
 * What a test database holds beyond the migrations, made once per test process and copied for each
 * database asked for with it: the fixture market data, whose import takes a child process and ~1 s
 * (test/support/app.ts), so an app started on the copy finds it imported already.
 */
export interface TestDatabaseTemplate {
  /** names the contents: databases asked for with the same key start from the same copy */
  key: string;
  fill(db: DbHandle['db']): Promise<void>;
}

const snapshots = new Map<string, Promise<Blob>>();

/**
 * A migrated PGlite data directory (filled by `template`), made once per test process: starting
 * PGlite from it takes ~0.5 s instead of ~2–3 s for a fresh initdb. Each database still runs
 * `migrate` (a no-op here).
 */
function pgliteSnapshot(template?: TestDatabaseTemplate): Promise<Blob> {
  const key = template?.key ?? '';
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    snapshot = (async () => {
      const client = template
        ? await PGlite.create({ loadDataDir: await pgliteSnapshot() })
        : await PGlite.create('memory://');
      const handle = await usePglite(client);
      try {
        await template?.fill(handle.db);
        return await client.dumpDataDir('none');
      } finally {
        await handle.close();
      }
    })();
    snapshots.set(key, snapshot);
  }
  return snapshot;
}

const templates = new Map<string, Promise<string>>();

/**
 * A Postgres database made once per test process and `template`, copied by `create database …
 * template` for each test database; dropped when the test run ends (`dropTestTemplates`, the
 * vitest global setup). Named with the run's id, so two runs on one server never drop each other's.
 */
function postgresTemplate(serverUrl: string, template: TestDatabaseTemplate): Promise<string> {
  let made = templates.get(template.key);
  if (!made) {
    made = (async () => {
      const name = `${templatePrefix()}${randomBytes(4).toString('hex')}`;
      await withAdmin(serverUrl, (sql) => sql.unsafe(`create database "${name}"`));
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ databaseUrl: url.toString() });
      try {
        await template.fill(handle.db);
      } finally {
        // a template copies only while no one is connected to it
        await handle.close();
      }
      return name;
    })();
    templates.set(template.key, made);
  }
  return made;
}

/** The run's id, set by the global setup before the workers start (else this process's). */
const templatePrefix = () => `sfr_template_${process.env.SFR_TEST_RUN ?? `p${process.pid}`}_`;

/** Drops the templates of this run (`SFR_TEST_RUN`): the vitest global setup's teardown. */
export async function dropTestTemplates(): Promise<void> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) return;
  await withAdmin(serverUrl, async (sql) => {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${templatePrefix()}%`}`;
    for (const { datname } of rows) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
  });
}
