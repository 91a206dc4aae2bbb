import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MarketDataError } from './errors.js';
import {
  fileHash,
  MARKET_FILE_KEYS,
  MARKET_FILES,
  type MarketFileKey,
  type MarketFileSpec,
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
  /** True when the file came from a refresh (`market:refresh`), not the data directory. */
  readonly refreshed: boolean;
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

/**
 * Where the market files come from: the public files in `dir`, the repo's own tables in `tablesDir`
 * (else `dir`), and the files a refresh stored (`market:refresh`: name → text), which stand beside
 * `dir`'s and replace a file of the same name.
 */
export interface MarketFileSources {
  readonly dir: string;
  readonly tablesDir?: string | undefined;
  readonly refreshed?: ReadonlyMap<string, string> | undefined;
}

/**
 * The file a spec reads and its bytes, or null when absent. A fiscal-year file takes the newest year
 * among `dir`'s and the refreshed files (a refreshed one wins a tie).
 */
export async function readMarketFile(
  spec: Pick<MarketFileSpec<unknown>, 'file' | 'location' | 'fiscalYears'>,
  sources: MarketFileSources,
): Promise<{ readonly name: string; readonly bytes: Buffer } | null> {
  const fromDisk = async (dir: string, name: string) => {
    try {
      return { name, bytes: await readFile(join(dir, name)) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  };
  if (spec.location === 'tables') return fromDisk(sources.tablesDir ?? sources.dir, spec.file);
  const refreshed = sources.refreshed ?? new Map<string, string>();
  let name = spec.file;
  if (spec.fiscalYears) {
    const pattern = spec.fiscalYears;
    const onDisk = await readdir(sources.dir).catch((e: unknown) => {
      if (isMissing(e)) return [] as string[];
      throw e;
    });
    const year = (n: string) => Number(pattern.exec(n)?.[1] ?? Number.NaN);
    const candidates = [...new Set([...onDisk, ...refreshed.keys()])].filter((n) => pattern.test(n));
    name = candidates.sort((a, b) => year(b) - year(a))[0] ?? spec.file;
  }
  const text = refreshed.get(name);
  return text === undefined ? fromDisk(sources.dir, name) : { name, bytes: Buffer.from(text, 'utf8') };
}

/**
 * Reads and parses every market file: the public ones in `dir`, the repo's tables in `tablesDir`
 * (apps/api/data/market; default `dir`) and the files a refresh stored (`readMarketFile`). Never
 * throws for bad data: a missing directory, missing required files or malformed files come back as
 * `{ ok: false }` listing each problem.
 */
export async function loadMarketDir(
  dir: string,
  tablesDir?: string,
  refreshed?: ReadonlyMap<string, string>,
): Promise<MarketLoadResult> {
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
    const found = await readMarketFile(spec, { dir, tablesDir, refreshed });
    if (found === null) {
      if (spec.required) missing.push(spec.file);
      else missingOptional.push(spec.file);
      data[key] = [];
      continue;
    }
    try {
      const rows: unknown[] = spec.parse(found.bytes.toString('utf8'), found.name);
      data[key] = rows;
      files.push({
        key,
        file: found.name,
        sha256: fileHash(found.bytes),
        bytes: found.bytes.length,
        rows: rows.length,
        source: spec.source,
        vintage: typeof spec.vintage === 'string' ? spec.vintage : spec.vintage(found.name),
        refreshed: refreshed?.has(found.name) ?? false,
        ms: performance.now() - started,
      });
    } catch (e) {
      if (!(e instanceof MarketDataError)) throw e;
      invalid.push({ file: found.name, message: e.message });
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
