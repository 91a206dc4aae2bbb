/**
 * Server CPU per request with nothing else queued: one request at a time against the built server
 * (dist/server.js) on a fresh Postgres database, as a signed-in subscriber. Alternates between
 * servers when given several checkouts, so an A/B compares them under the same machine weather.
 *
 *   tsx bench/sequential.ts [create_property|update_metrics] [requests per round] [rounds]
 *   BENCH_API_DIRS=/tmp/old/apps/api,/work/main/apps/api tsx bench/sequential.ts   an A/B
 *   BENCH_DATABASE_URL=postgres://…   the Postgres server (default the local one)
 *
 * Prints, per server and round, wall time and the server process's user and system CPU per request
 * (/proc), then the median of the rounds. Figures only; nothing here asserts a time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { austin } from '../test/support/example-deal.js';
import { benchEnv, processCost, spawnServer, waitFor } from './server.js';
import { signUpSubscriber } from './subscriber.js';

const route = process.argv[2] ?? 'create_property';
const perRound = Number(process.argv[3] ?? 2_000);
const rounds = Number(process.argv[4] ?? 4);
const dirs = (process.env.BENCH_API_DIRS || fileURLToPath(new URL('..', import.meta.url))).split(',');
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const WARM_UP = 300;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const name = `sfr_bench_${randomBytes(6).toString('hex')}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const databaseUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();

interface Target {
  dir: string;
  origin: string;
  pid: number;
  stop: () => Promise<void>;
  send: () => Promise<void>;
  rows: { wall: number; user: number; system: number; faults: number }[];
}

const targets: Target[] = [];
try {
  for (const [index, dir] of dirs.entries()) {
    const port = 3960 + index;
    const dataDir = mkdtempSync(join(tmpdir(), 'sfr-bench-'));
    const child = spawnServer(
      'dist/server.js',
      dir,
      benchEnv(port, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
    );
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/api/health`);
    const { cookie } = await signUpSubscriber(origin);
    const headers = { 'content-type': 'application/json', origin, cookie };
    const created = (await (
      await fetch(`${origin}/api/create_property`, { method: 'POST', headers, body: JSON.stringify(austin) })
    ).json()) as { analysis_id: string; property: unknown };
    const body = JSON.stringify(
      route === 'update_metrics' ? { analysis_id: created.analysis_id, property: created.property } : austin,
    );
    targets.push({
      dir,
      origin,
      pid: child.pid ?? 0,
      rows: [],
      send: async () => {
        const res = await fetch(`${origin}/api/${route}`, { method: 'POST', headers, body });
        if (res.status !== 200) throw new Error(`${route}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      },
      stop: async () => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      },
    });
  }
  for (const target of targets) for (let i = 0; i < WARM_UP; i++) await target.send();

  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const before = processCost(target.pid);
      const started = performance.now();
      for (let i = 0; i < perRound; i++) await target.send();
      const wall = ((performance.now() - started) * 1_000) / perRound;
      const after = processCost(target.pid);
      const row = {
        wall,
        user: (after.user - before.user) / perRound,
        system: (after.system - before.system) / perRound,
        faults: (after.faults - before.faults) / perRound,
      };
      target.rows.push(row);
      console.log(
        `round ${round} ${target.dir}: ${route} ${Math.round(row.wall)} µs wall, server ${Math.round(row.user)} µs user + ${Math.round(row.system)} µs system, ${row.faults.toFixed(1)} page faults a request`,
      );
    }
  }
  console.log(`\nmedian of ${rounds} rounds × ${perRound} sequential ${route}:`);
  for (const target of targets) {
    const m = (pick: (row: Target['rows'][number]) => number) => Math.round(median(target.rows.map(pick)));
    console.log(
      `  ${target.dir}: ${m((r) => r.wall)} µs wall, server ${m((r) => r.user)} µs user + ${m((r) => r.system)} µs system, ${median(target.rows.map((r) => r.faults)).toFixed(1)} page faults`,
    );
  }
} finally {
  for (const target of targets) await target.stop();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
