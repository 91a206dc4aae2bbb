/**
 * Billing, wired from the config: Stripe when STRIPE_SECRET_KEY is set (and BILLING_MODE is not
 * `test`), else the offline test mode (its checkout and portal are pages of this API, and nothing is
 * charged). loadConfig refuses production without a key unless BILLING_MODE=test.
 */
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { BillingProvider, PlanPrices } from './provider.js';
import { type BillingService, createBillingService } from './service.js';
import { stripeProvider } from './stripe-provider.js';
import { createSubscriptionSync, type SubscriptionSync } from './subscription-sync.js';
import { TEST_PRICES, type TestModeProvider, testModeProvider } from './test-mode/provider.js';

/** Where the billing routes are mounted; the test mode's page URLs start with it. */
export const BILLING_PREFIX = '/api/billing';

export interface Billing {
  provider: BillingProvider;
  service: BillingService;
  sync: SubscriptionSync;
  /** Cancels a subscription at the provider (a second one a subscribed user paid for); null in test mode, whose pages cancel it themselves */
  cancelSubscription: ((subscriptionId: string) => Promise<void>) | null;
  /** the test-mode provider, whose pages the routes then serve; null with Stripe */
  testMode: TestModeProvider | null;
  appUrl: string;
}

export interface BillingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function createBilling({
  db,
  config,
  log,
}: {
  db: Database;
  config: Config;
  log: BillingLog;
}): Billing {
  const appUrl = config.APP_URL;
  let provider: BillingProvider;
  let testMode: TestModeProvider | null = null;
  let prices: PlanPrices;
  let cancelSubscription: Billing['cancelSubscription'] = null;
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY } = config;
  if (STRIPE_SECRET_KEY && config.BILLING_MODE !== 'test') {
    // loadConfig refuses a key without these; this only tells TypeScript so
    if (!STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_MONTHLY || !STRIPE_PRICE_YEARLY) {
      throw new Error(
        'STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY',
      );
    }
    const stripe = stripeProvider({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
    provider = stripe;
    cancelSubscription = (id) => stripe.cancelSubscription(id);
    prices = { monthly: STRIPE_PRICE_MONTHLY, yearly: STRIPE_PRICE_YEARLY };
  } else {
    testMode = testModeProvider({ db, appUrl, basePath: BILLING_PREFIX });
    provider = testMode;
    prices = TEST_PRICES;
    if (config.NODE_ENV === 'production') {
      log.warn({}, 'BILLING_MODE=test: billing runs in TEST MODE and anyone can subscribe without paying');
    }
  }
  const sync = createSubscriptionSync({ db, prices, log });
  const service = createBillingService({ db, provider, prices, appUrl, log });
  return { provider, service, sync, cancelSubscription, testMode, appUrl };
}
