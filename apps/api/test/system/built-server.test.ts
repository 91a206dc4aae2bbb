/**
 * `pnpm start` runs the API from built JavaScript: `pnpm build` (build.mjs) bundles it into
 * dist/server.js, which plain node runs (no tsx), with the market import's child beside it. And APP_URL follows PORT when unset, so a
 * newcomer who changes only PORT gets checkout links to the right port.
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
    // its market rows were prepared by the built child process beside it (dist/market-prepare.js)
    expect(api.lines.filter((line) => line.includes('"market data imported"'))).toHaveLength(1);
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
