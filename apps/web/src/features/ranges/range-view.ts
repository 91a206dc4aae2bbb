/**
 * Which verdict figures the simulation spreads, and the band each shows: the other verdict figures
 * (cap rate, cash to close) are exact. The formatting and the other readings of a simulation are
 * @sfr/contracts' (ranges.ts), which the report shares.
 */
import { type MeasureBand, type MetricKey, measureBand } from '@sfr/contracts';
import type { SimulatedMeasure, Simulation } from '@sfr/underwriting';

const VERDICT_MEASURES: Partial<Record<MetricKey, SimulatedMeasure>> = {
  monthly_levered_cash_flow: 'monthly_levered_cash_flow',
  levered_returns: 'cash_on_cash',
  dscr: 'dscr',
  levered_xirr: 'levered_xirr',
};

/** A verdict figure's 10th–90th percentile band, or null for a figure kept exact or too few draws. */
export function figureBand(simulation: Simulation, key: MetricKey): MeasureBand | null {
  const measure = VERDICT_MEASURES[key];
  return measure ? measureBand(simulation, measure) : null;
}
