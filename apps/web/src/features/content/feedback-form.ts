/** The feedback form's text fields read into the API's body and checked with its schema (spec §5). */
import { type FeedbackBody, feedbackBodySchema } from '@sfr/contracts';
import { checkWithSchema, type Validated } from '../../ui/forms/form-check';

export type FeedbackValues = {
  comments: string;
  /** the number input's text: '' when empty */
  rating: string;
};

/** Empty rating text is a missing rating (the schema's message), never 0. */
function ratingNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

export function validateFeedback(values: FeedbackValues): Validated<FeedbackBody> {
  return checkWithSchema(feedbackBodySchema, {
    comments: values.comments,
    rating: ratingNumber(values.rating),
  });
}
