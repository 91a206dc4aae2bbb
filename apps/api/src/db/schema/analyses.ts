import type { AnalysedProperty, AnalysisFacts, Metrics, RangeWidths, Scenario } from '@sfr/contracts';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * What a user analysed and kept (issue 11 §2, issue 14 §5). An analysis holds the market facts it
 * was run with, so editing its metrics recomputes without asking any provider; a saved property
 * points at the analysis it was saved from; a share link opens one saved property read-only.
 */

/**
 * One run of create_property, stored as what it is computed from: the property, the market facts
 * and the assumptions (the user's last edit). The result is computed when read (the engine takes
 * ~12 µs for a 5-year deal), so nothing holds a second copy of it.
 */
export const analyses = pgTable(
  'analyses',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the property as analysed (without metrics): fixed for the analysis's life */
    property: jsonb('property').$type<AnalysedProperty>().notNull(),
    /** the market facts the numbers use, with their sources */
    facts: jsonb('facts').$type<AnalysisFacts>().notNull(),
    /** the metrics as the user last set them (update_metrics, or a save with the metrics on screen) */
    assumptions: jsonb('assumptions').$type<Metrics>().notNull(),
    /** the deal's named scenarios, each whole metrics on the same property and facts, oldest first */
    scenarios: jsonb('scenarios').$type<Scenario[]>().notNull().default([]),
    /** the user's "±" on its assumptions, as typed (issue 27 §1): what its ranges simulate */
    range_widths: jsonb('range_widths').$type<RangeWidths>().notNull().default({}),
    /** @sfr/underwriting's ENGINE_VERSION when the assumptions were last set */
    engine_version: integer('engine_version').notNull(),
    /** for the lists, kept with each edit: '1100 Congress Ave, Austin, TX 78701', price, rating, cash flow */
    address: text('address').notNull(),
    purchase_price: doublePrecision('purchase_price').notNull(),
    overall_points: integer('overall_points').notNull(),
    overall_color: text('overall_color').notNull(),
    monthly_levered_cash_flow: doublePrecision('monthly_levered_cash_flow').notNull(),
    /** milliseconds, like a JS Date, so the list's cursor carries it exactly */
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // the list pages by (created_at, id), newest first
  (t) => [index('analyses_user_created_idx').on(t.user_id, t.created_at, t.id)],
);

/** A saved analysis (spec §3 "Saved property"): one of the user's analyses, kept under its address. */
export const savedProperties = pgTable(
  'saved_properties',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the analysis it was saved from, or last edited through: it is what the save shows */
    analysis_id: text('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    /** lower-cased, whitespace-collapsed street|city|state_code|county_name: one save per address */
    address_key: text('address_key').notNull(),
    /** when it was saved, or its analysis last edited; milliseconds, for the list's cursor */
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
