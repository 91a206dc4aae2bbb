/** A saved property (product spec §3): the analysis as the user last saw it, with its id and savedAt. */
import { analysisResponseSchema, recordIdSchema } from './analysis.js';
import { assumptionsSchema, rangeWidthsSchema } from './assumptions.js';
import { RATING_COLORS } from './constants.js';
import type { PropertyInput } from './property.js';
import { z } from './zod.js';

export const savedPropertySchema = z.extend(analysisResponseSchema, {
  id: z.string(),
  /** ISO 8601 */
  savedAt: z.string(),
});

export type SavedProperty = z.output<typeof savedPropertySchema>;
export type SavedPropertySummary = z.output<typeof savedPropertySummarySchema>;
export type SavedPropertyList = z.output<typeof savedPropertyListSchema>;

/** One saved property as the list shows it: what the card reads, never the whole analysis. */
export const savedPropertySummarySchema = z.object({
  id: z.string(),
  analysis_id: z.string(),
  /** '1100 Congress Ave, Austin, TX 78701' */
  address: z.string(),
  street: z.string(),
  city: z.string(),
  state_code: z.string(),
  zipcode: z.string(),
  county_name: z.string(),
  /** house type: units in the building */
  factor: z.number(),
  num_bedrooms: z.number(),
  num_bathrooms: z.number(),
  purchase_price: z.number(),
  overall_points: z.number().check(z.int()),
  overall_color: z.enum(RATING_COLORS),
  /** year 1, after the loan payment */
  monthly_levered_cash_flow: z.number(),
  /** whether a read-only link to it is on (Stop sharing has something to turn off) */
  shared: z.boolean(),
  /** ISO 8601 */
  savedAt: z.string(),
});

/** GET /api/saved_properties?limit=&cursor=: newest first; pass `next_cursor` back as `cursor`. */
export const savedPropertyListQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});

export const savedPropertyListSchema = z.object({
  properties: z.array(savedPropertySummarySchema),
  /** null on the last page */
  next_cursor: z.nullable(z.string()),
});

/**
 * POST /api/saved_properties: saves one of the user's analyses. Without `metrics`, as it stands
 * (its last update_metrics); with them, recomputed from those metrics and the analysis's stored
 * market facts, so the save holds exactly what the screen shows; with `range_widths`, the "±" on
 * screen are kept too (as by update_metrics).
 */
export const saveAnalysisRequestSchema = z.object({
  analysis_id: recordIdSchema,
  metrics: z.optional(assumptionsSchema),
  range_widths: z.optional(rangeWidthsSchema),
  /** the `revision` the screen's metrics start from: a stored analysis changed since is a 409 ANALYSIS_CHANGED */
  revision: z.optional(z.string().check(z.maxLength(40))),
});

/** POST /api/saved_properties/:id/share: the read-only link (shown once; only its hash is stored). */
export const shareLinkSchema = z.object({ url: z.string() });

export type SaveAnalysisRequest = z.output<typeof saveAnalysisRequestSchema>;
export type ShareLink = z.output<typeof shareLinkSchema>;

/**
 * The address on one line, as lists, reports and providers name it.
 *
 * @example addressLine({ street: '1100 Congress Ave', city: 'Austin', state_code: 'TX', zipcode: '78701' })
 *   → '1100 Congress Ave, Austin, TX 78701'
 */
export function addressLine(
  property: Pick<PropertyInput, 'street' | 'city' | 'state_code' | 'zipcode'>,
): string {
  return `${property.street}, ${property.city}, ${property.state_code} ${property.zipcode}`;
}

/** The parts of an address that make a saved property one of a kind for its user. */
export type AddressKeyParts = Pick<PropertyInput, 'street' | 'city' | 'state_code' | 'county_name'>;

/**
 * One save per address (product spec §4): the API's unique index and the web's "already saved"
 * check both compare this key, so they cannot disagree.
 *
 * @example addressKey({ street: ' 1 Main  St', city: 'Austin', state_code: 'TX', county_name: 'Travis' })
 *   → '1 main st|austin|tx|travis'
 */
export function addressKey(parts: AddressKeyParts): string {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return [parts.street, parts.city, parts.state_code, parts.county_name].map(norm).join('|');
}
