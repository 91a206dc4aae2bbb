/**
 * Which assumptions can carry a spread (see spreads.ts for why these): a leaf module, so a schema
 * that names them (the API's "±" per assumption) does not bring the samplers along.
 */
import type { Assumptions, RehabAndRefinance } from './types.js';

/** The assumptions that can carry a spread, in the model's order. */
export const SPREAD_KEYS = [
  'rent',
  'other_income',
  'vacancy_rate',
  'rent_annual_growth_rate',
  'other_income_annual_growth_rate',
  'property_management',
  'property_management_annual_growth_rate',
  'insurance',
  'insurance_annual_growth_rate',
  'property_taxes',
  'property_taxes_annual_growth_rate',
  'maintenance',
  'property_maintenance_annual_growth_rate',
  'interest_rate',
  'annual_price_appreciation',
  'cost_to_sell',
  'rehab_budget',
  'after_repair_value',
] as const satisfies readonly (keyof (Assumptions & RehabAndRefinance))[];
export type SpreadKey = (typeof SPREAD_KEYS)[number];

/** The spread keys only a rehab deal has: a deal without them carries no spread for them. */
export type RehabSpreadKey = Extract<SpreadKey, keyof RehabAndRefinance>;
