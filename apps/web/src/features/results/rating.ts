/**
 * The 'SFR Analyst Ratings' block: the circle's colour, and why the property got its rating — each
 * of the five scores with its measure, scale and points (underwriting-model.md, "Analyst rating").
 */
import { type AnalysisResponse, formatPercent, formatRatio, type RATING_COLORS } from '@sfr/contracts';
import { UI_TEXT } from '../../ui/text';

type Rating = AnalysisResponse['summary'];
type Score = Rating['scores'][number];
export type RatingColor = (typeof RATING_COLORS)[number];

/** The CSS modifier of each colour: 'Red Orange' → 'red-orange' (styles use the --rating-* tokens). */
export function ratingTone(color: RatingColor): string {
  return color.toLowerCase().replace(/[^a-z]+/g, '-');
}

export interface ScoreRow {
  name: Score['name'];
  label: string;
  /** the measured value, e.g. '7.20%' */
  measure: string;
  /** the measure that scores nothing → the one that scores full points, e.g. '0.00% → 10.00%' */
  scale: string;
  points: number;
  maxPoints: number;
  /** '12.5 of 25 points' */
  pointsText: string;
}

/** Points to one decimal, without a trailing '.0'. */
function pointsNumber(points: number): number {
  return Math.round(points * 10) / 10;
}

function measureText(score: Score, grades: { violent: string | null; property: string | null }): string {
  switch (score.name) {
    case 'safety':
      return score.measure === null ? 'No loan' : formatRatio(score.measure);
    case 'neighbourhood':
      return `Violent ${grades.violent ?? 'unknown'}, property ${grades.property ?? 'unknown'}`;
    default:
      return score.measure === null ? UI_TEXT.notAvailable : formatPercent(score.measure);
  }
}

function scaleText(score: Score): string {
  switch (score.name) {
    case 'safety':
      return `${formatRatio(score.floor)} → ${formatRatio(score.cap)}`;
    case 'neighbourhood':
      return 'F → A';
    default:
      return `${formatPercent(score.floor)} → ${formatPercent(score.cap)}`;
  }
}

export function scoreRows(
  rating: Pick<Rating, 'scores'>,
  metrics: Pick<AnalysisResponse['year_1_metrics'], 'violent_crime_grade' | 'property_crime_grade'>,
): ScoreRow[] {
  const grades = { violent: metrics.violent_crime_grade, property: metrics.property_crime_grade };
  return rating.scores.map((score) => {
    const points = pointsNumber(score.points);
    return {
      name: score.name,
      label: score.label,
      measure: measureText(score, grades),
      scale: scaleText(score),
      points,
      maxPoints: score.max_points,
      pointsText: `${points} of ${score.max_points} points`,
    };
  });
}
