/**
 * Issue 26 §3.4: two processes on one embedded database folder lost an acknowledged sign-up. The
 * second process now refuses to start, saying the folder is in use and how to run several; a lock
 * left by a process that died is taken over.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../src/db/data-dir-lock.js';
import { signUpOn, startApiProcess } from '../system/processes.js';

/** A process id nothing runs under: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

describe('the embedded database folder takes one process', () => {
  it('refuses a second opener while the first is open, and frees the folder on close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sfr-lock-'));
    const first = await openDatabase({ dataDir: dir });
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    // another process's lock: this process's own pid would be taken for a restarted container's
    writeFileSync(join(dir, LOCK_FILE), String(process.ppid));
    const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toBe(
      `The database folder ${dir} is in use by another SFR Analyst process (pid ${process.ppid}). The embedded database serves one process; stop that one, give this one its own DATA_DIR, or run several processes on one Postgres (DATABASE_URL).`,
    );
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    // a new folder is made and migrated by a child process, then opened twice: on a busy 2-core
    // machine that passed the 20 s default once (a hang guard, not a speed check)
  }, 60_000);

  it('takes over a lock left by a process that died (kill -9)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sfr-lock-'));
    writeFileSync(join(dir, LOCK_FILE), String(await deadPid()));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('a second API process on the same DATA_DIR exits with that message; the first keeps its sign-ups', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sfr-two-on-one-'));
    const first = await startApiProcess({ DATA_DIR: dataDir });
    try {
      await expect(startApiProcess({ DATA_DIR: dataDir })).rejects.toThrow(
        /is in use by another SFR Analyst process \(pid \d+\)\. The embedded database serves one process/,
      );
      const { userId } = await signUpOn(first.url, {
        firstname: 'Only',
        lastname: 'Writer',
        email: `one-writer-${Date.now()}@example.com`,
        password: 'correct horse',
      });
      expect(userId).toMatch(/^[a-z2-7]{24}$/);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  }, 180_000);
});
