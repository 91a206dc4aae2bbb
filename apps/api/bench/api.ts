/**
 * Load-tests the API with autocannon (100 connections) on create_property and update_metrics, and a
 * bare Fastify route as the baseline, each server in its own process so the load generator does not
 * share its event loop. Prints req/s and latency p50/p99. Run: pnpm bench (or pnpm --filter @sfr/api bench).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 100;

const property = {
  street: '1100 Congress Ave',
  city: 'Austin',
  zipcode: '78701',
  state_code: 'TX',
  county_name: 'Travis County',
  num_bedrooms: 3,
  num_bathrooms: 2,
  purchase_price: 450_000,
  factor: 1,
};

function startServer(script: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url, { method: 'GET' });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

async function load(title: string, url: string, body: unknown) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const non2xx = result.non2xx + result.errors;
  return {
    title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: non2xx,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'sfr-bench-'));
const api = startServer('src/server.ts', 3901, { DATA_DIR: dataDir });
const bare = startServer('bench/bare-server.ts', 3902);
try {
  await waitFor('http://127.0.0.1:3901/api/health');
  await waitFor('http://127.0.0.1:3902/api/bare');
  const created = (await (
    await fetch('http://127.0.0.1:3901/api/create_property', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(property),
    })
  ).json()) as { property: unknown };
  const rows = [
    await load('bare Fastify route', 'http://127.0.0.1:3902/api/bare', {}),
    await load('POST /api/create_property', 'http://127.0.0.1:3901/api/create_property', property),
    await load('POST /api/update_metrics', 'http://127.0.0.1:3901/api/update_metrics', {
      property: created.property,
    }),
  ];
  const bareRps = rows[0]?.['req/s'] ?? 1;
  console.log(
    `\nAPI under autocannon: ${CONNECTIONS} connections, ${DURATION_S} s each, PGlite, server in its own process`,
  );
  console.table(
    rows.map((row) => ({ ...row, 'vs bare': `${((100 * row['req/s']) / bareRps).toFixed(1)} %` })),
  );
} finally {
  api.kill('SIGTERM');
  bare.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
