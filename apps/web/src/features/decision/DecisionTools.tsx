/**
 * The decision tools under the verdict (issue 14 §1–2): the offer line, what breaks the deal and
 * the break-even line, all computed in the browser on the assumptions on screen. The results page
 * loads this module lazily with the results (its default export), so none of it is in the
 * analyzer's first JavaScript. The page hands it the analysis once the figures have painted
 * (`useValueAfterPaint`), so it follows edits a frame behind the verdict.
 */
import { type AnalysisResponse, analysisSpreads, type SpreadOptions } from '@sfr/contracts';
import { memo, useMemo } from 'react';
import { BreakEvenLine as BreakEvenLineLive } from './BreakEvenLine';
import { dealInputOf } from './decision-model';
import { OfferLine as OfferLineLive } from './OfferLine';
import { SensitivityTable as SensitivityTableLive } from './SensitivityTable';
import './decision.css';

// the page renders this on every keystroke; each tool redraws only when its deal or spreads change
const OfferLine = memo(OfferLineLive);
const SensitivityTable = memo(SensitivityTableLive);
const BreakEvenLine = memo(BreakEvenLineLive);

interface DecisionToolsProps {
  analysis: AnalysisResponse;
  /** the ranges' options (the user's "±"), for the offer that holds in 9 of 10 outcomes */
  spreadOptions?: SpreadOptions;
}

/** Memoised: it follows the analysis after the paint, so a keystroke's urgent pass passes it by. */
export default memo(function DecisionTools({ analysis, spreadOptions }: DecisionToolsProps) {
  const deal = useMemo(() => dealInputOf(analysis), [analysis]);
  const spreads = useMemo(() => analysisSpreads(analysis, spreadOptions), [analysis, spreadOptions]);
  return (
    <div className="decision-tools">
      <OfferLine deal={deal} spreads={spreads} />
      <SensitivityTable deal={deal} />
      <BreakEvenLine deal={deal} monthlyCashFlow={analysis.year_1_metrics.monthly_levered_cash_flow} />
    </div>
  );
});
