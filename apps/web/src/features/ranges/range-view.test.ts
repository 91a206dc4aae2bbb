import type { Simulation } from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import { figureBand } from './range-view';

const band = (p10: number | null, p50: number | null, p90: number | null, count = 1_000) => ({
  p10,
  p50,
  p90,
  count,
});
const swing = (key: string, value: number | null) => ({
  key,
  low: 0,
  high: 0,
  at_low: 0,
  at_high: value,
  swing: value,
});

/** A simulation of 1,000 draws, written out by hand. */
const simulation = {
  draws: 1_000,
  seed: 1,
  percentiles: {
    monthly_levered_cash_flow: band(-120, 250.5, 640),
    cash_on_cash: band(-0.012, 0.031, 0.07),
    dscr: band(0.91, 1.18, 1.42),
    unlevered_xirr: band(0.02, 0.05, 0.08),
    // most draws lose everything or have no rate: too few to show a band
    levered_xirr: band(-0.2, 0.01, 0.09, 400),
    equity_multiple: band(0.8, 1.3, 1.9),
    profit: band(-20_000, 30_000, 90_000),
  },
  probabilities: { negative_cash_flow: 0.234 },
  drivers: {
    levered_xirr: [
      swing('annual_price_appreciation', 0.061),
      swing('rent', 0.04),
      swing('vacancy_rate', 0.01),
    ],
    monthly_levered_cash_flow: [
      swing('rent', 880),
      swing('interest_rate', 210),
      swing('vacancy_rate', 90),
      swing('cost_to_sell', 0),
    ],
  },
  yearly_levered_cash_flow: [],
} as unknown as Simulation;

describe('figureBand', () => {
  it('writes a spread figure’s 10th to 90th percentile in its own format', () => {
    expect(figureBand(simulation, 'monthly_levered_cash_flow')).toEqual({
      low: -120,
      high: 640,
      text: '-$120.00 to $640.00',
    });
    expect(figureBand(simulation, 'levered_returns')?.text).toBe('-1.20% to 7.00%');
    expect(figureBand(simulation, 'dscr')?.text).toBe('0.91 to 1.42');
  });

  it('shows no band for a figure the simulation keeps exact, or one most draws have no value for', () => {
    expect(figureBand(simulation, 'total_cost_to_close')).toBeNull();
    expect(figureBand(simulation, 'cap_rate')).toBeNull();
    expect(figureBand(simulation, 'levered_xirr')).toBeNull();
  });
});
