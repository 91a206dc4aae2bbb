/**
 * One process per embedded database folder. PGlite is Postgres compiled to run inside one process:
 * two processes opening one folder each write their own copy and one's writes are lost. The first
 * to open a folder writes its process id into `sfr-api.lock` there; another refuses to start while
 * that process lives. A lock left by a process that died (kill -9, a crash) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'sfr-api.lock';

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The database folder ${dir} is in use by another SFR Analyst process (pid ${pid}). The embedded database serves one process; stop that one, give this one its own DATA_DIR, or run several processes on one Postgres (DATABASE_URL).`,
    );
  }
}

/** Whether a process with this id is running (one we may not signal still runs). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock for this process; returns what releases it. Throws DataDirInUseError. */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      // a container restarted on the same volume gets the same pid as the process that died
      if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
        throw new DataDirInUseError(dir, holder);
      }
      rmSync(path, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`could not take the lock ${path}`);
}
