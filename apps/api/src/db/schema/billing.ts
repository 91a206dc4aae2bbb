import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
