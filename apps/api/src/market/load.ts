import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MarketDataError } from './errors.js';
import {
  fileHash,
  MARKET_FILE_KEYS,
  MARKET_FILES,
  type MarketFileKey,
  type ParsedMarketFiles,
} from './files.js';

/** What the importer records about each loaded file. */
export interface LoadedFileInfo {
  readonly key: MarketFileKey;
  readonly file: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly rows: number;
  readonly source: string;
  readonly vintage: string;
  /** Time to read and parse the file, ms. */
  readonly ms: number;
}

export interface MarketFileProblem {
  readonly file: string;
  readonly message: string;
}

export type MarketLoadResult =
  | {
      readonly ok: true;
      readonly dir: string;
      readonly data: ParsedMarketFiles;
      readonly files: readonly LoadedFileInfo[];
      /** Optional files that were absent (their tables are empty). */
      readonly missingOptional: readonly string[];
      readonly ms: number;
    }
  | {
      readonly ok: false;
      readonly dir: string;
      /** `no_directory`: the directory itself is absent; otherwise see `missing` and `invalid`. */
      readonly reason: 'no_directory' | 'missing_files' | 'invalid_files';
      /** Required files that are absent. */
      readonly missing: readonly string[];
      /** Files present but not readable as documented. */
      readonly invalid: readonly MarketFileProblem[];
    };

/** A file-system error that means the file or folder is not there (rather than unreadable). */
export const isMissing = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && (e.code === 'ENOENT' || e.code === 'ENOTDIR');

/** Where a market file lives: the public files in `dir`, the repo's own tables in `tablesDir` (else `dir`). */
export const marketFilePath = (
  spec: { file: string; location: 'data' | 'tables' },
  dir: string,
  tablesDir?: string,
) => join(spec.location === 'tables' ? (tablesDir ?? dir) : dir, spec.file);

/**
 * Reads and parses every market file: the public ones in `dir`, the repo's tables in `tablesDir`
 * (apps/api/data/market; default `dir`). Never throws for bad data: a missing directory, missing
 * required files or malformed files come back as `{ ok: false }` listing each problem.
 */
export async function loadMarketDir(dir: string, tablesDir?: string): Promise<MarketLoadResult> {
  const t0 = performance.now();
  try {
    const s = await stat(dir);
    if (!s.isDirectory()) return { ok: false, dir, reason: 'no_directory', missing: [], invalid: [] };
  } catch (e) {
    if (isMissing(e)) return { ok: false, dir, reason: 'no_directory', missing: [], invalid: [] };
    throw e;
  }

  const missing: string[] = [];
  const missingOptional: string[] = [];
  const invalid: MarketFileProblem[] = [];
  const files: LoadedFileInfo[] = [];
  const data: Partial<Record<MarketFileKey, unknown[]>> = {};

  for (const key of MARKET_FILE_KEYS) {
    const spec = MARKET_FILES[key];
    const started = performance.now();
    let bytes: Buffer;
    try {
      bytes = await readFile(marketFilePath(spec, dir, tablesDir));
    } catch (e) {
      if (!isMissing(e)) throw e;
      if (spec.required) missing.push(spec.file);
      else missingOptional.push(spec.file);
      data[key] = [];
      continue;
    }
    try {
      const rows: unknown[] = spec.parse(bytes.toString('utf8'), spec.file);
      data[key] = rows;
      files.push({
        key,
        file: spec.file,
        sha256: fileHash(bytes),
        bytes: bytes.length,
        rows: rows.length,
        source: spec.source,
        vintage: spec.vintage,
        ms: performance.now() - started,
      });
    } catch (e) {
      if (!(e instanceof MarketDataError)) throw e;
      invalid.push({ file: spec.file, message: e.message });
    }
  }

  if (missing.length > 0 || invalid.length > 0) {
    return {
      ok: false,
      dir,
      reason: missing.length > 0 ? 'missing_files' : 'invalid_files',
      missing,
      invalid,
    };
  }
  return {
    ok: true,
    dir,
    // Each key was filled by its own spec's parser above.
    data: data as ParsedMarketFiles,
    files,
    missingOptional,
    ms: performance.now() - t0,
  };
}
