import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters, shared by every API process on the database: one row per budget (`bucket`,
 * e.g. 'logIn:emailIp'), client key (an IP, an email, a user id…) and fixed time window. A request
 * spends one unit with an atomic upsert (src/http/rate-limit.ts); rows whose window has ended are
 * swept periodically.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    /** the window's start, in ms since the epoch (a multiple of the budget's window length) */
    window_start: bigint('window_start', { mode: 'number' }).notNull(),
    /** when the window ends (ms since the epoch): the sweep deletes rows past it */
    window_end: bigint('window_end', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key, table.window_start] })],
);
