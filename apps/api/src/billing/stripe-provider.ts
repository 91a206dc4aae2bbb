/**
 * The Stripe adapter: customers, Checkout Sessions in subscription mode, billing portal sessions
 * and webhook signature checks, through the official SDK.
 */
import Stripe from 'stripe';
import { type BillingProvider, WebhookSignatureError } from './provider.js';

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
}: StripeProviderOptions): BillingProvider {
  const stripe = new Stripe(secretKey, {
    ...stripeConnection(apiBase),
    // POSTs are retried with the SDK's idempotency keys, so a retry never creates a second session
    maxNetworkRetries: 2,
    timeout: 10_000,
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
        metadata,
        // copied onto the subscription, so its events name the user and plan too
        subscription_data: { metadata },
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return session.url;
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
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (e) {
        // a wrong or stale signature, or (signed but) not JSON: either way nothing to act on
        throw new WebhookSignatureError(e instanceof Error ? e.message : String(e));
      }
    },
  };
}
