/**
 * A deploy stops the API with SIGTERM while requests are under way: each request the server had
 * accepted is answered in full, none with a database error because the pool closed under it.
 * Needs TEST_DATABASE_URL (a Postgres server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../src/db/testing.js';
import {
  type ApiProcess,
  createPostgresDatabase,
  signUpOn,
  startApiProcess,
  type TempDatabase,
} from './processes.js';

const serverUrl = testDatabaseUrl();

describe.skipIf(!serverUrl)('SIGTERM with requests under way', () => {
  let database: TempDatabase;
  let api: ApiProcess;
  let cookie: string;

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl ?? '');
    api = await startApiProcess({ DATABASE_URL: database.url, APP_URL: 'http://localhost:3000' });
    ({ cookie } = await signUpOn(api.url, {
      firstname: 'Shut',
      lastname: 'Down',
      email: `shutdown-${Date.now()}@example.com`,
      password: 'correct horse',
    }));
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await database?.drop();
  }, 60_000);

  it('answers the requests under way, closes its keep-alive sockets and exits 0', async () => {
    let answered = 0;
    const requests = Array.from({ length: 200 }, () =>
      fetch(`${api.url}/api/analyses`, { headers: { cookie } }).then(
        (res) => {
          answered += 1;
          return res.status;
        },
        () => 'refused',
      ),
    );
    while (answered < 20) await new Promise((resolve) => setTimeout(resolve, 1));
    const exitCode = await api.stop();
    const statuses = new Set(await Promise.all(requests));
    // 503 is Fastify's answer to a request that arrives on an open socket while it closes;
    // 'refused': the listener had closed (a load balancer sends those to another instance)
    expect([...statuses].filter((status) => ![200, 503, 'refused'].includes(status))).toEqual([]);
    // without closing sockets that go idle during the close, the keep-alive ones held it open
    // until the 10 s guard exited 1
    expect(exitCode).toBe(0);
    expect(api.lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  }, 60_000);
});
