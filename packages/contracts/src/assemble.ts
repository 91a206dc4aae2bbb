/**
 * One analysis, one shape. An analysis is computed from three things: the property as analysed,
 * its assumptions (the metrics the user sees and edits) and the market facts it keeps. This module
 * is the one place that turns them into the engine's input (the spec's `factor` becomes the
 * engine's `units` here, and only here) and the engine's output into the API's answer. The API
 * (new analyses, edits, reopening), the browser's live recalculation and decision tools, the report,
 * the share and compare pages all go through it.
 */
import {
  type Assumptions,
  analyze,
  type CrimeGrade,
  type DealInput,
  type ExpenseLines,
} from '@sfr/underwriting';
import type { MarketData, SharedAnalysis } from './analysis.js';
import { formatHoldPeriodTable } from './hold-period.js';
import { METRIC_LABELS } from './labels.js';
import type { RangeWidths } from './range-widths.js';
import type { Scenario } from './scenarios.js';

/** The market facts an analysis keeps: what its numbers read from the market, with sources. */
export interface AnalysisFacts {
  /** HUD rent and market rent per unit per month, as year_1_metrics echoes them */
  hud_rent: number | null;
  market_rent: number | null;
  /** the grades the rating's neighbourhood score reads; null counts as average */
  violent_crime_grade: CrimeGrade | null;
  property_crime_grade: CrimeGrade | null;
  /** each figure with its source, vintage and tier, the warnings and the location, as first shown */
  market_data: MarketData;
}

/**
 * What an analysis keeps beside its metrics, computed nothing from: its named scenarios (oldest
 * first) and the user's "±" on its assumptions. A stored analysis's row carries both.
 */
export interface KeptWithAnalysis {
  scenarios: readonly Scenario[];
  range_widths: RangeWidths;
}

/** A new analysis keeps nothing yet. */
export const NOTHING_KEPT: KeptWithAnalysis = Object.freeze({ scenarios: [], range_widths: {} });

/** The property as analysed: the form's fields, without the metrics. */
export type AnalysedProperty = Omit<SharedAnalysis['property'], 'metrics'>;

/** One frozen copy for every answer: the serializer writes a frozen object's JSON once. */
export const METRIC_DISPLAY_NAMES: Readonly<Record<string, string>> = Object.freeze({ ...METRIC_LABELS });

/**
 * The engine's input for an analysis: its assumptions (with the optional expense lines it
 * carries), the house type's units and the grades the rating reads.
 */
export function dealInput(
  property: Pick<AnalysedProperty, 'factor'>,
  assumptions: Assumptions & ExpenseLines,
  grades: Pick<AnalysisFacts, 'violent_crime_grade' | 'property_crime_grade'>,
): DealInput & ExpenseLines {
  return {
    ...assumptions,
    units: property.factor,
    violent_crime_grade: grades.violent_crime_grade,
    property_crime_grade: grades.property_crime_grade,
  };
}

/**
 * The analysis of `assumptions` for `property` with its kept `facts`, as the API answers it (without
 * its id). Throws the engine's UnderwritingInputError for assumptions outside its bounds.
 */
export function assembleAnalysis(
  property: AnalysedProperty,
  assumptions: Assumptions & ExpenseLines,
  facts: AnalysisFacts,
  kept: KeptWithAnalysis,
): SharedAnalysis {
  const analysis = analyze(dealInput(property, assumptions, facts));
  return {
    // the metrics' purchase price is the one the numbers use, so the property shows the same
    property: { ...property, purchase_price: assumptions.purchase_price, metrics: assumptions },
    year_1_metrics: {
      ...analysis.year_1_metrics,
      hud_rent: facts.hud_rent,
      rentometer_rent: facts.market_rent,
    },
    metric_display_names: METRIC_DISPLAY_NAMES,
    sale_assumptions: analysis.sale_assumptions,
    overall_returns: analysis.overall_returns,
    summary: analysis.summary,
    metrics_for_hold_period: formatHoldPeriodTable(analysis.hold_period, analysis.after_tax),
    hold_period: analysis.hold_period,
    ...(analysis.after_tax && { after_tax: analysis.after_tax }),
    market_data: facts.market_data,
    scenarios: [...kept.scenarios],
    range_widths: { ...kept.range_widths },
  };
}

/**
 * A scenario of an analysis, as an analysis: the same property and facts with the scenario's
 * metrics. Its `scenarios` are the analysis's, so a screen showing it can switch back; its "±" its
 * own where it keeps them (a Section 8 rent's band), else the analysis's.
 */
export function assembleScenario<A extends SharedAnalysis>(
  analysis: A,
  scenario: Pick<Scenario, 'metrics' | 'range_widths'>,
): A {
  const { metrics, ...property } = analysis.property;
  const kept = { ...analysis, range_widths: scenario.range_widths ?? analysis.range_widths };
  return {
    ...analysis,
    ...assembleAnalysis(property, scenario.metrics, factsOf(analysis), kept),
  };
}

/** The facts an analysis as sent carries: what the browser recomputes an edit with. */
export function factsOf(analysis: Pick<SharedAnalysis, 'year_1_metrics' | 'market_data'>): AnalysisFacts {
  const { hud_rent, rentometer_rent, violent_crime_grade, property_crime_grade } = analysis.year_1_metrics;
  return {
    hud_rent,
    market_rent: rentometer_rent,
    violent_crime_grade,
    property_crime_grade,
    market_data: analysis.market_data,
  };
}
