/**
 * The billing tests' app: the real buildApp on a fresh PGlite or Postgres database, with Stripe
 * pointed at a local stand-in (or no Stripe at all, for the test mode), plus sign-up and signed
 * webhook deliveries.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { DbHandle } from '../../src/db/client.js';
import { stripeEvents, subscriptions, users } from '../../src/db/schema.js';
import { createTestDatabase } from '../../src/db/testing.js';
import { FIXTURE_MARKET_DIR } from '../support/app.js';
import { fixtureMarketTemplate } from '../support/market-dirs.js';

export { DATABASE_KINDS } from '../support/app.js';

export const APP_URL = 'https://app.example';
export const WEBHOOK_SECRET = 'whsec_test_billing_secret';
export const PRICE_MONTHLY = 'price_1MonthlyTest';
export const PRICE_YEARLY = 'price_1YearlyTest';

/** Env for Stripe mode against `apiBase` (default: a closed port, so any API call would fail). */
export const stripeEnv = (apiBase = 'http://127.0.0.1:9'): Record<string, string> => ({
  STRIPE_SECRET_KEY: 'sk_test_billing',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
  STRIPE_PRICE_YEARLY: PRICE_YEARLY,
  STRIPE_API_BASE: apiBase,
  APP_URL,
});

export interface BillingTestApp {
  app: FastifyInstance;
  database: DbHandle;
  /** every log line (JSON) the app wrote at info level and above */
  logs: string[];
  close(): Promise<void>;
}

export async function startBillingApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string>,
): Promise<BillingTestApp> {
  const database = await createTestDatabase(kind, fixtureMarketTemplate(env));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-billing-')),
    MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
    ...env,
  });
  const logs: string[] = [];
  const logger = { level: 'info', stream: { write: (line: string) => void logs.push(line) } };
  const app = await buildApp({ config, database, logger });
  return {
    app,
    database,
    logs,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let signups = 0;

/** A new user signed up through the real route (each from its own IP, clear of the sign-up rate limit). */
export async function signUp(app: FastifyInstance) {
  signups += 1;
  const email = `billing${signups}.${Date.now().toString(36)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firstname: 'Ada', lastname: 'Investor', email, password: 'correct horse' },
    remoteAddress: `10.9.${Math.floor(signups / 250)}.${(signups % 250) + 1}`,
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sfr_session');
  if (!cookie) throw new Error('signup set no session cookie');
  return { email, cookie: `${cookie.name}=${cookie.value}`, id: res.json().user.id as string };
}

/** Delivers `event` to the webhook as Stripe would: the JSON body and its Stripe-Signature. */
export function deliver(
  app: FastifyInstance,
  event: object,
  options: { secret?: string; signature?: string | null; payload?: string } = {},
): Promise<LightMyRequestResponse> {
  const payload = options.payload ?? JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: options.secret ?? WEBHOOK_SECRET,
        })
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

export async function userRecord(database: DbHandle, id: string) {
  const [user] = await database.db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error(`no user ${id}`);
  return user;
}

export async function subscriptionRow(database: DbHandle, id: string) {
  const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function recordedEvents(database: DbHandle, id: string) {
  return database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
}
