/** The analyst rating as a pill: its points in a white disc, its colour's name, on that colour. */
import { type RatingColor, ratingTone } from '../results/rating';
import './rating-badge.css';

interface RatingBadgeProps {
  points: number;
  color: RatingColor;
}

export function RatingBadge({ points, color }: RatingBadgeProps) {
  return (
    <p className={`rating-badge rating-badge-${ratingTone(color)}`}>
      <span className="rating-badge-points">{points}%</span>
      <span className="rating-badge-color">{color}</span>
      <span className="visually-hidden"> rating</span>
    </p>
  );
}
