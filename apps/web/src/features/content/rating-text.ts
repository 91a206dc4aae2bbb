/**
 * The analyst rating described in words (About Us), written from the engine's own weights and
 * colour bands, so the page cannot drift from the numbers it describes.
 */
import { RATING_BANDS, SCORE_RULES, type ScoreName } from '@sfr/underwriting';

const SCORE_PHRASES: Record<ScoreName, string> = {
  cash_flow: 'year-1 cash-on-cash return',
  return: 'levered XIRR',
  safety: 'debt service coverage',
  yield: 'cap rate',
  neighbourhood: 'the neighbourhood’s crime grades',
};

/** 'a, b and c' */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The most points a rating can reach: the sum of the scores' weights (100). */
export const RATING_MAX_POINTS = SCORE_RULES.reduce((sum, rule) => sum + rule.max_points, 0);

/**
 * The scores and their weights, in the engine's order.
 * @example ratingWeightsText() // 'year-1 cash-on-cash return (25 points), levered XIRR (25), … and the neighbourhood’s crime grades (15)'
 */
export function ratingWeightsText(): string {
  return listed(
    SCORE_RULES.map(
      (rule, index) => `${SCORE_PHRASES[rule.name]} (${rule.max_points}${index === 0 ? ' points' : ''})`,
    ),
  );
}

/**
 * The colours from the best band to the worst.
 * @example ratingColoursText() // 'Green (80 and up) through Light-Green, Yellow and Red Orange to Red'
 */
export function ratingColoursText(): string {
  const [best, ...rest] = RATING_BANDS;
  const worst = rest.at(-1);
  if (!best || !worst) return best ? best.color : '';
  return `${best.color} (${best.min} and up) through ${listed(rest.slice(0, -1).map((band) => band.color))} to ${worst.color}`;
}
