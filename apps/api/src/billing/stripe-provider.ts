/**
 * The Stripe adapter: customers, Checkout Sessions in subscription mode, billing portal sessions
 * and webhook signature checks, through the official SDK.
 */
import Stripe from 'stripe';
import { type BillingProvider, CHECKOUT_OPEN_MINUTES, WebhookSignatureError } from './provider.js';

/** How far ahead of our clock a webhook's signature may be dated (clock skew), in ms. */
export const WEBHOOK_CLOCK_SKEW_MS = 60_000;

/**
 * Every Stripe call is bounded: 3 s per attempt and 2 retries (with the SDK's short back-off) stay
 * under 12 s, and the billing service also gives a whole checkout 12 s, inside the 15 s the web waits.
 */
export const STRIPE_TIMEOUT_MS = 3_000;
export const STRIPE_MAX_RETRIES = 2;

/** The Stripe adapter, plus cancelling a subscription (a second one a subscribed user paid for). */
export interface StripeBillingProvider extends BillingProvider {
  cancelSubscription(subscriptionId: string): Promise<void>;
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 — tests point the SDK at a local stand-in; default api.stripe.com */
  apiBase?: string | undefined;
}

/** The SDK's host/port/protocol settings for an API base URL. */
export function stripeConnection(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function stripeProvider({
  secretKey,
  webhookSecret,
  apiBase,
}: StripeProviderOptions): StripeBillingProvider {
  const stripe = new Stripe(secretKey, {
    ...stripeConnection(apiBase),
    // POSTs are retried with the SDK's idempotency keys, so a retry never creates a second session
    maxNetworkRetries: STRIPE_MAX_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'SFR Analyst' },
  });

  return {
    mode: 'stripe',

    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { user_id: userId } },
        // two checkouts started at once by the same user get the same customer back
        { idempotencyKey: `sfr-customer-${userId}` },
      );
      return customer.id;
    },

    async createCheckoutSession({ customerId, userId, plan, priceId, successUrl, cancelUrl }) {
      const metadata = { user_id: userId, plan };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price: priceId, quantity: 1 }],
        allow_promotion_codes: true,
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: userId,
        // open for Stripe's minimum: while it is open no second checkout starts (service.ts)
        expires_at: Math.floor(Date.now() / 1_000) + CHECKOUT_OPEN_MINUTES * 60,
        metadata,
        // copied onto the subscription, so its events name the user and plan too
        subscription_data: { metadata },
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return session.url;
    },

    async openCheckout(customerId) {
      const open = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 1 });
      const session = open.data[0];
      if (!session?.url) return null;
      const plan = session.metadata?.plan;
      return {
        id: session.id,
        url: session.url,
        plan: plan === 'monthly' || plan === 'yearly' ? plan : null,
      };
    },

    async expireCheckout(id) {
      await stripe.checkout.sessions.expire(id);
    },

    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(
        subscriptionId,
        {},
        { idempotencyKey: `sfr-cancel-${subscriptionId}` },
      );
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      // Stripe's SDK refuses a signature older than its tolerance but not one from the future
      const signedAt = Number(/(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1]);
      if (Number.isFinite(signedAt) && signedAt * 1_000 > Date.now() + WEBHOOK_CLOCK_SKEW_MS) {
        throw new WebhookSignatureError('the signature is dated in the future');
      }
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (e) {
        // a wrong or stale signature, or (signed but) not JSON: either way nothing to act on
        throw new WebhookSignatureError(e instanceof Error ? e.message : String(e));
      }
    },
  };
}
