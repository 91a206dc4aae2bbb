/**
 * The first thing the results show: the rating circle (points and colour) with its verdict, and
 * the six figures an investor decides on — monthly levered cash flow, cash-on-cash, cap rate, DSCR,
 * levered XIRR and the cash needed to close — each with the range it can move in (RangeNotes, just
 * below, says what the ranges mean). Live: it follows every edit of the assumptions; the ranges
 * follow a moment later, from the simulation's worker.
 */
import { type AnalysisResponse, formatMetric, type MetricKey } from '@sfr/contracts';
import { figureRange } from '../ranges/range-view';
import { type RangesState, shownSimulation } from '../ranges/use-ranges';
import { ratingTone } from './rating';
import { VERDICT_FIGURES } from './verdict-figures';

interface VerdictBandProps {
  analysis: AnalysisResponse;
  /** an input is empty or invalid: these are the figures of the last valid inputs */
  stale: boolean;
  ranges: RangesState;
}

export function VerdictBand({ analysis, stale, ranges }: VerdictBandProps) {
  const { summary } = analysis;
  const simulation = stale ? null : shownSimulation(ranges);
  const values: Partial<Record<MetricKey, number | string | null>> = {
    ...analysis.year_1_metrics,
    levered_xirr: analysis.overall_returns.levered_xirr,
  };
  return (
    <section className={`card verdict${stale ? ' stale' : ''}`} aria-labelledby="verdict-title">
      <h3 id="verdict-title" className="visually-hidden">
        Verdict
      </h3>
      <div className="verdict-rating">
        <p className={`rating-circle rating-${ratingTone(summary.overall_color)}`}>
          <span>{summary.overall_points}%</span>
          <span className="visually-hidden"> ({summary.overall_color})</span>
        </p>
        <p className="rating-response">{summary.overall_response}</p>
      </div>
      <dl className="verdict-figures">
        {VERDICT_FIGURES.map(({ key, label }) => {
          // a figure with no value (a DSCR with no loan) has no range to speak of either
          const range = simulation && values[key] != null ? figureRange(simulation, key) : null;
          return (
            <div key={key} className="verdict-figure">
              <dt>{label}</dt>
              <dd>
                <span className="verdict-value">{formatMetric(key, values[key])}</span>
                {range ? (
                  <span className="verdict-range">
                    <span className="visually-hidden">{range.kind === 'band' ? ', likely ' : ', '}</span>
                    {range.text}
                  </span>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
      {stale ? (
        <p className="verdict-stale" role="status">
          These figures are for the last valid assumptions: correct the highlighted input to update them.
        </p>
      ) : null}
    </section>
  );
}
