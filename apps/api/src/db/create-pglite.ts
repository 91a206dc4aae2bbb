/**
 * A new embedded database folder, made by a short child process. PGlite's initdb grows the
 * WebAssembly memory of the process that runs it by ~500 MB, and WebAssembly memory never shrinks:
 * a server that made its own folder sat at ~850 MB for good, where one that opens a finished folder
 * starts at ~330 MB (apps/api/bench/README.md, "Memory after the first start"). Runs once, on the
 * first start.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether `dir` already holds a database (initdb writes PG_VERSION first). */
export const holdsDatabase = (dir: string): boolean => existsSync(join(dir, 'PG_VERSION'));

/** Makes an empty PGlite database in `dir` in a child process; rejects with the child's error output. */
export async function createPgliteInChild(dir: string): Promise<void> {
  // the same PGlite this process uses, by path, so the child needs no resolution of its own
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(process.argv[1]).then((db) => db.close())`;
  try {
    await run(process.execPath, ['-e', script, dir]);
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`could not create the embedded database in ${dir}: ${stderr?.trim() || String(error)}`);
  }
}
