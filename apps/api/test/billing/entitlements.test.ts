/**
 * The subscription check rides on the session lookup (one query a request): the lookup must say
 * "subscribed" exactly when the entitlement rule does, and payFor must trust it only for the
 * user it was read for.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionAtLookup } from '../../src/auth/plugin.js';
import { sessionStore } from '../../src/auth/sessions.js';
import { usersRepository } from '../../src/auth/users.js';
import { createEntitlements } from '../../src/billing/entitlements.js';
import type { DbHandle } from '../../src/db/client.js';
import { subscriptions, users } from '../../src/db/schema.js';
import { createTestDatabase } from '../../src/db/testing.js';
import { DATABASE_KINDS } from '../support/app.js';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('subscription check in the session lookup on %s', (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(async () => database?.close());

  async function userWith(subscription?: { status: string; current_period_end: Date | null }) {
    const user = await usersRepository(database.db).insert({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: `ada-${randomUUID()}@example.com`,
      passwordHash: null,
      emailVerified: true,
      googleId: null,
    });
    if (subscription) {
      await database.db
        .insert(subscriptions)
        .values({ id: `sub_${randomUUID()}`, user_id: user.id, ...subscription });
    }
    const { token } = await sessionStore(database.db).create(user.id);
    return { id: user.id, token };
  }

  const freeSearches = async (id: string) =>
    (await database.db.select({ n: users.free_searches }).from(users).where(eq(users.id, id)))[0]?.n;

  it.each([
    ['no subscription', undefined, false],
    ['active, no period end', { status: 'active', current_period_end: null }, true],
    [
      'trialing, period ends tomorrow',
      { status: 'trialing', current_period_end: new Date(Date.now() + DAY) },
      true,
    ],
    ['active, period ended', { status: 'active', current_period_end: new Date(Date.now() - 1_000) }, false],
    ['canceled', { status: 'canceled', current_period_end: new Date(Date.now() + DAY) }, false],
    ['past_due', { status: 'past_due', current_period_end: new Date(Date.now() + DAY) }, false],
  ])('%s → subscribed %s, as isSubscriber says', async (_, subscription, expected) => {
    const user = await userWith(subscription);
    const validated = await sessionStore(database.db).validate(user.token);
    expect(validated?.subscribed).toBe(expected);
    expect(await createEntitlements(database.db).isSubscriber(user.id)).toBe(expected);
  });

  // these tests are about who pays: the analysis kept is none
  const keep = async () => null;

  it('spends nothing for a subscriber the lookup saw, without asking again', async () => {
    const user = await userWith({ status: 'active', current_period_end: null });
    const { pass } = await createEntitlements(database.db).payFor(
      user.id,
      { userId: user.id, active: true },
      keep,
    );
    expect(pass).toEqual({ kind: 'subscriber' });
    expect(await freeSearches(user.id)).toBe(5);
  });

  it("reads the user's own subscription when the lookup was about someone else", async () => {
    const subscriber = await userWith({ status: 'active', current_period_end: null });
    const free = await userWith();
    const entitlements = createEntitlements(database.db);
    const passOf = async (userId: string, known: SubscriptionAtLookup | null) =>
      (await entitlements.payFor(userId, known, keep)).pass;
    expect(await passOf(free.id, { userId: subscriber.id, active: true })).toEqual({
      kind: 'free',
      remaining: 4,
    });
    expect(await passOf(subscriber.id, { userId: free.id, active: false })).toEqual({ kind: 'subscriber' });
    expect(await passOf(subscriber.id, null)).toEqual({ kind: 'subscriber' });
  });
});
