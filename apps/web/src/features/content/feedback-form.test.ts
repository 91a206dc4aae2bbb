import { describe, expect, it } from 'vitest';
import { validateFeedback } from './feedback-form';

const RATING = 'Rating must be a whole number from 1 to 5';

describe('validateFeedback', () => {
  it('sends trimmed comments and the rating as a number', () => {
    expect(validateFeedback({ comments: '  Great tool  ', rating: '4' })).toEqual({
      ok: true,
      value: { comments: 'Great tool', rating: 4 },
    });
  });

  it('requires comments and a rating (an empty rating is missing, not 0)', () => {
    expect(validateFeedback({ comments: '   ', rating: '' })).toEqual({
      ok: false,
      errors: { comments: 'Comments are required', rating: RATING },
    });
  });

  it.each(['0', '6', '2.5', '-1'])('refuses the rating %s', (rating) => {
    expect(validateFeedback({ comments: 'ok', rating })).toEqual({ ok: false, errors: { rating: RATING } });
  });

  it.each(['1', '5'])('accepts the bound %s', (rating) => {
    expect(validateFeedback({ comments: 'ok', rating }).ok).toBe(true);
  });
});
