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
import { isActiveSubscriptionStatus, recordIdSchema } from '@sfr/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { stripeEvents, subscriptions, users } from '../db/schema.js';
import { isLiveSubscription } from './live-subscription.js';
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
  /**
   * names a user of this app who no longer exists (the account was deleted with a checkout still
   * open) while its subscription runs: to be cancelled, as nobody can manage it any more
   */
  | 'deleted-user'
  /** a type billing does not act on */
  | 'ignored'
  /** the event's customer is linked to another user than the one it names: logged, nothing changed */
  | 'customer-conflict'
  /** a paid checkout for a user who already has a running subscription: the new one is to be cancelled */
  | 'second-subscription';

export interface SyncResult {
  event: BillingEvent;
  outcome: SyncOutcome;
  /** with 'second-subscription' and 'deleted-user': the subscription the caller cancels through the provider */
  cancelSubscriptionId?: string;
}

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SubscriptionSyncOptions {
  db: Database;
  prices: PlanPrices;
  log: SyncLog;
  now?: () => Date;
}

const TERMINAL_STATUSES = ['canceled', 'incomplete_expired'];
const PAID = new Set(['paid', 'no_payment_required']);

/** The subscription a paid checkout made, or a subscription event's own while it runs; else null. */
function runningSubscriptionOf(event: Exclude<BillingEvent, { kind: 'unhandled' }>): string | null {
  if (event.kind === 'subscription') {
    const { id, status } = event.subscription;
    return isActiveSubscriptionStatus(status) ? id : null;
  }
  const { subscriptionId, paymentStatus } = event.session;
  return subscriptionId && PAID.has(paymentStatus) ? subscriptionId : null;
}

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

  /** The user a Stripe customer is linked to, if any. */
  async function customerOwner(tx: Tx, customerId: string): Promise<string | null> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripe_customer_id, customerId));
    return row?.id ?? null;
  }

  /** Whether the user has a running subscription other than `exceptId`. */
  async function hasOtherLiveSubscription(tx: Tx, userId: string, exceptId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.user_id, userId), ne(subscriptions.id, exceptId), isLiveSubscription()))
      .limit(1);
    return row !== undefined;
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

  async function apply(
    event: Exclude<BillingEvent, { kind: 'unhandled' }>,
  ): Promise<{ outcome: SyncOutcome; cancelSubscriptionId?: string }> {
    return db.transaction(async (tx) => {
      const fresh = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, created_at: event.created })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (fresh.length === 0) return { outcome: 'duplicate' };

      const [userId, customerId] =
        event.kind === 'subscription'
          ? [event.subscription.userId, event.subscription.customerId]
          : [event.session.userId, event.session.customerId];
      const user = await lockUser(tx, userId, customerId);
      if (!user) {
        // an id of this app's own records: a Stripe account shared with another product never has
        // its subscriptions cancelled here
        const orphan =
          userId && recordIdSchema.safeParse(userId).success ? runningSubscriptionOf(event) : null;
        return orphan
          ? { outcome: 'deleted-user', cancelSubscriptionId: orphan }
          : { outcome: 'unknown-user' };
      }
      if (customerId && user.customerId !== customerId) {
        // the event names one user and another's customer: acting on it would move a subscription
        // between accounts (and linking would break the one-customer-per-user index)
        const owner = await customerOwner(tx, customerId);
        if (owner !== null && owner !== user.id) return { outcome: 'customer-conflict' };
      }

      let changed: boolean;
      if (event.kind === 'subscription') {
        await linkCustomer(tx, user.id, event.subscription.customerId);
        changed = await applySubscription(tx, user.id, event.subscription, event.created);
        if (!changed) return { outcome: 'stale' };
      } else {
        const { session } = event;
        if (
          session.subscriptionId &&
          PAID.has(session.paymentStatus) &&
          (await hasOtherLiveSubscription(tx, user.id, session.subscriptionId))
        ) {
          await linkCustomer(tx, user.id, session.customerId);
          return { outcome: 'second-subscription', cancelSubscriptionId: session.subscriptionId };
        }
        changed = await applyCheckout(tx, user.id, session, event.created);
      }
      if (changed) await refreshUser(tx, user.id);
      return { outcome: 'applied' };
    });
  }

  return {
    /**
     * Applies one verified event (Stripe's JSON, or the test mode's in the same shape). Throws
     * `InvalidEventError` when a handled event is malformed.
     */
    async process(raw: unknown): Promise<SyncResult> {
      const event = parseStripeEvent(raw);
      const result = event.kind === 'unhandled' ? { outcome: 'ignored' as const } : await apply(event);
      const { outcome } = result;
      const context = { eventId: event.id, type: event.type, outcome };
      if (outcome === 'unknown-user') log.warn(context, 'billing event names no user of this app');
      else if (outcome === 'deleted-user') {
        log.warn(
          { ...context, subscriptionId: result.cancelSubscriptionId },
          'billing event: a running subscription of a deleted account; cancelling it',
        );
      } else if (outcome === 'customer-conflict') {
        log.error(context, 'billing event: its customer is linked to another user; nothing changed');
      } else if (outcome === 'second-subscription') {
        log.warn(
          { ...context, subscriptionId: result.cancelSubscriptionId },
          'billing event: a second subscription for a subscribed user; cancelling it',
        );
      } else log.info(context, 'billing event');
      return { event, ...result };
    },
  };
}

export type SubscriptionSync = ReturnType<typeof createSubscriptionSync>;
