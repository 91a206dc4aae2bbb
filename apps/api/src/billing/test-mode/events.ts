/**
 * Test-mode events in the shape Stripe sends (API 2025-03-31.basil and later: the period end on the
 * subscription items), so that they go through the very parser and sync the webhook uses.
 */
import { randomBytes } from 'node:crypto';

export const testId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

const seconds = (date: Date) => Math.floor(date.getTime() / 1_000);

export interface TestSubscription {
  id: string;
  customerId: string;
  userId: string;
  plan: string | null;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

function event(type: string, object: object, created: Date) {
  return {
    id: testId('evt'),
    object: 'event',
    api_version: null,
    created: seconds(created),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export function subscriptionEvent(
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  s: TestSubscription,
  created: Date,
) {
  const periodEnd = s.currentPeriodEnd ? seconds(s.currentPeriodEnd) : null;
  return event(
    type,
    {
      id: s.id,
      object: 'subscription',
      customer: s.customerId,
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      items: {
        object: 'list',
        data: [
          {
            id: testId('si'),
            object: 'subscription_item',
            current_period_end: periodEnd,
            price: { id: s.priceId, object: 'price' },
            quantity: 1,
          },
        ],
      },
      metadata: { user_id: s.userId, ...(s.plan ? { plan: s.plan } : {}) },
    },
    created,
  );
}

export function checkoutCompletedEvent(
  session: { id: string; customerId: string; userId: string; plan: string },
  subscriptionId: string,
  created: Date,
) {
  return event(
    'checkout.session.completed',
    {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: session.customerId,
      subscription: subscriptionId,
      client_reference_id: session.userId,
      metadata: { user_id: session.userId, plan: session.plan },
    },
    created,
  );
}
