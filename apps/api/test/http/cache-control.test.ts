/**
 * Issue 26 §3.8: answers that carry a user's data are never kept by a browser or a proxy
 * (`Cache-Control: private, no-store`), whether they succeed or fail; the web app's own files keep
 * their caching.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CACHE_CONTROL } from '../../src/http/security-headers.js';
import { createProperty, startApp, type TestApp } from '../support/app.js';

describe('Cache-Control on API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  }, 60_000);
  afterAll(() => t.close());

  it('is private, no-store on the session, analyses and saved properties', async () => {
    const created = await createProperty(t);
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toBe(API_CACHE_CONTROL);
    const id = created.json().analysis_id as string;
    for (const url of [
      '/api/auth/me',
      '/api/auth/session',
      '/api/analyses',
      `/api/analyses/${id}`,
      '/api/saved_properties',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: t.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('also on errors, and without a session', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(guest.statusCode).toBe(401);
    expect(guest.headers['cache-control']).toBe('private, no-store');
    const guestSession = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(guestSession.headers['cache-control']).toBe('private, no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });
});
