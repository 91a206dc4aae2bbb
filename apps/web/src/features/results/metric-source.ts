/**
 * What every metric row of the results reads: labels, the live value of each metric, the
 * assumption inputs with their errors, and where each assumption comes from (derived or set by the
 * user). One context for the whole results block, so rows take only their metric key.
 */
import type { AssumptionOrigin, MarketFigure, MetricKey, SharedAnalysis } from '@sfr/contracts';
import type { SpreadKey } from '@sfr/underwriting';
import { createContext, useContext } from 'react';
import type { EditableKey, MetricEditErrors, MetricEdits } from './metric-edits';

export interface MetricSource {
  /** labels by metric key, as the API sends them */
  labels: Readonly<Record<string, string>>;
  /** a metric's value by key (year-1 figures, sale assumptions, overall returns) */
  valueOf: (key: MetricKey) => number | string | null | undefined;
  edits: MetricEdits;
  errors: MetricEditErrors;
  onEdit: (key: EditableKey, text: string) => void;
  /** null for assumptions that follow nothing (the price) */
  originOf: (key: EditableKey) => AssumptionOrigin | null;
  /** back to the derived value, or the line's default */
  onReset: (key: EditableKey) => void;
  /** the "±" of an uncertain assumption: the user's text, its range as it reads, or why it is unreadable */
  /** and the range the simulated ranges give it now (its default spread, or the user's) */
  widenOf: (key: SpreadKey) => {
    text: string;
    range: string | null;
    error: string | undefined;
    simulated: string | null;
  };
  onWiden: (key: SpreadKey, text: string) => void;
  /** house type: per-unit figures say so when there is more than one unit */
  units: number;
  /** the market figure behind a metric, where there is one (its tier, source and estimate) */
  marketFigureOf: (key: MetricKey) => MarketFigure | undefined;
}

/** Every metric's value by key: the year-1 figures, sale assumptions and overall returns (not the xirr notes). */
export function metricValues(
  analysis: Pick<SharedAnalysis, 'year_1_metrics' | 'sale_assumptions' | 'overall_returns'>,
): Partial<Record<MetricKey, number | string | null>> {
  const { unlevered_xirr_multiple_roots, levered_xirr_multiple_roots, ...returns } = analysis.overall_returns;
  return { ...analysis.year_1_metrics, ...analysis.sale_assumptions, ...returns };
}

export const MetricSourceContext = createContext<MetricSource | null>(null);

export function useMetricSource(): MetricSource {
  const source = useContext(MetricSourceContext);
  if (!source) throw new Error('useMetricSource needs a MetricSourceContext provider (AnalysisResults)');
  return source;
}
