/**
 * The user record's subscription fields (product spec §3: subscriptionStatus, subscriptionExpiration,
 * autoRenewal), worked out from all of the user's subscriptions so that the order events arrive in
 * cannot leave them inconsistent.
 */
import { INITIAL_SUBSCRIPTION_STATUS, isActiveSubscriptionStatus } from '@sfr/contracts';
import type { subscriptions, users } from '../db/schema.js';

/** The columns of a `subscriptions` row this summary reads. */
export type SubscriptionState = Pick<
  typeof subscriptions.$inferSelect,
  'status' | 'current_period_end' | 'cancel_at_period_end' | 'updated_by_event_at' | 'updated_at'
>;

/** The `users` columns the summary writes. */
export type UserSubscriptionFields = Pick<
  typeof users.$inferSelect,
  'subscription_status' | 'subscription_expiration' | 'auto_renewal'
>;

/**
 * Whether a subscription grants unlimited analysis now: trialing or active, and its period not over
 * (the rule `isLiveSubscription` in live-subscription.ts runs in SQL, for rows in memory).
 */
export function isCurrent(s: Pick<SubscriptionState, 'status' | 'current_period_end'>, now: Date): boolean {
  return (
    isActiveSubscriptionStatus(s.status) &&
    (s.current_period_end === null || s.current_period_end.getTime() > now.getTime())
  );
}

const lastChange = (s: SubscriptionState) => (s.updated_by_event_at ?? s.updated_at).getTime();
const periodEndOrInfinity = (s: SubscriptionState) =>
  s.current_period_end?.getTime() ?? Number.POSITIVE_INFINITY;

/**
 * The subscription the user record describes: a current one (the one running longest) if any,
 * else the most recently changed. Its status is Stripe's ('active', 'trialing', 'canceled',
 * 'past_due'…); the expiration is its current period end; it renews automatically only while it is
 * active and not set to cancel at period end. No subscriptions: 'NOT PAID', null, false.
 *
 * @example userSubscriptionFields([{ status: 'active', current_period_end: may1, cancel_at_period_end: true, … }], april1)
 *   → { subscription_status: 'active', subscription_expiration: may1, auto_renewal: false }
 */
export function userSubscriptionFields(
  rows: readonly SubscriptionState[],
  now: Date,
): UserSubscriptionFields {
  const current = rows
    .filter((s) => isCurrent(s, now))
    .sort((a, b) => periodEndOrInfinity(b) - periodEndOrInfinity(a));
  const chosen = current[0] ?? [...rows].sort((a, b) => lastChange(b) - lastChange(a))[0];
  if (!chosen) {
    return {
      subscription_status: INITIAL_SUBSCRIPTION_STATUS,
      subscription_expiration: null,
      auto_renewal: false,
    };
  }
  return {
    subscription_status: chosen.status,
    subscription_expiration: chosen.current_period_end,
    auto_renewal: isActiveSubscriptionStatus(chosen.status) && !chosen.cancel_at_period_end,
  };
}
