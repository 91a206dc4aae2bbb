/**
 * Rate limits counted in the database: two limiters on one database (two API processes) share one
 * budget, racing spends never overshoot it, ended windows are swept; the analysis routes' limit per
 * user and per address; and the client address behind proxies (TRUST_PROXY), never the left-most
 * X-Forwarded-For value a client writes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { DbHandle } from '../../src/db/client.js';
import { rateLimitCounters } from '../../src/db/schema.js';
import { createTestDatabase } from '../../src/db/testing.js';
import { clientKey, createRateLimiter, MINUTE } from '../../src/http/rate-limit.js';
import { newUser } from '../auth/helpers.js';
import { austin, DATABASE_KINDS, inOneRateWindow, startApp, type TestApp } from '../support/app.js';

const budget = { max: 5, windowMs: MINUTE };
// a moment well inside one window, so the counting tests never straddle a window's end
const MID_WINDOW = 10 * MINUTE + 1_000;
const midWindow = () => MID_WINDOW;

describe.each(DATABASE_KINDS)('rate-limit counters on %s', (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(async () => database?.close());

  it('counts one budget across two limiters on one database (two processes)', async () => {
    const first = createRateLimiter(database.db, midWindow);
    const second = createRateLimiter(database.db, midWindow);
    const charge = [{ bucket: 'test:shared', key: 'k', budget }];
    const results = [];
    for (let i = 0; i < 6; i += 1) results.push(await (i % 2 === 0 ? first : second).spend(charge));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    const refused = results[5];
    if (refused?.allowed !== false) throw new Error('expected a refusal');
    expect(refused.bucket).toBe('test:shared');
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('lets exactly max of 30 simultaneous spends through', async () => {
    const limiters = [createRateLimiter(database.db, midWindow), createRateLimiter(database.db, midWindow)];
    const charge = [{ bucket: 'test:race', key: 'k', budget }];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (limiters[i % 2] ?? limiters[0])?.spend(charge)),
    );
    expect(results.filter((r) => r?.allowed).length).toBe(5);
  });

  it('starts a new window when the old one ends, and sweeps ended windows', async () => {
    let now = 10 * MINUTE + 1_000;
    const limiter = createRateLimiter(database.db, () => now);
    const charge = [{ bucket: 'test:window', key: 'k', budget: { max: 1, windowMs: MINUTE } }];
    expect((await limiter.spend(charge)).allowed).toBe(true);
    const refused = await limiter.spend(charge);
    expect(refused).toEqual({ allowed: false, bucket: 'test:window', retryAfterSeconds: 59 });
    now += MINUTE;
    expect((await limiter.spend(charge)).allowed).toBe(true);
    now += 2 * MINUTE;
    expect(await limiter.sweep()).toBeGreaterThanOrEqual(2);
    const left = await database.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.bucket, 'test:window'));
    expect(left).toEqual([]);
  });
});

describe('client keys', () => {
  it('counts IPv4 per address and IPv6 per /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('TRUST_PROXY', () => {
  it('takes false, a hop count or a list of proxy addresses, and refuses true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.9.0.0/16, 192.0.2.1' }).TRUST_PROXY).toEqual([
      '10.9.0.0/16',
      '192.0.2.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be false, a number/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe.each(DATABASE_KINDS)('client address behind proxies on %s', (kind) => {
  const apps: TestApp[] = [];
  // the log-in budgets count per 15 minutes: each test counts inside one window
  beforeEach(() => inOneRateWindow(15 * MINUTE, 30_000), 40_000);
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  /** Attempts one log-in and returns the address the per-address budget counted it under. */
  async function countedAddress(t: TestApp, remoteAddress: string, forwardedFor?: string) {
    const email = `${Math.random().toString(36).slice(2)}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'guess123' },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    expect(res.statusCode).toBe(401);
    const rows = await t.database.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.bucket, 'logIn:email'));
    const counted = rows.find((r) => r.key === email);
    expect(counted).toBeDefined();
    const [ip] = await t.database.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.bucket, 'logIn:emailIp'))
      .then((all) => all.filter((r) => r.key.startsWith(`${email} `)));
    return ip?.key.slice(email.length + 1);
  }

  it('without TRUST_PROXY, counts the TCP peer and ignores X-Forwarded-For', async () => {
    const t = await startApp(kind, { TRUST_PROXY: 'false' });
    apps.push(t);
    expect(await countedAddress(t, '198.51.100.20', '203.0.113.99')).toBe('198.51.100.20');
  });

  it('behind 1 trusted hop, counts the right-most address, never the forged left-most one', async () => {
    const t = await startApp(kind, { TRUST_PROXY: '1' });
    apps.push(t);
    // the client wrote "1.2.3.4"; the proxy (10.0.0.2) appended the address it saw
    expect(await countedAddress(t, '10.0.0.2', '1.2.3.4, 198.51.100.7')).toBe('198.51.100.7');
    expect(await countedAddress(t, '10.0.0.2', '198.51.100.8')).toBe('198.51.100.8');
  });

  it('with a list of proxy addresses, skips only those proxies', async () => {
    const t = await startApp(kind, { TRUST_PROXY: '10.9.0.0/16' });
    apps.push(t);
    // two proxies of ours (10.9.x.x); the client forged two more entries on the left
    expect(await countedAddress(t, '10.9.0.1', '1.2.3.4, 5.6.7.8, 198.51.100.9, 10.9.3.3')).toBe(
      '198.51.100.9',
    );
    // a request straight from outside the list: its X-Forwarded-For is not believed
    expect(await countedAddress(t, '198.51.100.30', '1.2.3.4')).toBe('198.51.100.30');
  });

  it('stops a guesser rotating forged X-Forwarded-For values after 5 attempts on one email', async () => {
    const t = await startApp(kind, { TRUST_PROXY: '1' });
    apps.push(t);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: newUser(),
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(signUp.statusCode).toBe(201);
    const email = signUp.json().user.email as string;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong password' },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.66` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe.each(DATABASE_KINDS)('analysis rate limit on %s', (kind) => {
  let t: TestApp;
  // the analysis budgets count per minute: each test counts inside one window
  beforeEach(() => inOneRateWindow(MINUTE, 10_000), 20_000);
  beforeAll(async () => {
    t = await startApp(kind, { RATE_LIMIT_ANALYSES_PER_MINUTE: '3' });
  }, 60_000);
  afterAll(async () => t?.close());

  const analyse = (cookie: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create_property',
      payload: austin,
      headers: { cookie },
      remoteAddress,
    });

  it('refuses a user past the per-minute budget with 429, Retry-After and a clear message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await analyse(t.cookie, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const res = await analyse(t.cookie, '198.51.100.50');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'Too many analyses in a short time. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('refuses one address past twice the per-user budget, whoever is signed in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create_property',
        payload: austin,
        remoteAddress: '192.0.2.77',
      });
      statuses.push(res.statusCode);
    }
    // signed out: 401 each, until the address has spent its 6
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('spends no budget on bodies that fail validation', async () => {
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newUser() });
    const cookie = `sfr_session=${signUp.cookies.find((c) => c.name === 'sfr_session')?.value}`;
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create_property',
        payload: { ...austin, num_bedrooms: 500 },
        headers: { cookie },
        remoteAddress: '192.0.2.88',
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await analyse(cookie, '192.0.2.88')).statusCode).toBe(200);
  });
});
