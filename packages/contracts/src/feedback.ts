/** Feedback (product spec §3, §5): comments required, a whole-number rating from 1 to 5. */
import { cleanString } from './text.js';
import { z } from './zod.js';

const RATING_MESSAGE = 'Rating must be a whole number from 1 to 5';

export const feedbackBodySchema = z.object({
  comments: cleanString('Comments', { error: 'Comments are required' }).check(
    z.trim(),
    z.minLength(1, 'Comments are required'),
    z.maxLength(5_000, 'Comments must be at most 5,000 characters'),
  ),
  rating: z
    .number({ error: RATING_MESSAGE })
    .check(z.int(RATING_MESSAGE), z.minimum(1, RATING_MESSAGE), z.maximum(5, RATING_MESSAGE)),
});

export type FeedbackBody = z.input<typeof feedbackBodySchema>;

/** POST /api/feedback's 201: the stored feedback's id. */
export const feedbackResponseSchema = z.object({ id: z.number() });
