/**
 * The Stripe webhook: signature checks on the raw body, each event applied once, events applied in
 * the order Stripe created them whatever order they arrive in, and the user record and entitlements
 * following the subscription.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_FREE_SEARCHES_MESSAGE } from '../../src/billing/entitlements.js';
import { stripeEvents, subscriptions, users } from '../../src/db/schema.js';
import { austin } from '../support/app.js';
import { completedCheckout, LEGACY_API_VERSION, stripeEvent, subscription, unix } from './fixtures.js';
import {
  type BillingTestApp,
  DATABASE_KINDS,
  deliver,
  PRICE_MONTHLY,
  recordedEvents,
  signUp,
  startBillingApp,
  stripeEnv,
  subscriptionRow,
  userRecord,
} from './helpers.js';

const DAY = 86_400_000;
/** Whole seconds, as Stripe's timestamps are. */
const at = (msFromNow: number) => new Date(Math.floor((Date.now() + msFromNow) / 1_000) * 1_000);

let subscriptionCount = 0;
const newSubscriptionId = () => `sub_test_${Date.now().toString(36)}_${++subscriptionCount}`;

describe.each(DATABASE_KINDS)('Stripe webhook on %s', (kind) => {
  let t: BillingTestApp;
  beforeAll(async () => {
    // the API base is a closed port: handling an event must not call Stripe
    t = await startBillingApp(kind, stripeEnv());
  }, 60_000);
  afterAll(async () => t.close());

  /** A signed-up user who has been through checkout (their Stripe customer stored). */
  async function customer() {
    const user = await signUp(t.app);
    const customerId = `cus_${user.id.slice(0, 12)}`;
    await t.database.db.update(users).set({ stripe_customer_id: customerId }).where(eq(users.id, user.id));
    return { ...user, customerId };
  }

  const subscriptionFor = (
    user: { id: string; customerId: string },
    fields: Partial<Parameters<typeof subscription>[0]> = {},
  ) =>
    subscription({
      id: newSubscriptionId(),
      customer: user.customerId,
      priceId: PRICE_MONTHLY,
      userId: user.id,
      periodEnd: at(30 * DAY),
      ...fields,
    });

  const getSubscription = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } });

  describe('signature', () => {
    it('refuses a forged, missing or stale signature with 400 and changes nothing', async () => {
      const user = await customer();
      const event = stripeEvent('customer.subscription.created', subscriptionFor(user), at(0));
      const tampered = JSON.stringify({
        ...event,
        data: { object: { ...event.data.object, status: 'active' } },
      });
      const attempts = [
        await deliver(t.app, event, { secret: 'whsec_forged' }),
        await deliver(t.app, event, { signature: null }),
        await deliver(t.app, event, { signature: 't=1,v1=deadbeef' }),
        // signed for one body, sent with another
        await deliver(t.app, event, { payload: `${tampered} ` }),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('INVALID_SIGNATURE');
      }
      expect(await subscriptionRow(t.database, event.data.object.id)).toBeUndefined();
      expect(await recordedEvents(t.database, event.id)).toHaveLength(0);
      expect((await userRecord(t.database, user.id)).subscription_status).toBe('NOT PAID');
    });

    it('refuses a signature dated more than a minute ahead of our clock (Stripe only refuses stale ones)', async () => {
      const user = await customer();
      const event = stripeEvent('customer.subscription.created', subscriptionFor(user), at(0));
      const payload = JSON.stringify(event);
      const { default: Stripe } = await import('stripe');
      const signed = (secondsAhead: number) =>
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: stripeEnv().STRIPE_WEBHOOK_SECRET ?? '',
          timestamp: Math.floor(Date.now() / 1_000) + secondsAhead,
        });
      const future = await deliver(t.app, event, { payload, signature: signed(10 * 60) });
      expect(future.statusCode).toBe(400);
      expect(future.json().code).toBe('INVALID_SIGNATURE');
      expect(await recordedEvents(t.database, event.id)).toHaveLength(0);
      // a clock a few seconds apart is not an attack
      expect((await deliver(t.app, event, { payload, signature: signed(20) })).statusCode).toBe(200);
    });

    it('verifies the exact bytes Stripe signed (a re-serialised body would not match)', async () => {
      const user = await customer();
      const event = stripeEvent('customer.subscription.created', subscriptionFor(user), at(0));
      // Stripe's own formatting: pretty-printed JSON
      const payload = JSON.stringify(event, null, 2);
      const { default: Stripe } = await import('stripe');
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: stripeEnv().STRIPE_WEBHOOK_SECRET ?? '',
      });
      const res = await deliver(t.app, event, { payload, signature });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    });
  });

  it('records a new subscription and the user record (status, expiration, auto-renewal)', async () => {
    const user = await customer();
    const sub = subscriptionFor(user);
    const created = at(0);
    const res = await deliver(t.app, stripeEvent('customer.subscription.created', sub, created));
    expect(res.statusCode).toBe(200);

    // API 2025-03-31.basil and later: the period end is on the subscription item
    expect(sub).not.toHaveProperty('current_period_end');
    const periodEnd = new Date((sub.items.data[0]?.current_period_end ?? 0) * 1_000);
    expect(await subscriptionRow(t.database, sub.id)).toMatchObject({
      user_id: user.id,
      status: 'active',
      price_id: PRICE_MONTHLY,
      current_period_end: periodEnd,
      cancel_at_period_end: false,
      updated_by_event_at: created,
    });
    const record = await userRecord(t.database, user.id);
    expect(record.subscription_status).toBe('active');
    expect(record.subscription_expiration).toEqual(periodEnd);
    expect(record.auto_renewal).toBe(true);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } });
    expect(me.json().user).toMatchObject({ subscriptionStatus: 'active', autoRenewal: true });
    expect((await getSubscription(user.cookie)).json()).toEqual({
      status: 'active',
      plan: 'monthly',
      price_id: PRICE_MONTHLY,
      current_period_end: record.subscription_expiration?.toISOString(),
      cancel_at_period_end: false,
    });
  });

  it('reads the period end from the subscription itself for API versions before 2025-03-31.basil', async () => {
    const user = await customer();
    const periodEnd = at(365 * DAY);
    const sub = subscriptionFor(user, { periodEnd, apiVersion: LEGACY_API_VERSION });
    expect(sub).toHaveProperty('current_period_end', unix(periodEnd));
    expect(sub.items.data[0]).not.toHaveProperty('current_period_end');
    const res = await deliver(
      t.app,
      stripeEvent('customer.subscription.created', sub, at(0), LEGACY_API_VERSION),
    );
    expect(res.statusCode).toBe(200);
    expect((await subscriptionRow(t.database, sub.id))?.current_period_end).toEqual(periodEnd);
    expect((await userRecord(t.database, user.id)).subscription_expiration).toEqual(periodEnd);
  });

  it('finds the user by Stripe customer when the subscription carries no user id', async () => {
    const user = await customer();
    const sub = subscriptionFor(user, { userId: undefined });
    expect(sub.metadata).toEqual({});
    await deliver(t.app, stripeEvent('customer.subscription.created', sub, at(0)));
    expect((await subscriptionRow(t.database, sub.id))?.user_id).toBe(user.id);
  });

  it('applies a replayed event once', async () => {
    const user = await customer();
    const sub = subscriptionFor(user);
    await deliver(t.app, stripeEvent('customer.subscription.created', sub, at(-60_000)));
    const cancel = stripeEvent(
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: true },
      at(0),
    );
    expect((await deliver(t.app, cancel)).statusCode).toBe(200);
    const once = await subscriptionRow(t.database, sub.id);
    const userOnce = await userRecord(t.database, user.id);

    // Stripe retries: the same event again, and a burst of it at once
    const replays = await Promise.all(Array.from({ length: 5 }, () => deliver(t.app, cancel)));
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // an event of the same second would be applied again (updated_at would move): the id stops it
    expect(await subscriptionRow(t.database, sub.id)).toEqual(once);
    expect((await userRecord(t.database, user.id)).updated_at).toEqual(userOnce.updated_at);
    expect(await recordedEvents(t.database, cancel.id)).toHaveLength(1);
  });

  it('ends with the latest state when "updated" arrives before "created"', async () => {
    const user = await customer();
    const sub = subscriptionFor(user);
    const created = stripeEvent('customer.subscription.created', sub, at(-120_000));
    const updated = stripeEvent(
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: true },
      at(-60_000),
    );

    expect((await deliver(t.app, updated)).statusCode).toBe(200);
    expect((await deliver(t.app, created)).statusCode).toBe(200);

    expect(await subscriptionRow(t.database, sub.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      updated_by_event_at: new Date(updated.created * 1_000),
    });
    const record = await userRecord(t.database, user.id);
    expect(record.subscription_status).toBe('active');
    expect(record.auto_renewal).toBe(false);
    expect((await getSubscription(user.cookie)).json()).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    // the late event is recorded as seen, so a retry of it is a duplicate too
    expect(await recordedEvents(t.database, created.id)).toHaveLength(1);
  });

  it('stays canceled when "deleted" arrives before an older "updated"', async () => {
    const user = await customer();
    const sub = subscriptionFor(user);
    await deliver(t.app, stripeEvent('customer.subscription.created', sub, at(-180_000)));
    const updated = stripeEvent(
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: true },
      at(-120_000),
    );
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      { ...sub, status: 'canceled', ended_at: unix(at(-60_000)) },
      at(-60_000),
    );

    expect((await deliver(t.app, deleted)).statusCode).toBe(200);
    expect((await deliver(t.app, updated)).statusCode).toBe(200);

    expect(await subscriptionRow(t.database, sub.id)).toMatchObject({ status: 'canceled' });
    const record = await userRecord(t.database, user.id);
    expect(record.subscription_status).toBe('canceled');
    expect(record.auto_renewal).toBe(false);
    expect((await getSubscription(user.cookie)).json()).toEqual({ status: 'inactive' });
  });

  it('never brings a canceled subscription back, even for an event of the same second', async () => {
    const user = await customer();
    const sub = subscriptionFor(user);
    const second = at(0);
    await deliver(
      t.app,
      stripeEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }, second),
    );
    await deliver(t.app, stripeEvent('customer.subscription.updated', sub, second));
    expect((await subscriptionRow(t.database, sub.id))?.status).toBe('canceled');
  });

  it('grants the subscription on checkout.session.completed, then takes the details from the subscription events', async () => {
    const user = await signUp(t.app); // no customer stored yet: the session links it
    const customerId = `cus_checkout_${user.id.slice(0, 8)}`;
    const sub = subscriptionFor({ id: user.id, customerId });
    const completedAt = at(0);
    const completed = stripeEvent(
      'checkout.session.completed',
      completedCheckout({ customer: customerId, subscription: sub.id, userId: user.id }),
      completedAt,
    );
    expect((await deliver(t.app, completed)).statusCode).toBe(200);

    let record = await userRecord(t.database, user.id);
    expect(record.stripe_customer_id).toBe(customerId);
    expect(record.subscription_status).toBe('active');
    const provisional = await subscriptionRow(t.database, sub.id);
    expect(provisional).toMatchObject({
      status: 'active',
      price_id: PRICE_MONTHLY,
      updated_by_event_at: null,
    });
    // one month from the checkout, at most: it cannot grant more than what was paid for
    const oneMonth = new Date(completedAt);
    oneMonth.setUTCMonth(oneMonth.getUTCMonth() + 1);
    expect(provisional?.current_period_end).toEqual(oneMonth);

    // Stripe's customer.subscription.created, created a second earlier, arrives after: it still applies
    const created = stripeEvent(
      'customer.subscription.created',
      sub,
      new Date(completedAt.getTime() - 1_000),
    );
    expect((await deliver(t.app, created)).statusCode).toBe(200);
    const periodEnd = new Date((sub.items.data[0]?.current_period_end ?? 0) * 1_000);
    expect(await subscriptionRow(t.database, sub.id)).toMatchObject({
      current_period_end: periodEnd,
      updated_by_event_at: new Date(created.created * 1_000),
    });
    record = await userRecord(t.database, user.id);
    expect(record.subscription_expiration).toEqual(periodEnd);

    // and a checkout completed after the subscription events changes nothing
    const again = stripeEvent(
      'checkout.session.completed',
      completedCheckout({ customer: customerId, subscription: sub.id, userId: user.id }),
      at(1_000),
    );
    await deliver(t.app, again);
    expect((await subscriptionRow(t.database, sub.id))?.current_period_end).toEqual(periodEnd);
  });

  it('does not grant anything for an unpaid checkout', async () => {
    const user = await customer();
    const sub = newSubscriptionId();
    const completed = completedCheckout({
      customer: user.customerId,
      subscription: sub,
      userId: user.id,
      paymentStatus: 'unpaid',
    });
    expect(
      (await deliver(t.app, stripeEvent('checkout.session.completed', completed, at(0)))).statusCode,
    ).toBe(200);
    expect(await subscriptionRow(t.database, sub)).toBeUndefined();
    expect((await userRecord(t.database, user.id)).subscription_status).toBe('NOT PAID');
  });

  it('acknowledges events it does not act on, and events about strangers, without changes', async () => {
    const invoice = stripeEvent('invoice.paid', { id: 'in_123', object: 'invoice' }, at(0));
    expect((await deliver(t.app, invoice)).statusCode).toBe(200);
    expect(await recordedEvents(t.database, invoice.id)).toHaveLength(0);

    const stranger = subscription({
      id: newSubscriptionId(),
      customer: 'cus_unknown',
      priceId: PRICE_MONTHLY,
      periodEnd: at(DAY),
    });
    const res = await deliver(t.app, stripeEvent('customer.subscription.created', stranger, at(0)));
    expect(res.statusCode).toBe(200);
    expect(await subscriptionRow(t.database, stranger.id)).toBeUndefined();
  });

  it('refuses a signed event it cannot read with 400 and records nothing', async () => {
    const broken = stripeEvent(
      'customer.subscription.updated',
      { object: 'subscription', customer: 'cus_x' },
      at(0),
    );
    const res = await deliver(t.app, broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_EVENT');
    expect(
      await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, broken.id)),
    ).toHaveLength(0);
  });

  it('refuses a signed event created at an impossible or future time with 400, never a 500', async () => {
    const user = await customer();
    for (const created of [1e15, 1.5, Math.floor(Date.now() / 1_000) + 7 * 86_400]) {
      const event = {
        ...stripeEvent('customer.subscription.created', subscriptionFor(user), at(0)),
        created,
      };
      const res = await deliver(t.app, event);
      expect(res.statusCode, String(created)).toBe(400);
      expect(res.json().code).toBe('INVALID_EVENT');
      expect(await recordedEvents(t.database, event.id)).toHaveLength(0);
    }
  });

  it('ends unlimited analysis at the end of a cancelled period', async () => {
    const user = await customer();
    await t.database.db.update(users).set({ free_searches: 0 }).where(eq(users.id, user.id));
    const analyse = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/create_property',
        headers: { cookie: user.cookie },
        payload: austin,
      });

    // the period ends in about two seconds, and the user has cancelled: it will not renew
    const periodEnd = at(3_000);
    const sub = subscriptionFor(user, { periodEnd });
    await deliver(t.app, stripeEvent('customer.subscription.created', sub, at(-60_000)));
    await deliver(
      t.app,
      stripeEvent('customer.subscription.updated', { ...sub, cancel_at_period_end: true }, at(0)),
    );

    expect((await analyse()).statusCode).toBe(200);
    expect((await analyse()).statusCode).toBe(200);
    expect((await userRecord(t.database, user.id)).free_searches).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, periodEnd.getTime() - Date.now() + 100));
    const after = await analyse();
    expect(after.statusCode).toBe(402);
    expect(after.json()).toEqual({ error: OUT_OF_FREE_SEARCHES_MESSAGE, code: 'OUT_OF_FREE_SEARCHES' });
    expect((await getSubscription(user.cookie)).json()).toEqual({ status: 'inactive' });

    // Stripe then deletes it
    await deliver(
      t.app,
      stripeEvent(
        'customer.subscription.deleted',
        { ...sub, status: 'canceled', cancel_at_period_end: true },
        at(0),
      ),
    );
    const record = await userRecord(t.database, user.id);
    expect(record.subscription_status).toBe('canceled');
    expect(record.auto_renewal).toBe(false);
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id)),
    ).toHaveLength(1);
  }, 15_000);
});
