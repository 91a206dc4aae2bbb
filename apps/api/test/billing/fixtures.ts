/**
 * Webhook events as Stripe documents them (Event, Subscription, Checkout Session objects), trimmed
 * to realistic but not exhaustive fields. `apiVersion` picks where the period end lives: on the
 * subscription items from 2025-03-31.basil, on the subscription itself before.
 */
import { randomBytes } from 'node:crypto';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
export const unix = (date: Date) => Math.floor(date.getTime() / 1_000);

export const CURRENT_API_VERSION = '2025-03-31.basil';
export const LEGACY_API_VERSION = '2024-06-20';

export interface SubscriptionInput {
  id: string;
  customer: string;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  periodStart?: Date;
  periodEnd: Date;
  priceId: string;
  /** metadata.user_id (checkout copies it); omit to make the event name only the customer */
  userId?: string;
  apiVersion?: string;
}

export function subscription(input: SubscriptionInput) {
  const legacy = (input.apiVersion ?? CURRENT_API_VERSION) === LEGACY_API_VERSION;
  const start = unix(input.periodStart ?? new Date(input.periodEnd.getTime() - 30 * 86_400_000));
  const end = unix(input.periodEnd);
  const status = input.status ?? 'active';
  const period = { current_period_start: start, current_period_end: end };
  return {
    id: input.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_thresholds: null,
    cancel_at: input.cancelAtPeriodEnd ? end : null,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    canceled_at: status === 'canceled' || input.cancelAtPeriodEnd ? start + 60 : null,
    cancellation_details: {
      comment: null,
      feedback: null,
      reason: input.cancelAtPeriodEnd ? 'cancellation_requested' : null,
    },
    collection_method: 'charge_automatically',
    created: start,
    currency: 'usd',
    ...(legacy ? period : {}),
    customer: input.customer,
    days_until_due: null,
    default_payment_method: `pm_${hex(8)}`,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: status === 'canceled' ? end : null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${hex(7)}`,
          object: 'subscription_item',
          created: start,
          ...(legacy ? {} : period),
          discounts: [],
          metadata: {},
          price: {
            id: input.priceId,
            object: 'price',
            active: true,
            billing_scheme: 'per_unit',
            created: start - 86_400,
            currency: 'usd',
            livemode: false,
            lookup_key: null,
            metadata: {},
            nickname: null,
            product: `prod_${hex(7)}`,
            recurring: { interval: 'month', interval_count: 1, meter: null, usage_type: 'licensed' },
            tax_behavior: 'unspecified',
            type: 'recurring',
            unit_amount: 1499,
            unit_amount_decimal: '1499',
          },
          quantity: 1,
          subscription: input.id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${input.id}`,
    },
    latest_invoice: `in_${hex(8)}`,
    livemode: false,
    metadata: input.userId ? { user_id: input.userId, plan: 'monthly' } : {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

export interface CheckoutInput {
  customer: string;
  subscription: string;
  userId: string;
  plan?: string;
  paymentStatus?: string;
}

export function completedCheckout(input: CheckoutInput) {
  const id = `cs_test_${hex(16)}`;
  return {
    id,
    object: 'checkout.session',
    allow_promotion_codes: true,
    amount_subtotal: 1499,
    amount_total: 1499,
    cancel_url: 'https://app.example/profile',
    client_reference_id: input.userId,
    created: unix(new Date()) - 120,
    currency: 'usd',
    customer: input.customer,
    customer_details: {
      email: 'investor@example.com',
      name: 'Ada Investor',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    expires_at: unix(new Date()) + 86_400,
    invoice: `in_${hex(8)}`,
    livemode: false,
    metadata: { user_id: input.userId, plan: input.plan ?? 'monthly' },
    mode: 'subscription',
    payment_intent: null,
    payment_status: input.paymentStatus ?? 'paid',
    status: 'complete',
    subscription: input.subscription,
    success_url: 'https://app.example/profile?checkout=success',
    ui_mode: 'hosted',
    url: null,
  };
}

/** A Stripe Event wrapping `object`, created at `created`. */
export function stripeEvent<T extends object>(
  type: string,
  object: T,
  created: Date,
  apiVersion = CURRENT_API_VERSION,
) {
  return {
    id: `evt_${hex(12)}`,
    object: 'event',
    api_version: apiVersion,
    created: unix(created),
    data: { object, ...(type.endsWith('.updated') ? { previous_attributes: {} } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_${hex(7)}`, idempotency_key: null },
    type,
  };
}
