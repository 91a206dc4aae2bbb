/**
 * Two API processes on one Postgres, as a deployment behind a load balancer runs them: whatever
 * must hold across processes lives in the database. 100 simultaneous analyses across both for a
 * user with 5 free searches: exactly 5 succeed. A session made on one works on the other. The
 * log-in limit counts attempts on both. One webhook delivered to both at once is applied once.
 * Needs TEST_DATABASE_URL (a Postgres server).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../src/db/testing.js';
import { MINUTE } from '../../src/http/rate-limit.js';
import { stripeEvent, subscription } from '../billing/fixtures.js';
import { PRICE_MONTHLY, stripeEnv, WEBHOOK_SECRET } from '../billing/helpers.js';
import { austin, inOneRateWindow } from '../support/app.js';
import {
  type ApiProcess,
  createPostgresDatabase,
  signUpOn,
  startApiProcess,
  type TempDatabase,
} from './processes.js';

const serverUrl = testDatabaseUrl();

describe.skipIf(!serverUrl)('two API processes on one Postgres', () => {
  let database: TempDatabase;
  let a: ApiProcess;
  let b: ApiProcess;
  let cookie: string;
  let userId: string;
  const email = `two-processes-${Date.now()}@example.com`;
  const password = 'correct horse';

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl ?? '');
    const env = {
      DATABASE_URL: database.url,
      // the search spending is what is tested, not the analysis rate limit
      RATE_LIMIT_ANALYSES_PER_MINUTE: '1000',
      ...stripeEnv(),
      APP_URL: 'http://localhost:3000',
    };
    // one after the other: the first applies the migrations and imports the market data
    a = await startApiProcess(env);
    b = await startApiProcess(env);
    ({ cookie, userId } = await signUpOn(a.url, {
      firstname: 'Two',
      lastname: 'Processes',
      email,
      password,
    }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  }, 60_000);

  const post = (base: string, path: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('knows a session made on one process on the other', async () => {
    const res = await fetch(`${b.url}/api/auth/me`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it('lets exactly 5 of 100 simultaneous analyses across both through for a user with 5 searches', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(i % 2 === 0 ? a.url : b.url, '/api/create_property', austin, { cookie }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(95);
  }, 120_000);

  it('counts log-in attempts made on both processes against one limit', async () => {
    await inOneRateWindow(15 * MINUTE, 30_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await post(i % 2 === 0 ? a.url : b.url, '/api/auth/login', {
        email,
        password: 'wrong password',
      });
      statuses.push(res.status);
    }
    // 5 per (email, address) in 15 minutes: the 6th is refused, whichever process it reaches
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);

  it('applies one webhook delivered to both processes at once exactly once', async () => {
    const event = stripeEvent(
      'customer.subscription.created',
      subscription({
        id: 'sub_two_processes',
        customer: 'cus_two_processes',
        priceId: PRICE_MONTHLY,
        userId,
        periodEnd: new Date(Date.now() + 30 * 86_400_000),
      }),
      new Date(),
    );
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliver = (base: string) =>
      fetch(`${base}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const [ra, rb] = await Promise.all([deliver(a.url), deliver(b.url)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    // a child's log reaches us through a pipe, possibly after its answer: wait for both lines
    const outcomesOf = () =>
      [...a.lines, ...b.lines]
        .filter((line) => line.includes(event.id))
        .map((line) => JSON.parse(line).outcome as string)
        .sort();
    for (let i = 0; i < 50 && outcomesOf().length < 2; i += 1) await new Promise((r) => setTimeout(r, 100));
    const outcomes = outcomesOf();
    expect(outcomes).toEqual(['applied', 'duplicate']);
    const me = (await (await fetch(`${b.url}/api/auth/me`, { headers: { cookie } })).json()) as {
      user: { subscriptionStatus: string };
    };
    expect(me.user.subscriptionStatus).toBe('active');
  });
});
