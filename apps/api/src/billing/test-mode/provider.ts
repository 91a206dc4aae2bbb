/**
 * The offline billing provider, used when STRIPE_SECRET_KEY is not set. Checkout and the portal are
 * pages of this API (`routes.ts`), clearly marked TEST MODE; completing a checkout or cancelling in
 * the portal produces Stripe-shaped events that the same subscription sync as the webhook applies.
 * Open sessions live in the database (`test_billing_sessions`), so every process sees them.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { testBillingSessions } from '../../db/schema.js';
import type { BillingProvider, NewCheckout, NewPortal, OpenCheckout, Plan } from '../provider.js';
import { CHECKOUT_OPEN_MINUTES, WebhookSignatureError } from '../provider.js';
import { testId } from './events.js';

const CHECKOUT_TTL_MS = CHECKOUT_OPEN_MINUTES * 60 * 1_000;
const PORTAL_TTL_MS = 60 * 60 * 1_000;
/** What testId makes ('cs_test_…'): anything else in a URL is no session, never a query. */
const SESSION_ID = /^[a-z]+_test_[A-Za-z0-9]{1,64}$/;

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
  checkoutSession(id: string): Promise<TestCheckoutSession | undefined>;
  /** Closes a checkout session so it cannot be used twice; returns it if it was open (one caller wins). */
  closeCheckoutSession(id: string): Promise<TestCheckoutSession | undefined>;
  portalSession(id: string): Promise<TestPortalSession | undefined>;
}

export const TEST_PRICES: Readonly<Record<Plan, string>> = {
  monthly: 'price_test_monthly',
  yearly: 'price_test_yearly',
};

export interface TestModeProviderOptions {
  db: Database;
  /** where the pages are reached: `${appUrl}${basePath}/test-checkout/…` */
  appUrl: string;
  basePath: string;
}

type SessionRow = typeof testBillingSessions.$inferSelect;
type CheckoutDetails = Pick<NewCheckout, 'plan' | 'priceId' | 'successUrl' | 'cancelUrl'>;

function checkoutOf(row: SessionRow): TestCheckoutSession {
  return {
    ...(row.details as CheckoutDetails),
    id: row.id,
    customerId: row.customer_id,
    userId: row.user_id,
    expiresAt: row.expires_at.getTime(),
  };
}

export function testModeProvider({ db, appUrl, basePath }: TestModeProviderOptions): TestModeProvider {
  const checkoutUrl = (id: string) => `${appUrl}${basePath}/test-checkout/${id}`;
  /** Sessions of `kind` still usable: neither closed nor expired. */
  const usable = (kind: 'checkout' | 'portal') =>
    and(
      eq(testBillingSessions.kind, kind),
      isNull(testBillingSessions.closed_at),
      gt(testBillingSessions.expires_at, sql`now()`),
    );
  const find = async (kind: 'checkout' | 'portal', id: string) => {
    if (!SESSION_ID.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(testBillingSessions)
      .where(and(eq(testBillingSessions.id, id), usable(kind)));
    return row;
  };
  const close = async (id: string) => {
    if (!SESSION_ID.test(id)) return undefined;
    const [row] = await db
      .update(testBillingSessions)
      .set({ closed_at: sql`now()` })
      .where(and(eq(testBillingSessions.id, id), usable('checkout')))
      .returning();
    return row && checkoutOf(row);
  };

  return {
    mode: 'test',

    async createCustomer() {
      return testId('cus');
    },

    async createCheckoutSession({ customerId, userId, ...details }) {
      const id = testId('cs');
      await db.insert(testBillingSessions).values({
        id,
        kind: 'checkout',
        user_id: userId,
        customer_id: customerId,
        details,
        expires_at: new Date(Date.now() + CHECKOUT_TTL_MS),
      });
      return checkoutUrl(id);
    },

    async openCheckout(customerId): Promise<OpenCheckout | null> {
      const [row] = await db
        .select()
        .from(testBillingSessions)
        .where(and(eq(testBillingSessions.customer_id, customerId), usable('checkout')))
        .limit(1);
      return row ? { id: row.id, url: checkoutUrl(row.id), plan: checkoutOf(row).plan } : null;
    },

    async expireCheckout(id) {
      await close(id);
    },

    async createPortalSession({ customerId, userId, returnUrl }) {
      const id = testId('bps');
      await db.insert(testBillingSessions).values({
        id,
        kind: 'portal',
        user_id: userId,
        customer_id: customerId,
        details: { returnUrl },
        expires_at: new Date(Date.now() + PORTAL_TTL_MS),
      });
      return `${appUrl}${basePath}/test-portal/${id}`;
    },

    verifyWebhook() {
      throw new WebhookSignatureError(
        'billing runs in test mode (no STRIPE_SECRET_KEY): webhooks are not accepted',
      );
    },

    async checkoutSession(id) {
      const row = await find('checkout', id);
      return row && checkoutOf(row);
    },

    closeCheckoutSession: close,

    async portalSession(id) {
      const row = await find('portal', id);
      return (
        row && {
          ...(row.details as Pick<NewPortal, 'returnUrl'>),
          id: row.id,
          customerId: row.customer_id,
          userId: row.user_id,
          expiresAt: row.expires_at.getTime(),
        }
      );
    },
  };
}
