import { describe, expect, it } from 'vitest';
import { InvalidEventError, parseStripeEvent } from './stripe-events.js';

const event = (type: string, object: object) => ({
  id: 'evt_1',
  object: 'event',
  type,
  created: 1_750_000_000,
  data: { object },
});

const subscription = {
  id: 'sub_1',
  object: 'subscription',
  customer: 'cus_1',
  status: 'active',
  cancel_at_period_end: false,
  metadata: { user_id: 'user_1' },
};

describe('parseStripeEvent', () => {
  it('reads the period end from the items (API 2025-03-31.basil and later)', () => {
    const parsed = parseStripeEvent(
      event('customer.subscription.updated', {
        ...subscription,
        cancel_at_period_end: true,
        items: { data: [{ current_period_end: 1_752_592_000, price: { id: 'price_m' } }] },
      }),
    );
    expect(parsed).toEqual({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      created: new Date(1_750_000_000_000),
      kind: 'subscription',
      subscription: {
        id: 'sub_1',
        customerId: 'cus_1',
        userId: 'user_1',
        status: 'active',
        priceId: 'price_m',
        currentPeriodEnd: new Date(1_752_592_000_000),
        cancelAtPeriodEnd: true,
      },
    });
  });

  it('reads it from the subscription itself for older API versions', () => {
    const parsed = parseStripeEvent(
      event('customer.subscription.created', {
        ...subscription,
        current_period_end: 1_752_000_000,
        items: { data: [{ price: { id: 'price_m' } }] },
      }),
    );
    expect(parsed.kind === 'subscription' && parsed.subscription.currentPeriodEnd).toEqual(
      new Date(1_752_000_000_000),
    );
  });

  it('takes the latest item end when items differ, and none when there is none', () => {
    const items = { data: [{ current_period_end: 1_700_000_000 }, { current_period_end: 1_800_000_000 }] };
    const mixed = parseStripeEvent(event('customer.subscription.updated', { ...subscription, items }));
    expect(mixed.kind === 'subscription' && mixed.subscription.currentPeriodEnd).toEqual(
      new Date(1_800_000_000_000),
    );
    const bare = parseStripeEvent(event('customer.subscription.updated', subscription));
    expect(bare.kind === 'subscription' && bare.subscription.currentPeriodEnd).toBeNull();
  });

  it('accepts an expanded customer and no metadata', () => {
    const parsed = parseStripeEvent(
      event('customer.subscription.deleted', { ...subscription, customer: { id: 'cus_9' }, metadata: null }),
    );
    expect(parsed.kind === 'subscription' && parsed.subscription).toMatchObject({
      customerId: 'cus_9',
      userId: null,
    });
  });

  it('reads a completed checkout: the user from client_reference_id, else metadata', () => {
    const session = {
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'subscription',
      customer: 'cus_1',
      subscription: 'sub_1',
      client_reference_id: null,
      payment_status: 'paid',
      metadata: { user_id: 'user_2', plan: 'yearly' },
    };
    const parsed = parseStripeEvent(event('checkout.session.completed', session));
    expect(parsed.kind === 'checkout-completed' && parsed.session).toEqual({
      id: 'cs_1',
      mode: 'subscription',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      userId: 'user_2',
      plan: 'yearly',
      paymentStatus: 'paid',
    });
  });

  it('leaves other types alone and refuses malformed handled events', () => {
    expect(parseStripeEvent(event('invoice.paid', { id: 'in_1' })).kind).toBe('unhandled');
    expect(() => parseStripeEvent(event('customer.subscription.updated', { id: 'sub_1' }))).toThrow(
      InvalidEventError,
    );
    expect(() => parseStripeEvent({ id: 'evt_1' })).toThrow(InvalidEventError);
    expect(() => parseStripeEvent(null)).toThrow(InvalidEventError);
  });
});
