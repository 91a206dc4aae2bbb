/**
 * Who may run an analysis: subscribers (a subscription trialing or active) without limit, everyone
 * else while free searches last. Spending is one conditional UPDATE, never read-then-write, so
 * concurrent requests can never spend more searches than the user has (docs/decisions/0002).
 */
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@sfr/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { subscriptions, users } from '../db/schema.js';
import { AppError } from '../errors.js';

export const OUT_OF_FREE_SEARCHES_MESSAGE =
  'You have used all your free searches. Subscribe to keep analyzing properties.';

export type SearchPass = { kind: 'subscriber' } | { kind: 'free'; remaining: number };

export function createEntitlements(db: Database) {
  async function isSubscriber(userId: string): Promise<boolean> {
    const rows = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.user_id, userId),
          inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
          sql`(${subscriptions.current_period_end} IS NULL OR ${subscriptions.current_period_end} > now())`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  return {
    isSubscriber,

    /** Lets one analysis through, spending a free search unless the user subscribes; 402 when none are left. */
    async spendSearch(userId: string): Promise<SearchPass> {
      if (await isSubscriber(userId)) return { kind: 'subscriber' };
      const [row] = await db
        .update(users)
        .set({ free_searches: sql`${users.free_searches} - 1`, updated_at: sql`now()` })
        .where(and(eq(users.id, userId), gt(users.free_searches, 0)))
        .returning({ remaining: users.free_searches });
      if (!row) throw new AppError(402, 'OUT_OF_FREE_SEARCHES', OUT_OF_FREE_SEARCHES_MESSAGE);
      return { kind: 'free', remaining: row.remaining };
    },
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
