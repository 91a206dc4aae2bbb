import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Billing events already applied, so each is applied once: the webhook inserts the event id in the
 * same transaction as the change it makes, and a redelivered event finds its id taken and does
 * nothing. Test-mode events (ids `evt_test_…`) are recorded the same way.
 */
export const stripeEvents = pgTable('stripe_events', {
  /** Stripe's event id (evt_…) */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** when Stripe created the event (`event.created`) */
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  processed_at: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The offline test mode's checkout and portal sessions (billing/test-mode/): in the database, so
 * every API process sees a session another one opened, and a restart keeps them.
 */
export const testBillingSessions = pgTable('test_billing_sessions', {
  /** cs_test_… or bps_test_… */
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
  user_id: text('user_id').notNull(),
  customer_id: text('customer_id').notNull(),
  /** checkout: plan, price id, success and cancel URLs; portal: return URL */
  details: jsonb('details').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** when a checkout was completed, cancelled or replaced: it cannot be used again */
  closed_at: timestamp('closed_at', { withTimezone: true }),
});
