/**
 * Billing for signed-in users: start a checkout (one provider customer per user, created once),
 * open the billing portal, and read the subscription that is running now.
 */

import type { SessionUser } from '@sfr/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { subscriptions, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { isLiveSubscription } from './live-subscription.js';
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

/** A whole checkout or portal request's provider calls answer within this, inside the web's 15 s. */
export const PROVIDER_DEADLINE_MS = 12_000;

class ProviderDeadlineError extends Error {
  override readonly name = 'ProviderDeadlineError';
}

export function createBillingService({ db, provider, prices, appUrl, log }: BillingServiceOptions) {
  /**
   * Runs a provider call; its failure (or no answer by `deadline`) becomes a 502 with a message for
   * users, and the log gets the error scrubbed of keys.
   */
  async function callProvider<T>(
    what: string,
    message: string,
    call: () => Promise<T>,
    deadline = Date.now() + PROVIDER_DEADLINE_MS,
  ): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ProviderDeadlineError(`no answer within ${PROVIDER_DEADLINE_MS} ms`)),
        Math.max(0, deadline - Date.now()),
      );
    });
    try {
      return await Promise.race([call(), late]);
    } catch (err) {
      log.error({ err: scrubbedError(err), provider: provider.mode }, `billing provider failed: ${what}`);
      throw new AppError(502, 'BILLING_PROVIDER_ERROR', message);
    } finally {
      clearTimeout(timer);
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
  async function customerFor(user: SessionUser, deadline: number): Promise<string> {
    const existing = await storedCustomer(user.id);
    if (existing) return existing;
    const created = await callProvider(
      'create customer',
      BILLING_MESSAGES.checkoutFailed,
      () => provider.createCustomer({ userId: user.id, email: user.email, name: user.displayName }),
      deadline,
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
      .where(and(eq(subscriptions.user_id, userId), isLiveSubscription()))
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
    current,
    storedCustomer,

    /**
     * The URL of a hosted checkout for `plan`. A checkout the user left open for the same plan is
     * resumed (its URL again); one for the other plan is ended and replaced, so a user who changed
     * their mind never waits for it to expire. 409 when the user already subscribes (one live
     * subscription per user; a payment that slips through anyway, from two tabs at once, is
     * cancelled by the subscription sync). All provider calls share one deadline.
     */
    async checkout(user: SessionUser, plan: Plan): Promise<string> {
      if (await current(user.id))
        throw new AppError(409, 'ALREADY_SUBSCRIBED', BILLING_MESSAGES.alreadySubscribed);
      const deadline = Date.now() + PROVIDER_DEADLINE_MS;
      const customerId = await customerFor(user, deadline);
      const open = await callProvider(
        'list open checkout sessions',
        BILLING_MESSAGES.checkoutFailed,
        () => provider.openCheckout(customerId),
        deadline,
      );
      if (open?.plan === plan) return open.url;
      if (open) {
        await callProvider(
          'expire checkout session',
          BILLING_MESSAGES.checkoutFailed,
          () => provider.expireCheckout(open.id),
          deadline,
        );
      }
      return callProvider(
        'create checkout session',
        BILLING_MESSAGES.checkoutFailed,
        () =>
          provider.createCheckoutSession({
            customerId,
            userId: user.id,
            plan,
            priceId: prices[plan],
            successUrl: `${appUrl}/profile?checkout=success`,
            cancelUrl: `${appUrl}/profile`,
          }),
        deadline,
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

/** Secret keys as Stripe writes them (sk_live_…, rk_test_…, whsec_…), for scrubbing. */
const STRIPE_SECRET = /\b(?:sk|rk|pk)_(?:live|test)_\w+|\bwhsec_[\w+/=]+/g;

/** Replaces any Stripe key in `text` with [redacted]. */
export function scrubSecrets(text: string): string {
  return text.replace(STRIPE_SECRET, '[redacted]');
}

/**
 * What the log keeps of a provider error: its kind, codes, request id and message with any key
 * scrubbed; never the raw error, whose request headers and `raw` body can carry the secret key.
 */
export function scrubbedError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: scrubSecrets(String(err)) };
  const e = err as Error & { type?: unknown; code?: unknown; statusCode?: unknown; requestId?: unknown };
  const scrubbed: Record<string, unknown> = { name: e.name, message: scrubSecrets(e.message) };
  for (const key of ['type', 'code', 'statusCode', 'requestId'] as const) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') scrubbed[key] = e[key];
  }
  return scrubbed;
}
