import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type DbLog, MIGRATIONS_FOLDER } from '../../src/db/client.js';

export { createTestDatabase, testDatabaseKinds } from '../../src/db/testing.js';

import { FIXTURE_MARKET_DIR, REAL_MARKET_DIR } from '../support/market-dirs.js';

export { FIXTURE_MARKET_DIR, REAL_MARKET_DIR };

/** A logger that keeps every line, to assert on what the importer said. */
type LogLine = { level: 'info' | 'warn' | 'debug'; msg: string; obj: object };

export function memoryLog(): DbLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', msg, obj }),
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
    debug: (obj, msg) => lines.push({ level: 'debug', msg, obj }),
  };
}

/** Temporary directories made by `tempDir`, removed by `removeTempDirs` (call it in afterEach). */
const temps: string[] = [];

export async function tempDir(prefix = 'sfr-db-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
}

/** A writable copy of the fixture market files, leaving out `omit`. */
export async function fixtureCopy(omit: readonly string[] = []): Promise<string> {
  const dir = await tempDir('sfr-market-');
  for (const f of await readdir(FIXTURE_MARKET_DIR)) {
    if (f.endsWith('.csv') && !omit.includes(f)) await copyFile(join(FIXTURE_MARKET_DIR, f), join(dir, f));
  }
  return dir;
}

/** The migrations folder as it stood before `tag` (a copy whose journal stops there). */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag.startsWith(tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
