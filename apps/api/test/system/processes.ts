/**
 * Real API processes for the multi-process tests: a fresh Postgres database, and `src/server.ts`
 * started as a child process on a free port, with its log lines kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { FIXTURE_MARKET_DIR } from '../support/market-dirs.js';

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the Postgres server at `serverUrl`; `drop()` removes it. */
export async function createPostgresDatabase(serverUrl: string): Promise<TempDatabase> {
  const name = `sfr_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}

export interface ApiProcess {
  url: string;
  /** every line the process wrote (pino JSON on stdout, anything else on stderr) */
  lines: string[];
  /** SIGTERM, then the exit code once the process has exited */
  stop(): Promise<number | null>;
}

/**
 * Starts the API on a free port: the built JavaScript (`dist/server.js`) when `built`, else the
 * TypeScript through tsx. Resolves once /api/health answers 200.
 */
export async function startApiProcess(
  env: Record<string, string>,
  { built = false }: { built?: boolean } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const args = built ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-proc-')),
      MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited:\n${lines.join('\n')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API process did not start:\n${lines.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    lines,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Signs a new member up on a running process: their session cookie and id. Throws unless 201. */
export async function signUpOn(
  url: string,
  user: { firstname: string; lastname: string; email: string; password: string },
): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id };
}
