/** A saved property (product spec §3): the analysis as the user last saw it, with its id and savedAt. */
import { z } from 'zod';
import { analysisResponseSchema, recordIdSchema } from './analysis.js';
import { assumptionsSchema } from './assumptions.js';
import type { PropertyInput } from './property.js';

export const savedPropertySchema = analysisResponseSchema.extend({
  id: z.string(),
  /** ISO 8601 */
  savedAt: z.string(),
});

export type SavedProperty = z.output<typeof savedPropertySchema>;

export const savedPropertyListSchema = z.object({ properties: z.array(savedPropertySchema) });

/**
 * POST /api/saved_properties: saves one of the user's analyses. Without `metrics`, as it stands
 * (its last update_metrics); with them, recomputed from those metrics and the analysis's stored
 * market facts, so the save holds exactly what the screen shows.
 */
export const saveAnalysisRequestSchema = z.object({
  analysis_id: recordIdSchema,
  metrics: assumptionsSchema.optional(),
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
