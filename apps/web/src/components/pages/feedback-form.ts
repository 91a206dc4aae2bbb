/** The feedback form's text fields read into the API's body and checked with its schema (spec §5). */
import { type FeedbackBody, feedbackBodySchema, fieldErrors } from '@sfr/contracts';
import type { Validated } from '../account/auth-form';

export interface FeedbackValues {
  comments: string;
  /** the number input's text: '' when empty */
  rating: string;
}

/** Empty rating text is a missing rating (the schema's message), never 0. */
function ratingNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

export function validateFeedback(values: FeedbackValues): Validated<FeedbackBody> {
  const parsed = feedbackBodySchema.safeParse({
    comments: values.comments,
    rating: ratingNumber(values.rating),
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
