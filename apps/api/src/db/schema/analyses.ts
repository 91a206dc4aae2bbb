import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** The saved list's row: the property's address and rooms, its price, rating and monthly cash flow. */
export interface SavedSummaryColumn {
  street: string;
  city: string;
  state_code: string;
  zipcode: string;
  county_name: string;
  factor: number;
  num_bedrooms: number;
  num_bathrooms: number;
  purchase_price: number;
  overall_points: number;
  overall_color: string;
  monthly_levered_cash_flow: number;
}

/**
 * What a user analysed and kept (issue 11 §2, issue 14 §5). An analysis holds the market facts it
 * was run with, so editing its metrics recomputes without asking any provider; a saved property
 * points at the analysis it was saved from; a share link opens one saved property read-only.
 */

/** One run of create_property, and its current state after the user's edits (update_metrics). */
export const analyses = pgTable(
  'analyses',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the property as analysed (PropertyInput, without metrics): fixed for the analysis's life */
    property: jsonb('property').notNull(),
    /** the market facts the numbers use, with their sources (AnalysisFacts in src/analysis/facts.ts) */
    facts: jsonb('facts').notNull(),
    /** the response as the user last saw it, without its id: reopening shows exactly this */
    result: jsonb('result').notNull(),
    /** for the list: '1100 Congress Ave, Austin, TX 78701', and the current rating */
    address: text('address').notNull(),
    overall_points: integer('overall_points').notNull(),
    overall_color: text('overall_color').notNull(),
    /** milliseconds, like a JS Date, so the list's cursor carries it exactly */
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // the list pages by (created_at, id), newest first
  (t) => [index('analyses_user_created_idx').on(t.user_id, t.created_at, t.id)],
);

/** A saved analysis (spec §3 "Saved property"): the whole response as the user last saw it. */
export const savedProperties = pgTable(
  'saved_properties',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the analysis it was saved from, or last edited through: its facts recompute this save */
    analysis_id: text('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    /** lower-cased, whitespace-collapsed street|city|state_code|county_name: one save per address */
    address_key: text('address_key').notNull(),
    /** property, year_1_metrics, sale_assumptions, overall_returns, metrics_for_hold_period, summary, metric_display_names… */
    data: jsonb('data').notNull(),
    /** what the list shows (a few hundred bytes, stored inline): the list never reads `data` */
    summary: jsonb('summary').$type<SavedSummaryColumn>().notNull(),
    /** milliseconds, like a JS Date, so the list's cursor carries it exactly */
    saved_at: timestamp('saved_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_properties_user_address_idx').on(t.user_id, t.address_key),
    // the list pages by (saved_at, id), newest first
    index('saved_properties_user_saved_at_idx').on(t.user_id, t.saved_at, t.id),
    index('saved_properties_analysis_idx').on(t.analysis_id),
  ],
);

/**
 * Read-only links to a saved property. Like sessions, only the SHA-256 of the token is stored: the
 * link is shown once, and a leaked table opens nothing.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    token_hash: text('token_hash').primaryKey(),
    saved_property_id: text('saved_property_id')
      .notNull()
      .references(() => savedProperties.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_links_saved_property_idx').on(t.saved_property_id)],
);
