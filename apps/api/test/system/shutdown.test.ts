/**
 * A deploy stops the API with SIGTERM while requests are under way: each request the server had
 * accepted is answered in full, none with a database error because the pool closed under it, a
 * connection that never sent a request, or never finishes its headers or its body, does not hold
 * the stop open, and a handler whose client hung up still finishes its work before the database
 * closes.
 * Needs TEST_DATABASE_URL (a Postgres server).
 */
import { connect } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../src/db/testing.js';
import { rentometerSummary } from '../market/providers/fixtures.js';
import { austin } from '../support/app.js';
import { json, type StubServer, startServer } from '../support/provider-server.js';
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
    // nor did the close wait out its limit for a request it had lost count of
    expect(api.lines.filter((line) => /"level":(50|60)|still being answered/.test(line))).toEqual([]);
  }, 60_000);
});

describe.skipIf(!serverUrl)('SIGTERM with a connection that has not sent a whole request', () => {
  let database: TempDatabase;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl ?? '');
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await database?.drop();
  }, 60_000);

  it.each([
    {
      // a browser's preconnect: opened ahead of need, silent until a request comes (Node counts it
      // as waiting for its headers, not idle)
      connection: 'one that never sends a byte',
      sends: '',
    },
    {
      // a slowloris: the request line and one header, then nothing; Node would wait 60 s for the
      // rest, the stop waits 1 s
      connection: 'one that stops mid-headers',
      sends: 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n',
    },
    {
      // the same with the body: whole headers of a same-site log-in, then a few bytes of its 64;
      // Fastify waits for the rest as long as the client keeps the connection open
      connection: 'one that stops mid-body',
      sends:
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: http://localhost:3000\r\n' +
        'Content-Type: application/json\r\nContent-Length: 64\r\n\r\n{"email":',
    },
  ])(
    'closes $connection and exits 0',
    async ({ sends }) => {
      api = await startApiProcess({ DATABASE_URL: database.url, APP_URL: 'http://localhost:3000' });
      const { hostname, port } = new URL(api.url);
      const socket = connect(Number(port), hostname);
      await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      const closedByServer = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => {}); // a reset instead of a FIN is as good
      socket.resume(); // any answer is read, so that the close can follow it
      if (sends) await new Promise<void>((resolve) => socket.write(sends, () => resolve()));

      const exitCode = await api.stop();
      await closedByServer;
      // without closing it, the close waited until the 10 s guard exited 1
      expect(exitCode).toBe(0);
      expect(api.lines.filter((line) => /"level":(50|60)|still being answered/.test(line))).toEqual([]);
    },
    60_000,
  );
});

describe.skipIf(!serverUrl)('SIGTERM while a handler runs for a client that hung up', () => {
  const PROVIDER_DELAY_MS = 800;
  let database: TempDatabase;
  let api: ApiProcess | undefined;
  let rentometer: StubServer;
  let asked: () => void;
  const providerAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl ?? '');
    // a slow live rent provider keeps the analysis under way after its client has gone
    rentometer = await startServer((req, res) => {
      asked();
      setTimeout(() => json(200, rentometerSummary)(req, res), PROVIDER_DELAY_MS);
    });
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await rentometer?.close();
    await database?.drop();
  }, 60_000);

  it('stores the analysis it was paid for before closing the database, and exits 0', async () => {
    api = await startApiProcess({
      DATABASE_URL: database.url,
      APP_URL: 'http://localhost:3000',
      RENTOMETER_API_KEY: 'test-key',
      RENTOMETER_BASE_URL: rentometer.baseUrl,
    });
    const { cookie, userId } = await signUpOn(api.url, {
      firstname: 'Hung',
      lastname: 'Up',
      email: `hung-up-${Date.now()}@example.com`,
      password: 'correct horse',
    });
    const client = new AbortController();
    const request = fetch(`${api.url}/api/create_property`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(austin),
      signal: client.signal,
    }).catch((error: Error) => error.name);
    await providerAsked;
    client.abort();
    expect(await request).toBe('AbortError');
    const exitCode = await api.stop();

    expect(exitCode).toBe(0);
    // without waiting for the handler, the pool closed under it: its search and insert never ran;
    // and the wait ended because the handler answered, not because it gave up
    expect(api.lines.filter((line) => /"level":(50|60)|still being answered/.test(line))).toEqual([]);
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const stored = await sql`select address from analyses where user_id = ${userId}`;
      expect(stored.map((row) => row.address)).toEqual(['1100 Congress Ave, Austin, TX 78701']);
      const [user] = await sql`select free_searches from users where id = ${userId}`;
      expect(user?.free_searches).toBe(4);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
