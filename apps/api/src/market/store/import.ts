import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, DbLog } from '../../db/client.js';
import { silentLog } from '../../db/client.js';
import {
  type MarketImportFile,
  marketCounties,
  marketImports,
  marketPlaces,
  marketRefreshedFiles,
  marketZips,
} from '../../db/schema.js';
import {
  buildMarketContext,
  DEFAULT_INVESTOR_PREMIUM,
  defaultInterestRate,
  deriveCountyRows,
  derivePlaceRows,
  deriveZipRows,
  fileHash,
  type InterestRate,
  loadMarketDir,
  loadZipcodesUsGazetteer,
  MARKET_FILES,
  MARKET_ROWS_VERSION,
  type MarketFileProblem,
  type MarketLoadResult,
  VINTAGE,
} from '../tables/index.js';
import { isMissing, type MarketFileSources, readMarketFile } from '../tables/load.js';
import { assertInvestorPremium } from '../tables/mortgage.js';

/**
 * The market layer's row version (`MARKET_ROWS_VERSION`, bumped with any change to parsing or
 * derivation) plus this importer's own: bump the suffix when the importer changes the rows the same
 * files produce. The dataset hash changes with it, so the next start re-derives.
 */
export const DERIVATION_VERSION = `${MARKET_ROWS_VERSION}+import-2`;

/** Rows per INSERT statement (one JSON bind value of ~2 MB for ZIP rows). */
export const IMPORT_BATCH_ROWS = 5_000;

/** Any fixed 64-bit number: one importer at a time when several API processes start together. */
const IMPORT_LOCK = 0x5f52_6d6b_7469;

export type MarketDataStatus =
  | {
      readonly available: true;
      readonly dataset_hash: string;
      /** False when the active import already had this dataset (or the files were unusable). */
      readonly imported: boolean;
      readonly files: readonly MarketImportFile[];
      readonly interest_rate: InterestRate | null;
      readonly zip_count: number;
      readonly county_count: number;
      /** ISO time the active rows were written. */
      readonly imported_at: string;
      /** Time this call took. */
      readonly ms: number;
    }
  | {
      readonly available: false;
      /** `not_imported`: `readMarketStatus` found no active import. */
      readonly reason: 'no_directory' | 'missing_files' | 'invalid_files' | 'not_imported';
      /** Required files that are absent. */
      readonly missing: readonly string[];
      /** Files present but not readable as documented (see `loadMarketDir`). */
      readonly invalid: readonly MarketFileProblem[];
    };

export type MarketDataAvailable = Extract<MarketDataStatus, { available: true }>;
export type MarketDataUnavailable = Extract<MarketDataStatus, { available: false }>;

export interface ImportMarketDataOptions {
  /** The market data directory (`/work/shared/data/market` layout, SOURCES.md). */
  readonly dir: string;
  /** The repo's own market tables (apps/api/data/market); default `dir`. */
  readonly tablesDir?: string | undefined;
  readonly log?: DbLog | undefined;
  /** Added to the PMMS rate for the stored default interest rate; 0–0.05, default 0.0075. */
  readonly investorPremium?: number | undefined;
}

type FileHashes =
  | { readonly ok: true; readonly files: readonly { readonly name: string; readonly sha256: string }[] }
  | { readonly ok: false; readonly reason: 'no_directory' | 'missing_files'; readonly missing: string[] };

/** Reads and hashes each market file without parsing it: enough to tell whether anything changed. */
async function hashMarketDir(sources: MarketFileSources): Promise<FileHashes> {
  const { dir } = sources;
  try {
    if (!(await stat(dir)).isDirectory()) return { ok: false, reason: 'no_directory', missing: [] };
  } catch (e) {
    if (isMissing(e)) return { ok: false, reason: 'no_directory', missing: [] };
    throw e;
  }
  const files: { name: string; sha256: string }[] = [];
  const missing: string[] = [];
  for (const spec of Object.values(MARKET_FILES)) {
    const found = await readMarketFile(spec, sources);
    if (found) files.push({ name: found.name, sha256: fileHash(found.bytes) });
    else if (spec.required) missing.push(spec.file);
  }
  return missing.length > 0 ? { ok: false, reason: 'missing_files', missing } : { ok: true, files };
}

/**
 * sha256 over the derivation version, the inputs that are not files (investor premium, gazetteer
 * vintage) and each present file's name and sha256, in file-name order.
 */
export function datasetHash(
  files: readonly { readonly name: string; readonly sha256: string }[],
  investorPremium: number,
): string {
  const h = createHash('sha256');
  h.update(`${DERIVATION_VERSION}\ninvestor_premium=${investorPremium}\ngazetteer=${VINTAGE.gazetteer}\n`);
  for (const f of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    h.update(`${f.name}=${f.sha256}\n`);
  }
  return h.digest('hex');
}

type ImportRow = typeof marketImports.$inferSelect;

/**
 * Inserts rows whose keys are `table`'s column names, sent as one JSON bind value per batch and
 * expanded by `jsonb_populate_recordset`. Drizzle's multi-row `insert().values()` spends ~250 ms
 * building each 1,000-row statement (~10 s for the real data); this way the whole import takes ~2 s.
 * A key the table lacks is ignored and a missing one is null (a NOT NULL column then fails).
 */
async function insertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const columns = sql.join(
    Object.values(getTableColumns(table)).map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

const availableStatus = (row: ImportRow, imported: boolean, started: number): MarketDataAvailable => ({
  available: true,
  dataset_hash: row.dataset_hash,
  imported,
  files: row.files,
  interest_rate: row.interest_rate ?? null,
  zip_count: row.zip_count,
  county_count: row.county_count,
  imported_at: row.imported_at.toISOString(),
  ms: Math.round(performance.now() - started),
});

/** The files `market:refresh` stored: name → text. */
export async function refreshedFiles(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: marketRefreshedFiles.name, content: marketRefreshedFiles.content })
    .from(marketRefreshedFiles);
  return new Map(rows.map((r) => [r.name, r.content]));
}

async function activeImport(db: Database): Promise<ImportRow | null> {
  const rows = await db.select().from(marketImports).where(eq(marketImports.active, true)).limit(1);
  return rows[0] ?? null;
}

/**
 * Makes the tables hold the market data in `dir`. Hashes the files first; when the active import has
 * the same dataset hash it does nothing. Otherwise parses and derives every row and, in one
 * transaction, deletes the old rows, inserts the new ones in batches and marks the import active, so
 * readers see either the old vintage or the new one.
 *
 * Never throws for missing or malformed files: it logs a warning and returns `available: false`, or,
 * when an earlier import is still active, keeps serving it (`available: true, imported: false`).
 * Throws `MarketInputError` for an investor premium outside 0–0.05, and on database errors.
 */
export async function importMarketData(
  db: Database,
  options: ImportMarketDataOptions,
): Promise<MarketDataStatus> {
  const started = performance.now();
  const log = options.log ?? silentLog;
  const { dir } = options;
  const premium = options.investorPremium ?? DEFAULT_INVESTOR_PREMIUM;
  assertInvestorPremium(premium);

  const unusable = async (problem: MarketDataUnavailable): Promise<MarketDataStatus> => {
    const previous = await activeImport(db);
    if (previous) {
      log.warn(
        { dir, reason: problem.reason, missing: problem.missing, invalid: problem.invalid },
        'market data files unusable; keeping the previous import',
      );
      return availableStatus(previous, false, started);
    }
    log.warn(
      { dir, reason: problem.reason, missing: problem.missing, invalid: problem.invalid },
      'market data unavailable',
    );
    return problem;
  };

  // Unreadable files (permissions, a directory where a file should be…) must not stop the app either.
  const unreadable = (e: unknown): Promise<MarketDataStatus> =>
    unusable({
      available: false,
      reason: 'invalid_files',
      missing: [],
      invalid: [{ file: dir, message: e instanceof Error ? e.message : String(e) }],
    });

  // the files a refresh stored stand beside the directory's (market:refresh; every process reads them)
  const refreshed = await refreshedFiles(db);
  let hashes: FileHashes;
  try {
    hashes = await hashMarketDir({ dir, tablesDir: options.tablesDir, refreshed });
  } catch (e) {
    return unreadable(e);
  }
  if (!hashes.ok) {
    return unusable({ available: false, reason: hashes.reason, missing: hashes.missing, invalid: [] });
  }
  const quickHash = datasetHash(hashes.files, premium);
  const current = await activeImport(db);
  if (current?.dataset_hash === quickHash) {
    const status = availableStatus(current, false, started);
    log.debug(
      { dataset_hash: quickHash, zip_count: current.zip_count, ms: status.ms },
      'market data up to date',
    );
    return status;
  }

  let loaded: MarketLoadResult;
  try {
    loaded = await loadMarketDir(dir, options.tablesDir, refreshed);
  } catch (e) {
    return unreadable(e);
  }
  if (!loaded.ok) {
    return unusable({
      available: false,
      reason: loaded.reason,
      missing: loaded.missing,
      invalid: loaded.invalid,
    });
  }
  log.debug({ dir, files: loaded.files.length, ms: Math.round(loaded.ms) }, 'market data files parsed');

  const deriveStarted = performance.now();
  const ctx = buildMarketContext(loaded.data);
  const zipRows = deriveZipRows(ctx, await loadZipcodesUsGazetteer());
  const countyRows = deriveCountyRows(ctx);
  const placeRows = derivePlaceRows(ctx);
  const interestRate = defaultInterestRate(loaded.data.mortgageRates, premium);
  log.debug(
    {
      zip_rows: zipRows.length,
      counties: countyRows.length,
      ms: Math.round(performance.now() - deriveStarted),
    },
    'market rows derived',
  );

  const files: MarketImportFile[] = loaded.files.map((f) => ({
    name: f.file,
    sha256: f.sha256,
    bytes: f.bytes,
    rows: f.rows,
    vintage: f.vintage,
    ...(f.refreshed && { refreshed: true }),
  }));
  // Hash what was parsed, not what was hashed a moment ago, in case a file changed in between.
  const hash = datasetHash(files, premium);

  const total = zipRows.length + countyRows.length;
  // ZIPs, not rows: a ZIP has one row per county it reaches
  const zipCount = new Set(zipRows.map((r) => r.zip)).size;
  const insertStarted = performance.now();
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    // Another process may have imported the same files while this one was deriving.
    const now = await activeImport(tx);
    if (now?.dataset_hash === hash) return { row: now, imported: false };

    await tx.delete(marketZips);
    await tx.delete(marketCounties);
    await tx.delete(marketPlaces);
    await tx.update(marketImports).set({ active: false }).where(eq(marketImports.active, true));

    let inserted = 0;
    let nextLog = 10_000;
    const progress = () => {
      if (inserted < nextLog && inserted < total) return;
      log.debug({ inserted, total }, `market rows inserted ${inserted}/${total}`);
      while (nextLog <= inserted) nextLog += 10_000;
    };
    for (let i = 0; i < countyRows.length; i += IMPORT_BATCH_ROWS) {
      const batch = countyRows.slice(i, i + IMPORT_BATCH_ROWS);
      await insertRows(tx, marketCounties, batch);
      inserted += batch.length;
      progress();
    }
    if (placeRows.length > 0) await insertRows(tx, marketPlaces, placeRows);
    for (let i = 0; i < zipRows.length; i += IMPORT_BATCH_ROWS) {
      const batch = zipRows.slice(i, i + IMPORT_BATCH_ROWS);
      await insertRows(tx, marketZips, batch);
      inserted += batch.length;
      progress();
    }

    const values = {
      dataset_hash: hash,
      files,
      interest_rate: interestRate,
      zip_count: zipCount,
      county_count: countyRows.length,
      active: true,
    };
    // A dataset imported before (e.g. a rollback to an older vintage) gets its row back.
    const [row] = await tx
      .insert(marketImports)
      .values(values)
      .onConflictDoUpdate({
        target: marketImports.dataset_hash,
        set: { ...values, imported_at: sql`now()` },
      })
      .returning();
    if (row === undefined) throw new Error('market_imports insert returned no row');
    return { row, imported: true };
  });

  const status = availableStatus(result.row, result.imported, started);
  if (result.imported) {
    log.info(
      {
        dataset_hash: hash,
        zip_count: zipCount,
        zip_rows: zipRows.length,
        county_count: countyRows.length,
        insert_ms: Math.round(performance.now() - insertStarted),
        ms: status.ms,
      },
      'market data imported',
    );
  } else {
    log.debug({ dataset_hash: hash, ms: status.ms }, 'market data up to date');
  }
  return status;
}

/** The active import's status, without touching the files; `not_imported` when there is none. */
export async function readMarketStatus(db: Database): Promise<MarketDataStatus> {
  const started = performance.now();
  const row = await activeImport(db);
  return row
    ? availableStatus(row, false, started)
    : { available: false, reason: 'not_imported', missing: [], invalid: [] };
}
