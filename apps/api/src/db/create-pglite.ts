/**
 * A new embedded database folder, made by a short child process (`create-pglite.child.ts`). PGlite's
 * initdb grows the WebAssembly memory of the process that runs it by ~500 MB, and the first market
 * import's inserts by ~80 MB more, and WebAssembly memory never shrinks: a server that made its own
 * folder sat at ~850 MB for good, where one that opens a finished folder starts at ~330 MB
 * (apps/api/bench/README.md, "Memory after the first start"). Runs once, on the first start.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { ImportMarketDataOptions } from '../market/store/import.js';

const run = promisify(execFile);

/** What the child is asked: the folder, and the market import to make it with (the server's own). */
export interface PgliteSetup {
  readonly dir: string;
  readonly market?: Omit<ImportMarketDataOptions, 'log'> | undefined;
}

/** Whether `dir` already holds a database (initdb writes PG_VERSION first). */
export const holdsDatabase = (dir: string): boolean => existsSync(join(dir, 'PG_VERSION'));

/** The child's script, and how node must run it: TypeScript through tsx from source, the bundle when built. */
function childScript(): { path: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return {
      path: fileURLToPath(new URL('./create-pglite.child.ts', import.meta.url)),
      execArgv: ['--import', tsx],
    };
  }
  // the built server (build.mjs): dist/pglite-create.js beside dist/server.js
  return { path: fileURLToPath(new URL('./pglite-create.js', import.meta.url)), execArgv: [] };
}

/**
 * Makes a migrated PGlite database in `dir` in a child process, with the market data imported when
 * `market` is given; rejects with the child's error output. Resolves with what the child said of an
 * import it could not do (the server then imports as on any start), or null.
 */
export async function createPgliteInChild(
  dir: string,
  market?: PgliteSetup['market'],
): Promise<string | null> {
  const { path, execArgv } = childScript();
  const setup: PgliteSetup = { dir, market };
  try {
    const { stderr } = await run(process.execPath, [...execArgv, path, JSON.stringify(setup)]);
    return stderr.trim() || null;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`could not create the embedded database in ${dir}: ${stderr?.trim() || String(error)}`);
  }
}
