import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../api/helpers.js';
import { signUp } from './helpers.js';

const ROUTES: [string, string][] = [
  ['POST', '/api/create_property'],
  ['POST', '/api/update_metrics'],
  ['GET', '/api/address/suggest'],
  ['GET', '/api/address/geocode'],
  ['GET', '/api/health'],
  ['GET', '/api/saved_properties'],
  ['POST', '/api/saved_properties'],
  ['GET', '/api/saved_properties/abc'],
  ['DELETE', '/api/saved_properties/abc'],
  ['POST', '/api/feedback'],
  ['POST', '/api/auth/signup'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/logout-all'],
  ['GET', '/api/auth/me'],
  ['GET', '/api/auth/config'],
  ['POST', '/api/auth/verify-email'],
  ['POST', '/api/auth/password-reset/request'],
  ['POST', '/api/auth/password-reset/confirm'],
];

// Hostile input: any JSON value, deep nesting, prototype keys, huge numbers, raw garbage text.
const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constant('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
  fc.constant(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
  fc
    .record({
      street: fc.anything(),
      zipcode: fc.anything(),
      purchase_price: fc.anything(),
      property: fc.anything(),
    })
    .map((v) => JSON.stringify(v)),
);
const query = fc.oneof(
  fc.constant(''),
  fc.string().map((s) => `?q=${encodeURIComponent(s)}&address=${encodeURIComponent(s)}`),
  fc.constant('?q[$gt]=&q[0]=a&q[1]=b&address[toString]=x'),
  fc.string().map((s) => `?${s}`),
);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'nope/nope',
);

describe('fuzzing every route with hostile input', () => {
  let t: TestApp;
  let validCookie = '';
  beforeAll(async () => {
    t = await startApp('pglite');
    validCookie = (await signUp(t.app)).cookie;
  }, 60_000);
  afterAll(async () => t.close());

  it('never answers 5xx and always answers with the one error shape', async () => {
    const cookie = fc.oneof(
      fc.constant(undefined),
      fc.constant(validCookie),
      fc.string().map((s) => `sfr_session=${s}`),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        body,
        query,
        contentType,
        cookie,
        async ([method, url], payload, q, type, c) => {
          const headers: Record<string, string> = { 'content-type': type };
          if (c !== undefined) headers.cookie = c;
          const res = await t.app.inject({
            method: method as 'GET',
            url: `${url}${q}`,
            headers,
            payload: method === 'GET' ? undefined : payload,
          });
          expect(res.statusCode, `${method} ${url}${q} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const error = res.json();
            expect(typeof error.error).toBe('string');
            expect(typeof error.code).toBe('string');
          }
        },
      ),
      { numRuns: 4_000 },
    );
  }, 180_000);
});
