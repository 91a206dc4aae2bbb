/**
 * A new embedded database folder is made by a child process (src/db/create-pglite.ts), so initdb's
 * ~500 MB of WebAssembly memory never lands in the server: the folder it leaves opens and migrates
 * here, and a failure says where and why.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { createPgliteInChild, holdsDatabase } from '../../src/db/create-pglite.js';
import { users } from '../../src/db/schema.js';

describe('a new embedded database folder', () => {
  it('is made by a child process, and then opens here with its tables', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sfr-new-')), 'pglite');
    expect(holdsDatabase(dir)).toBe(false);
    await createPgliteInChild(dir);
    expect(holdsDatabase(dir)).toBe(true);
    const handle = await openDatabase({ dataDir: dir });
    expect(await handle.db.select().from(users)).toEqual([]);
    await handle.close();
  }, 60_000);

  it('says where and why when the folder cannot be made', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sfr-new-'));
    const file = join(parent, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(createPgliteInChild(join(file, 'pglite'))).rejects.toThrow(
      `could not create the embedded database in ${join(file, 'pglite')}`,
    );
  }, 60_000);
});
