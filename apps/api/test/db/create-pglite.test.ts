/**
 * A new embedded database folder is made by a child process (src/db/create-pglite.ts), so initdb's
 * ~500 MB of WebAssembly memory, and the first market import's, never land in the server: the
 * folder it leaves opens here with its tables and its market data, an import it cannot do is left
 * to the server with the reason, and a failure says where and why.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { createPgliteInChild, holdsDatabase } from '../../src/db/create-pglite.js';
import { users } from '../../src/db/schema.js';
import { importMarketData, readMarketStatus } from '../../src/market/store/import.js';
import { FIXTURE_MARKET_DIR } from './helpers.js';

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

  it('is made with the market data imported, so the server opening it imports nothing', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sfr-new-')), 'pglite');
    const market = { dir: FIXTURE_MARKET_DIR, investorPremium: 0.0075 };
    expect(await createPgliteInChild(dir, market)).toBeNull();
    const handle = await openDatabase({ dataDir: dir });
    const status = await readMarketStatus(handle.db);
    expect(status.available && status.zip_count).toBeGreaterThan(0);
    // the server's own import on start finds the same files imported
    const again = await importMarketData(handle.db, market);
    expect(again.available && again.imported).toBe(false);
    await handle.close();
  }, 60_000);

  it('leaves an import it cannot do to the server, with the reason, and still makes the folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sfr-new-')), 'pglite');
    const reason = await createPgliteInChild(dir, { dir: join(FIXTURE_MARKET_DIR, 'no-such-folder') });
    expect(reason).toMatch(/market data not imported here: no_directory/);
    const handle = await openDatabase({ dataDir: dir });
    expect(await readMarketStatus(handle.db)).toMatchObject({ available: false, reason: 'not_imported' });
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
