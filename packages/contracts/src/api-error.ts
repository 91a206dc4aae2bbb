/** The API's one error body shape, and how a validation failure fills its `fields`. */
import { z } from 'zod';

/**
 * Every 4xx/5xx body: `error` is a message meant for the user, `code` a stable machine name, and
 * `fields` (validation failures only) one message per offending field, keyed by its dotted path.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ApiError = z.output<typeof apiErrorSchema>;

/**
 * The first message per field of a zod error, keyed by dotted path ('property.metrics.rent').
 * Unknown keys are reported under their own path.
 *
 * @example fieldErrors(propertyInputSchema.safeParse({ ...valid, zipcode: '' }).error)
 *   → { zipcode: 'Zipcode is required' }
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.map(String).join('.');
    fields[key] ??= message;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], issue.message);
    } else {
      add(issue.path, issue.message);
    }
  }
  return fields;
}
