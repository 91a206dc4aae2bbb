/** Starts the API: reads the config, builds the app, listens, and shuts down gracefully. */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { DatabaseUnreachableError } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { trackConnections } from './http/connections.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config }).catch((error: unknown) => {
    // a second process on the embedded database's folder, or no Postgres where DATABASE_URL points:
    // one line saying what to do, no stack
    if (error instanceof DataDirInUseError || error instanceof DatabaseUnreachableError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  });
  const connections = trackConnections(app.server);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    // Node closes the keep-alive sockets that are idle when the close starts; one whose request is
    // still under way goes idle later and would hold the close open until its client lets go (a
    // load balancer never does): close those as their answers go out, and any that never sent a
    // request (http/connections.ts)
    const unused = setInterval(() => connections.closeUnused(), 50);
    await app.close();
    clearInterval(unused);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Fastify logs a line for each address it listens on; a person wants one line saying where to go
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.level = level;
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  app.log.info(`SFR Analyst on http://${host}:${config.PORT}`);
}

await main();
