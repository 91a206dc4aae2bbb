/**
 * Browser tests (`pnpm test:e2e`): Vitest drives Debian's Chromium through playwright-core against
 * the real API serving a fresh build of the web app (global-setup.ts). One server for all files;
 * two files at a time, each with its own browser: every test signs up users of its own, so files
 * share nothing but the server (on a 2-core machine, 8 minutes instead of 11 one after another).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    // a real browser against a real server on a shared 2-core machine
    testTimeout: 90_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
});
