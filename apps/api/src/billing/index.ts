/**
 * Billing, wired from the config: Stripe when STRIPE_SECRET_KEY is set, else the offline test mode
 * (its checkout and portal are pages of this API, and nothing is charged).
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
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY } = config;
  if (STRIPE_SECRET_KEY) {
    // loadConfig refuses a key without these; this only tells TypeScript so
    if (!STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_MONTHLY || !STRIPE_PRICE_YEARLY) {
      throw new Error(
        'STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY',
      );
    }
    provider = stripeProvider({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
    prices = { monthly: STRIPE_PRICE_MONTHLY, yearly: STRIPE_PRICE_YEARLY };
  } else {
    testMode = testModeProvider({ appUrl, basePath: BILLING_PREFIX });
    provider = testMode;
    prices = TEST_PRICES;
    if (config.NODE_ENV === 'production') {
      log.warn(
        {},
        'STRIPE_SECRET_KEY is not set: billing runs in TEST MODE and anyone can subscribe without paying',
      );
    }
  }
  const sync = createSubscriptionSync({ db, prices, log });
  const service = createBillingService({ db, provider, prices, appUrl, log });
  return { provider, service, sync, testMode, appUrl };
}
