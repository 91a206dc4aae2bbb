/** Building the web app and running the real API for the browser tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startTileServer } from './tile-server';

const WEB_DIR = fileURLToPath(new URL('../..', import.meta.url));
const API_DIR = fileURLToPath(new URL('../../../api', import.meta.url));

/** Runs a command to completion; rejects with its output when it fails. */
function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** `vite build` of the current source into `outDir`, leaving apps/web/dist to whoever uses it. */
export async function buildWeb(outDir: string): Promise<void> {
  const vite = createRequire(`${WEB_DIR}/package.json`)
    .resolve('vite/package.json')
    .replace(/package\.json$/, 'bin/vite.js');
  await run(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    WEB_DIR,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningApi {
  url: string;
  stop(): Promise<void>;
}

export interface StartApiOptions {
  distDir: string;
  /** a fresh folder: PGlite lives in it */
  dataDir: string;
  /** the API's output, shown when it fails to start */
  logFile: string;
  /** settings on top of the offline ones, e.g. a public Mapbox token */
  env?: Record<string, string>;
}

/** What the map credits for the stand-in tiles (MAP_TILE_ATTRIBUTION). */
export const STAND_IN_TILE_ATTRIBUTION = '© SFR e2e stand-in tiles';

/**
 * `tsx src/server.ts` in apps/api, as `pnpm start` runs it, on a free port of 127.0.0.1. Only the
 * offline providers: no database URL, Stripe, SMTP, Mapbox, Rentometer or Google from the
 * environment leaks in, and the map's tiles come from a stand-in tile server started with it.
 * MARKET_DATA_DIR is passed through (default: ../shared/data/market).
 */
export async function startApi({
  distDir,
  dataDir,
  logFile,
  env = {},
}: StartApiOptions): Promise<RunningApi> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tiles = await startTileServer();
  const tsx = createRequire(`${API_DIR}/package.json`).resolve('tsx/cli');
  const log = openSync(logFile, 'a');
  const offline = Object.fromEntries(
    [
      'DATABASE_URL',
      'STRIPE_SECRET_KEY',
      'SMTP_URL',
      'MAPBOX_ACCESS_TOKEN',
      'MAPBOX_PUBLIC_TOKEN',
      'RENTOMETER_API_KEY',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'HOW_TO_VIDEO_URL',
      'CORS_ORIGINS',
    ].map((name) => [name, '']),
  );
  const standInTiles = { MAP_TILE_URL: tiles.urlTemplate, MAP_TILE_ATTRIBUTION: STAND_IN_TILE_ATTRIBUTION };
  const child: ChildProcess = spawn(process.execPath, [tsx, 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...offline,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
      // recalculate.e2e.ts sends 240 updates in seconds; the limit itself has the API's own tests
      RATE_LIMIT_ANALYSES_PER_MINUTE: '1000',
      // the tests' browser contexts each name their own client address (newClientContext)
      TRUST_PROXY: '1',
      ...standInTiles,
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  void exited.then(() => tiles.close());

  const deadline = Date.now() + 120_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(r, 250, 'waiting'))]);
    if (code !== 'waiting')
      throw new Error(`the API exited (${code}) before it was ready:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready within 120 s:\n${tail(logFile)}`);
    }
  }

  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function tail(file: string): string {
  return readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
}
