import {
  CRIME_GRADES,
  type CrimeGrade,
  type Rating,
  type RatingColor,
  type Score,
  type ScoreName,
} from './types.js';

/** What each score reads: its floor (0 points), cap (full points) and weight, from underwriting-model.md. */
export const SCORE_RULES: readonly {
  name: ScoreName;
  label: string;
  floor: number;
  cap: number;
  max_points: number;
}[] = [
  { name: 'cash_flow', label: 'Cash flow (year-1 cash-on-cash)', floor: 0, cap: 0.1, max_points: 25 },
  { name: 'return', label: 'Return (levered XIRR)', floor: 0, cap: 0.15, max_points: 25 },
  { name: 'safety', label: 'Safety (DSCR)', floor: 1, cap: 1.5, max_points: 20 },
  { name: 'yield', label: 'Yield (cap rate)', floor: 0.03, cap: 0.08, max_points: 15 },
  { name: 'neighbourhood', label: 'Neighbourhood (crime grades)', floor: 0, cap: 11 / 12, max_points: 15 },
];

export interface RatingBand {
  min: number;
  color: RatingColor;
  response: string;
}

const RED: RatingBand = {
  min: 0,
  color: 'Red',
  response: 'Poor investment: the numbers do not work at this price.',
};

/** Colour bands, highest first: a rating of at least `min` points takes the band's colour. */
export const RATING_BANDS: readonly RatingBand[] = [
  { min: 80, color: 'Green', response: 'Strong investment: the numbers clear every threshold.' },
  { min: 65, color: 'Light-Green', response: 'Good investment: solid returns with minor weak spots.' },
  { min: 50, color: 'Yellow', response: 'Fair investment: workable, but check the weak scores.' },
  {
    min: 35,
    color: 'Red Orange',
    response: 'Weak investment: returns do not justify the risk at this price.',
  },
  RED,
];

function bandFor(points: number): RatingBand {
  return RATING_BANDS.find((band) => points >= band.min) ?? RED;
}

/**
 * A crime grade on a 0–1 scale, linear from F = 0 to A+ = 1; an unknown grade scores 0.5.
 *
 * @example
 * gradeScore('A+'); // 1
 * gradeScore('C');  // 0.4166… = 5/12
 * gradeScore(null); // 0.5
 */
export function gradeScore(grade: CrimeGrade | null): number {
  if (grade === null) return 0.5;
  return (CRIME_GRADES.length - 1 - CRIME_GRADES.indexOf(grade)) / (CRIME_GRADES.length - 1);
}

/**
 * Points for a measure, linear between floor (0) and cap (max), clamped.
 *
 * Formula: `max × clamp((measure − floor) / (cap − floor), 0, 1)`.
 *
 * @example
 * linearPoints(0.05, 0, 0.1, 25); // 12.5
 */
export function linearPoints(measure: number, floor: number, cap: number, max: number): number {
  const share = (measure - floor) / (cap - floor);
  return max * Math.min(1, Math.max(0, share));
}

export interface RatingMeasures {
  levered_returns: number;
  levered_xirr: number | null;
  /** null without a loan */
  dscr: number | null;
  cap_rate: number;
  violent_crime_grade: CrimeGrade | null;
  property_crime_grade: CrimeGrade | null;
}

/**
 * The analyst rating: five linear scores summed and rounded to a whole number 0–100, with its colour
 * and response. A null levered XIRR scores the floor; no loan scores DSCR at its cap.
 *
 * @example
 * rate({ levered_returns: 0.05, levered_xirr: 0.15, dscr: 1.25, cap_rate: 0.055,
 *        violent_crime_grade: 'A+', property_crime_grade: 'A+' }).overall_points;
 * // 70 = round(12.5 + 25 + 10 + 7.5 + 15) → 'Light-Green'
 */
export function rate(m: RatingMeasures): Rating {
  const neighbourhood = (gradeScore(m.violent_crime_grade) + gradeScore(m.property_crime_grade)) / 2;
  const measures: Record<ScoreName, number | null> = {
    cash_flow: m.levered_returns,
    return: m.levered_xirr,
    safety: m.dscr,
    yield: m.cap_rate,
    neighbourhood,
  };
  const scores: Score[] = SCORE_RULES.map((rule) => {
    const measure = measures[rule.name];
    let points: number;
    if (measure !== null) points = linearPoints(measure, rule.floor, rule.cap, rule.max_points);
    else points = rule.name === 'safety' ? rule.max_points : 0;
    return {
      name: rule.name,
      label: rule.label,
      measure,
      floor: rule.floor,
      cap: rule.cap,
      max_points: rule.max_points,
      points,
    };
  });
  const overall_points = Math.round(scores.reduce((sum, s) => sum + s.points, 0));
  const band = bandFor(overall_points);
  return { overall_points, overall_color: band.color, overall_response: band.response, scores };
}
