/**
 * The requests whose handlers are still running, so that a stop closes the database only after the
 * last of them. Fastify's close waits for open sockets, not handlers: a client that hung up leaves
 * its handler running with no socket, and closing the pool under it fails its next query (a
 * subscriber's analysis not stored, 'database unavailable' logged on every deploy).
 *
 * A request counts from `onRequest` until its answer is handed to Fastify's `onSend`, which runs for
 * every answer: a handler's return or error (even when the client has gone), a refused body, an
 * unknown route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface InFlight {
  /** How many requests are under way. */
  count(): number;
  /** Resolves once no handler runs, or after `limitMs` (a guard: a request Fastify drops without answering would never end). */
  settled(limitMs: number): Promise<void>;
}

export function trackInFlight(app: FastifyInstance): InFlight {
  const running = new Set<FastifyRequest>();
  let onEmpty: (() => void) | null = null;
  const finish = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) onEmpty?.();
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
      if (running.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, limitMs);
        onEmpty = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
