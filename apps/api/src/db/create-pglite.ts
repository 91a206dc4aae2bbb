/**
 * A new embedded database folder, made by a short child process (`create-pglite.child.ts`). PGlite's
 * initdb grows the WebAssembly memory of the process that runs it by ~500 MB, and the first market
 * import's inserts by ~80 MB more, and WebAssembly memory never shrinks: a server that made its own
 * folder sat at ~850 MB for good, where one that opens a finished folder starts at ~330 MB
 * (apps/api/bench/README.md, "Memory after the first start"). Runs once, on the first start.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ImportMarketDataOptions } from '../market/store/import.js';
import { childScript } from '../system/child-script.js';

const run = promisify(execFile);

/** What the child is asked: the folder, and the market import to make it with (the server's own). */
export interface PgliteSetup {
  readonly dir: string;
  readonly market?: Omit<ImportMarketDataOptions, 'log'> | undefined;
}

/** How the child's stderr line about an import it could not do starts. */
export const NOT_IMPORTED = 'market data not imported here:';

/** Whether `dir` already holds a database (initdb writes PG_VERSION first). */
export const holdsDatabase = (dir: string): boolean => existsSync(join(dir, 'PG_VERSION'));

/**
 * Makes a migrated PGlite database in `dir` in a child process, with the market data imported when
 * `market` is given; rejects with the child's error output. Resolves with what the child said of an
 * import it could not do (the server then imports as on any start), or null.
 */
export async function createPgliteInChild(
  dir: string,
  market?: PgliteSetup['market'],
): Promise<string | null> {
  // the built server's bundle of create-pglite.child.ts is dist/pglite-create.js (build.mjs)
  const { path, execArgv } = childScript(import.meta.url, './create-pglite.child.ts', './pglite-create.js');
  const setup: PgliteSetup = { dir, market };
  try {
    const { stderr } = await run(process.execPath, [...execArgv, path, JSON.stringify(setup)]);
    // the child's own report, not whatever else node may warn about on stderr
    return stderr.split('\n').find((line) => line.startsWith(NOT_IMPORTED)) ?? null;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`could not create the embedded database in ${dir}: ${stderr?.trim() || String(error)}`);
  }
}
