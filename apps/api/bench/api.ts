/**
 * Load-tests the API with autocannon (100 connections) on create_property and update_metrics as a
 * signed-in subscriber, and a bare Fastify route as the baseline. Each server runs in its own
 * process so the load generator does not share its event loop. Prints req/s and latency p50/p99,
 * each route's share of the bare route's throughput, and the issue's targets.
 *
 *   pnpm bench                                        PGlite, 10 s per route, one run
 *   BENCH_RUNS=3 BENCH_DURATION_S=5 pnpm bench        median of three runs
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench
 *                                                     also on Postgres (a fresh sfr_bench_* database)
 *   BENCH_DATABASES=postgres BENCH_DATABASE_URL=…     Postgres only
 *   BENCH_API_DIR=/tmp/old/apps/api MARKET_DATA_DIR=… another checkout's API (A/B against a commit)
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { austin } from './austin.js';
import { benchEnv, spawnServer, waitFor } from './server.js';
import { type Subscriber, signUpSubscriber } from './subscriber.js';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Another checkout's apps/api to measure instead (an A/B against an older commit); needs MARKET_DATA_DIR. */
const API_DIR = process.env.BENCH_API_DIR || BENCH_DIR;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CONNECTIONS = 100;
const SERVER_URL = process.env.BENCH_DATABASE_URL || undefined;
const DATABASES = (process.env.BENCH_DATABASES ?? (SERVER_URL ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .map((kind) => kind.trim()) as ('pglite' | 'postgres')[];

/** Issue 3's targets for create_property and update_metrics at 100 connections. */
const TARGETS = { createP99Ms: 25, createShare: 0.25, updateShare: 0.4 };

const property = austin;

function startServer(
  script: string,
  port: number,
  env: Record<string, string> = {},
  cwd = API_DIR,
): ChildProcess {
  return spawnServer(script, cwd, benchEnv(port, env));
}

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Measurement> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** One server under test: its process, its session and what it needs to be torn down. */
interface Target {
  kind: 'pglite' | 'postgres';
  origin: string;
  process: ChildProcess;
  subscriber?: Subscriber;
  analysed?: unknown;
  cleanup: () => Promise<void>;
}

async function startApi(kind: 'pglite' | 'postgres', port: number): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sfr-bench-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    if (!SERVER_URL) throw new Error('the postgres bench needs BENCH_DATABASE_URL');
    const name = `sfr_bench_${randomBytes(6).toString('hex')}`;
    const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const sql = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    };
  }
  const child = startServer('src/server.ts', port, env);
  return {
    kind,
    origin: `http://127.0.0.1:${port}`,
    process: child,
    async cleanup() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const bare = startServer('bench/bare-server.ts', 3900, {}, BENCH_DIR);
const targets: Target[] = [];
try {
  for (const [i, kind] of DATABASES.entries()) targets.push(await startApi(kind, 3901 + i));
  await waitFor('http://127.0.0.1:3900/api/bare');
  for (const target of targets) {
    await waitFor(`${target.origin}/api/health`);
    target.subscriber = await signUpSubscriber(target.origin);
    const created = await fetch(`${target.origin}/api/create_property`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: target.origin,
        cookie: target.subscriber.cookie,
      },
      body: JSON.stringify(property),
    });
    if (created.status !== 200) throw new Error(`create_property: ${created.status} ${await created.text()}`);
    target.analysed = ((await created.json()) as { property: unknown }).property;
  }

  const samples = new Map<string, Measurement[]>();
  const record = (name: string, m: Measurement) => samples.set(name, [...(samples.get(name) ?? []), m]);
  for (let run = 0; run < RUNS; run++) {
    record('bare Fastify route', await load('http://127.0.0.1:3900/api/bare', {}));
    for (const target of targets) {
      const headers = { origin: target.origin, cookie: target.subscriber?.cookie ?? '' };
      record(
        `create_property (${target.kind})`,
        await load(`${target.origin}/api/create_property`, property, headers),
      );
      record(
        `update_metrics (${target.kind})`,
        await load(`${target.origin}/api/update_metrics`, { property: target.analysed }, headers),
      );
    }
  }

  const bareRps = median((samples.get('bare Fastify route') ?? []).map((m) => m.rps));
  const rows = [...samples].map(([route, runs]) => {
    const rps = median(runs.map((m) => m.rps));
    return {
      route,
      'req/s': Math.round(rps),
      ...(RUNS > 1 && {
        'req/s range': `${Math.round(Math.min(...runs.map((m) => m.rps)))}–${Math.round(Math.max(...runs.map((m) => m.rps)))}`,
      }),
      'p50 ms': median(runs.map((m) => m.p50)),
      'p99 ms': median(runs.map((m) => m.p99)),
      'vs bare': `${((100 * rps) / bareRps).toFixed(1)} %`,
      errors: runs.reduce((sum, m) => sum + m.errors, 0),
    };
  });
  console.log(
    `\nAPI under autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per route, ` +
      `${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`}, each server in its own process, ` +
      'create_property and update_metrics as a signed-in subscriber (session cookie, same-origin Origin)',
  );
  console.table(rows);
  for (const target of targets) {
    const create = rows.find((r) => r.route === `create_property (${target.kind})`);
    const update = rows.find((r) => r.route === `update_metrics (${target.kind})`);
    if (!create || !update) continue;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `${target.kind}: create_property p99 ${create['p99 ms']} ms (target ≤ ${TARGETS.createP99Ms}: ${verdict(
        create['p99 ms'] <= TARGETS.createP99Ms,
      )}), ${create['vs bare']} of bare (target ≥ ${TARGETS.createShare * 100} %: ${verdict(
        create['req/s'] >= TARGETS.createShare * bareRps,
      )}); update_metrics ${update['vs bare']} of bare (target ≥ ${TARGETS.updateShare * 100} %: ${verdict(
        update['req/s'] >= TARGETS.updateShare * bareRps,
      )})`,
    );
  }
} finally {
  bare.kill('SIGTERM');
  for (const target of targets) await target.cleanup();
}
