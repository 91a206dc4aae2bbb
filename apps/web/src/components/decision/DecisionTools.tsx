/**
 * The decision tools under the verdict (issue 14 §1–2): the offer line, what breaks the deal and
 * the break-even line, all computed in the browser on the assumptions on screen. The results page
 * loads this module lazily with the results (its default export), so none of it is in the
 * analyzer's first JavaScript. The figures follow edits a frame behind the verdict (deferred).
 */
import type { AnalysisResponse } from '@sfr/contracts';
import { useDeferredValue, useMemo } from 'react';
import { BreakEvenLine } from './BreakEvenLine';
import { dealInputOf } from './decision-model';
import { OfferLine } from './OfferLine';
import { SensitivityTable } from './SensitivityTable';
import './decision.css';

export default function DecisionTools({ analysis }: { analysis: AnalysisResponse }) {
  const shown = useDeferredValue(analysis);
  const deal = useMemo(() => dealInputOf(shown), [shown]);
  return (
    <div className="decision-tools">
      <OfferLine deal={deal} />
      <SensitivityTable deal={deal} />
      <BreakEvenLine deal={deal} />
    </div>
  );
}
