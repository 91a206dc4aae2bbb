/**
 * The part of Stripe's webhook events billing acts on, read with zod into small typed values.
 * Only what is used is required; everything else in Stripe's payload is ignored, so events from any
 * API version parse. Where the current period ends depends on that version: on the subscription
 * until 2025-03-31.basil, on each subscription item since (`items.data[].current_period_end`).
 */
import { z } from 'zod';

const SUBSCRIPTION_EVENT_TYPES: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** A subscription as one event saw it. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** `metadata.user_id`, which checkout copies onto the subscription */
  userId: string | null;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface CompletedCheckout {
  id: string;
  mode: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** `client_reference_id`, else `metadata.user_id` */
  userId: string | null;
  /** `metadata.plan` as checkout set it */
  plan: string | null;
  paymentStatus: string;
}

interface EventBase {
  id: string;
  type: string;
  /** when Stripe created the event: the order events are applied in */
  created: Date;
}

export type BillingEvent =
  | (EventBase & { kind: 'subscription'; subscription: SubscriptionSnapshot })
  | (EventBase & { kind: 'checkout-completed'; session: CompletedCheckout })
  | (EventBase & { kind: 'unhandled' });

/** A signed event whose handled part does not have the shape Stripe documents. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
}

/** An id, or the expanded object carrying it. */
const idOf = z.union([z.string().min(1), z.object({ id: z.string().min(1) }).transform((o) => o.id)]);
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((m) => m ?? {});
/** A Unix time in seconds a Date can hold (up to 9999-12-31): 1e15 is refused, not a RangeError later. */
const unixSeconds = z.number().int().nonnegative().max(253_402_300_799);
/** When Stripe created an event: not more than a day ahead of our clock (events are ordered by it). */
const createdSeconds = unixSeconds.refine((seconds) => seconds * 1_000 <= Date.now() + 86_400_000, {
  message: 'created is in the future',
});

const envelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: createdSeconds,
  data: z.object({ object: z.unknown() }),
});

const subscriptionObject = z.object({
  id: z.string().min(1),
  customer: idOf,
  status: z.string().min(1),
  cancel_at_period_end: z.boolean().nullish(),
  /** API versions before 2025-03-31.basil */
  current_period_end: unixSeconds.nullish(),
  items: z
    .object({
      data: z.array(
        z.object({
          /** 2025-03-31.basil and later */
          current_period_end: unixSeconds.nullish(),
          price: z.object({ id: z.string() }).nullish(),
        }),
      ),
    })
    .nullish(),
  metadata,
});

const checkoutSessionObject = z.object({
  id: z.string().min(1),
  mode: z.string(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  client_reference_id: z.string().min(1).nullish(),
  payment_status: z.string(),
  metadata,
});

const fromSeconds = (seconds: number) => new Date(seconds * 1_000);

/**
 * The subscription's current period end: the subscription's own field (older API versions), else
 * the latest of its items' (they agree for this app's one-item subscriptions).
 */
function periodEnd(subscription: z.output<typeof subscriptionObject>): Date | null {
  if (subscription.current_period_end != null) return fromSeconds(subscription.current_period_end);
  const ends = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => end != null);
  return ends.length > 0 ? fromSeconds(Math.max(...ends)) : null;
}

function parseObject<T extends z.ZodType>(schema: T, event: z.output<typeof envelope>): z.output<T> {
  const parsed = schema.safeParse(event.data.object);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'object'}: ${i.message}`);
    throw new InvalidEventError(`${event.type} ${event.id}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Reads a verified Stripe event; throws `InvalidEventError` when a handled event is malformed. */
export function parseStripeEvent(raw: unknown): BillingEvent {
  const parsedEnvelope = envelope.safeParse(raw);
  if (!parsedEnvelope.success) throw new InvalidEventError('not a Stripe event');
  const event = parsedEnvelope.data;
  const base = { id: event.id, type: event.type, created: fromSeconds(event.created) };

  if (SUBSCRIPTION_EVENT_TYPES.has(event.type)) {
    const s = parseObject(subscriptionObject, event);
    return {
      ...base,
      kind: 'subscription',
      subscription: {
        id: s.id,
        customerId: s.customer,
        userId: s.metadata.user_id ?? null,
        status: s.status,
        priceId: s.items?.data[0]?.price?.id ?? null,
        currentPeriodEnd: periodEnd(s),
        cancelAtPeriodEnd: s.cancel_at_period_end ?? false,
      },
    };
  }
  if (event.type === 'checkout.session.completed') {
    const s = parseObject(checkoutSessionObject, event);
    return {
      ...base,
      kind: 'checkout-completed',
      session: {
        id: s.id,
        mode: s.mode,
        customerId: s.customer ?? null,
        subscriptionId: s.subscription ?? null,
        userId: s.client_reference_id ?? s.metadata.user_id ?? null,
        plan: s.metadata.plan ?? null,
        paymentStatus: s.payment_status,
      },
    };
  }
  return { ...base, kind: 'unhandled' };
}
