/**
 * The auth plugin on a bare Fastify with a stand-in session store: what it decorates, when it
 * clears or re-sends the cookie, the route flag that exempts webhooks from the cross-site check,
 * and requireUser's 401.
 */
import cookie from '@fastify/cookie';
import type { SessionUser } from '@sfr/contracts';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../errors.js';
import { authPlugin, requireUser } from './plugin.js';
import type { SessionStore, ValidatedSession } from './sessions.js';

const ada: SessionUser = {
  id: 'u1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  displayName: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  subscriptionStatus: 'NOT PAID',
  freeSearches: 5,
  subscriptionExpiration: null,
  autoRenewal: false,
  isAdmin: false,
  hasPassword: true,
};
const GOOD = 'a'.repeat(40);
const STALE = 'b'.repeat(40);
const expiresAt = new Date('2030-01-01T00:00:00Z');

/** Knows two tokens: GOOD (fresh) and STALE (needs its expiry moved, so the cookie is re-sent). */
const store = {
  async validate(token: string): Promise<ValidatedSession | null> {
    if (token !== GOOD && token !== STALE) return null;
    return {
      user: ada,
      session: { id: `id-${token}`, userId: ada.id, expiresAt },
      refreshed: token === STALE,
      subscribed: false,
    };
  },
} as unknown as SessionStore;

async function build() {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(authPlugin, { sessions: store, secureCookie: 'auto', allowedOrigins: [] });
  app.get('/whoami', async (request) => ({
    user: request.user?.id ?? null,
    session: request.session?.id ?? null,
  }));
  app.get('/private', async (request) => ({ id: requireUser(request).id }));
  app.post('/form', async () => ({ done: true }));
  app.post('/webhook', { config: { allowCrossSite: true } }, async () => ({ received: true }));
  return app;
}

describe('auth plugin', () => {
  let app: Awaited<ReturnType<typeof build>> | undefined;
  afterEach(async () => app?.close());

  it('sets request.user and request.session from a valid cookie, and nulls without one', async () => {
    app = await build();
    const signedIn = await app.inject({ method: 'GET', url: '/whoami', cookies: { sfr_session: GOOD } });
    expect(signedIn.json()).toEqual({ user: 'u1', session: `id-${GOOD}` });
    expect(signedIn.cookies).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/whoami' })).json()).toEqual({
      user: null,
      session: null,
    });
  });

  it('clears the cookie of an unknown session', async () => {
    app = await build();
    const res = await app.inject({ method: 'GET', url: '/whoami', cookies: { sfr_session: 'c'.repeat(40) } });
    expect(res.json()).toEqual({ user: null, session: null });
    expect(res.cookies).toMatchObject([
      { name: 'sfr_session', value: '', path: '/', httpOnly: true, sameSite: 'Lax' },
    ]);
  });

  it('sends the cookie again with the new expiry when the session was refreshed', async () => {
    app = await build();
    const res = await app.inject({ method: 'GET', url: '/whoami', cookies: { sfr_session: STALE } });
    expect(res.cookies).toMatchObject([{ name: 'sfr_session', value: STALE, expires: expiresAt }]);
  });

  it('answers requireUser without a session with 401 UNAUTHENTICATED', async () => {
    app = await build();
    const res = await app.inject({ method: 'GET', url: '/private' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue.', code: 'UNAUTHENTICATED' });
    const ok = await app.inject({ method: 'GET', url: '/private', cookies: { sfr_session: GOOD } });
    expect(ok.json()).toEqual({ id: 'u1' });
  });

  it('refuses cross-site POSTs except on routes marked config.allowCrossSite', async () => {
    app = await build();
    const headers = { 'sec-fetch-site': 'cross-site', origin: 'https://payments.example' };
    const form = await app.inject({ method: 'POST', url: '/form', headers });
    expect(form.statusCode).toBe(403);
    expect(form.json().code).toBe('CROSS_SITE_REQUEST');
    const hook = await app.inject({ method: 'POST', url: '/webhook', headers });
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true });
  });

  it('refuses a cross-site POST even to a route that does not exist (no probing)', async () => {
    app = await build();
    const res = await app.inject({
      method: 'POST',
      url: '/nowhere',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
