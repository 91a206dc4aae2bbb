/**
 * The requests still being answered, so that a stop closes the database only after the last of
 * them. Fastify's close waits for open sockets, not handlers: a client that hung up leaves its
 * handler running with no socket, and closing the pool under it fails its next query (a
 * subscriber's analysis not stored, 'database unavailable' logged on every deploy).
 *
 * A request counts from `onRequest` until its answer is handed to Fastify's `onSend`, which runs for
 * every answer: a handler's return or error (even when the client has gone), a refused body, an
 * unknown route. One exception: the database watchdog's 503 (database-watchdog.ts) answers a
 * request whose handler then goes on in the background; that handler is waiting on a database that
 * does not answer, so a stop does not wait for it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface InFlight {
  /** How many requests are being answered. */
  count(): number;
  /**
   * Resolves true once none is, or false after `limitMs` (a guard: a request Fastify dropped
   * without an answer would never end).
   */
  settled(limitMs: number): Promise<boolean>;
}

export function trackInFlight(app: FastifyInstance): InFlight {
  const running = new Set<FastifyRequest>();
  const waiters = new Set<() => void>();
  const finish = (request: FastifyRequest) => {
    if (!running.delete(request) || running.size > 0) return;
    for (const wake of waiters) wake();
    waiters.clear();
  };
  // callback-style hooks: no promise per request on the hot path
  app.addHook('onRequest', (request, _reply, done) => {
    running.add(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    finish(request);
    done(null, payload);
  });
  return {
    count: () => running.size,
    settled(limitMs) {
      if (running.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, limitMs);
        waiters.add(wake);
      });
    },
  };
}
