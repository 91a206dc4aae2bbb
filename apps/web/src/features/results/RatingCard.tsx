/**
 * 'SFR Analyst Ratings': a circle in the rating's colour with overall_points followed by '%', the
 * overall_response, and the five scores behind it.
 */
import type { AnalysisResponse } from '@sfr/contracts';
import { UI_TEXT } from '../../ui/text';
import { ratingTone, scoreRows } from './rating';

interface RatingCardProps {
  rating: AnalysisResponse['summary'];
  metrics: AnalysisResponse['year_1_metrics'];
}

export function RatingCard({ rating, metrics }: RatingCardProps) {
  const rows = scoreRows(rating, metrics);
  return (
    <section className="card results-block" aria-labelledby="rating-title">
      <h3 id="rating-title">{UI_TEXT.sfrAnalystRatings}</h3>
      <div className="rating-summary">
        <p className={`rating-circle rating-${ratingTone(rating.overall_color)}`}>
          <span>{rating.overall_points}%</span>
          <span className="visually-hidden"> ({rating.overall_color})</span>
        </p>
        <p className="rating-response">{rating.overall_response}</p>
      </div>
      {rows.length > 0 ? (
        <table className="score-table">
          <caption>How the rating is scored</caption>
          <thead>
            <tr>
              <th scope="col">Score</th>
              <th scope="col">Measure</th>
              <th scope="col">Points</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">
                  {row.label}
                  <span className="score-scale">Scale: {row.scale}</span>
                </th>
                <td>{row.measure}</td>
                <td>
                  <span className="score-points">{row.pointsText}</span>
                  <meter min={0} max={row.maxPoints} value={row.points} aria-label={`${row.label} points`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
