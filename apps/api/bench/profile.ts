/**
 * Where a route's time goes: starts the API under `node --cpu-prof`, loads one route with
 * autocannon (100 connections) as a signed-in subscriber, stops the server so V8 writes the
 * profile, and prints self time by package and by function.
 *
 *   tsx bench/profile.ts [create_property|update_metrics|read] [seconds]   read: GET /api/analyses/:id
 *   BENCH_DATABASE_URL=postgres://… tsx bench/profile.ts     the same on Postgres (DATABASE_URL)
 *   BENCH_KEEP_PROFILE=1 …                                 keeps the .cpuprofile and prints its path
 *   BENCH_API_DIR=/tmp/old/apps/api MARKET_DATA_DIR=…      profiles another checkout's API
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { austin } from '../test/support/example-deal.js';
import { summarise } from './cpu-profile-summary.js';
import { benchEnv, spawnServer, waitFor } from './server.js';
import { signUpSubscriber } from './subscriber.js';

/** Another checkout's apps/api to profile instead (BENCH_API_DIR, with MARKET_DATA_DIR), as in api.ts. */
const API_DIR = process.env.BENCH_API_DIR || fileURLToPath(new URL('..', import.meta.url));
const route = process.argv[2] ?? 'create_property';
const seconds = Number(process.argv[3] ?? 10);
const port = 3911;
const origin = `http://127.0.0.1:${port}`;
const property = austin;

const dataDir = mkdtempSync(join(tmpdir(), 'sfr-profile-'));
const profileDir = mkdtempSync(join(tmpdir(), 'sfr-cpuprofile-'));
const env = benchEnv(port, {
  DATA_DIR: dataDir,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const listening = () => waitFor(`${origin}/api/health`);

// A first start imports the market data; the profiled start finds it imported, so the profile is
// (nearly) all request handling.
const importer = spawnServer('src/server.ts', API_DIR, env);
await listening();
await new Promise((resolve) => {
  importer.once('exit', resolve);
  importer.kill('SIGTERM');
});

const server = spawnServer('src/server.ts', API_DIR, env, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
let requests: number | undefined;
const exited = new Promise((resolve) => server.once('exit', resolve));
try {
  await listening();
  const { cookie } = await signUpSubscriber(origin);
  const headers = { 'content-type': 'application/json', origin, cookie };
  const created = await fetch(`${origin}/api/create_property`, {
    method: 'POST',
    headers,
    body: JSON.stringify(property),
  });
  // update_metrics recomputes the analysis just made, named by its id
  const analysis = (await created.json()) as { analysis_id: string; property: unknown };
  const body =
    route === 'update_metrics'
      ? { analysis_id: analysis.analysis_id, property: analysis.property }
      : property;
  const result = await autocannon(
    route === 'read'
      ? {
          url: `${origin}/api/analyses/${analysis.analysis_id}`,
          connections: 100,
          duration: seconds,
          headers,
        }
      : {
          url: `${origin}/api/${route}`,
          method: 'POST',
          connections: 100,
          duration: seconds,
          headers,
          body: JSON.stringify(body),
        },
  );
  requests = result.requests.total;
  console.log(
    `${route}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors`,
  );
} finally {
  server.kill('SIGTERM');
  await exited;
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (tsx's loader
  // hooks run on another one and write their own profile)
  const file = readdirSync(profileDir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (file) console.log(summarise(JSON.parse(readFileSync(join(profileDir, file), 'utf8')), 25, requests));
  else console.log('no profile was written');
  rmSync(dataDir, { recursive: true, force: true });
  // BENCH_KEEP_PROFILE=1 keeps the .cpuprofile (open it in Chrome DevTools' Performance panel)
  if (file && process.env.BENCH_KEEP_PROFILE) console.log(`profile: ${join(profileDir, file)}`);
  else rmSync(profileDir, { recursive: true, force: true });
}
