/**
 * How the benchmarks run a server: its own process on 127.0.0.1, in production mode, quiet logs;
 * and what it has cost so far.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The environment of a benchmarked server on `port` (APP_URL is its own origin: see subscriber.ts). */
export function benchEnv(port: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // production refuses to start without these: the offline test billing on purpose, and an SMTP
    // server that refuses at once (sign-up still succeeds; the failed email is only logged)
    BILLING_MODE: 'test',
    SMTP_URL: 'smtp://127.0.0.1:9',
    // the benchmark is one user hammering on purpose: the analysis rate limit would answer 429
    RATE_LIMIT_ANALYSES_PER_MINUTE: '100000000',
    APP_URL: `http://127.0.0.1:${port}`,
    ...env,
  };
}

/** Flags for every benchmarked server's node (BENCH_NODE_ARGS, space-separated), e.g. `--trace-gc`. */
const BENCH_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * `node [BENCH_NODE_ARGS] [nodeArgs] --import tsx script` in `cwd` (a `.js` script runs without
 * tsx, as `pnpm start` runs dist/server.js), its output on ours.
 */
export function spawnServer(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  nodeArgs: readonly string[] = [],
): ChildProcess {
  const loader = script.endsWith('.js') ? [] : ['--import', 'tsx'];
  return spawn(process.execPath, [...BENCH_NODE_ARGS, ...nodeArgs, ...loader, script], {
    cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Resolves once `url` answers without a server error; the first start imports the market data. */
export async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
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

const CLOCK_TICKS_PER_S = 100; // USER_HZ on Linux

/** A process's user and system CPU so far (microseconds) and its minor page faults, from /proc. */
export function processCost(pid: number): { user: number; system: number; faults: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name is in parentheses and may hold spaces: fields count from after ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const us = (ticks: string | undefined) => (Number(ticks) / CLOCK_TICKS_PER_S) * 1_000_000;
  return { user: us(fields[11]), system: us(fields[12]), faults: Number(fields[7]) };
}
