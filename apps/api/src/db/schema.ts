/**
 * Every table, one module per area under `schema/`. Add a module and re-export it here; drizzle-kit
 * reads this file (drizzle.config.ts) and `openDatabase` passes it to Drizzle.
 */

export * from './schema/accounts.js';
export * from './schema/analyses.js';
export * from './schema/billing.js';
export * from './schema/limits.js';
export * from './schema/market.js';
