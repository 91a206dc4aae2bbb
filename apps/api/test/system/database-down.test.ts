/**
 * The database going away and coming back, on a throwaway Postgres cluster this test creates
 * (initdb in a temp dir, its own port), stops, freezes and starts again under a running API:
 * /api/health answers 503 within a second, requests answer 503 'Service temporarily unavailable…'
 * within 3 s instead of a 500, and everything works again once the database is back, without a
 * restart. Needs the Postgres 15 binaries (the machine's /usr/lib/postgresql/15/bin).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { austin, FIXTURE_MARKET_DIR, subscriberCookie } from '../support/app.js';

const BIN = '/usr/lib/postgresql/15/bin';
const available = existsSync(join(BIN, 'initdb'));
const asRoot = process.getuid?.() === 0;

/** Runs a Postgres binary as the postgres user (initdb refuses root). */
function pg(binary: string, args: string[]): string {
  const command = join(BIN, binary);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : execFileSync(command, args, { encoding: 'utf8' });
}

/** The answer while the database cannot be reached: 503, the spec's message, Retry-After. */
function expectUnavailable(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({
    error: 'Service temporarily unavailable. Please try again shortly.',
    code: 'SERVICE_UNAVAILABLE',
  });
  expect(res.headers['retry-after']).toBe('5');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe.skipIf(!available)('database down and back (throwaway Postgres cluster)', () => {
  let dir: string;
  let dataDir: string;
  let port: number;
  let app: FastifyInstance;
  let cookie: string;

  const start = () =>
    pg('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dir, 'postgres.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
  const stop = () => pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  /** The postmaster and every backend of this cluster. */
  const clusterPids = (): number[] => {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  };

  const timed = async (request: InjectOptions) => {
    const started = performance.now();
    const res = await app.inject(request);
    return { res, ms: performance.now() - started };
  };
  const health = () => timed({ method: 'GET', url: '/api/health' });
  const analyse = () =>
    timed({ method: 'POST', url: '/api/create_property', payload: austin, headers: { cookie } });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sfr-pg-down-'));
    if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0);
    dataDir = join(dir, 'data');
    port = await freePort();
    pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    start();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      DATA_DIR: dir,
      MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
    });
    app = await buildApp({ config });
    cookie = await subscriberCookie(app, app.database);
  }, 120_000);

  afterAll(async () => {
    try {
      for (const pid of clusterPids()) process.kill(pid, 'SIGCONT');
    } catch {}
    await app?.close();
    try {
      stop();
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers 200 and analyses while the database is up', async () => {
    expect((await health()).res.statusCode).toBe(200);
    expect((await analyse()).res.statusCode).toBe(200);
  });

  it('answers 503 within a second from /api/health, and 503 within 3 s to requests, while it is stopped', async () => {
    stop();
    const h = await health();
    expect(h.res.statusCode).toBe(503);
    expect(h.res.json()).toEqual({
      status: 'unavailable',
      database: 'postgres',
      error: 'The database did not answer.',
    });
    expect(h.ms).toBeLessThan(1_000);

    for (const request of [
      () => analyse(),
      () => timed({ method: 'GET', url: '/api/auth/me', headers: { cookie } }),
      () =>
        timed({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'someone@example.com', password: 'secret1' },
        }),
    ]) {
      const { res, ms } = await request();
      expectUnavailable(res);
      expect(ms).toBeLessThan(3_000);
    }
  }, 30_000);

  it('recovers without a restart when the database is back', async () => {
    start();
    expect((await health()).res.statusCode).toBe(200);
    const { res } = await analyse();
    expect(res.statusCode).toBe(200);
    expect(res.json().property.zipcode).toBe('78701');
  }, 30_000);

  it('answers 503 from /api/health within a second, and 503 within ~3 s to requests, while the database is frozen (no answer at all); works again once it thaws', async () => {
    const pids = clusterPids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    try {
      const h = await health();
      expect(h.res.statusCode).toBe(503);
      expect(h.ms).toBeLessThan(1_000);
      // postgres-js would wait forever: the watchdog asks the server after 2 s and answers for it
      const [analysed, me] = await Promise.all([
        analyse(),
        timed({ method: 'GET', url: '/api/auth/me', headers: { cookie } }),
      ]);
      for (const { res, ms } of [analysed, me]) {
        expectUnavailable(res);
        expect(ms).toBeGreaterThan(1_900);
        expect(ms).toBeLessThan(3_500);
      }
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    expect((await health()).res.statusCode).toBe(200);
    const { res } = await analyse();
    expect(res.statusCode).toBe(200);
  }, 30_000);

  it('lets a slow request on a database that answers go on: the watchdog only answers for a silent one', async () => {
    // another client holds the analyses table for 2.5 s: the analysis waits past the watchdog's 2 s
    // on a server that answers its ping, and is then stored
    const other = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1 });
    try {
      const locked = other.begin(async (tx) => {
        await tx`lock table analyses in access exclusive mode`;
        await tx`select pg_sleep(2.5)`;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { res, ms } = await analyse();
      await locked;
      expect(res.statusCode).toBe(200);
      expect(ms).toBeGreaterThan(2_200);
    } finally {
      await other.end();
    }
  }, 30_000);
});
