/**
 * Refreshes the market data without a release: HUD's FMR and Small Area FMR workbooks and the
 * Freddie Mac rate series, from a path or a URL, checked and made the vintage every API process
 * shows (src/market/refresh/run.ts).
 *
 *   pnpm --filter @sfr/api market:refresh --fmr FY27_FMRs.xlsx --safmr fy2027_safmrs.xlsx [--fy 2027]
 *   pnpm --filter @sfr/api market:refresh --rates https://fred.stlouisfed.org/graph/fredgraph.csv?id=MORTGAGE30US
 *   pnpm --filter @sfr/api market:refresh --fred            (FRED_API_KEY: the weeks since the last known)
 *
 * It uses the API's database (DATABASE_URL, else the embedded one under DATA_DIR: stop the server
 * first, the embedded database takes one process at a time). Exit 1 with every problem listed when
 * a file fails its checks; nothing is stored then.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, commandFolder, loadConfig, loadDotEnv, MARKET_TABLES_DIR } from '../src/config.js';
import { DatabaseUnreachableError, openDatabase } from '../src/db/client.js';
import { DataDirInUseError } from '../src/db/data-dir-lock.js';
import { fredProvider } from '../src/market/providers/fred.js';
import { RefreshError } from '../src/market/refresh/hud.js';
import { refreshMarketData, workbookFiscalYear } from '../src/market/refresh/run.js';

const USAGE = `usage: pnpm --filter @sfr/api market:refresh [--fmr PATH|URL] [--safmr PATH|URL] [--fy YEAR]
                                             [--rates PATH|URL] [--fred] [--checks DIR]
  --fmr     HUD's FMRs by county and New England town (xlsx or csv)
  --safmr   HUD's Small Area FMRs (xlsx or csv)
  --fy      their fiscal year, when the file name does not say (FY27_FMRs.xlsx says 2027)
  --rates   FRED's MORTGAGE30US download (csv or the API's JSON)
  --fred    the weeks since the last known from FRED's API (FRED_API_KEY)
  --checks  the folder of fmr_fy<YEAR>_checkpoints.csv (default: MARKET_DATA_DIR/checks)`;

/** One line and exit 1: what was wrong, never a stack. */
function refuse(message: string): never {
  console.error(`refresh refused: ${message}`);
  process.exit(1);
}

const values = (() => {
  try {
    return parseArgs({
      options: {
        fmr: { type: 'string' },
        safmr: { type: 'string' },
        rates: { type: 'string' },
        fred: { type: 'boolean', default: false },
        fy: { type: 'string' },
        checks: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.fy !== undefined && !/^\d{4}$/.test(values.fy.trim())) {
  refuse(`--fy must be a year such as 2027, not "${values.fy}"`);
}
const fy = values.fy === undefined ? undefined : Number(values.fy);
const typedIn = commandFolder();
const isUrl = (input: string) => /^https?:\/\//i.test(input);
const located = (input: string | undefined) =>
  input === undefined || isUrl(input) || isAbsolute(input) ? input : resolve(typedIn, input);
const inputs = { fmr: located(values.fmr), safmr: located(values.safmr), rates: located(values.rates) };
// a file that is not there is the first thing to say, before its year or the database
for (const [flag, input] of Object.entries(inputs)) {
  if (input !== undefined && !isUrl(input) && !existsSync(input)) refuse(`--${flag}: no file at ${input}`);
}

loadDotEnv();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  refuse(e.message);
}
if (values.fred && !config.FRED_API_KEY) {
  refuse('--fred needs FRED_API_KEY (a free key from fred.stlouisfed.org)');
}
// a year that cannot be right is said before the database is opened (or made)
try {
  for (const input of [inputs.fmr, inputs.safmr]) {
    if (input !== undefined) workbookFiscalYear(input, fy, new Date());
  }
} catch (e) {
  if (!(e instanceof RefreshError)) throw e;
  refuse(e.message);
}
const log = {
  info: (o: object, m: string) => console.log(m, JSON.stringify(o)),
  warn: (o: object, m: string) => console.warn(m, JSON.stringify(o)),
  debug: () => {},
};
const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: `${config.DATA_DIR}/pglite`,
  log,
}).catch((error: unknown) => {
  // the server holds the embedded database, or no Postgres where DATABASE_URL points: one line
  if (error instanceof DataDirInUseError || error instanceof DatabaseUnreachableError) refuse(error.message);
  throw error;
});
try {
  const report = await refreshMarketData({
    db: db.db,
    dir: config.MARKET_DATA_DIR,
    tablesDir: MARKET_TABLES_DIR,
    fy,
    checksDir: values.checks === undefined ? undefined : resolve(typedIn, values.checks),
    inputs,
    fred:
      values.fred && config.FRED_API_KEY
        ? fredProvider({ apiKey: config.FRED_API_KEY, baseUrl: config.FRED_BASE_URL, timeoutMs: 60_000 })
        : undefined,
    investorPremium: config.INVESTOR_RATE_PREMIUM,
    log,
  });
  for (const f of report.files) {
    console.log(`${f.name}: ${f.rows} rows from ${f.source}`);
    for (const c of f.check.checked) console.log(`  ${c}`);
  }
  console.log(
    report.status.available
      ? `active market data ${report.status.dataset_hash.slice(0, 12)}: ${report.status.files.map((f) => `${f.name} (${f.vintage})`).join(', ')}`
      : `market data unavailable: ${report.status.reason}`,
  );
} catch (e) {
  if (!(e instanceof RefreshError)) throw e;
  console.error(`refresh refused: ${e.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
