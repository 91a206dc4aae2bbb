import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { createPgliteInChild, holdsDatabase, type PgliteSetup } from './create-pglite.js';
import { lockDataDir } from './data-dir-lock.js';
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
  /**
   * Postgres only: resolves when the server answers `select 1` within `timeoutMs` on a connection of
   * its own, so a busy pool cannot make a healthy server look gone (the request watchdog asks it).
   */
  readonly pingAlone?: (timeoutMs: number) => Promise<void>;
}

/** The subset of a pino / Fastify logger the data layer writes to. */
export interface DbLog {
  /** what an operator needs to see once (a first start's market import) */
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  /** start-up details: the start itself prints one line (server.ts) */
  debug(obj: object, msg: string): void;
}

export const silentLog: DbLog = { info() {}, warn() {}, debug() {} };

export interface OpenDatabaseOptions {
  /** postgres://… — use Postgres (postgres-js). Without it, PGlite at `dataDir`. */
  readonly databaseUrl?: string | undefined;
  /** PGlite directory, created if missing; default `./.data/pglite` (cwd). `memory://` keeps it in memory. */
  readonly dataDir?: string | undefined;
  readonly log?: DbLog | undefined;
  /**
   * The market import a new PGlite folder is made with, in the child process that makes it
   * (create-pglite.ts), so the serving process never grows its memory for it. Ignored on Postgres.
   */
  readonly firstImport?: PgliteSetup['market'];
}

export const DEFAULT_PGLITE_DIR = './.data/pglite';

/**
 * The generated SQL migrations (apps/api/drizzle), found upwards from this module so any cwd works,
 * both from src/db/client.ts and from the bundled dist/server.js.
 */
export const MIGRATIONS_FOLDER = findUp(
  dirname(fileURLToPath(import.meta.url)),
  'drizzle/meta/_journal.json',
);

function findUp(from: string, marker: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, marker))) return `${join(dir, marker.split('/')[0] ?? '')}/`;
    if (dirname(dir) === dir) throw new Error(`no ${marker} above ${from}`);
  }
}

const CONNECT_TIMEOUT_SECONDS = 2;

/** Postgres could not be reached or refused us at start: one line for whoever started the process. */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
  constructor(where: string, reason: string) {
    super(
      `Cannot open the database at ${where} (${reason}). Is Postgres running, and is DATABASE_URL right?`,
    );
  }
}

/** A login refused or a database missing: the URL is wrong, not the database down (SQLSTATE). */
const REFUSED_AT_START = new Set(['28P01', '28000', '3D000']);

/** How often a ping's deadline starts again because the event loop, not the database, was slow. */
const MAX_DEADLINE_REARMS = 3;

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
    : openPglite(options.dataDir ?? DEFAULT_PGLITE_DIR, log, started, options.firstImport);
}

async function openPostgres(url: string, log: DbLog, started: number): Promise<DbHandle> {
  const client = postgres(url, {
    max: 10,
    // a database that does not answer fails the request in seconds (a 503), not after 30 s
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
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
    const code = String((e as { code?: unknown }).code);
    if (isDatabaseUnavailable(e) || REFUSED_AT_START.has(code)) {
      throw new DatabaseUnreachableError(hostOf(url), `${code}: ${(e as Error).message}`);
    }
    throw e;
  }
  log.debug(
    { kind: 'postgres', host: hostOf(url), ms: Math.round(performance.now() - started) },
    'database ready',
  );
  // one connection outside the pool, opened on the first ping
  const pinger = postgres(url, { max: 1, connect_timeout: CONNECT_TIMEOUT_SECONDS, onnotice: () => {} });
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), pinger.end({ timeout: 1 })]);
    },
    pingAlone: (timeoutMs) => withDeadline(pinger`select 1`.execute(), timeoutMs),
  };
}

async function openPglite(
  dataDir: string,
  log: DbLog,
  started: number,
  firstImport: PgliteSetup['market'],
): Promise<DbHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : resolve(dataDir);
  if (inMemory) return usePglite(await PGlite.create(dir));
  await mkdir(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    // a new folder is made, migrated and given its market data by a child process: the memory
    // they grow stays with it (create-pglite.ts)
    if (!holdsDatabase(dir)) {
      const unimported = await createPgliteInChild(dir, firstImport);
      if (unimported && firstImport) log.warn({ dataDir: dir, reason: unimported }, 'first import deferred');
    }
    const handle = await usePglite(await PGlite.create(dir));
    log.debug(
      { kind: 'pglite', dataDir: dir, ms: Math.round(performance.now() - started) },
      'database ready',
    );
    return {
      ...handle,
      close: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
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

/**
 * Whether `error` (or any error in its `cause` chain: Drizzle wraps the driver's) says the database
 * could not be reached or went away, rather than that a query was wrong: the request is then a 503,
 * worth retrying shortly, not a bug. The pool reconnects by itself once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (UNREACHABLE_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception); 57P01-57P03 (shutting down, cannot connect now); 53300 (too many connections)
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
  }
  return false;
}

/**
 * `error` as it may be logged: Drizzle's query errors carry the query's parameters (a stored
 * analysis is ~20 kB of a user's property and figures), which a log must not hold. The query text,
 * the error's name and its cause chain stay; anything else is logged as it is.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  // the stack opens with the message, which lists the parameters too: keep only its frames
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  return { type: 'DrizzleQueryError', query: error.query, cause: error.cause, stack: frames };
}

/** Node's socket errors and postgres-js's own connection codes. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

export class DatabaseTimeoutError extends Error {
  override readonly name = 'DatabaseTimeoutError';
  readonly code = 'CONNECT_TIMEOUT';
}

/** Resolves when the database answers `select 1` within `timeoutMs`; rejects otherwise. */
export function pingDatabase(db: Database, timeoutMs: number): Promise<void> {
  return withDeadline(db.execute(sql`select 1`), timeoutMs);
}

/** `answer`, or a DatabaseTimeoutError once `timeoutMs` have passed without it. */
async function withDeadline(answer: PromiseLike<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const arm = (rearms: number) => {
      const from = performance.now();
      timer = setTimeout(() => {
        // Fired late: the event loop was busy (a large answer being written), and the database's
        // answer may be waiting unread on the socket. Start again rather than call it silent.
        const late = performance.now() - from - timeoutMs;
        if (late > timeoutMs / 2 && rearms < MAX_DEADLINE_REARMS) return arm(rearms + 1);
        // after the loop's I/O phase: an answer that arrived with the timer still wins
        setImmediate(() => reject(new DatabaseTimeoutError(`no answer within ${timeoutMs} ms`)));
      }, timeoutMs);
    };
    arm(0);
  });
  try {
    await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
