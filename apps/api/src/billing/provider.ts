/**
 * The payment provider behind billing, one small interface with two adapters: Stripe
 * (`stripe-provider.ts`) and the offline test mode (`test-mode/`), chosen by config in `index.ts`.
 */
import { PLANS, type Plan } from '@sfr/contracts';

export { PLANS, type Plan } from '@sfr/contracts';

export type BillingMode = 'stripe' | 'test';

/** The provider's price id of each plan. */
export type PlanPrices = Readonly<Record<Plan, string>>;

export interface NewCustomer {
  userId: string;
  email: string;
  name: string;
}

export interface NewCheckout {
  customerId: string;
  userId: string;
  plan: Plan;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

/** A checkout the user started and has not finished: its page, and the plan it sells. */
export interface OpenCheckout {
  id: string;
  url: string;
  /** null when the provider's session does not say (one not started by this app) */
  plan: Plan | null;
}

export interface NewPortal {
  customerId: string;
  userId: string;
  returnUrl: string;
}

/** How long a checkout stays open; Stripe's minimum, so a second checkout waits at most this long. */
export const CHECKOUT_OPEN_MINUTES = 30;

export interface BillingProvider {
  readonly mode: BillingMode;
  /** Creates the provider's customer record for a user; returns its id. */
  createCustomer(input: NewCustomer): Promise<string>;
  /** A hosted checkout for a subscription to one plan; returns the URL to send the browser to. */
  createCheckoutSession(input: NewCheckout): Promise<string>;
  /** The customer's checkout session still open (neither completed nor expired), if any. */
  openCheckout(customerId: string): Promise<OpenCheckout | null>;
  /** Ends an open checkout session, so it cannot be paid (the user chose another plan). */
  expireCheckout(id: string): Promise<void>;
  /** A hosted page where the customer manages the subscription; returns its URL. */
  createPortalSession(input: NewPortal): Promise<string>;
  /**
   * The event a webhook delivered, once its signature over the raw body checks out; throws
   * `WebhookSignatureError` when it does not (or when this provider takes no webhooks).
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): unknown;
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/** The plan a price id belongs to, or null for a price this app does not sell. */
export function planOfPrice(prices: PlanPrices, priceId: string | null | undefined): Plan | null {
  return PLANS.find((plan) => prices[plan] === priceId) ?? null;
}
