/**
 * Accounts and sessions through the real app on a real database: sign-up, log-in, the session
 * cookie and its lifetime, log-out, email verification and password reset, with the product spec's
 * messages. Google sign-in and rate limits have their own files.
 */
import {
  BLANK_PASSWORD,
  DELETE_EMAIL_MISMATCH,
  DELETE_PASSWORD_MISSING,
  DELETE_PASSWORD_WRONG,
  MESSAGES,
} from '@sfr/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/auth/messages.js';
import { AUTH_RATE_LIMITS } from '../../src/auth/rate-limit.js';
import { hashToken } from '../../src/auth/tokens.js';
import {
  analyses,
  feedback,
  savedProperties,
  sessions,
  subscriptions,
  users,
  userTokens,
} from '../../src/db/schema.js';
import { austin, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';
import {
  Browser,
  countEmailsTo,
  lastEmailTo,
  newUser,
  setCookie,
  tokenFromEmail,
  uniqueEmail,
} from './helpers.js';

const DAY_MS = 24 * 60 * 60 * 1_000;
const UNAUTHENTICATED = { error: 'Please log in to continue.', code: 'UNAUTHENTICATED' };

describe.each(DATABASE_KINDS)('accounts and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { TRUST_PROXY: '1' }); // as deployed behind a proxy: X-Forwarded-* are trusted
  }, 60_000);
  afterAll(async () => t?.close());

  const browser = () => new Browser(t.app);
  const db = () => t.database.db;

  /** A browser signed in as a new user. */
  async function signedUp(overrides: Parameters<typeof newUser>[0] = {}) {
    const b = browser();
    const input = newUser(overrides);
    const res = await b.post('/api/auth/signup', input);
    expect(res.statusCode).toBe(201);
    return { b, input, user: res.json().user as { id: string; email: string } };
  }

  async function loggedIn(email: string, password: string) {
    const b = browser();
    const res = await b.post('/api/auth/login', { email, password });
    expect(res.statusCode).toBe(200);
    return b;
  }

  const sessionRow = async (token: string) =>
    (
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)))
    )[0];

  describe('sign-up', () => {
    it("creates the spec's user record, signs the user in and sends a verification email", async () => {
      const b = browser();
      const input = newUser({ firstname: '  Grace ', lastname: 'Hopper' });
      const res = await b.post('/api/auth/signup', input);

      expect(res.statusCode).toBe(201);
      const { user } = res.json();
      expect(user).toEqual({
        id: expect.any(String),
        firstname: 'Grace',
        lastname: 'Hopper',
        displayName: 'Grace Hopper',
        email: input.email,
        emailVerified: false,
        subscriptionStatus: 'NOT PAID',
        freeSearches: 5,
        subscriptionExpiration: null,
        autoRenewal: false,
        isAdmin: false,
        hasPassword: true,
      });

      const cookie = setCookie(res, 'sfr_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy(); // plain HTTP and SESSION_COOKIE_SECURE=auto
      expect(cookie.value).toMatch(/^[a-z2-7]{40}$/);
      expect(Math.abs((cookie.expires as Date).getTime() - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);

      expect((await b.get('/api/auth/me')).json()).toEqual({ user });

      // only the SHA-256 of the token is stored, and the password only as argon2id
      const row = await sessionRow(cookie.value);
      expect(row?.user_id).toBe(user.id);
      expect(await db().select().from(sessions).where(eq(sessions.id, cookie.value))).toEqual([]);
      const [stored] = await db().select().from(users).where(eq(users.id, user.id));
      expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      const mail = await lastEmailTo(db(), input.email);
      expect(mail.subject).toMatch(/verify/i);
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[a-z2-7]{40}/);
      expect(mail.sent_at).toBeNull(); // no SMTP_URL: recorded, not sent
    });

    it('refuses an email already in use, whatever its case', async () => {
      const { input } = await signedUp();
      const res = await browser().post('/api/auth/signup', newUser({ email: input.email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: MESSAGES.emailInUse, code: 'EMAIL_IN_USE' });
      expect(res.cookies).toEqual([]);
    });

    it("refuses a password under 6 characters with the spec's message and creates nothing", async () => {
      const input = newUser({ password: '12345' });
      const res = await browser().post('/api/auth/signup', input);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: MESSAGES.weakPassword, code: 'WEAK_PASSWORD' });
      const found = await db().select().from(users).where(sql`lower(${users.email}) = ${input.email}`);
      expect(found).toEqual([]);
      // spaces alone are not a password, however many (spaces inside one are fine)
      const blank = await browser().post('/api/auth/signup', newUser({ password: '          ' }));
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ error: BLANK_PASSWORD, code: 'WEAK_PASSWORD' });
      // six characters are enough, counted as characters (an emoji is one)
      expect(
        (await browser().post('/api/auth/signup', newUser({ password: '🏠🏠🏠🏠🏠🏠' }))).statusCode,
      ).toBe(201);
    });

    it('names missing and malformed fields', async () => {
      const res = await browser().post('/api/auth/signup', { email: 'not-an-email', password: 'secret1' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fields).sort()).toEqual(['email', 'firstname', 'lastname']);
      expect(body.fields.email).toBe('Please enter a valid email address.');
    });
  });

  describe('log-in', () => {
    it('signs in with the right password, the email in any case', async () => {
      const { input, user } = await signedUp();
      const b = browser();
      const res = await b.post('/api/auth/login', {
        email: `  ${input.email.toUpperCase()} `,
        password: input.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(user.id);
      expect(setCookie(res, 'sfr_session').httpOnly).toBe(true);
      expect((await b.get('/api/auth/me')).json().user.id).toBe(user.id);
    });

    it("answers an unknown email with the spec's 'User not found, please Sign Up'", async () => {
      const res = await browser().post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.userNotFound, code: 'USER_NOT_FOUND' });
    });

    it("answers a wrong password with the spec's 'Error logging in. Please try again.'", async () => {
      const { input } = await signedUp();
      const b = browser();
      const res = await b.post('/api/auth/login', { email: input.email, password: `${input.password}!` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.loginError, code: 'INVALID_CREDENTIALS' });
      expect(b.sessionToken).toBeUndefined();
    });

    it('replaces the session the browser already had', async () => {
      const { b, input } = await signedUp();
      const first = b.sessionToken as string;
      await b.post('/api/auth/login', { email: input.email, password: input.password });
      expect(b.sessionToken).not.toBe(first);
      expect(await sessionRow(first)).toBeUndefined();
    });
  });

  describe('current user', () => {
    it('is 401 UNAUTHENTICATED without a session', async () => {
      const res = await browser().get('/api/auth/me');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    });

    it('refuses a tampered token and clears the cookie, while the real one keeps working', async () => {
      const { b } = await signedUp();
      const token = b.sessionToken as string;
      const last = token.at(-1) === 'a' ? 'b' : 'a';
      for (const forged of [`${token.slice(0, -1)}${last}`, 'x', `${token}a`, hashToken(token)]) {
        const attacker = browser();
        attacker.cookies.set('sfr_session', forged);
        const res = await attacker.get('/api/auth/me');
        expect(res.statusCode, forged).toBe(401);
        const cleared = setCookie(res, 'sfr_session');
        expect(cleared.value).toBe('');
        expect(attacker.sessionToken).toBeUndefined();
      }
      expect((await b.get('/api/auth/me')).statusCode).toBe(200);
    });

    it("/session answers a guest with null, never a 401 (the page's first question logs no failure)", async () => {
      const guest = await browser().get('/api/auth/session');
      expect(guest.statusCode).toBe(200);
      expect(guest.json()).toEqual({ user: null });
      const { b } = await signedUp();
      const session = await b.get('/api/auth/session');
      expect(session.statusCode).toBe(200);
      expect(session.json()).toEqual((await b.get('/api/auth/me')).json());
      expect(session.json().user.email).toMatch(/@example\.com$/);
      // a forged token is a guest here too, and its cookie is cleared as /me clears it
      const attacker = browser();
      attacker.cookies.set('sfr_session', 'x');
      const forged = await attacker.get('/api/auth/session');
      expect(forged.json()).toEqual({ user: null });
      expect(setCookie(forged, 'sfr_session').value).toBe('');
    });
  });

  describe('session lifetime', () => {
    it('ends an expired session: 401, cookie cleared, row deleted', async () => {
      const { b } = await signedUp();
      const token = b.sessionToken as string;
      await db()
        .update(sessions)
        .set({ expires_at: new Date(Date.now() - 1_000) })
        .where(eq(sessions.id, hashToken(token)));
      const res = await b.get('/api/auth/me');
      expect(res.statusCode).toBe(401);
      expect(setCookie(res, 'sfr_session').value).toBe('');
      expect(await sessionRow(token)).toBeUndefined();
    });

    it('slides the 30-day expiry, writing it at most once an hour', async () => {
      const { b } = await signedUp();
      const token = b.sessionToken as string;
      const setExpiry = (at: Date) =>
        db()
          .update(sessions)
          .set({ expires_at: at })
          .where(eq(sessions.id, hashToken(token)));

      // refreshed 30 minutes ago: no write, no new cookie
      const recent = new Date(Date.now() + 30 * DAY_MS - 30 * 60_000);
      await setExpiry(recent);
      let res = await b.get('/api/auth/me');
      expect(res.statusCode).toBe(200);
      expect(res.cookies).toEqual([]);
      expect((await sessionRow(token))?.expires_at.getTime()).toBe(recent.getTime());

      // last used 10 days ago (20 days left): extended to 30 days from now, cookie sent again
      await setExpiry(new Date(Date.now() + 20 * DAY_MS));
      res = await b.get('/api/auth/me');
      expect(res.statusCode).toBe(200);
      const renewed = (await sessionRow(token))?.expires_at.getTime() as number;
      expect(Math.abs(renewed - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
      const cookie = setCookie(res, 'sfr_session');
      expect(cookie.value).toBe(token);
      expect(cookie.expires?.getTime()).toBe(Math.floor(renewed / 1_000) * 1_000);
    });
  });

  describe('log-out', () => {
    it("ends this session only, clears its cookie and says 'Signed out successfully!'", async () => {
      const { b: here, input } = await signedUp();
      const elsewhere = await loggedIn(input.email, input.password);
      const token = here.sessionToken as string;

      const res = await here.post('/api/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: MESSAGES.signOutSuccess });
      expect(setCookie(res, 'sfr_session').value).toBe('');
      expect(await sessionRow(token)).toBeUndefined();

      // replaying the old token does not bring the session back
      const replay = browser();
      replay.cookies.set('sfr_session', token);
      expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
      expect((await here.get('/api/auth/me')).statusCode).toBe(401);
      expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(200);
      // signed out already: still fine
      expect((await here.post('/api/auth/logout')).statusCode).toBe(200);
    });

    it('log-out everywhere ends every session of the user and no one else’s', async () => {
      const { b: phone, input, user } = await signedUp();
      const laptop = await loggedIn(input.email, input.password);
      const { b: stranger } = await signedUp();

      const res = await laptop.post('/api/auth/logout-all');
      expect(res.statusCode).toBe(200);
      expect(setCookie(res, 'sfr_session').value).toBe('');
      expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
      expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
      expect((await stranger.get('/api/auth/me')).statusCode).toBe(200);
      expect(await db().select().from(sessions).where(eq(sessions.user_id, user.id))).toEqual([]);
    });

    it('deletes the account and everything in it once its email is typed, and nothing of anyone else', async () => {
      const { b, input, user } = await signedUp();
      const { b: stranger, user: strangerUser } = await signedUp();
      for (const member of [b, stranger]) {
        const analysis = await member.post('/api/create_property', austin);
        expect(analysis.statusCode).toBe(200);
        const saved = await member.post('/api/saved_properties', {
          analysis_id: analysis.json().analysis_id,
        });
        expect(saved.statusCode).toBe(201);
      }
      expect((await b.post('/api/feedback', { comments: 'Useful.', rating: 5 })).statusCode).toBeLessThan(
        300,
      );
      const laptop = await loggedIn(input.email, input.password);

      // a slip is not enough: the account's own email, typed
      const wrong = await b.post('/api/auth/delete-account', { email: 'someone@example.com' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        error: DELETE_EMAIL_MISMATCH,
        code: 'VALIDATION_FAILED',
      });
      expect((await b.get('/api/auth/me')).statusCode).toBe(200);

      const res = await b.post('/api/auth/delete-account', {
        email: input.email.toUpperCase(),
        password: input.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: AUTH_MESSAGES.accountDeleted });
      expect(setCookie(res, 'sfr_session').value).toBe('');
      for (const device of [b, laptop]) expect((await device.get('/api/auth/me')).statusCode).toBe(401);
      const left = async (userId: string) => ({
        users: (await db().select().from(users).where(eq(users.id, userId))).length,
        sessions: (await db().select().from(sessions).where(eq(sessions.user_id, userId))).length,
        analyses: (await db().select().from(analyses).where(eq(analyses.user_id, userId))).length,
        saved: (await db().select().from(savedProperties).where(eq(savedProperties.user_id, userId))).length,
      });
      expect(await left(user.id)).toEqual({ users: 0, sessions: 0, analyses: 0, saved: 0 });
      // nor do the emails sent to its address (their links named the account)
      expect(await countEmailsTo(db(), input.email)).toBe(0);
      expect(await left(strangerUser.id)).toEqual({ users: 1, sessions: 1, analyses: 1, saved: 1 });
      // the feedback stays, without a name
      const kept = await db().select().from(feedback).where(eq(feedback.comments, 'Useful.'));
      expect(kept.map((row) => row.user_id)).toEqual([null]);
      // the email is free again
      expect((await browser().post('/api/auth/signup', input)).statusCode).toBe(201);
    });

    it('asks for the password before deleting, so a browser left signed in cannot delete the account', async () => {
      const { b, input, user } = await signedUp();
      const missing = await b.post('/api/auth/delete-account', { email: input.email });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        error: DELETE_PASSWORD_MISSING,
        code: 'VALIDATION_FAILED',
        fields: { password: DELETE_PASSWORD_MISSING },
      });
      const wrong = await b.post('/api/auth/delete-account', { email: input.email, password: 'not-it-123' });
      // a 400, not a 401: the session stays (the web ends a session on 401)
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        error: DELETE_PASSWORD_WRONG,
        code: 'INVALID_CREDENTIALS',
        fields: { password: DELETE_PASSWORD_WRONG },
      });
      expect((await b.get('/api/auth/me')).json().user).toMatchObject({ id: user.id, hasPassword: true });
      expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    });

    it('limits password guesses through deletion as a log-in limits them', async () => {
      const { b, input } = await signedUp();
      const guess = (password: string) =>
        b.post('/api/auth/delete-account', { email: input.email, password });
      for (let i = 0; i < AUTH_RATE_LIMITS.deleteAccount.perEmailAndIp.max; i += 1) {
        expect((await guess(`guess-${i}-xyz`)).statusCode).toBe(400);
      }
      const limited = await guess(input.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect((await b.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('keeps an account whose subscription still renews, saying how to cancel it first', async () => {
      const { b, input, user } = await signedUp();
      const renewing = {
        id: `sub_${user.id}`,
        user_id: user.id,
        status: 'active',
        current_period_end: new Date(Date.now() + 20 * DAY_MS),
      };
      await db().insert(subscriptions).values(renewing);
      const confirm = { email: input.email, password: input.password };
      const refused = await b.post('/api/auth/delete-account', confirm);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: AUTH_MESSAGES.deleteWhileRenewing,
        code: 'SUBSCRIPTION_RENEWS',
      });
      expect((await b.get('/api/auth/me')).statusCode).toBe(200);
      // cancelled at the period's end: nothing more will be charged, and the account may go
      await db()
        .update(subscriptions)
        .set({ cancel_at_period_end: true })
        .where(eq(subscriptions.id, renewing.id));
      expect((await b.post('/api/auth/delete-account', confirm)).statusCode).toBe(200);
      expect(await db().select().from(subscriptions).where(eq(subscriptions.user_id, user.id))).toEqual([]);
    });

    it('log-out everywhere needs a session', async () => {
      const res = await browser().post('/api/auth/logout-all');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    });
  });

  describe('email verification', () => {
    it('marks the email verified with the emailed token, which works once', async () => {
      const { b, input } = await signedUp();
      const token = await tokenFromEmail(db(), input.email, '/verify-email');

      const res = await browser().post('/api/auth/verify-email', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: 'Your email address is verified.' });
      expect((await b.get('/api/auth/me')).json().user.emailVerified).toBe(true);

      const again = await browser().post('/api/auth/verify-email', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: 'This link is invalid or has expired. Please request a new one.',
        code: 'INVALID_TOKEN',
      });
    });

    it('says so when the link verifies another account than the one signed in (QA)', async () => {
      const { input } = await signedUp();
      const { b: someoneElse } = await signedUp();
      const token = await tokenFromEmail(db(), input.email, '/verify-email');
      const res = await someoneElse.post('/api/auth/verify-email', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(AUTH_MESSAGES.otherEmailVerified);
      expect((await someoneElse.get('/api/auth/me')).json().user.emailVerified).toBe(false);
      expect(
        (await loggedIn(input.email, input.password).then((b) => b.get('/api/auth/me'))).json().user
          .emailVerified,
      ).toBe(true);
    });

    it('refuses an unknown token and a reset token', async () => {
      const { input, b } = await signedUp();
      expect((await browser().post('/api/auth/verify-email', { token: 'a'.repeat(40) })).statusCode).toBe(
        400,
      );
      await browser().post('/api/auth/password-reset/request', { email: input.email });
      const resetToken = await tokenFromEmail(db(), input.email, '/reset-password');
      expect((await browser().post('/api/auth/verify-email', { token: resetToken })).statusCode).toBe(400);
      expect((await b.get('/api/auth/me')).json().user.emailVerified).toBe(false);
    });

    it('sends a new link on request to a signed-in, unverified user', async () => {
      const { b, input } = await signedUp();
      expect(await countEmailsTo(db(), input.email)).toBe(1);
      const res = await b.post('/api/auth/verify-email/resend');
      expect(res.statusCode).toBe(200);
      // no mailer here: the answer says where the link went, as the reset's does
      expect(res.json().message).toBe(AUTH_MESSAGES.verificationLogged);
      expect(await countEmailsTo(db(), input.email)).toBe(2);
      const token = await tokenFromEmail(db(), input.email, '/verify-email');
      expect((await browser().post('/api/auth/verify-email', { token })).statusCode).toBe(200);
      // verified: nothing more is sent, and the answer says so (QA: it said an email was sent)
      // …however often: sending nothing spends none of the sending budget (QA: the third was a 429)
      for (let i = 0; i < 5; i += 1) {
        const again = await b.post('/api/auth/verify-email/resend');
        expect(again.statusCode).toBe(200);
        expect(again.json().message).toBe(AUTH_MESSAGES.alreadyVerified);
      }
      expect(await countEmailsTo(db(), input.email)).toBe(2);
      // anonymous: 401, however often (it spends no rate-limit budget)
      const anonymous = browser();
      for (let i = 0; i < 5; i += 1) {
        expect((await anonymous.post('/api/auth/verify-email/resend')).statusCode).toBe(401);
      }
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the account exists, and emails only an account', async () => {
      const { input } = await signedUp();
      const stranger = uniqueEmail('nobody');
      const known = await browser().post('/api/auth/password-reset/request', { email: input.email });
      const unknown = await browser().post('/api/auth/password-reset/request', { email: stranger });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      // the test server has no email server: the answer says where the link went
      expect(known.json()).toEqual({ ok: true, message: MESSAGES.passwordResetLogged });
      expect(await countEmailsTo(db(), stranger)).toBe(0);
      const mail = await lastEmailTo(db(), input.email);
      expect(mail.subject).toMatch(/reset/i);
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[a-z2-7]{40}/);
    });

    it('sets the new password, ends every other session and signs this browser in', async () => {
      const { b: phone, input, user } = await signedUp();
      const laptop = await loggedIn(input.email, input.password);
      const resetter = browser();
      await resetter.post('/api/auth/password-reset/request', { email: input.email });
      const token = await tokenFromEmail(db(), input.email, '/reset-password');

      const res = await resetter.post('/api/auth/password-reset/confirm', {
        token,
        password: 'a brand new one',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: user.id, emailVerified: true });
      expect((await resetter.get('/api/auth/me')).statusCode).toBe(200);
      expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
      expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);

      const oldLogin = await browser().post('/api/auth/login', {
        email: input.email,
        password: input.password,
      });
      expect(oldLogin.json().code).toBe('INVALID_CREDENTIALS');
      const newLogin = await browser().post('/api/auth/login', {
        email: input.email,
        password: 'a brand new one',
      });
      expect(newLogin.statusCode).toBe(200);

      // the token worked once
      const again = await browser().post('/api/auth/password-reset/confirm', {
        token,
        password: 'yet another one',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('INVALID_TOKEN');
    });

    it('refuses a token after its hour is up', async () => {
      const { input } = await signedUp();
      await browser().post('/api/auth/password-reset/request', { email: input.email });
      const token = await tokenFromEmail(db(), input.email, '/reset-password');
      const [row] = await db()
        .select()
        .from(userTokens)
        .where(eq(userTokens.id, hashToken(token)));
      // issued with one hour to live, by the database clock
      expect((row?.expires_at.getTime() as number) - (row?.created_at.getTime() as number)).toBe(
        60 * 60 * 1_000,
      );
      await db()
        .update(userTokens)
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where(eq(userTokens.id, hashToken(token)));

      const res = await browser().post('/api/auth/password-reset/confirm', {
        token,
        password: 'too late now',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_TOKEN');
      expect(
        (await browser().post('/api/auth/login', { email: input.email, password: input.password }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a weak new password and leaves the token usable', async () => {
      const { input } = await signedUp();
      await browser().post('/api/auth/password-reset/request', { email: input.email });
      const token = await tokenFromEmail(db(), input.email, '/reset-password');
      const weak = await browser().post('/api/auth/password-reset/confirm', { token, password: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ error: MESSAGES.weakPassword, code: 'WEAK_PASSWORD' });
      const blank = await browser().post('/api/auth/password-reset/confirm', { token, password: '        ' });
      expect(blank.json()).toMatchObject({
        error: BLANK_PASSWORD,
        code: 'WEAK_PASSWORD',
        fields: { password: BLANK_PASSWORD },
      });
      expect(
        (await browser().post('/api/auth/password-reset/confirm', { token, password: 'long enough' }))
          .statusCode,
      ).toBe(200);
    });

    it('lets exactly one of two simultaneous uses of a token through', async () => {
      const { input } = await signedUp();
      await browser().post('/api/auth/password-reset/request', { email: input.email });
      const token = await tokenFromEmail(db(), input.email, '/reset-password');
      const results = await Promise.all(
        ['first password', 'second password'].map((password) =>
          browser().post('/api/auth/password-reset/confirm', { token, password }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });
  });

  describe('configuration', () => {
    it('says Google sign-in is off without its client id and secret, and its routes are 404', async () => {
      expect((await browser().get('/api/config')).json()).toMatchObject({ google: false });
      for (const url of ['/api/auth/google/start', '/api/auth/google/callback?code=x&state=y']) {
        const res = await browser().get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: 'Google sign-in is not available.',
          code: 'GOOGLE_NOT_CONFIGURED',
        });
      }
    });

    it('marks the cookie Secure when the request came over HTTPS through the trusted proxy', async () => {
      const b = browser();
      const res = await b.post('/api/auth/signup', newUser(), { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.statusCode).toBe(201);
      expect(setCookie(res, 'sfr_session').secure).toBe(true);
    });
  });
});
