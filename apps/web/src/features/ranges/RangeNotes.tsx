/**
 * Under the verdict: what its ranges mean, the chance that the first year loses money, and the
 * inputs that move the answer most ("Check these first"), each a link to its field.
 */

import { CHECK_FIRST_NOTE, checkFirst, negativeCashFlowChance } from '@sfr/contracts';
import type { SpreadKey } from '@sfr/underwriting';
import { type RangesState, shownSimulation } from './use-ranges';

/** What the ranges mean, in one sentence, wherever they are shown. */
export const RANGE_MEANING =
  'Ranges hold 8 in 10 of 10,000 simulated outcomes (10th to 90th percentile): each default assumption varies within its own range, while the values you typed stay exact unless you give them a ± range, except a rehab budget and after-repair value, which are estimates however they were typed and vary by default.';

interface RangeNotesProps {
  ranges: RangesState;
  /** stale inputs: the ranges are those of the last valid ones, so none are shown */
  stale: boolean;
  /** bring an assumption's input into view and focus it; without it (a shared page) the inputs are named only */
  onCheck?: (key: SpreadKey) => void;
}

export function RangeNotes({ ranges, stale, onCheck }: RangeNotesProps) {
  if (stale) return null;
  if (ranges.status === 'failed') {
    return <p className="card range-notes">The ranges could not be worked out for these assumptions.</p>;
  }
  const simulation = shownSimulation(ranges);
  if (simulation === null) {
    return (
      <p className="card range-notes" aria-busy="true">
        Working out the ranges…
      </p>
    );
  }
  const inputs = checkFirst(simulation);
  return (
    <section
      className="card range-notes"
      aria-label="Ranges"
      aria-busy={ranges.status === 'pending' || undefined}
    >
      <p>
        <strong>{negativeCashFlowChance(simulation)}</strong> chance that year-1 cash flow is negative.{' '}
        <span className="range-meaning">
          {ranges.status === 'pending' ? 'Updating for your latest edit… ' : null}
          {RANGE_MEANING}
        </span>
      </p>
      {inputs.length > 0 ? (
        <div className="check-first">
          <h4 className="check-first-title">Check these first</h4>
          <p className="check-first-note">{CHECK_FIRST_NOTE}</p>
          <ul>
            {inputs.map((input) => (
              <li key={input.key}>
                {onCheck ? (
                  <button type="button" className="link-button" onClick={() => onCheck(input.key)}>
                    {input.label}
                  </button>
                ) : (
                  <strong>{input.label}</strong>
                )}{' '}
                <span className="check-first-why">{input.why}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
