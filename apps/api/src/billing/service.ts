/**
 * Billing for signed-in users: start a checkout (one provider customer per user, created once),
 * open the billing portal, and read the subscription that is running now.
 */

import type { SessionUser } from '@sfr/contracts';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@sfr/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { subscriptions, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { BILLING_MESSAGES } from './messages.js';
import { type BillingProvider, type Plan, type PlanPrices, planOfPrice } from './provider.js';

export interface BillingServiceOptions {
  db: Database;
  provider: BillingProvider;
  prices: PlanPrices;
  /** the web app's public URL: checkout returns to its /profile, and the portal only to its pages */
  appUrl: string;
  log: { error(obj: object, msg: string): void };
}

/** A subscription that grants unlimited analysis now. */
export interface CurrentSubscription {
  id: string;
  status: string;
  plan: Plan | null;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Whether `url` is a page of the app at `appUrl` (same scheme, host and port). */
export function isSameOrigin(url: string, appUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

export function createBillingService({ db, provider, prices, appUrl, log }: BillingServiceOptions) {
  /** Runs a provider call; its failure becomes a 502 with a message for users, the details go to the log. */
  async function callProvider<T>(what: string, message: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      log.error({ err, provider: provider.mode }, `billing provider failed: ${what}`);
      throw new AppError(502, 'BILLING_PROVIDER_ERROR', message);
    }
  }

  async function storedCustomer(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ customerId: users.stripe_customer_id })
      .from(users)
      .where(eq(users.id, userId));
    return row?.customerId ?? null;
  }

  /** The user's provider customer, created on first use and kept (never a second one). */
  async function customerFor(user: SessionUser): Promise<string> {
    const existing = await storedCustomer(user.id);
    if (existing) return existing;
    const created = await callProvider('create customer', BILLING_MESSAGES.checkoutFailed, () =>
      provider.createCustomer({ userId: user.id, email: user.email, name: user.displayName }),
    );
    const [stored] = await db
      .update(users)
      .set({ stripe_customer_id: created, updated_at: sql`now()` })
      .where(and(eq(users.id, user.id), isNull(users.stripe_customer_id)))
      .returning({ customerId: users.stripe_customer_id });
    // a concurrent request stored one first: use that one (Stripe's idempotency key made them the same)
    return stored?.customerId ?? (await storedCustomer(user.id)) ?? created;
  }

  async function current(userId: string): Promise<CurrentSubscription | null> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.user_id, userId),
          inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
          sql`(${subscriptions.current_period_end} is null or ${subscriptions.current_period_end} > now())`,
        ),
      )
      .orderBy(sql`${subscriptions.current_period_end} desc nulls first`, desc(subscriptions.updated_at))
      .limit(1);
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      plan: planOfPrice(prices, row.price_id),
      priceId: row.price_id,
      currentPeriodEnd: row.current_period_end,
      cancelAtPeriodEnd: row.cancel_at_period_end,
    };
  }

  return {
    mode: provider.mode,
    current,
    storedCustomer,

    /** The URL of a hosted checkout for `plan`; 409 when the user already subscribes. */
    async checkout(user: SessionUser, plan: Plan): Promise<string> {
      if (await current(user.id))
        throw new AppError(409, 'ALREADY_SUBSCRIBED', BILLING_MESSAGES.alreadySubscribed);
      const customerId = await customerFor(user);
      return callProvider('create checkout session', BILLING_MESSAGES.checkoutFailed, () =>
        provider.createCheckoutSession({
          customerId,
          userId: user.id,
          plan,
          priceId: prices[plan],
          successUrl: `${appUrl}/profile?checkout=success`,
          cancelUrl: `${appUrl}/profile`,
        }),
      );
    },

    /** The URL of the billing portal, which sends the user back to `returnUrl` (a page of this app). */
    async portal(user: SessionUser, returnUrl: string): Promise<string> {
      if (!isSameOrigin(returnUrl, appUrl)) {
        throw new AppError(400, 'INVALID_RETURN_URL', BILLING_MESSAGES.returnUrlNotOurs, {
          returnUrl: BILLING_MESSAGES.returnUrlNotOurs,
        });
      }
      const customerId = await storedCustomer(user.id);
      if (!customerId) throw new AppError(409, 'NO_BILLING_ACCOUNT', BILLING_MESSAGES.noBillingAccount);
      return callProvider('create portal session', BILLING_MESSAGES.portalFailed, () =>
        provider.createPortalSession({ customerId, userId: user.id, returnUrl }),
      );
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
