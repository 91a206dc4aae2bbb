import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Accounts and what users own (product spec §3). Ids are random text (the session guide's style,
 * never guessable); timestamps are UTC.
 */

/** The spec's user record plus what auth needs. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    display_name: text('display_name').notNull(),
    /** argon2id; null for accounts created by Google sign-in */
    password_hash: text('password_hash'),
    email_verified: boolean('email_verified').notNull().default(false),
    google_id: text('google_id'),
    subscription_status: text('subscription_status').notNull().default('NOT PAID'),
    free_searches: integer('free_searches').notNull().default(5),
    subscription_expiration: timestamp('subscription_expiration', { withTimezone: true }),
    auto_renewal: boolean('auto_renewal').notNull().default(false),
    is_admin: boolean('is_admin').notNull().default(false),
    stripe_customer_id: text('stripe_customer_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // emails are compared case-insensitively: one account per address
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_idx').on(t.google_id),
    // webhooks find the user by Stripe customer, and one customer belongs to one user
    uniqueIndex('users_stripe_customer_id_idx').on(t.stripe_customer_id),
    // free searches never go below 0, whatever the code does
    check('users_free_searches_non_negative', sql`${t.free_searches} >= 0`),
  ],
);

/** Sessions as Lucia's guide describes: the id is the SHA-256 of the cookie token (hex); the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

/**
 * Client addresses (clientKey: IPv4, or an IPv6 /64) a user has signed in from: there the owner is
 * not held to the email's rate-limit budget, so strangers guessing from elsewhere cannot lock them out.
 */
export const knownLoginAddresses = pgTable(
  'known_login_addresses',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    last_success_at: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.address] })],
);

/** One-time tokens for email verification and password reset: only the SHA-256 of the token is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_id_idx').on(t.user_id)],
);

/** Emails the app sent (or would send without SMTP): tests and operators read the links here. */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** null until an SMTP server accepted it; stays null without SMTP */
  sent_at: timestamp('sent_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe subscriptions (the billing issue writes them; the free-search rule reads them). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    price_id: text('price_id'),
    current_period_end: timestamp('current_period_end', { withTimezone: true }),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    /** the Stripe event time that last changed this row, so older events arriving late are ignored */
    updated_by_event_at: timestamp('updated_by_event_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_id_idx').on(t.user_id)],
);

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  user_id: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  comments: text('comments').notNull(),
  rating: integer('rating').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
