/**
 * Who may run an analysis: subscribers (a subscription trialing or active) without limit, everyone
 * else while free searches last. Spending is one conditional UPDATE, never read-then-write, so
 * concurrent requests can never spend more searches than the user has (docs/decisions/0002).
 *
 * The subscription check is also part of the session lookup (`activeSubscriptionExists`), so a
 * signed-in request already knows the answer, read from the database at the start of that request:
 * `payFor` then skips its own read. Nothing is cached between requests — a subscription that
 * ends, or a period end moved into the past, bites on the next request.
 */
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SubscriptionAtLookup } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { subscriptions, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { isLiveSubscription } from './live-subscription.js';

export const OUT_OF_FREE_SEARCHES_MESSAGE =
  'You have used all your free searches. Subscribe to keep analyzing properties.';

export type SearchPass = { kind: 'subscriber' } | { kind: 'free'; remaining: number };

/** SQL true when `userId` has a subscription trialing or active whose period has not ended. */
export function activeSubscriptionExists(userId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${subscriptions} where ${and(
    eq(subscriptions.user_id, userId),
    isLiveSubscription(),
  )})`;
}

export function createEntitlements(db: Database) {
  // Prepared once: the SQL is built here, not on every request.
  const subscribedQuery = db
    .select({ subscribed: activeSubscriptionExists(users.id) })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('entitlements_subscribed');
  // not prepared: it runs in a transaction, with the analysis it pays for
  const spend = (executor: Database, userId: string) =>
    executor
      .update(users)
      .set({ free_searches: sql`${users.free_searches} - 1`, updated_at: sql`now()` })
      .where(and(eq(users.id, userId), gt(users.free_searches, 0)))
      .returning({ remaining: users.free_searches });

  const remainingQuery = db
    .select({ remaining: users.free_searches })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('entitlements_searches_left');

  async function isSubscriber(userId: string): Promise<boolean> {
    const [row] = await subscribedQuery.execute({ userId });
    return row?.subscribed === true;
  }

  async function subscribed(userId: string, known: SubscriptionAtLookup | null): Promise<boolean> {
    return known?.userId === userId ? known.active : isSubscriber(userId);
  }

  return {
    isSubscriber,

    /**
     * 402 before any provider is asked when a non-subscriber has no search left, so a user who
     * cannot pay for an analysis never makes the house pay for its lookups. Only a check: the
     * search is spent by `payFor` once the analysis succeeds. Says how the user pays: a subscriber
     * counts no searches, so nothing need tell them one was not counted.
     */
    async ensureSearchLeft(
      userId: string,
      known: SubscriptionAtLookup | null = null,
    ): Promise<SearchPass['kind']> {
      if (await subscribed(userId, known)) return 'subscriber';
      const [row] = await remainingQuery.execute({ userId });
      if (!row || row.remaining <= 0) {
        throw new AppError(402, 'OUT_OF_FREE_SEARCHES', OUT_OF_FREE_SEARCHES_MESSAGE);
      }
      return 'free';
    },

    /**
     * Lets one analysis through: spends a free search and stores what it paid for (`keep`) in one
     * transaction, so a search is never spent on an analysis that was not kept, nor one kept unpaid;
     * 402 when none are left. `spends: false` keeps it without spending (an analysis with nothing
     * but the model's defaults behind it). A subscriber spends nothing, so theirs is stored
     * directly. `known` is what this request's session lookup read (`request.subscriptionAtLookup`); without it, or when
     * it is about another user, the subscription is read here.
     */
    async payFor<T>(
      userId: string,
      known: SubscriptionAtLookup | null,
      keep: (executor: Database) => Promise<T>,
      { spends = true }: { spends?: boolean } = {},
    ): Promise<{ pass: SearchPass; kept: T }> {
      if (await subscribed(userId, known)) return { pass: { kind: 'subscriber' }, kept: await keep(db) };
      if (!spends) {
        const kept = await keep(db);
        const [row] = await remainingQuery.execute({ userId });
        return { pass: { kind: 'free', remaining: row?.remaining ?? 0 }, kept };
      }
      return db.transaction(async (tx) => {
        const [row] = await spend(tx, userId);
        if (!row) throw new AppError(402, 'OUT_OF_FREE_SEARCHES', OUT_OF_FREE_SEARCHES_MESSAGE);
        return { pass: { kind: 'free', remaining: row.remaining }, kept: await keep(tx) };
      });
    },
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
