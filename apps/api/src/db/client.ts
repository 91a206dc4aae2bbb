import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.js';

export type Schema = typeof schema;

/**
 * The Drizzle handle both drivers satisfy. A transaction (`db.transaction(async (tx) => …)`) is one
 * too, so repositories take a `Database` and work inside or outside a transaction.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'postgres' | 'pglite';

export interface DbHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** Ends the connection pool (Postgres) or shuts PGlite down, flushing it to disk. */
  close(): Promise<void>;
}

/** The subset of a pino / Fastify logger the data layer writes to. */
export interface DbLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export const silentLog: DbLog = { info() {}, warn() {} };

export interface OpenDatabaseOptions {
  /** postgres://… — use Postgres (postgres-js). Without it, PGlite at `dataDir`. */
  readonly databaseUrl?: string | undefined;
  /** PGlite directory, created if missing; default `./.data/pglite` (cwd). `memory://` keeps it in memory. */
  readonly dataDir?: string | undefined;
  readonly log?: DbLog | undefined;
}

export const DEFAULT_PGLITE_DIR = './.data/pglite';

/** The generated SQL migrations (apps/api/drizzle), found from this file so any cwd works. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle/', import.meta.url));

/** Any fixed 64-bit number: serialises migrations when several API processes start at once. */
const MIGRATION_LOCK = 0x5f52_6d69_6772;

/**
 * Opens Postgres (with `databaseUrl`) or PGlite (without) and applies every pending migration from
 * `MIGRATIONS_FOLDER` before returning.
 *
 * @example const { db, close } = await openDatabase({ dataDir: 'memory://' });
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DbHandle> {
  const log = options.log ?? silentLog;
  const started = performance.now();
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, log, started)
    : openPglite(options.dataDir ?? DEFAULT_PGLITE_DIR, log, started);
}

async function openPostgres(url: string, log: DbLog, started: number): Promise<DbHandle> {
  const client = postgres(url, {
    max: 10,
    // "schema already exists, skipping" and the like: not worth a console line each start.
    onnotice: () => {},
  });
  const db = drizzlePostgres({ client, schema });
  try {
    const lock = await client.reserve();
    try {
      await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      lock.release();
    }
  } catch (e) {
    await client.end({ timeout: 5 });
    throw e;
  }
  log.info(
    { kind: 'postgres', host: hostOf(url), ms: Math.round(performance.now() - started) },
    'database ready',
  );
  return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
}

async function openPglite(dataDir: string, log: DbLog, started: number): Promise<DbHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : resolve(dataDir);
  if (!inMemory) await mkdir(dir, { recursive: true });
  const handle = await usePglite(await PGlite.create(dir));
  log.info({ kind: 'pglite', dataDir: dir, ms: Math.round(performance.now() - started) }, 'database ready');
  return handle;
}

/**
 * Wraps an open PGlite in a migrated handle that owns it (`close()` closes it). For callers that
 * build PGlite themselves, e.g. the test helper that starts each database from a migrated snapshot.
 */
export async function usePglite(client: PGlite): Promise<DbHandle> {
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (e) {
    await client.close();
    throw e;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

/** host:port/db of a connection URL, without credentials, for logs. */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'invalid url';
  }
}

/**
 * Rows of a raw `sql` query on either driver: `db.execute` resolves to an array on postgres-js but
 * to `{ rows }` on PGlite. Prefer the query builder; use this for the odd statement it cannot express.
 *
 * @example const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from market_zips`);
 */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
