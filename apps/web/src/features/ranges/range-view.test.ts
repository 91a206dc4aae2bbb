import type { Simulation } from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import { figureRange } from './range-view';

const band = (p10: number, p90: number, count = 1_000) => ({ p10, p50: (p10 + p90) / 2, p90, count });

/** Only what the verdict reads: four measures' bands over 1,000 draws. */
const simulation = {
  draws: 1_000,
  percentiles: {
    monthly_levered_cash_flow: band(-120, 640),
    cash_on_cash: band(-0.012, 0.07),
    dscr: band(0.91, 1.42),
    // most draws lose everything or have no rate: simulate gives no percentile
    levered_xirr: { p10: null, p50: null, p90: null, count: 400 },
  },
} as unknown as Simulation;

describe('figureRange', () => {
  it('shows the verdict’s spread figures with their own measure’s band, in the figure’s format', () => {
    expect(figureRange(simulation, 'monthly_levered_cash_flow')).toEqual({
      kind: 'band',
      text: '-$120.00 to $640.00',
    });
    expect(figureRange(simulation, 'levered_returns')?.text).toBe('-1.20% to 7.00%');
    expect(figureRange(simulation, 'dscr')?.text).toBe('0.91 to 1.42');
  });

  it('shows nothing under a figure kept exact, and says why one most draws have no value for has no band', () => {
    expect(figureRange(simulation, 'total_cost_to_close')).toBeNull();
    expect(figureRange(simulation, 'cap_rate')).toBeNull();
    expect(figureRange(simulation, 'levered_xirr')).toEqual({
      kind: 'none',
      text: 'no likely range: most outcomes lose all the cash or have no rate of return',
    });
  });

  it('says an XIRR whose 10th percentile is a total loss as one (QA: 1 outcome in 7 lost all the cash)', () => {
    const losing = {
      ...simulation,
      percentiles: {
        ...simulation.percentiles,
        levered_xirr: { p10: null, p50: 0.0117, p90: 0.2663, count: 857 },
      },
    } as Simulation;
    expect(figureRange(losing, 'levered_xirr')).toEqual({ kind: 'band', text: 'a total loss to 26.63%' });
  });
});
