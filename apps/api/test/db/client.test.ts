import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseUnreachableError, MIGRATIONS_FOLDER, openDatabase, queryRows } from '../../src/db/client.js';
import { marketImports } from '../../src/db/schema.js';
import { createTestDatabase, testDatabaseKinds } from './helpers.js';

const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

describe.each(testDatabaseKinds())('openDatabase (%s)', { timeout: 30_000 }, (kind) => {
  it('applies every generated migration once, creating the market tables', async () => {
    const { db, kind: opened, close } = await createTestDatabase(kind);
    try {
      expect(opened).toBe(kind);
      const applied = await queryRows(db, sql`select hash from drizzle.__drizzle_migrations`);
      expect(applied).toHaveLength(journal.entries.length);
      const tables = await queryRows<{ table_name: string }>(
        db,
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      const names = tables.map((r) => r.table_name);
      expect(names).toEqual(expect.arrayContaining(['market_imports', 'market_zips', 'market_counties']));
      // The query builder works on both drivers through the shared `Database` type.
      expect(await db.select().from(marketImports)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))(
  'the watchdog ping (%s)',
  { timeout: 30_000 },
  (kind) => {
    it('does not take a busy event loop for a silent database (issue 26 §3.3)', async () => {
      const database = await createTestDatabase(kind);
      try {
        const ping = database.pingAlone;
        if (!ping) throw new Error('Postgres has a ping of its own');
        await ping(1_000); // the ping's connection is open
        const answered = ping(200);
        // a second of synchronous work, as serialising a huge answer would be: the answer arrives
        // meanwhile and waits unread while the ping's deadline passes
        const until = Date.now() + 1_000;
        while (Date.now() < until) {}
        await expect(answered).resolves.toBeUndefined();
      } finally {
        await database.close();
      }
    });
  },
);

describe('a Postgres that is not there', () => {
  it('fails to open with one line naming the address and the cause, not a driver stack', async () => {
    // port 1 on the loopback: nothing listens there, so the connection is refused at once
    const opening = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/sfr' });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnreachableError);
    await expect(opening).rejects.toThrow(
      /^Cannot open the database at 127\.0\.0\.1:1\/sfr \(ECONNREFUSED: .*\)\. Is Postgres running/,
    );
  });
});
