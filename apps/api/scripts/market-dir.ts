/**
 * The market data folder `coverage:market` and `validate:market` read: the argument, else
 * MARKET_DATA_DIR, else `../shared/data/market` beside the repository. A relative one is read from
 * the folder the command was typed in (pnpm runs the scripts in apps/api). `--help` prints the usage.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandFolder } from '../src/config.js';

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
