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
import { parseArgs } from 'node:util';
import { loadConfig, MARKET_TABLES_DIR } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { DataDirInUseError } from '../src/db/data-dir-lock.js';
import { fredProvider } from '../src/market/providers/fred.js';
import { RefreshError } from '../src/market/refresh/hud.js';
import { refreshMarketData } from '../src/market/refresh/run.js';

const { values } = parseArgs({
  options: {
    fmr: { type: 'string' },
    safmr: { type: 'string' },
    rates: { type: 'string' },
    fred: { type: 'boolean', default: false },
    fy: { type: 'string' },
    checks: { type: 'string' },
  },
});
const config = loadConfig();
if (values.fred && !config.FRED_API_KEY) {
  console.error('--fred needs FRED_API_KEY (a free key from fred.stlouisfed.org)');
  process.exit(1);
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
  // the server holds the embedded database: say so in one line
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
try {
  const report = await refreshMarketData({
    db: db.db,
    dir: config.MARKET_DATA_DIR,
    tablesDir: MARKET_TABLES_DIR,
    fy: values.fy === undefined ? undefined : Number(values.fy),
    checksDir: values.checks,
    inputs: { fmr: values.fmr, safmr: values.safmr, rates: values.rates },
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
