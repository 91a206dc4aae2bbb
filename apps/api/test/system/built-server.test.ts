/**
 * `pnpm start` runs the API from built JavaScript: `pnpm build` (build.mjs) bundles it into
 * dist/server.js, which plain node runs (no tsx), with its child processes beside it (the new
 * embedded folder's, the market import's). And APP_URL follows PORT when unset, so a newcomer who
 * changes only PORT gets checkout links to the right port.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type ApiProcess, signUpOn, startApiProcess } from './processes.js';

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));

describe('APP_URL', () => {
  it('defaults to http://localhost:<PORT>, and an explicit one wins', () => {
    expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', APP_URL: 'https://app.example/' }).APP_URL).toBe('https://app.example');
  });
});

describe('the built server', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: API_DIR });
    api = await startApiProcess({}, { built: true });
  }, 120_000);
  afterAll(async () => api?.stop());

  it('runs dist/server.js with plain node, and its checkout links use its own port', async () => {
    const health = await fetch(`${api.url}/api/health`);
    expect(health.status).toBe(200);
    // its first start's market data was imported where its new embedded folder was made, by the
    // built children beside it (dist/pglite-create.js, which runs dist/market-prepare.js): loaded,
    // and not imported again by the server itself
    const { database, market_data } = (await health.json()) as {
      database: string;
      market_data: { available: boolean; files: unknown[] };
    };
    expect(database).toBe('pglite');
    expect(market_data.available).toBe(true);
    expect(market_data.files.length).toBeGreaterThan(5);
    expect(api.lines.filter((line) => /market data imported|first import deferred/.test(line))).toEqual([]);
    const { cookie } = await signUpOn(api.url, {
      firstname: 'Built',
      lastname: 'Server',
      email: 'built@example.com',
      password: 'secret12',
    });
    const checkout = await fetch(`${api.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ plan: 'monthly' }),
    });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const port = new URL(api.url).port;
    expect(url.startsWith(`http://localhost:${port}/api/billing/test-checkout/`)).toBe(true);
  });
});
