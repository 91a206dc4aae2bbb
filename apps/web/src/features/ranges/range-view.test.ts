import type { Simulation } from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import { figureBand } from './range-view';

const band = (p10: number, p90: number, count = 1_000) => ({ p10, p50: (p10 + p90) / 2, p90, count });

/** Only what the verdict reads: four measures' bands over 1,000 draws. */
const simulation = {
  draws: 1_000,
  percentiles: {
    monthly_levered_cash_flow: band(-120, 640),
    cash_on_cash: band(-0.012, 0.07),
    dscr: band(0.91, 1.42),
    // most draws lose everything or have no rate: too few to show a band
    levered_xirr: band(-0.2, 0.09, 400),
  },
} as unknown as Simulation;

describe('figureBand', () => {
  it('shows the verdict’s spread figures with their own measure’s band, in the figure’s format', () => {
    expect(figureBand(simulation, 'monthly_levered_cash_flow')?.text).toBe('-$120.00 to $640.00');
    expect(figureBand(simulation, 'levered_returns')?.text).toBe('-1.20% to 7.00%');
    expect(figureBand(simulation, 'dscr')?.text).toBe('0.91 to 1.42');
  });

  it('shows no band for a figure kept exact, or one most draws have no value for', () => {
    expect(figureBand(simulation, 'total_cost_to_close')).toBeNull();
    expect(figureBand(simulation, 'cap_rate')).toBeNull();
    expect(figureBand(simulation, 'levered_xirr')).toBeNull();
  });
});
