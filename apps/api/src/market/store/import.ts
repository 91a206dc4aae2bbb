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
  DEFAULT_INVESTOR_PREMIUM,
  fileHash,
  type InterestRate,
  MARKET_FILES,
  type MarketFileProblem,
} from '../tables/index.js';
import { isMissing, type MarketFileSources, readMarketFile } from '../tables/load.js';
import { assertInvestorPremium } from '../tables/mortgage.js';
import { datasetHash, type RowTable, unreadableFiles } from './prepare.js';
import { prepareInChild } from './prepare-in-child.js';

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

type ImportRow = typeof marketImports.$inferSelect;

const ROW_TABLES: Record<RowTable, PgTable> = {
  counties: marketCounties,
  places: marketPlaces,
  zips: marketZips,
};

/**
 * Inserts a JSON array of rows whose keys are `table`'s column names, sent as one bind value and
 * expanded by `jsonb_populate_recordset`. Drizzle's multi-row `insert().values()` spends ~250 ms
 * building each 1,000-row statement (~10 s for the real data); this way the whole import takes ~2 s.
 * A key the table lacks is ignored and a missing one is null (a NOT NULL column then fails).
 */
async function insertJsonRows(db: Database, table: PgTable, json: string): Promise<void> {
  const columns = sql.join(
    Object.values(getTableColumns(table)).map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, ${json}::jsonb)`,
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

/** The operator's line when there is no market data: what it costs, and the setting that fixes it. */
export const MARKET_DATA_UNAVAILABLE_LOG =
  "market data unavailable: set MARKET_DATA_DIR to the shared market data folder (SOURCES.md); until then analyses rest on the model's defaults";

/**
 * Makes the tables hold the market data in `dir`. Hashes the files first; when the active import has
 * the same dataset hash it does nothing. Otherwise parses and derives every row in a child process
 * (`prepareInChild`: this process keeps none of that memory) and, in one transaction, deletes the
 * old rows, inserts the new ones in batches and marks the import active, so readers see either the
 * old vintage or the new one.
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
      MARKET_DATA_UNAVAILABLE_LOG,
    );
    return problem;
  };

  // the files a refresh stored stand beside the directory's (market:refresh; every process reads them)
  const refreshed = await refreshedFiles(db);
  let hashes: FileHashes;
  try {
    hashes = await hashMarketDir({ dir, tablesDir: options.tablesDir, refreshed });
  } catch (e) {
    return unusable({ available: false, ...unreadableFiles(dir, e) });
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

  const preparation = await prepareInChild({
    dir,
    tablesDir: options.tablesDir,
    refreshed: [...refreshed],
    investorPremium: premium,
  });
  const prepared = preparation.summary;
  if (!prepared.ok) {
    return unusable({
      available: false,
      reason: prepared.reason,
      missing: prepared.missing,
      invalid: prepared.invalid,
    });
  }
  log.debug(
    {
      zip_rows: prepared.zipRows,
      counties: prepared.countyRows,
      ms: Math.round(performance.now() - started),
    },
    'market rows derived',
  );

  const hash = prepared.datasetHash;
  const total = prepared.zipRows + prepared.countyRows;
  const insertStarted = performance.now();
  const result = await db
    .transaction(async (tx) => {
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
      for (let batch = await preparation.nextBatch(); batch; batch = await preparation.nextBatch()) {
        await insertJsonRows(tx, ROW_TABLES[batch.table], batch.json);
        if (batch.table === 'places') continue;
        inserted += batch.rows;
        if (inserted < nextLog && inserted < total) continue;
        log.debug({ inserted, total }, `market rows inserted ${inserted}/${total}`);
        while (nextLog <= inserted) nextLog += 10_000;
      }

      const values = {
        dataset_hash: hash,
        files: [...prepared.files],
        interest_rate: prepared.interestRate,
        zip_count: prepared.zipCount,
        county_count: prepared.countyRows,
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
    })
    // the child is done after its last batch; otherwise (rows not wanted, a failed insert) it is ended
    .finally(preparation.end);

  const status = availableStatus(result.row, result.imported, started);
  if (result.imported) {
    log.info(
      {
        dataset_hash: hash,
        zip_count: prepared.zipCount,
        zip_rows: prepared.zipRows,
        county_count: prepared.countyRows,
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
