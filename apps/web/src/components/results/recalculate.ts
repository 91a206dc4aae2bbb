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
import { type AnalysisResponse, formatHoldPeriodTable } from '@sfr/contracts';
import { type Assumptions, analyze } from '@sfr/underwriting';

/**
 * `base` with its numbers recomputed for `metrics`: the property keeps its address and facts, the
 * market figures (HUD and market rent, crime grades, sources) stay those of `base`, exactly as the
 * API's update keeps them. Throws the engine's UnderwritingInputError for metrics outside its bounds
 * (the inputs check them first with the same bounds, so the page never calls it with those).
 */
export function recalculate(base: AnalysisResponse, metrics: Assumptions): AnalysisResponse {
  const { hud_rent, rentometer_rent, violent_crime_grade, property_crime_grade } = base.year_1_metrics;
  const analysis = analyze({
    ...metrics,
    units: base.property.factor,
    violent_crime_grade,
    property_crime_grade,
  });
  return {
    // what is not a number of the model (ids, labels, market data) stays as the API sent it
    ...base,
    // the metrics' purchase price is the one the numbers use, so the property shows the same
    property: { ...base.property, purchase_price: metrics.purchase_price, metrics },
    year_1_metrics: { ...analysis.year_1_metrics, hud_rent, rentometer_rent },
    sale_assumptions: analysis.sale_assumptions,
    overall_returns: analysis.overall_returns,
    summary: analysis.summary,
    metrics_for_hold_period: formatHoldPeriodTable(analysis.hold_period),
    hold_period: analysis.hold_period,
  };
}
