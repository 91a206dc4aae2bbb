/** What the billing routes speak. Subscription fields keep Stripe's names, as the spec's subscription record does (§3). */
import { ACTIVE_SUBSCRIPTION_STATUSES, NO_SUBSCRIPTION_STATUS } from './constants.js';
import { z } from './zod.js';

export const PLANS = ['monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];

export const checkoutBodySchema = z.object({
  plan: z.enum(PLANS, { error: 'Plan must be monthly or yearly' }),
});

export const portalBodySchema = z.object({
  returnUrl: z
    .url({ protocol: /^https?$/, error: 'returnUrl must be an http(s) URL' })
    .check(z.maxLength(2_048)),
});

export const redirectResponseSchema = z.object({ url: z.string() });

export const subscriptionResponseSchema = z.union([
  z.object({
    status: z.enum(ACTIVE_SUBSCRIPTION_STATUSES),
    /** null for a price this app does not sell (e.g. one made in the Stripe dashboard) */
    plan: z.nullable(z.enum(PLANS)),
    price_id: z.nullable(z.string()),
    /** ISO 8601 */
    current_period_end: z.nullable(z.string()),
    cancel_at_period_end: z.boolean(),
  }),
  z.object({ status: z.literal(NO_SUBSCRIPTION_STATUS) }),
]);

export type SubscriptionResponse = z.output<typeof subscriptionResponseSchema>;

export const webhookResponseSchema = z.object({ received: z.literal(true) });
