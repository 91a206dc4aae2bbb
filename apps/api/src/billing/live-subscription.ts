/**
 * The one definition, in SQL, of a subscription that gives access now: trialing or active, its
 * period not over (a row without a period end is one the provider has not dated yet). Entitlements,
 * the account's current subscription and the one-subscription-per-user rule all ask it.
 */
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@sfr/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { subscriptions } from '../db/schema.js';

export function isLiveSubscription(): SQL {
  return sql`(${inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES])} and (${subscriptions.current_period_end} is null or ${subscriptions.current_period_end} > now()))`;
}

/** Whether `userId` has a live subscription that will renew (not set to end at its period's end). */
export async function hasRenewingSubscription(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.user_id, userId),
        isLiveSubscription(),
        eq(subscriptions.cancel_at_period_end, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
