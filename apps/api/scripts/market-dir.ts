/**
 * The market data folder `coverage:market` and `validate:market` read: the argument, else
 * MARKET_DATA_DIR, else `../shared/data/market` beside the repository. A relative one is read from
 * the folder the command was typed in (pnpm runs the scripts in apps/api). `--help` prints the usage.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandFolder } from '../src/config.js';
import type { MarketLoadResult } from '../src/market/tables/index.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function marketDirArgument(script: string): string {
  const given = process.argv[2];
  if (given === '--help' || given === '-h') {
    console.log(
      `usage: pnpm --filter @sfr/api ${script} [MARKET_DATA_DIR]\n  the shared market data folder (default: MARKET_DATA_DIR, else ../shared/data/market beside the repository)`,
    );
    process.exit(0);
  }
  return resolve(
    commandFolder(),
    given ?? process.env.MARKET_DATA_DIR ?? resolve(repoRoot, '../shared/data/market'),
  );
}

/**
 * Says on stderr why the folder could not be read, and how to point the script at the right one,
 * and sets a failing exit code.
 */
export function reportUnusableMarketDir(
  script: string,
  problem: Extract<MarketLoadResult, { ok: false }>,
): void {
  const what = problem.reason === 'no_directory' ? 'is not a folder' : 'is not usable';
  console.error(`Market data: ${problem.dir} ${what} (${problem.reason}).`);
  for (const f of problem.missing) console.error(`  missing: ${f}`);
  for (const p of problem.invalid) console.error(`  invalid: ${p.file}: ${p.message}`);
  console.error(
    `Give the shared market data folder as the argument or in MARKET_DATA_DIR: pnpm --filter @sfr/api ${script} /path/to/shared/data/market`,
  );
  process.exitCode = 1;
}
