/**
 * The offline billing provider, used when STRIPE_SECRET_KEY is not set. Checkout and the portal are
 * pages of this API (`routes.ts`), clearly marked TEST MODE; completing a checkout or cancelling in
 * the portal produces Stripe-shaped events that the same subscription sync as the webhook applies.
 * Open sessions live in memory (a restart forgets them; start again from the profile).
 */
import type { BillingProvider, NewCheckout, NewPortal, Plan } from '../provider.js';
import { CHECKOUT_OPEN_MINUTES, WebhookSignatureError } from '../provider.js';
import { testId } from './events.js';

const CHECKOUT_TTL_MS = CHECKOUT_OPEN_MINUTES * 60 * 1_000;
const PORTAL_TTL_MS = 60 * 60 * 1_000;

export interface TestCheckoutSession extends NewCheckout {
  id: string;
  expiresAt: number;
}

export interface TestPortalSession extends NewPortal {
  id: string;
  expiresAt: number;
}

export interface TestModeProvider extends BillingProvider {
  readonly mode: 'test';
  /** An open checkout session, or undefined (unknown, expired, completed or cancelled). */
  checkoutSession(id: string): TestCheckoutSession | undefined;
  /** Closes a checkout session so it cannot be used twice; returns it if it was open. */
  closeCheckoutSession(id: string): TestCheckoutSession | undefined;
  portalSession(id: string): TestPortalSession | undefined;
}

export const TEST_PRICES: Readonly<Record<Plan, string>> = {
  monthly: 'price_test_monthly',
  yearly: 'price_test_yearly',
};

export interface TestModeProviderOptions {
  /** where the pages are reached: `${appUrl}${basePath}/test-checkout/…` */
  appUrl: string;
  basePath: string;
  now?: () => number;
}

export function testModeProvider({
  appUrl,
  basePath,
  now = Date.now,
}: TestModeProviderOptions): TestModeProvider {
  const checkouts = new Map<string, TestCheckoutSession>();
  const portals = new Map<string, TestPortalSession>();

  function live<T extends { expiresAt: number }>(sessions: Map<string, T>, id: string): T | undefined {
    const session = sessions.get(id);
    if (session && session.expiresAt > now()) return session;
    sessions.delete(id);
    return undefined;
  }

  function prune(sessions: Map<string, { expiresAt: number }>) {
    for (const [id, session] of sessions) if (session.expiresAt <= now()) sessions.delete(id);
  }

  return {
    mode: 'test',

    async createCustomer() {
      return testId('cus');
    },

    async createCheckoutSession(input) {
      prune(checkouts);
      const id = testId('cs');
      checkouts.set(id, { ...input, id, expiresAt: now() + CHECKOUT_TTL_MS });
      return `${appUrl}${basePath}/test-checkout/${id}`;
    },

    async hasOpenCheckout(customerId) {
      prune(checkouts);
      return [...checkouts.values()].some((session) => session.customerId === customerId);
    },

    async createPortalSession(input) {
      prune(portals);
      const id = testId('bps');
      portals.set(id, { ...input, id, expiresAt: now() + PORTAL_TTL_MS });
      return `${appUrl}${basePath}/test-portal/${id}`;
    },

    verifyWebhook() {
      throw new WebhookSignatureError(
        'billing runs in test mode (no STRIPE_SECRET_KEY): webhooks are not accepted',
      );
    },

    checkoutSession: (id) => live(checkouts, id),

    closeCheckoutSession(id) {
      const session = live(checkouts, id);
      checkouts.delete(id);
      return session;
    },

    portalSession: (id) => live(portals, id),
  };
}
