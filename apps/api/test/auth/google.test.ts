/**
 * Google sign-in end to end against a local stand-in for Google's OAuth endpoints, which answers
 * the documented token and userinfo JSON and checks what a real Google checks: client credentials,
 * redirect URI and the PKCE verifier against the challenge of the authorization request.
 */
import type { IncomingMessage } from 'node:http';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { DELETE_REAUTH_REQUIRED, MESSAGES } from '@sfr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.js';
import { DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';
import { type StubServer, startServer } from '../support/provider-server.js';
import { Browser, newUser, setCookie, tokenFromEmail, uniqueEmail } from './helpers.js';

const APP_URL = 'https://app.example';
const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'test-secret';
const REDIRECT_URI = `${APP_URL}/api/auth/google/callback`;

interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** What the stand-in remembers of each authorization code it issued. */
interface Grant {
  account: GoogleAccount;
  challenge: string;
  redirectUri: string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });

describe.each(DATABASE_KINDS)('Google sign-in on %s', (kind) => {
  let t: TestApp;
  let google: StubServer;
  const grants = new Map<string, Grant>();
  let lastCode = 0;

  beforeAll(async () => {
    google = await startServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (req.method === 'POST' && url.pathname === '/token') {
          const form = new URLSearchParams(await readBody(req));
          const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
          if (req.headers.authorization !== basic) return send(401, { error: 'invalid_client' });
          const grant = grants.get(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));
          if (
            form.get('grant_type') !== 'authorization_code' ||
            !grant ||
            grant.challenge !== challenge ||
            form.get('redirect_uri') !== grant.redirectUri
          ) {
            return send(400, { error: 'invalid_grant', error_description: 'Bad Request' });
          }
          grants.delete(form.get('code') ?? ''); // codes work once
          return send(200, {
            access_token: `access-${grant.account.sub}`,
            expires_in: 3599,
            scope:
              'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
            token_type: 'Bearer',
            id_token: 'header.payload.signature',
          });
        }
        if (req.method === 'GET' && url.pathname === '/userinfo') {
          const sub = /^Bearer access-(.+)$/.exec(req.headers.authorization ?? '')?.[1];
          const account = [...accounts.values()].find((a) => a.sub === sub);
          return account ? send(200, account) : send(401, { error: 'invalid_token' });
        }
        return send(404, { error: 'not_found' });
      })();
    });
    t = await startApp(kind, {
      APP_URL,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTHORIZATION_URL: `${google.baseUrl}/auth`,
      GOOGLE_TOKEN_URL: `${google.baseUrl}/token`,
      GOOGLE_USERINFO_URL: `${google.baseUrl}/userinfo`,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  /** Every Google account the stand-in knows, by sub. */
  const accounts = new Map<string, GoogleAccount>();
  const googleAccount = (over: Partial<GoogleAccount> = {}): GoogleAccount => {
    const account = {
      sub: `1${Math.floor(Math.random() * 1e15)}`,
      email: uniqueEmail('gmail'),
      email_verified: true,
      given_name: 'Katherine',
      family_name: 'Johnson',
      name: 'Katherine Johnson',
      ...over,
    };
    accounts.set(account.sub, account);
    return account;
  };

  const browser = () => new Browser(t.app);

  /** /google/start, then what Google's consent screen does: issue a code bound to the challenge. */
  async function consent(b: Browser, account: GoogleAccount, startUrl = '/api/auth/google/start') {
    const start = await b.get(startUrl);
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location as string);
    lastCode += 1;
    const code = `code-${lastCode}`;
    grants.set(code, {
      account,
      challenge: url.searchParams.get('code_challenge') ?? '',
      redirectUri: url.searchParams.get('redirect_uri') ?? '',
    });
    return { code, state: url.searchParams.get('state') ?? '', url, start };
  }

  async function signInWithGoogle(b: Browser, account: GoogleAccount, startUrl?: string) {
    const { code, state } = await consent(b, account, startUrl);
    return b.get(`/api/auth/google/callback?code=${code}&state=${encodeURIComponent(state)}`);
  }

  const expectFailed = (res: Awaited<ReturnType<Browser['get']>>, b: Browser) => {
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP_URL}/login?error=google`);
    expect(b.sessionToken).toBeUndefined();
  };

  it('says Google sign-in is available', async () => {
    expect((await browser().get('/api/config')).json()).toMatchObject({ google: true });
  });

  it('sends the browser to Google with PKCE (S256), state and the openid email profile scopes', async () => {
    const b = browser();
    const { url, start } = await consent(b, googleAccount());
    expect(`${url.origin}${url.pathname}`).toBe(`${google.baseUrl}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    for (const name of ['sfr_google_state', 'sfr_google_verifier']) {
      const cookie = setCookie(start, name);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api/auth/google',
        maxAge: 600,
      });
      expect(cookie.secure).toBeFalsy(); // plain HTTP here
    }
    const verifier = setCookie(start, 'sfr_google_verifier').value;
    expect(url.searchParams.get('code_challenge')).toBe(
      encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier))),
    );
    expect(url.searchParams.get('state')).toBe(setCookie(start, 'sfr_google_state').value);
  });

  it("creates the spec's user record for a new Google account and signs it in", async () => {
    const b = browser();
    const account = googleAccount({ given_name: 'Mary', family_name: 'Jackson', name: 'Mary W. Jackson' });
    const res = await signInWithGoogle(b, account);

    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP_URL}/`);
    expect(setCookie(res, 'sfr_session').httpOnly).toBe(true);
    expect(setCookie(res, 'sfr_google_state').value).toBe('');
    expect(b.cookies.has('sfr_google_verifier')).toBe(false);

    const me = await b.get('/api/auth/me');
    expect(me.json().user).toEqual({
      id: expect.any(String),
      firstname: 'Mary',
      lastname: 'Jackson',
      displayName: 'Mary W. Jackson',
      email: account.email,
      emailVerified: true,
      subscriptionStatus: 'NOT PAID',
      freeSearches: 5,
      subscriptionExpiration: null,
      autoRenewal: false,
      isAdmin: false,
      hasPassword: false,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.json().user.id));
    expect(row?.google_id).toBe(account.sub);
    expect(row?.password_hash).toBeNull();
  });

  it('signs the same Google account into the same user next time', async () => {
    const account = googleAccount();
    const first = browser();
    await signInWithGoogle(first, account);
    const second = browser();
    await signInWithGoogle(second, account);
    const ids = await Promise.all(
      [first, second].map(async (b) => (await b.get('/api/auth/me')).json().user.id),
    );
    expect(ids[0]).toBe(ids[1]);
    expect(await t.database.db.select().from(users).where(eq(users.google_id, account.sub))).toHaveLength(1);
  });

  it('links a verified Google email to the existing account with that email, keeping its password', async () => {
    const owner = browser();
    const input = newUser();
    const { user } = (await owner.post('/api/auth/signup', input)).json();
    await owner.post('/api/auth/verify-email', {
      token: await tokenFromEmail(t.database.db, input.email, '/verify-email'),
    });

    const b = browser();
    await signInWithGoogle(b, googleAccount({ email: input.email.toUpperCase() }));
    expect((await b.get('/api/auth/me')).json().user.id).toBe(user.id);
    expect((await owner.get('/api/auth/me')).statusCode).toBe(200);
    expect(
      (await browser().post('/api/auth/login', { email: input.email, password: input.password })).statusCode,
    ).toBe(200);
  });

  it('takes an unverified account back for the mailbox owner: password removed, its sessions ended', async () => {
    // someone registered this address without owning it
    const squatter = browser();
    const input = newUser();
    const { user } = (await squatter.post('/api/auth/signup', input)).json();

    const owner = browser();
    await signInWithGoogle(owner, googleAccount({ email: input.email }));
    const me = (await owner.get('/api/auth/me')).json().user;
    expect(me).toMatchObject({ id: user.id, emailVerified: true });
    expect((await squatter.get('/api/auth/me')).statusCode).toBe(401);
    const login = await browser().post('/api/auth/login', { email: input.email, password: input.password });
    expect(login.json()).toEqual({ error: MESSAGES.loginError, code: 'INVALID_CREDENTIALS' });
  });

  it('refuses to link an existing account when Google has not verified the email', async () => {
    const input = newUser();
    await browser().post('/api/auth/signup', input);
    const b = browser();
    expectFailed(await signInWithGoogle(b, googleAccount({ email: input.email, email_verified: false })), b);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, input.email));
    expect(row?.google_id).toBeNull();
  });

  it('deletes a Google-only account after a recent sign-in, and sends an older one to sign in again and back to the profile', async () => {
    const b = browser();
    const account = googleAccount();
    await signInWithGoogle(b, account);
    const me = (await b.get('/api/auth/me')).json().user;
    expect(me.hasPassword).toBe(false);
    // the sign-in on this browser is 11 minutes old: a browser left signed in
    await t.database.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.user_id, me.id));
    const stale = await b.post('/api/auth/delete-account', { email: account.email, password: 'anything-1' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ error: DELETE_REAUTH_REQUIRED, code: 'REAUTH_REQUIRED' });

    const again = await signInWithGoogle(b, account, '/api/auth/google/start?return_to=/profile');
    expect(again.headers.location).toBe(`${APP_URL}/profile`);
    expect(setCookie(again, 'sfr_google_return').value).toBe('');
    const deleted = await b.post('/api/auth/delete-account', { email: account.email });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, me.id))).toEqual([]);
  });

  it('returns only to pages on its list, and a plain sign-in forgets an earlier return page', async () => {
    const b = browser();
    const elsewhere = await b.get(
      `/api/auth/google/start?return_to=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('VALIDATION_FAILED');
    await consent(b, googleAccount(), '/api/auth/google/start?return_to=/profile');
    const plain = await signInWithGoogle(b, googleAccount());
    expect(plain.headers.location).toBe(`${APP_URL}/`);
  });

  it('refuses a state that does not match the cookie, without calling Google', async () => {
    const b = browser();
    const { code } = await consent(b, googleAccount());
    const before = google.requests.length;
    expectFailed(await b.get(`/api/auth/google/callback?code=${code}&state=forged-state-value`), b);
    expect(google.requests.length).toBe(before);
  });

  it('refuses a callback without the sign-in cookies (another browser, or expired)', async () => {
    const b = browser();
    const { code, state } = await consent(b, googleAccount());
    const other = browser();
    expectFailed(await other.get(`/api/auth/google/callback?code=${code}&state=${state}`), other);
  });

  it('returns to the login page when the user declines on Google', async () => {
    const b = browser();
    const { state } = await consent(b, googleAccount());
    expectFailed(await b.get(`/api/auth/google/callback?error=access_denied&state=${state}`), b);
  });

  it('returns to the login page when Google refuses the code (used twice)', async () => {
    const b = browser();
    const { code, state } = await consent(b, googleAccount());
    grants.delete(code);
    expectFailed(await b.get(`/api/auth/google/callback?code=${code}&state=${state}`), b);
  });
});
