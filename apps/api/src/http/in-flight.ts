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
 *
 * A client that hangs up after sending its whole request but before the `onRequest` hooks finish
 * (the session lookup, say) would otherwise never be answered: Node destroys the unread body
 * without an error, since nothing listens for one yet, and Fastify then waits for a body that never
 * ends. The request would stay counted, and held in memory (about 5 kB each), for good, and every
 * stop would wait out its limit. So a `preParsing` hook ends such a request with a 499 (nginx's
 * 'client closed request'), which reaches `onSend` like any answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export interface InFlight {
  /** How many requests are being answered. */
  count(): number;
  /**
   * Resolves true once none is, or false after `limitMs` (a guard: a request Fastify dropped
   * without an answer would never end).
   */
  settled(limitMs: number): Promise<boolean>;
}

const clientClosedRequest = () =>
  new AppError(499, 'BAD_REQUEST', 'The connection closed before the request was read.');

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
  // synchronous, and the app's only preParsing hook: nothing runs between this check and the body
  // read (once Fastify listens to the body, a hang-up reaches it as an error and is answered)
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.raw.destroyed) done(clientClosedRequest());
    else done(null, payload);
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
