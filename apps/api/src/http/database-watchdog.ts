/**
 * A database that stops answering without closing its connections (a frozen server, a network that
 * drops packets) leaves postgres-js waiting forever: it has no query timeout. So a request still
 * unanswered after `waitMs` asks the server itself, on a connection of its own: when that ping goes
 * unanswered too, the request is answered 503 'Service temporarily unavailable…', as when the
 * database is down (issue 11 §3.7). A slow request on a database that answers (a live provider, a
 * report) goes on. Its handler finishes in the background once the database is back, its answer
 * then unused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbHandle } from '../db/client.js';
import { sendServiceUnavailable } from '../errors.js';

// ~3 s in all, the bound for a request while the database does not answer: how long a
// request may wait before the database is asked whether it answers, and how long that ping may take
const WAIT_MS = 2_000;
const PING_MS = 800;

export function registerDatabaseWatchdog(app: FastifyInstance, database: DbHandle): void {
  const ping = database.pingAlone;
  // PGlite runs inside this process: it cannot stop answering while the process runs
  if (!ping) return;
  const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  const clear = async (request: FastifyRequest) => clearTimeout(timers.get(request));
  app.addHook('onRequest', async (request, reply) => {
    const timer = setTimeout(() => {
      ping(PING_MS).catch((err: unknown) => {
        if (reply.sent) return;
        request.log.error({ err }, 'database unavailable: no answer while a request waited');
        sendServiceUnavailable(reply);
      });
    }, WAIT_MS);
    timer.unref();
    timers.set(request, timer);
  });
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', clear);
}
