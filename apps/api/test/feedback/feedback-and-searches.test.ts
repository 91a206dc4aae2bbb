import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_FREE_SEARCHES_MESSAGE } from '../../src/billing/entitlements.js';
import { subscriptions, users } from '../../src/db/schema.js';
import { signUp } from '../support/accounts.js';
import { austin, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

describe.each(DATABASE_KINDS)('free searches and feedback on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // the search spending is what is tested here, not the analysis rate limit (test/http/rate-limit.test.ts)
    t = await startApp(kind, { RATE_LIMIT_ANALYSES_PER_MINUTE: '100000' });
  }, 60_000);
  afterAll(async () => t.close());

  const analyse = (cookie?: string, payload: object = austin) =>
    t.app.inject({ method: 'POST', url: '/api/create_property', headers: cookie ? { cookie } : {}, payload });
  const freeSearches = async (id: string) =>
    (await t.database.db.select({ n: users.free_searches }).from(users).where(eq(users.id, id)))[0]?.n;

  it('asks a guest to sign in', async () => {
    const res = await analyse();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('spends one search per analysis, none for an invalid ZIP or an update, then answers 402', async () => {
    const { cookie, user } = await signUp(t.app);
    expect(await freeSearches(user.id)).toBe(5);
    expect((await analyse(cookie, { ...austin, zipcode: '99999' })).statusCode).toBe(400);
    expect(await freeSearches(user.id)).toBe(5);
    let last: Awaited<ReturnType<typeof analyse>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await analyse(cookie);
      expect(last.statusCode).toBe(200);
      expect(last.headers['x-free-searches-remaining']).toBe(String(4 - i));
    }
    const { analysis_id, property } = last?.json() ?? {};
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/update_metrics',
          headers: { cookie },
          payload: { analysis_id, property },
        })
      ).statusCode,
    ).toBe(200);
    const out = await analyse(cookie);
    expect(out.statusCode).toBe(402);
    expect(out.json()).toEqual({ error: OUT_OF_FREE_SEARCHES_MESSAGE, code: 'OUT_OF_FREE_SEARCHES' });
    expect(await freeSearches(user.id)).toBe(0);
    // an address that would fail after subscribing says so first (QA: a ZIP in another state was a 402)
    const wrongState = await analyse(cookie, { ...austin, state_code: 'IL' });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json()).toMatchObject({
      code: 'INVALID_MARKET_INPUT',
      error: 'ZIP 78701 is in TX, not IL.',
    });
    expect((await analyse(cookie, { ...austin, zipcode: '99999' })).json().code).toBe('INVALID_ZIP');
  });

  it('lets exactly 5 of 100 simultaneous analyses through and ends at 0', async () => {
    const { cookie, user } = await signUp(t.app);
    const results = await Promise.all(Array.from({ length: 100 }, () => analyse(cookie)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(95);
    expect(await freeSearches(user.id)).toBe(0);
  }, 60_000);

  it('lets subscribers analyse without limit, until the period ends', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.database.db.update(users).set({ free_searches: 0 }).where(eq(users.id, user.id));
    const id = `sub_${randomUUID()}`;
    await t.database.db.insert(subscriptions).values({
      id,
      user_id: user.id,
      status: 'active',
      current_period_end: new Date(Date.now() + 30 * 86_400_000),
    });
    for (let i = 0; i < 3; i++) expect((await analyse(cookie)).statusCode).toBe(200);
    expect(await freeSearches(user.id)).toBe(0);
    await t.database.db
      .update(subscriptions)
      .set({ current_period_end: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.id, id));
    expect((await analyse(cookie)).statusCode).toBe(402);
  });

  it('stores feedback with comments and a whole rating from 1 to 5', async () => {
    const { cookie } = await signUp(t.app);
    const send = (payload: object, headers: Record<string, string> = { cookie }) =>
      t.app.inject({ method: 'POST', url: '/api/feedback', headers, payload });
    expect((await send({ comments: 'Great tool', rating: 5 })).statusCode).toBe(201);
    const empty = await send({ comments: '   ', rating: 3 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.comments).toBe('Comments are required');
    for (const rating of [0, 6, 2.5, '4', null]) {
      const res = await send({ comments: 'ok', rating });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().fields.rating).toBe('Rating must be a whole number from 1 to 5');
    }
    expect((await send({ comments: 'anon', rating: 4 }, {})).statusCode).toBe(401);
  });
});
