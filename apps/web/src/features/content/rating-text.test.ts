import { RATING_BANDS, SCORE_RULES } from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import { RATING_MAX_POINTS, ratingColoursText, ratingWeightsText } from './rating-text';

describe('the rating in words', () => {
  it('adds up to 100 points, as the model says', () => {
    expect(RATING_MAX_POINTS).toBe(100);
  });

  it("names every score with the engine's weight, in its order", () => {
    expect(ratingWeightsText()).toBe(
      'year-1 cash-on-cash return (25 points), levered XIRR (25), debt service coverage (20), cap rate (15) ' +
        'and the neighbourhood’s crime grades (15)',
    );
    // the weights come from the engine: each appears in the text, in order
    const weights = [...ratingWeightsText().matchAll(/\((\d+)/g)].map((match) => Number(match[1]));
    expect(weights).toEqual(SCORE_RULES.map((rule) => rule.max_points));
  });

  it('runs through the colour bands from the best to the worst', () => {
    expect(ratingColoursText()).toBe('Green (80 and up) through Light-Green, Yellow and Red Orange to Red');
    expect(ratingColoursText()).toContain(`(${RATING_BANDS[0]?.min} and up)`);
  });
});
