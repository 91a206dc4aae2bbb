import type { DealInput, SimulateOptions, Simulation, Spreads } from '@sfr/underwriting';

/** What the page asks the ranges worker: one simulation, numbered so a late answer is recognised. */
export interface RangesRequest {
  id: number;
  input: DealInput;
  spreads: Spreads;
  options: SimulateOptions;
}

export type RangesReply = { id: number; simulation: Simulation } | { id: number; error: string };
