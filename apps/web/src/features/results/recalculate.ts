/**
 * The analysis of edited assumptions, computed in the browser with the server's engine: what
 * POST /api/update_metrics would answer for the same property, market facts and metrics. The
 * results page calls it on every keystroke, so the figures on screen always belong to the inputs
 * on screen; 'Update Metrics' still sends the edits to the server, which stays the record.
 *
 * Pure and importable on its own (no React, no DOM), so a test can run it beside the API:
 *
 *   const base = await createProperty(deal);          // POST /api/create_property's answer
 *   const mine = recalculate(base, metrics);           // metrics: any valid Assumptions
 *   const theirs = await updateMetrics({ analysis_id: base.analysis_id, property: { ...base.property, metrics } });
 *   // mine equals theirs after a JSON round trip (the API writes -0 as 0)
 */
import { type AnalysisResponse, assembleAnalysis, factsOf, type Metrics } from '@sfr/contracts';

/**
 * `base` with its numbers recomputed for `metrics` by the API's own assembler: the property keeps
 * its address, and the market facts (HUD and market rent, crime grades, sources) stay those of
 * `base`, exactly as the API's update keeps them. Throws the engine's UnderwritingInputError for
 * metrics outside its bounds (the inputs check them first with the same bounds).
 */
export function recalculate(base: AnalysisResponse, metrics: Metrics): AnalysisResponse {
  const { metrics: _previous, ...property } = base.property;
  return {
    ...assembleAnalysis(property, metrics, factsOf(base), base),
    analysis_id: base.analysis_id,
  };
}
