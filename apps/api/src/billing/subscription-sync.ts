/**
 * Applies billing events to the database: the one path every subscription change takes, whether it
 * came from a Stripe webhook or from the offline test mode's pages.
 *
 * - Idempotent: the event id goes into `stripe_events` in the same transaction as the change, so a
 *   redelivered event finds its id taken and changes nothing.
 * - Order-proof: a subscription row remembers the `created` time of the event that last wrote it
 *   (`updated_by_event_at`); an older event for it is ignored. Events carry the whole subscription,
 *   so the newest one alone is the truth and nothing is fetched from Stripe. Equal times (Stripe's
 *   are in seconds) apply in arrival order, except that a canceled subscription never comes back.
 * - Per user, serial: the user row is locked first, and the user's subscriptionStatus,
 *   subscriptionExpiration and autoRenewal are then recomputed from all of their subscriptions.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { stripeEvents, subscriptions, users } from '../db/schema.js';
import { PLANS, type Plan, type PlanPrices } from './provider.js';
import {
  type BillingEvent,
  type CompletedCheckout,
  parseStripeEvent,
  type SubscriptionSnapshot,
} from './stripe-events.js';
import { userSubscriptionFields } from './summary.js';

/** What became of an event. */
export type SyncOutcome =
  /** the change was made */
  | 'applied'
  /** already processed once (a redelivery): nothing done */
  | 'duplicate'
  /** older than what the subscription already reflects: recorded, nothing changed */
  | 'stale'
  /** names no user of this app: recorded, nothing changed */
  | 'unknown-user'
  /** a type billing does not act on */
  | 'ignored';

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SubscriptionSyncOptions {
  db: Database;
  prices: PlanPrices;
  log: SyncLog;
  now?: () => Date;
}

const TERMINAL_STATUSES = ['canceled', 'incomplete_expired'];
const PAID = new Set(['paid', 'no_payment_required']);

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The provisional end of a subscription checkout just paid for: one plan period from `start`. */
export function onePeriodAfter(start: Date, plan: Plan): Date {
  const end = new Date(start);
  if (plan === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

export function createSubscriptionSync({ db, prices, log, now = () => new Date() }: SubscriptionSyncOptions) {
  /** Locks and returns the user an event is about: by user id when it names one, else by Stripe customer. */
  async function lockUser(tx: Tx, userId: string | null, customerId: string | null) {
    const columns = { id: users.id, customerId: users.stripe_customer_id };
    if (userId) {
      const [user] = await tx.select(columns).from(users).where(eq(users.id, userId)).for('update');
      if (user) return user;
    }
    if (customerId) {
      const [user] = await tx
        .select(columns)
        .from(users)
        .where(eq(users.stripe_customer_id, customerId))
        .limit(1)
        .for('update');
      if (user) return user;
    }
    return null;
  }

  /** Stores the Stripe customer on a user who has none yet (never replaces one). */
  async function linkCustomer(tx: Tx, userId: string, customerId: string | null) {
    if (!customerId) return;
    await tx
      .update(users)
      .set({ stripe_customer_id: customerId, updated_at: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.stripe_customer_id)));
  }

  async function refreshUser(tx: Tx, userId: string) {
    const rows = await tx.select().from(subscriptions).where(eq(subscriptions.user_id, userId));
    await tx
      .update(users)
      .set({ ...userSubscriptionFields(rows, now()), updated_at: sql`now()` })
      .where(eq(users.id, userId));
  }

  /** Writes the subscription as the event saw it, unless the row already reflects a later event. */
  async function applySubscription(tx: Tx, userId: string, s: SubscriptionSnapshot, eventAt: Date) {
    const state = {
      status: s.status,
      price_id: s.priceId,
      current_period_end: s.currentPeriodEnd,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      updated_by_event_at: eventAt,
    };
    const terminal = sql.join(
      TERMINAL_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    const written = await tx
      .insert(subscriptions)
      .values({ id: s.id, user_id: userId, ...state })
      .onConflictDoUpdate({
        target: subscriptions.id,
        set: { ...state, updated_at: sql`now()` },
        setWhere: sql`(${subscriptions.updated_by_event_at} is null or ${subscriptions.updated_by_event_at} <= ${eventAt.toISOString()}::timestamptz)
          and not (${subscriptions.status} in (${terminal}) and excluded.status not in (${terminal}))`,
      })
      .returning({ id: subscriptions.id });
    return written.length > 0;
  }

  /**
   * Checkout finished: link the customer, and when it was paid for, grant the subscription at once
   * (Stripe's advice: provision on checkout.session.completed). That row is provisional — no event
   * time, so the subscription's own events overwrite it whatever their order — and its end is one
   * plan period away, so it can never grant more than what was paid for. An existing row is kept.
   */
  async function applyCheckout(tx: Tx, userId: string, session: CompletedCheckout, eventAt: Date) {
    await linkCustomer(tx, userId, session.customerId);
    const plan = PLANS.find((p) => p === session.plan);
    if (
      session.mode !== 'subscription' ||
      !session.subscriptionId ||
      !plan ||
      !PAID.has(session.paymentStatus)
    ) {
      return false;
    }
    const inserted = await tx
      .insert(subscriptions)
      .values({
        id: session.subscriptionId,
        user_id: userId,
        status: 'active',
        price_id: prices[plan],
        current_period_end: onePeriodAfter(eventAt, plan),
        cancel_at_period_end: false,
        updated_by_event_at: null,
      })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id });
    return inserted.length > 0;
  }

  async function apply(event: Exclude<BillingEvent, { kind: 'unhandled' }>): Promise<SyncOutcome> {
    return db.transaction(async (tx) => {
      const fresh = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, created_at: event.created })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (fresh.length === 0) return 'duplicate';

      const [userId, customerId] =
        event.kind === 'subscription'
          ? [event.subscription.userId, event.subscription.customerId]
          : [event.session.userId, event.session.customerId];
      const user = await lockUser(tx, userId, customerId);
      if (!user) return 'unknown-user';

      let changed: boolean;
      if (event.kind === 'subscription') {
        await linkCustomer(tx, user.id, event.subscription.customerId);
        changed = await applySubscription(tx, user.id, event.subscription, event.created);
        if (!changed) return 'stale';
      } else {
        changed = await applyCheckout(tx, user.id, event.session, event.created);
      }
      if (changed) await refreshUser(tx, user.id);
      return 'applied';
    });
  }

  return {
    /**
     * Applies one verified event (Stripe's JSON, or the test mode's in the same shape). Throws
     * `InvalidEventError` when a handled event is malformed.
     */
    async process(raw: unknown): Promise<{ event: BillingEvent; outcome: SyncOutcome }> {
      const event = parseStripeEvent(raw);
      const outcome = event.kind === 'unhandled' ? 'ignored' : await apply(event);
      const context = { eventId: event.id, type: event.type, outcome };
      if (outcome === 'unknown-user') log.warn(context, 'billing event names no user of this app');
      else log.info(context, 'billing event');
      return { event, outcome };
    },
  };
}

export type SubscriptionSync = ReturnType<typeof createSubscriptionSync>;
