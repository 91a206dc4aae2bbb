/**
 * The month-by-month schedule of an analysis or one of its scenarios (issue 28 §7), as CSV: one
 * row a month of the hold (income, each expense, NOI, each loan's payment, interest, principal and
 * balance, a refinance's cash, payoffs, the sale, both cash flows), from the engine's
 * `monthlyScheduleOf`, the figures the analysis's XIRR is computed on.
 */
import {
  type AnalysisFacts,
  dealInput,
  factsOf,
  SCENARIO_MESSAGES,
  type Scenario,
  type SharedAnalysis,
} from '@sfr/contracts';
import { monthlyScheduleOf, scheduleCsv } from '@sfr/underwriting';
import { AppError } from '../errors.js';

/** The scenario `scenarioId` names, null for the base case (no id); a 404 for an id the deal lacks. */
export function scenarioOf(analysis: SharedAnalysis, scenarioId: string | undefined): Scenario | null {
  if (scenarioId === undefined) return null;
  const scenario = analysis.scenarios.find((s) => s.id === scenarioId);
  if (scenario === undefined) throw new AppError(404, 'SCENARIO_NOT_FOUND', SCENARIO_MESSAGES.notFound);
  return scenario;
}

/** The schedule of `analysis` (its base case, or the scenario `scenarioId` names) as CSV, to the cent. */
export function scheduleCsvOf(
  analysis: SharedAnalysis,
  scenarioId?: string,
): { csv: string; scenario: string | null } {
  const scenario = scenarioOf(analysis, scenarioId);
  const facts: AnalysisFacts = factsOf(analysis);
  const metrics = scenario ? scenario.metrics : analysis.property.metrics;
  const rows = monthlyScheduleOf(dealInput(analysis.property, metrics, facts));
  return { csv: scheduleCsv(rows, { decimals: 2 }), scenario: scenario ? scenario.name : null };
}
