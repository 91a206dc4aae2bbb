/**
 * The scenarios side by side (issue 28 §6): one column per scenario, the base case first, each the
 * analysis of its metrics; the column on screen shows the live figures (edits not yet sent). Rows
 * are /compare's: the rating and the figures an investor decides on, each marking the best column.
 */
import { assembleScenario, BASE_SCENARIO_NAME, type SharedAnalysis } from '@sfr/contracts';
import { bestColumns, COMPARE_KPIS, formatKpi, kpiValue } from '../compare/compare-model';

export interface ScenarioColumn {
  /** null for the base case (the analysis's own metrics) */
  id: string | null;
  name: string;
  analysis: SharedAnalysis;
  /** the figures on screen are this column's */
  onScreen: boolean;
}

/**
 * The base case, then each scenario in order. `live` (the figures on screen) stands for the column
 * `onScreenId` names; the others are computed from their stored metrics.
 */
export function scenarioColumns<A extends SharedAnalysis>(
  base: A,
  live: A,
  onScreenId: string | null,
): ScenarioColumn[] {
  return [
    {
      id: null,
      name: BASE_SCENARIO_NAME,
      analysis: onScreenId === null ? live : base,
      onScreen: onScreenId === null,
    },
    ...base.scenarios.map((scenario) => ({
      id: scenario.id,
      name: scenario.name,
      analysis: scenario.id === onScreenId ? live : assembleScenario(base, scenario),
      onScreen: scenario.id === onScreenId,
    })),
  ];
}

/** Each KPI's row: the value shown in every column, and the columns holding its best. */
export function scenarioRows(columns: readonly ScenarioColumn[]) {
  return COMPARE_KPIS.map(({ key, label, better }) => {
    const shown = columns.map((column) => formatKpi(column.analysis, key));
    const values = columns.map((column) => kpiValue(column.analysis, key));
    return { key, label, shown, best: bestColumns(values, better, shown) };
  });
}
