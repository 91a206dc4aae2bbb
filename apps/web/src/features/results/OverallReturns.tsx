/** The right column's Overall Returns: equity, equity multiple, profit and XIRR, unlevered and levered. */
import type { AnalysisResponse } from '@sfr/contracts';
import { UI_TEXT } from '../../ui/text';
import { MetricRow } from './MetricRow';
import { OVERALL_RETURN_KEYS } from './metric-groups';

const SIDES = ['Unlevered', 'Levered'] as const;

export function OverallReturns({ returns }: { returns: AnalysisResponse['overall_returns'] }) {
  const multipleRoots = {
    Unlevered: returns.unlevered_xirr_multiple_roots,
    Levered: returns.levered_xirr_multiple_roots,
  };
  return (
    <section className="card results-block" aria-labelledby="overall-returns-title">
      <h3 id="overall-returns-title">{UI_TEXT.overallReturns}</h3>
      <div className="returns-sides">
        {SIDES.map((side) => (
          <section key={side} aria-labelledby={`overall-returns-${side}`}>
            <h4 id={`overall-returns-${side}`}>{side}</h4>
            <dl className="metric-list">
              {OVERALL_RETURN_KEYS[side].map((key) => (
                <MetricRow key={key} metric={key} />
              ))}
            </dl>
            {multipleRoots[side] ? (
              <p className="results-note">
                These cash flows change sign more than once, so more than one rate solves them; the XIRR shown
                is one of them.
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </section>
  );
}
