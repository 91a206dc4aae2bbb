/**
 * What stands between the auth routes and an attacker: the cross-site refusal of state-changing
 * requests (Sec-Fetch-Site, Origin) and the rate limits per (email, address), per address and per email.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE } from '../../src/http/rate-limit.js';
import { DATABASE_KINDS, inOneRateWindow, startApp, type TestApp } from '../support/app.js';
import { Browser, newUser, uniqueEmail } from './helpers.js';

const CROSS_SITE = {
  error: 'This request came from another site and was refused.',
  code: 'CROSS_SITE_REQUEST',
};
const RATE_LIMITED = {
  error: 'Too many attempts. Please wait a few minutes and try again.',
  code: 'RATE_LIMITED',
};

describe.each(DATABASE_KINDS)('auth protections on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { CORS_ORIGINS: 'http://localhost:5173', TRUST_PROXY: '1' });
  }, 60_000);
  afterAll(async () => t?.close());

  const browser = () => new Browser(t.app);

  async function signedIn() {
    const b = browser();
    const input = newUser();
    expect((await b.post('/api/auth/signup', input)).statusCode).toBe(201);
    return { b, input };
  }

  describe('cross-site requests', () => {
    it.each([
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['an Origin of another site', { origin: 'https://evil.example' }],
      ['an Origin on another port of this host', { origin: 'http://localhost:8080' }],
      ["the 'null' Origin", { origin: 'null' }],
      [
        'a same-host Origin contradicted by Sec-Fetch-Site',
        { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' },
      ],
    ])('refuses a state-changing request with %s, before it changes anything', async (_, headers) => {
      const { b } = await signedIn();
      const res = await b.post('/api/auth/logout', {}, { headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(CROSS_SITE);
      expect((await b.get('/api/auth/me')).statusCode).toBe(200);

      const signup = await browser().post('/api/auth/signup', newUser(), { headers });
      expect(signup.statusCode).toBe(403);
      expect(signup.cookies).toEqual([]);
    });

    it.each([
      ['no Origin and no Sec-Fetch-Site (not a browser page)', {}],
      ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
      ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
      ['an Origin equal to the Host', { origin: 'http://localhost' }],
      [
        'an Origin equal to a forwarded Host',
        { origin: 'https://app.example', 'x-forwarded-host': 'app.example' },
      ],
      [
        'an Origin listed in CORS_ORIGINS',
        { origin: 'http://localhost:5173', 'sec-fetch-site': 'cross-site' },
      ],
    ])('lets through a request with %s', async (_, headers) => {
      const { b } = await signedIn();
      const res = await b.post('/api/auth/logout', {}, { headers });
      expect(res.statusCode).toBe(200);
      expect((await b.get('/api/auth/me')).statusCode).toBe(401);
    });

    it('lets other sites read with GET (reads change nothing)', async () => {
      const { b } = await signedIn();
      const res = await b.get('/api/auth/me', {
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    // the budgets count per 15 minutes and per hour: each test counts inside one window
    beforeEach(() => inOneRateWindow(15 * MINUTE, 30_000), 40_000);

    it('lets the owner in from their own address after strangers spent 5 wrong passwords on the email', async () => {
      const { input } = await signedIn();
      for (let i = 0; i < 5; i += 1) {
        const res = await browser().post('/api/auth/login', {
          email: input.email,
          password: 'wrong password',
        });
        expect(res.statusCode).toBe(401);
      }
      const owner = browser();
      const res = await owner.post('/api/auth/login', {
        email: input.email.toUpperCase(),
        password: input.password,
      });
      expect(res.statusCode).toBe(200);
    });

    it("keeps the owner's own address working when strangers from 20 addresses spent the email's budget", async () => {
      const { b: owner, input } = await signedIn(); // signed up from this address: it is the owner's
      const strangers = Array.from({ length: 20 }, () => browser());
      for (const stranger of strangers) {
        for (let i = 0; i < 5; i += 1) {
          const res = await stranger.post('/api/auth/login', {
            email: input.email,
            password: 'wrong password',
          });
          expect(res.statusCode).toBe(401);
        }
      }
      // the email's 100 are spent: a new address is refused even with the right password...
      expect((await browser().post('/api/auth/login', input)).statusCode).toBe(429);
      // ...the owner's own address is not
      expect((await owner.post('/api/auth/login', input)).statusCode).toBe(200);
    });

    it('spends no budget on successful log-ins', async () => {
      const { b: owner, input } = await signedIn();
      // the (email, address) budget is 5 an window: eight good log-ins in a row all pass
      for (let i = 0; i < 8; i += 1) {
        expect((await owner.post('/api/auth/login', input)).statusCode).toBe(200);
      }
      // and failures still count: five wrong ones, then the sixth attempt is refused
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await owner.post('/api/auth/login', { ...input, password: 'wrong password' })).statusCode,
        ).toBe(401);
      }
      expect((await owner.post('/api/auth/login', input)).statusCode).toBe(429);
    });

    it("answers the owner's own reset request after strangers spent the email's 10", async () => {
      const { b: owner, input } = await signedIn();
      for (let i = 0; i < 10; i += 1) {
        expect(
          (await browser().post('/api/auth/password-reset/request', { email: input.email })).statusCode,
        ).toBe(200);
      }
      expect(
        (await browser().post('/api/auth/password-reset/request', { email: input.email })).statusCode,
      ).toBe(429);
      expect((await owner.post('/api/auth/password-reset/request', { email: input.email })).statusCode).toBe(
        200,
      );
    });

    it('stops a 6th attempt on one email from one address within 15 minutes, with Retry-After', async () => {
      const { input } = await signedIn();
      const guesser = browser();
      for (let i = 0; i < 5; i += 1) {
        const res = await guesser.post('/api/auth/login', { email: input.email, password: 'wrong password' });
        expect(res.statusCode).toBe(401);
      }
      // even the right password: the (email, address) budget is spent
      const res = await guesser.post('/api/auth/login', { email: input.email, password: input.password });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(RATE_LIMITED);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // the owner's own address still works
      expect((await browser().post('/api/auth/login', input)).statusCode).toBe(200);
    });

    it('stops one email after 100 attempts in 15 minutes from 100 addresses (the much higher ceiling)', async () => {
      const email = uniqueEmail('target');
      for (let i = 0; i < 100; i += 1) {
        const res = await browser().post('/api/auth/login', { email, password: 'guess123' });
        expect(res.statusCode).toBe(401);
      }
      const res = await browser().post('/api/auth/login', { email, password: 'guess123' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(RATE_LIMITED);
    });

    it('stops log-in attempts from one address after 30 in 15 minutes, whatever the emails', async () => {
      const attacker = browser();
      for (let i = 0; i < 30; i += 1) {
        const res = await attacker.post('/api/auth/login', {
          email: uniqueEmail('probe'),
          password: 'guess123',
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await attacker.post('/api/auth/login', {
        email: uniqueEmail('probe'),
        password: 'guess123',
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(RATE_LIMITED);
      // someone else's address is unaffected
      const { input } = await signedIn();
      expect((await browser().post('/api/auth/login', input)).statusCode).toBe(200);
    });

    it('stops password reset requests: 3 an hour per email and address, 10 per email, the same answer up to then', async () => {
      const email = uniqueEmail('nobody');
      const one = browser();
      for (let i = 0; i < 3; i += 1) {
        expect((await one.post('/api/auth/password-reset/request', { email })).statusCode).toBe(200);
      }
      const fourth = await one.post('/api/auth/password-reset/request', { email });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual(RATE_LIMITED);
      // 6 more from other addresses reach the email's 10 (the refused 4th counted too)...
      for (let i = 0; i < 6; i += 1) {
        expect((await browser().post('/api/auth/password-reset/request', { email })).statusCode).toBe(200);
      }
      // ...so no more mail goes to that inbox this hour, from anywhere
      const res = await browser().post('/api/auth/password-reset/request', { email });
      expect(res.statusCode).toBe(429);
    });

    it('stops sign-ups from one IP after 10 an hour', async () => {
      const bot = browser();
      for (let i = 0; i < 10; i += 1) {
        // invalid on purpose (short password): cheap, and still counted
        expect((await bot.post('/api/auth/signup', newUser({ password: 'x' }))).statusCode).toBe(400);
      }
      const res = await bot.post('/api/auth/signup', newUser());
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(RATE_LIMITED);
    });

    it('spends no budget on bodies that fail validation (they never reach the database)', async () => {
      const client = browser();
      for (let i = 0; i < 12; i += 1) {
        const res = await client.post('/api/auth/login', { password: 'secret1' });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      const { input } = await signedIn();
      expect(
        (await client.post('/api/auth/login', { email: input.email, password: input.password })).statusCode,
      ).toBe(200);
    });
  });
});
