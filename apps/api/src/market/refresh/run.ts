/**
 * `market:refresh`: HUD's FMR and Small Area FMR workbooks and the Freddie Mac rate series, from a
 * path or a URL, converted to the market files' formats, checked, stored in the database
 * (`market_refreshed_files`) and imported. The new vintage becomes the active import; running API
 * processes see it at their next check of the active dataset (`createMarketService`), without a
 * restart. Nothing is stored when any check fails.
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, DbLog } from '../../db/client.js';
import { silentLog } from '../../db/client.js';
import { marketRefreshedFiles } from '../../db/schema.js';
import { ProviderError } from '../../outbound/client.js';
import type { FredProvider } from '../providers/fred.js';
import { importMarketData, type MarketDataStatus, refreshedFiles } from '../store/import.js';
import { CsvSyntaxError } from '../tables/csv.js';
import { fileHash, MARKET_FILES } from '../tables/files.js';
import { readMarketFile } from '../tables/load.js';
import { parseMortgageRatesCsv } from '../tables/mortgage.js';
import { type CheckResult, checkFmr, checkRates, checkSafmr } from './checks.js';
import { fmrFile, RefreshError, readRows, safmrFile } from './hud.js';
import { fredObservations, latestWeek, mortgageFile } from './rates.js';

export interface RefreshInputs {
  /** HUD's FMRs by county/town: a path or an http(s) URL (xlsx or csv) */
  readonly fmr?: string | undefined;
  /** HUD's Small Area FMRs: a path or URL (xlsx or csv) */
  readonly safmr?: string | undefined;
  /** FRED's MORTGAGE30US download (csv or API JSON): a path or URL */
  readonly rates?: string | undefined;
}

export interface RefreshOptions {
  readonly db: Database;
  /** MARKET_DATA_DIR: the shared files the refreshed ones stand beside */
  readonly dir: string;
  readonly tablesDir: string;
  /** HUD's fiscal year of the workbooks (FY2027 took effect 2026-10-01) */
  readonly fy?: number | undefined;
  readonly inputs: RefreshInputs;
  /** with FRED_API_KEY: the rate series from FRED's API instead of a file */
  readonly fred?: FredProvider | undefined;
  /** where `fmr_fy<fy>_checkpoints.csv` is; default `<dir>/checks` */
  readonly checksDir?: string | undefined;
  readonly investorPremium?: number | undefined;
  readonly log?: DbLog | undefined;
  readonly today?: Date | undefined;
  /** how long a download may take */
  readonly timeoutMs?: number | undefined;
}

export interface RefreshedFile {
  readonly name: string;
  readonly rows: number;
  readonly source: string;
  readonly check: CheckResult;
}

export interface RefreshReport {
  readonly files: readonly RefreshedFile[];
  readonly status: MarketDataStatus;
}

/** The bytes of a path or an http(s) URL. */
async function fetchInput(input: string, timeoutMs: number): Promise<Buffer> {
  if (!/^https?:\/\//i.test(input)) {
    try {
      return await readFile(input);
    } catch (e) {
      throw new RefreshError(`cannot read ${input}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  let res: Response;
  try {
    res = await fetch(input, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    throw new RefreshError(`cannot download ${input}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!res.ok) throw new RefreshError(`downloading ${input} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The year in a HUD file name ('FY27_FMRs.xlsx' → 2027, 'fy2027_safmrs.xlsx' → 2027), else null. */
export function fiscalYearOf(name: string): number | null {
  const long = /fy[ _-]?(20\d{2})/i.exec(name);
  if (long) return Number(long[1]);
  const short = /fy[ _-]?(\d{2})(?!\d)/i.exec(name);
  return short ? 2000 + Number(short[1]) : null;
}

/**
 * The fiscal year of a HUD workbook: the one given, else the one in its file name. HUD publishes
 * FY N's figures in the late summer of N − 1 (FY2027 took effect on 2026-10-01), so a year past
 * next year's is a typing error, not a file.
 */
export function workbookFiscalYear(input: string, given: number | undefined, today: Date): number {
  const fy = given ?? fiscalYearOf(basename(input));
  if (fy === null || !Number.isInteger(fy) || fy < 2000) {
    throw new RefreshError(`which fiscal year is ${basename(input)}? Give it (--fy 2027)`);
  }
  const latest = today.getUTCFullYear() + 1;
  if (fy > latest) {
    throw new RefreshError(
      `FY${fy} is not published yet: HUD publishes a fiscal year's figures in the summer before it (FY${latest} at the latest today); check --fy or the file name of ${basename(input)}`,
    );
  }
  return fy;
}

/** A file that is not what it says (a CSV that does not parse) or a provider that fails, as a refusal. */
async function refusing<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof CsvSyntaxError)
      throw new RefreshError(`${what} is not a workbook or CSV we read: ${e.message}`);
    if (e instanceof ProviderError) throw new RefreshError(`${what}: ${e.message}`);
    throw e;
  }
}

/**
 * Converts and checks every input, then (only when all pass) stores the files and imports. Throws
 * `RefreshError` naming each problem.
 */
export async function refreshMarketData(options: RefreshOptions): Promise<RefreshReport> {
  const { db, inputs } = options;
  const log = options.log ?? silentLog;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const today = options.today ?? new Date();
  const converted: { name: string; text: string; rows: number; source: string; check: CheckResult }[] = [];

  const yearOf = (input: string) => workbookFiscalYear(input, options.fy, today);
  if (inputs.fmr) {
    const fy = yearOf(inputs.fmr);
    const fmr = inputs.fmr;
    const file = await refusing(basename(fmr), async () =>
      fmrFile(await readRows(await fetchInput(fmr, timeoutMs), fmr), fy, basename(fmr)),
    );
    const checkpoints = await readFile(
      join(options.checksDir ?? join(options.dir, 'checks'), `fmr_fy${fy}_checkpoints.csv`),
      'utf8',
    ).catch(() => null);
    converted.push({
      ...file,
      rows: file.rows.length,
      source: inputs.fmr,
      check: checkFmr(file.rows, fy, checkpoints),
    });
  }
  if (inputs.safmr) {
    const fy = yearOf(inputs.safmr);
    const safmr = inputs.safmr;
    const file = await refusing(basename(safmr), async () =>
      safmrFile(await readRows(await fetchInput(safmr, timeoutMs), safmr), fy, basename(safmr)),
    );
    converted.push({ ...file, rows: file.rows.length, source: inputs.safmr, check: checkSafmr(file.rows) });
  }
  if (inputs.rates || options.fred) {
    const stored = await refreshedFiles(db);
    const knownFile = await readMarketFile(MARKET_FILES.mortgageRates, {
      dir: options.dir,
      refreshed: stored,
    });
    const known = knownFile ? parseMortgageRatesCsv(knownFile.bytes.toString('utf8')) : [];
    const rates = inputs.rates;
    const fred = rates
      ? await refusing(basename(rates), async () =>
          fredObservations((await fetchInput(rates, timeoutMs)).toString('utf8'), basename(rates)),
        )
      : await refusing(
          "FRED's API",
          async () => (await options.fred?.since(latestWeek(known) ?? '2000-01-01')) ?? [],
        );
    const file = mortgageFile(known, fred);
    converted.push({
      ...file,
      rows: file.rows.length,
      source: inputs.rates ?? "FRED's API (MORTGAGE30US)",
      check: checkRates(file.rows, known, today),
    });
  }
  if (converted.length === 0)
    throw new RefreshError('nothing to refresh: give --fmr, --safmr, --rates or --fred');

  const failed = converted.filter((c) => !c.check.ok);
  if (failed.length > 0) {
    throw new RefreshError(
      `nothing was stored; ${failed.map((f) => `${f.name} (from ${f.source}): ${f.check.problems.join('; ')}`).join(' | ')}`,
    );
  }
  await db.transaction(async (tx) => {
    for (const c of converted) {
      const values = {
        name: c.name,
        content: c.text,
        sha256: fileHash(c.text),
        source: c.source,
        rows: c.rows,
      };
      await tx
        .insert(marketRefreshedFiles)
        .values(values)
        .onConflictDoUpdate({
          target: marketRefreshedFiles.name,
          set: { ...values, refreshed_at: sql`now()` },
        });
    }
  });
  for (const c of converted)
    log.info(
      { file: c.name, rows: c.rows, source: c.source, checks: c.check.checked },
      'market file refreshed',
    );
  const status = await importMarketData(db, {
    dir: options.dir,
    tablesDir: options.tablesDir,
    investorPremium: options.investorPremium,
    log,
  });
  return { files: converted.map(({ name, rows, source, check }) => ({ name, rows, source, check })), status };
}
