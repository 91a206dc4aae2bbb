/**
 * Which verdict figures the simulation spreads, and the band each shows: the other verdict figures
 * (cap rate, cash to close) are exact. The formatting and the other readings of a simulation are
 * @sfr/contracts' (ranges.ts), which the report shares.
 */
import { type MetricKey, measureBand, noBandText } from '@sfr/contracts';
import type { SimulatedMeasure, Simulation } from '@sfr/underwriting';

const VERDICT_MEASURES: Partial<Record<MetricKey, SimulatedMeasure>> = {
  monthly_levered_cash_flow: 'monthly_levered_cash_flow',
  levered_returns: 'cash_on_cash',
  dscr: 'dscr',
  levered_xirr: 'levered_xirr',
};

/** What a verdict figure shows under it: its band, or why it has none. */
export type FigureRange = { kind: 'band' | 'none'; text: string };

/**
 * A verdict figure's 10th–90th percentile band ('-$120.00 to $640.00'), or why it has none when too
 * few outcomes have it (`noBandText`); null for a figure kept exact.
 */
export function figureRange(simulation: Simulation, key: MetricKey): FigureRange | null {
  const measure = VERDICT_MEASURES[key];
  if (!measure) return null;
  const band = measureBand(simulation, measure);
  return band ? { kind: 'band', text: band.text } : { kind: 'none', text: noBandText(measure) };
}
