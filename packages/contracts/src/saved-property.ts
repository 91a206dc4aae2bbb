/** A saved property (product spec §3): the analysis as the user last saw it, with its id and savedAt. */
import { z } from 'zod';
import { analysisResponseSchema } from './analysis.js';

export const savedPropertySchema = analysisResponseSchema.extend({
  id: z.string(),
  /** ISO 8601 */
  savedAt: z.string(),
});

export type SavedProperty = z.output<typeof savedPropertySchema>;

export const savedPropertyListSchema = z.object({ properties: z.array(savedPropertySchema) });
