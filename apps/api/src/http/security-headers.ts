/**
 * helmet's security headers (with the web app's Content-Security-Policy), computed once at start
 * and copied onto every reply. @fastify/helmet builds a new helmet middleware, parsing the policy
 * again, on every request (~12 µs, 3 % of a create_property request's CPU); the headers are the
 * same for every request, so they are recorded once from helmet itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet's middleware sets for `options` (lower-case names). */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous and, without nonce functions, reads nothing from the request
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/** What every API answer says to caches: it may hold one user's data, so no browser or proxy keeps it. */
export const API_CACHE_CONTROL = 'private, no-store';

/**
 * Sets the headers on every reply, and `API_CACHE_CONTROL` on every `/api/` reply (a route may
 * still override one, as the test checkout does).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  const apiHeaders = Object.freeze({ ...headers, 'cache-control': API_CACHE_CONTROL });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
}
