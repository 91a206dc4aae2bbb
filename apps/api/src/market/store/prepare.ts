/**
 * An import's rows, worked out from the files without the database: parse every market file,
 * derive the ZIP, county and place rows, and write them as the JSON batches the importer inserts.
 * This is the memory-hungry half of an import (~300 MB of parsed and derived objects at the peak,
 * and the offline gazetteer's module), so `prepareInChild` runs it in a child process that ends with
 * it, and the serving process keeps none of it: it takes the batches one at a time.
 */
import { createHash } from 'node:crypto';
import type { MarketImportFile } from '../../db/schema.js';
import {
  buildMarketContext,
  defaultInterestRate,
  deriveCountyRows,
  derivePlaceRows,
  deriveZipRows,
  type InterestRate,
  loadMarketDir,
  loadZipcodesUsGazetteer,
  MARKET_ROWS_VERSION,
  VINTAGE,
} from '../tables/index.js';
import type { MarketFileProblem } from '../tables/load.js';

/**
 * The market layer's row version (`MARKET_ROWS_VERSION`, bumped with any change to parsing or
 * derivation) plus this importer's own: bump the suffix when the importer changes the rows the same
 * files produce. The dataset hash changes with it, so the next start re-derives.
 */
export const DERIVATION_VERSION = `${MARKET_ROWS_VERSION}+import-2`;

/** Rows per INSERT statement (one JSON bind value of ~2 MB for ZIP rows). */
export const IMPORT_BATCH_ROWS = 5_000;

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

export interface PrepareRequest {
  readonly dir: string;
  readonly tablesDir?: string | undefined;
  /** The files `market:refresh` stored (name, text), which stand beside the directory's. */
  readonly refreshed: readonly (readonly [string, string])[];
  readonly investorPremium: number;
}

/** Which table a batch goes to. */
export type RowTable = 'counties' | 'places' | 'zips';

/** Up to IMPORT_BATCH_ROWS rows of one table, as the JSON array `jsonb_populate_recordset` reads. */
export interface RowBatch {
  readonly table: RowTable;
  readonly rows: number;
  readonly json: string;
}

/** What a preparation found: the rows' summary (their batches apart), or why the files cannot be used. */
export type PreparedSummary =
  | {
      readonly ok: true;
      /** The hash of what was parsed (a file may have changed since it was hashed). */
      readonly datasetHash: string;
      readonly files: readonly MarketImportFile[];
      readonly interestRate: InterestRate | null;
      /** ZIPs, not rows: a ZIP has one row per county it reaches. */
      readonly zipCount: number;
      readonly zipRows: number;
      readonly countyRows: number;
    }
  | {
      readonly ok: false;
      readonly reason: 'no_directory' | 'missing_files' | 'invalid_files';
      readonly missing: readonly string[];
      readonly invalid: readonly MarketFileProblem[];
    };

/** The summary with the rows' batches: counties first, then places, then ZIPs. */
export type PreparedRows =
  | (Extract<PreparedSummary, { ok: true }> & { readonly batches: readonly RowBatch[] })
  | Extract<PreparedSummary, { ok: false }>;

function batchesOf(table: RowTable, rows: readonly object[]): RowBatch[] {
  const batches: RowBatch[] = [];
  for (let i = 0; i < rows.length; i += IMPORT_BATCH_ROWS) {
    const batch = rows.slice(i, i + IMPORT_BATCH_ROWS);
    batches.push({ table, rows: batch.length, json: JSON.stringify(batch) });
  }
  return batches;
}

/**
 * Files that could not be read (permissions, a directory where a file should be…) as a problem
 * with them, not a throw: they must not stop the app either.
 */
export function unreadableFiles(dir: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return { reason: 'invalid_files' as const, missing: [], invalid: [{ file: dir, message }] };
}

/**
 * Parses the files in `request.dir` and derives every row. Never throws for missing, malformed or
 * unreadable files: it says which (`ok: false`), as `loadMarketDir` does.
 */
export async function prepareMarketRows(request: PrepareRequest): Promise<PreparedRows> {
  let loaded: Awaited<ReturnType<typeof loadMarketDir>>;
  try {
    loaded = await loadMarketDir(request.dir, request.tablesDir, new Map(request.refreshed));
  } catch (e) {
    return { ok: false, ...unreadableFiles(request.dir, e) };
  }
  if (!loaded.ok)
    return { ok: false, reason: loaded.reason, missing: loaded.missing, invalid: loaded.invalid };

  const ctx = buildMarketContext(loaded.data);
  const zipRows = deriveZipRows(ctx, await loadZipcodesUsGazetteer());
  const countyRows = deriveCountyRows(ctx);
  const placeRows = derivePlaceRows(ctx);
  const files: MarketImportFile[] = loaded.files.map((f) => ({
    name: f.file,
    sha256: f.sha256,
    bytes: f.bytes,
    rows: f.rows,
    vintage: f.vintage,
    ...(f.refreshed && { refreshed: true }),
  }));
  return {
    ok: true,
    datasetHash: datasetHash(files, request.investorPremium),
    files,
    interestRate: defaultInterestRate(loaded.data.mortgageRates, request.investorPremium),
    zipCount: new Set(zipRows.map((r) => r.zip)).size,
    zipRows: zipRows.length,
    countyRows: countyRows.length,
    batches: [
      ...batchesOf('counties', countyRows),
      ...batchesOf('places', placeRows),
      ...batchesOf('zips', zipRows),
    ],
  };
}
