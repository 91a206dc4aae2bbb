/**
 * Before any browser test: check Chromium, build the web app into a temporary folder (skipped when
 * E2E_WEB_DIST names a build to reuse), start the API on a free port with a fresh PGlite and the
 * shared market data, and hand its URL to the tests. Stops it and removes the folder afterwards.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { assertChromium } from './support/browser';
import { buildWeb, startApi } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** the web app build the API serves, for tests that start an API of their own */
    webDist: string;
  }
}

export default async function setup(project: TestProject) {
  assertChromium();
  const work = mkdtempSync(join(tmpdir(), 'sfr-e2e-'));
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  // kept after the run (test-results/ is gitignored) to read what the server said about a failure
  const logDir = fileURLToPath(new URL('../test-results/', import.meta.url));
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, 'e2e-api.log');
  writeFileSync(logFile, '');
  try {
    const reuse = process.env.E2E_WEB_DIST;
    const distDir = reuse ?? join(work, 'dist');
    if (!reuse) await buildWeb(distDir);
    const server = await startApi({ distDir, dataDir: join(work, 'data'), logFile });
    project.provide('baseURL', server.url);
    project.provide('webDist', distDir);
    return async () => {
      await server.stop();
      removeWork();
    };
  } catch (error) {
    removeWork();
    throw error;
  }
}
