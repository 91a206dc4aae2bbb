/**
 * Checkout and the billing portal through the real `stripe` SDK, against a local stand-in for
 * api.stripe.com that checks what the SDK sent.
 */
import { MESSAGES } from '@sfr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../src/db/schema.js';
import { completedCheckout, stripeEvent, subscription } from './fixtures.js';
import {
  APP_URL,
  type BillingTestApp,
  DATABASE_KINDS,
  deliver,
  PRICE_MONTHLY,
  PRICE_YEARLY,
  signUp,
  startBillingApp,
  stripeEnv,
  userRecord,
} from './helpers.js';
import { type FakeStripe, startFakeStripe } from './stripe-server.js';

describe.each(DATABASE_KINDS)('Stripe checkout and portal on %s', (kind) => {
  let stripe: FakeStripe;
  let t: BillingTestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startBillingApp(kind, stripeEnv(stripe.url));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.calls.length = 0;
  });

  const checkout = (cookie: string | undefined, plan: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: cookie ? { cookie } : {},
      payload: { plan },
    });
  const portal = (cookie: string, returnUrl: string) =>
    t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: { cookie }, payload: { returnUrl } });

  it('says billing is Stripe', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ billingMode: 'stripe' });
  });

  it('asks for sign-in and a known plan before calling Stripe', async () => {
    expect((await checkout(undefined, 'monthly')).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    const res = await checkout(cookie, 'weekly');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { plan: 'Plan must be monthly or yearly' },
    });
    expect(stripe.calls).toHaveLength(0);
  });

  it('creates one customer per user and a subscription Checkout Session for the plan price', async () => {
    const user = await signUp(t.app);

    const first = await checkout(user.cookie, 'monthly');
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const [createCustomer] = stripe.callsTo('/v1/customers');
    expect(stripe.callsTo('/v1/customers')).toHaveLength(1);
    expect(createCustomer?.headers.authorization).toBe('Bearer sk_test_billing');
    expect(createCustomer?.params.get('email')).toBe(user.email);
    expect(createCustomer?.params.get('metadata[user_id]')).toBe(user.id);
    const customerId = (await userRecord(t.database, user.id)).stripe_customer_id;
    expect(customerId).toMatch(/^cus_/);

    const [session] = stripe.callsTo('/v1/checkout/sessions').filter((c) => c.method === 'POST');
    const params = session?.params;
    expect(params?.get('mode')).toBe('subscription');
    expect(params?.get('customer')).toBe(customerId);
    expect(params?.get('line_items[0][price]')).toBe(PRICE_MONTHLY);
    expect(params?.get('line_items[0][quantity]')).toBe('1');
    expect(params?.get('allow_promotion_codes')).toBe('true');
    expect(params?.get('success_url')).toBe(`${APP_URL}/profile?checkout=success`);
    expect(params?.get('cancel_url')).toBe(`${APP_URL}/profile`);
    expect(params?.get('client_reference_id')).toBe(user.id);
    expect(params?.get('metadata[user_id]')).toBe(user.id);
    expect(params?.get('subscription_data[metadata][user_id]')).toBe(user.id);

    // came back to it: the same checkout, resumed
    const resumed = await checkout(user.cookie, 'monthly');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().url).toBe(first.json().url);
    const [listed] = stripe.callsTo('/v1/checkout/sessions').filter((c) => c.method === 'GET');
    expect(listed?.params.get('customer')).toBe(customerId);
    expect(listed?.params.get('status')).toBe('open');
    expect(stripe.callsTo('/v1/checkout/sessions').filter((c) => c.method === 'POST')).toHaveLength(1);

    // changed their mind while it is open: that one is ended and a yearly one replaces it
    const third = await checkout(user.cookie, 'yearly');
    expect(third.statusCode).toBe(200);
    expect(third.json().url).not.toBe(first.json().url);
    const firstId = first.json().url.split('/').pop();
    expect(stripe.calls.filter((c) => c.path === `/v1/checkout/sessions/${firstId}/expire`)).toHaveLength(1);
    expect(stripe.callsTo('/v1/customers')).toHaveLength(1);
    const yearly = stripe.callsTo('/v1/checkout/sessions').filter((c) => c.method === 'POST')[1]?.params;
    expect(yearly?.get('customer')).toBe(customerId);
    expect(yearly?.get('line_items[0][price]')).toBe(PRICE_YEARLY);
    expect(Number(yearly?.get('expires_at'))).toBeGreaterThan(Date.now() / 1_000 + 29 * 60);
    expect((await userRecord(t.database, user.id)).stripe_customer_id).toBe(customerId);
  });

  it('answers a Stripe failure with 502 and the spec message, never Stripe’s text', async () => {
    const user = await signUp(t.app);
    stripe.failNext(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such price: 'price_1MonthlyTest'",
    });
    const res = await checkout(user.cookie, 'monthly');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: MESSAGES.checkoutInitError, code: 'BILLING_PROVIDER_ERROR' });
    expect(res.body).not.toContain('price_1MonthlyTest');
    const logged = t.logs.find((line) => line.includes('billing provider failed'));
    expect(logged).toContain('resource_missing');
    // the customer call failed: nothing stored, the next attempt creates it
    expect((await userRecord(t.database, user.id)).stripe_customer_id).toBeNull();
  });

  it('opens the billing portal for the customer, returning only to a page of this app', async () => {
    const user = await signUp(t.app);
    const before = await portal(user.cookie, `${APP_URL}/profile`);
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('NO_BILLING_ACCOUNT');

    await checkout(user.cookie, 'monthly');
    const customerId = (await userRecord(t.database, user.id)).stripe_customer_id;
    stripe.calls.length = 0;

    for (const elsewhere of [
      'https://evil.example/profile',
      'http://app.example/profile',
      'https://app.example.evil.com/',
    ]) {
      const res = await portal(user.cookie, elsewhere);
      expect(res.statusCode, elsewhere).toBe(400);
      expect(res.json().code).toBe('INVALID_RETURN_URL');
    }
    expect((await portal(user.cookie, 'not a url')).json().code).toBe('VALIDATION_FAILED');
    expect(stripe.calls).toHaveLength(0);

    const res = await portal(user.cookie, `${APP_URL}/profile`);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [call] = stripe.callsTo('/v1/billing_portal/sessions');
    expect(call?.params.get('customer')).toBe(customerId);
    expect(call?.params.get('return_url')).toBe(`${APP_URL}/profile`);
  });

  it('refuses a second checkout while a subscription runs', async () => {
    const user = await signUp(t.app);
    await checkout(user.cookie, 'monthly');
    const [row] = await t.database.db
      .select({ customer: users.stripe_customer_id })
      .from(users)
      .where(eq(users.id, user.id));
    const customer = row?.customer ?? '';
    const sub = subscription({
      id: 'sub_stripe_running',
      customer,
      priceId: PRICE_MONTHLY,
      userId: user.id,
      periodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    expect(
      (await deliver(t.app, stripeEvent('customer.subscription.created', sub, new Date()))).statusCode,
    ).toBe(200);
    expect(
      (
        await deliver(
          t.app,
          stripeEvent(
            'checkout.session.completed',
            completedCheckout({ customer, subscription: sub.id, userId: user.id }),
            new Date(),
          ),
        )
      ).statusCode,
    ).toBe(200);
    stripe.calls.length = 0;

    const res = await checkout(user.cookie, 'yearly');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_SUBSCRIBED');
    expect(stripe.calls).toHaveLength(0);
  });

  /** A user with a running subscription `sub_first_…`, through the webhook as Stripe sends it. */
  async function subscribed() {
    const user = await signUp(t.app);
    expect((await checkout(user.cookie, 'monthly')).statusCode).toBe(200);
    const customer = (await userRecord(t.database, user.id)).stripe_customer_id ?? '';
    const first = subscription({
      id: `sub_first_${user.id}`,
      customer,
      priceId: PRICE_MONTHLY,
      userId: user.id,
      periodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    expect(
      (await deliver(t.app, stripeEvent('customer.subscription.created', first, new Date()))).statusCode,
    ).toBe(200);
    return { user, customer, first };
  }

  it('cancels through Stripe a second paid subscription of a subscribed user, keeping the first', async () => {
    const { user, customer, first } = await subscribed();
    const second = subscription({
      id: `sub_second_${user.id}`,
      customer,
      priceId: PRICE_YEARLY,
      userId: user.id,
      periodEnd: new Date(Date.now() + 365 * 86_400_000),
    });
    // two tabs: a second checkout was paid too
    expect(
      (await deliver(t.app, stripeEvent('customer.subscription.created', second, new Date()))).statusCode,
    ).toBe(200);
    stripe.calls.length = 0;
    const completed = stripeEvent(
      'checkout.session.completed',
      completedCheckout({ customer, subscription: second.id, userId: user.id, plan: 'yearly' }),
      new Date(),
    );
    expect((await deliver(t.app, completed)).statusCode).toBe(200);
    const cancels = stripe.calls.filter((c) => c.method === 'DELETE');
    expect(cancels.map((c) => c.path)).toEqual([`/v1/subscriptions/${second.id}`]);
    expect(cancels[0]?.headers['idempotency-key']).toBe(`sfr-cancel-${second.id}`);
    // Stripe then reports it canceled; the first subscription runs on
    const canceled = { ...second, status: 'canceled' };
    expect(
      (await deliver(t.app, stripeEvent('customer.subscription.deleted', canceled, new Date()))).statusCode,
    ).toBe(200);
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [first.id]: 'active',
      [second.id]: 'canceled',
    });
    expect((await userRecord(t.database, user.id)).subscription_status).toBe('active');
    // the same event again: applied once, no second cancel
    stripe.calls.length = 0;
    expect((await deliver(t.app, completed)).statusCode).toBe(200);
    expect(stripe.calls).toHaveLength(0);
  });

  it('cancels through Stripe a subscription paid for in a checkout left open while the account was deleted', async () => {
    const { user, customer, first } = await subscribed();
    // the account is gone (its own subscription cancelled first, as deletion asks); a checkout tab
    // left open is paid afterwards: the subscription it makes has nobody to manage it
    await t.database.db.delete(users).where(eq(users.id, user.id));
    stripe.calls.length = 0;
    const orphan = `sub_orphan_${user.id}`;
    const completed = stripeEvent(
      'checkout.session.completed',
      completedCheckout({ customer, subscription: orphan, userId: user.id, plan: 'monthly' }),
      new Date(),
    );
    expect((await deliver(t.app, completed)).statusCode).toBe(200);
    expect(stripe.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/v1/subscriptions/${orphan}`,
    ]);
    // so is one that renews on, and one of an id this app never made is left alone (a Stripe account
    // shared with another product)
    stripe.calls.length = 0;
    expect(
      (await deliver(t.app, stripeEvent('customer.subscription.updated', first, new Date()))).statusCode,
    ).toBe(200);
    const stranger = subscription({
      id: 'sub_other_product',
      customer: 'cus_other_product',
      priceId: PRICE_YEARLY,
      userId: 'user-of-another-product',
      periodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    expect(
      (await deliver(t.app, stripeEvent('customer.subscription.created', stranger, new Date()))).statusCode,
    ).toBe(200);
    expect(stripe.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/v1/subscriptions/${first.id}`,
    ]);
  });

  it("answers 200 to a signed event whose customer is another user's, logs the conflict and changes nothing", async () => {
    const owner = await subscribed();
    const stranger = await signUp(t.app);
    const crossed = subscription({
      id: `sub_crossed_${stranger.id}`,
      customer: owner.customer,
      priceId: PRICE_MONTHLY,
      userId: stranger.id,
      periodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    const event = stripeEvent('customer.subscription.created', crossed, new Date());
    const res = await deliver(t.app, event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, crossed.id))).toEqual(
      [],
    );
    expect((await userRecord(t.database, stranger.id)).stripe_customer_id).toBeNull();
    expect((await userRecord(t.database, stranger.id)).subscription_status).toBe('NOT PAID');
    const logged = t.logs.find((line) => line.includes(event.id));
    expect(logged).toContain('customer-conflict');
    expect(logged).toContain('"level":50');
  });

  it('logs Stripe errors with every key scrubbed', async () => {
    const user = await signUp(t.app);
    stripe.failNext(401, {
      type: 'invalid_request_error',
      message: 'Invalid API Key provided: sk_test_billing (and whsec_test_billing_secret)',
    });
    const res = await checkout(user.cookie, 'monthly');
    expect(res.statusCode).toBe(502);
    const logged = t.logs.filter((line) => line.includes('billing provider failed')).pop();
    expect(logged).toContain('Invalid API Key provided: [redacted] (and [redacted])');
    expect(t.logs.join('\n')).not.toMatch(/sk_test_billing|whsec_test_billing_secret/);
  });
});

describe('a Stripe that does not answer', () => {
  it('answers the checkout 502 within 12 s (time-outs and retries together)', async () => {
    const stripe = await startFakeStripe();
    const t = await startBillingApp('pglite', stripeEnv(stripe.url));
    try {
      const user = await signUp(t.app);
      stripe.hang();
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { cookie: user.cookie },
        payload: { plan: 'monthly' },
      });
      const seconds = (Date.now() - started) / 1_000;
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: MESSAGES.checkoutInitError, code: 'BILLING_PROVIDER_ERROR' });
      // a bound, not a speed figure: the web gives up after 15 s
      expect(seconds).toBeLessThanOrEqual(12.5);
      expect(stripe.calls.length).toBeGreaterThanOrEqual(2); // it did retry
    } finally {
      await t.close();
      await stripe.close();
    }
  }, 30_000);
});
