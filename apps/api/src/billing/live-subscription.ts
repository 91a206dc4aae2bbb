/**
 * The one definition, in SQL, of a subscription that gives access now: trialing or active, its
 * period not over (a row without a period end is one the provider has not dated yet). Entitlements,
 * the account's current subscription and the one-subscription-per-user rule all ask it.
 */
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@sfr/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { subscriptions } from '../db/schema.js';

export function isLiveSubscription(): SQL {
  return sql`(${inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES])} and (${subscriptions.current_period_end} is null or ${subscriptions.current_period_end} > now()))`;
}
