/** How the benchmarks run a server: its own process on 127.0.0.1, in production mode, quiet logs. */
import { type ChildProcess, spawn } from 'node:child_process';

/** The environment of a benchmarked server on `port` (APP_URL is its own origin: see subscriber.ts). */
export function benchEnv(port: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    APP_URL: `http://127.0.0.1:${port}`,
    ...env,
  };
}

/** `node [nodeArgs] --import tsx script` in `cwd`, its output on ours. */
export function spawnServer(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  nodeArgs: readonly string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
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
