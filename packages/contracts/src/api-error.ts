/** The API's one error body shape, and how a validation failure fills its `fields`. */
import { z } from './zod.js';

/**
 * Every machine code the API answers with: the one list the server throws (`AppError`) and the web
 * branches on. A code not listed here cannot be sent: the response schema refuses it.
 */
export const apiErrorCodeSchema = z.enum([
  // any route
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'CROSS_SITE_REQUEST',
  'RATE_LIMITED',
  'INTERNAL',
  /** the database did not answer: 503, try again shortly */
  'SERVICE_UNAVAILABLE',
  // analysis
  'INVALID_ZIP',
  'INVALID_MARKET_INPUT',
  'INVALID_ASSUMPTION',
  'OUT_OF_FREE_SEARCHES',
  'ADDRESS_NOT_FOUND',
  /** update_metrics from a revision another tab or window has since replaced: 409, reload */
  'ANALYSIS_CHANGED',
  // a live provider's property record
  'PROPERTY_RECORD_NOT_FOUND',
  'PROPERTY_RECORDS_UNAVAILABLE',
  /** the provider failed (time-out, 4xx/5xx, unreadable answer): 502, enter the figures yourself */
  'PROVIDER_UNAVAILABLE',
  // saved properties
  'SAVED_PROPERTY_NOT_FOUND',
  'ALREADY_SAVED',
  // scenarios of an analysis
  'SCENARIO_NOT_FOUND',
  'SCENARIO_NAME_TAKEN',
  'TOO_MANY_SCENARIOS',
  // accounts
  'UNAUTHENTICATED',
  'USER_NOT_FOUND',
  'INVALID_CREDENTIALS',
  'EMAIL_IN_USE',
  'WEAK_PASSWORD',
  'INVALID_TOKEN',
  'GOOGLE_NOT_CONFIGURED',
  /** deleting an account whose subscription still renews: 409, cancel it first */
  'SUBSCRIPTION_RENEWS',
  /** deleting a Google-only account whose sign-in is not recent: 403, sign in with Google again */
  'REAUTH_REQUIRED',
  // billing
  'ALREADY_SUBSCRIBED',
  'NO_BILLING_ACCOUNT',
  'INVALID_RETURN_URL',
  'INVALID_SIGNATURE',
  'INVALID_EVENT',
  'BILLING_PROVIDER_ERROR',
]);

export type ApiErrorCode = z.output<typeof apiErrorCodeSchema>;

/** The codes by name: `API_ERROR_CODES.OUT_OF_FREE_SEARCHES`. */
export const API_ERROR_CODES = apiErrorCodeSchema.def.entries;

/**
 * Every 4xx/5xx body: `error` is a message meant for the user, `code` a stable machine name, and
 * `fields` (validation failures only) one message per offending field, keyed by its dotted path.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: apiErrorCodeSchema,
  fields: z.optional(z.record(z.string(), z.string())),
});

export type ApiError = z.output<typeof apiErrorSchema>;

/**
 * The first message per field of a zod error, keyed by dotted path ('property.metrics.rent').
 * Unknown keys are reported under their own path.
 *
 * @example fieldErrors(propertyInputSchema.safeParse({ ...valid, zipcode: '' }).error)
 *   → { zipcode: 'Zipcode is required' }
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
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
