import type { Simulation } from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import { checkFirst, negativeCashFlowChance } from '../src/index.js';

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
    // most draws lose everything or have no rate: simulate gives no percentile
    levered_xirr: band(null, null, null, 400),
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

describe('negativeCashFlowChance', () => {
  it('is the share of draws with a negative year 1, as a percent', () => {
    expect(negativeCashFlowChance(simulation)).toBe('23.40%');
  });
});

describe('checkFirst', () => {
  it('takes the largest XIRR and cash-flow movers in turn, each once, at most three', () => {
    expect(checkFirst(simulation)).toEqual([
      {
        key: 'annual_price_appreciation',
        label: 'Annual Price Appreciation',
        why: 'moves levered XIRR by 6.10 points',
      },
      { key: 'rent', label: 'Monthly Rent', why: 'moves monthly cash flow by $880.00' },
      { key: 'interest_rate', label: 'Interest Rate', why: 'moves monthly cash flow by $210.00' },
    ]);
  });

  it('says a driver whose one end loses all the cash as a move from a total loss (QA: it was left out)', () => {
    const losing = {
      ...simulation,
      drivers: {
        ...simulation.drivers,
        // simulate counts the total loss as −100 % in the swing and leaves that end without a rate
        levered_xirr: [
          {
            key: 'annual_price_appreciation',
            low: -0.07,
            high: 0.15,
            at_low: null,
            at_high: 0.26,
            swing: 1.26,
          },
        ],
      },
    } as unknown as Simulation;
    expect(checkFirst(losing)[0]).toEqual({
      key: 'annual_price_appreciation',
      label: 'Annual Price Appreciation',
      why: 'moves levered XIRR from a total loss to 26.00%',
    });
  });

  it('never lists an input that moves nothing', () => {
    const still = {
      ...simulation,
      drivers: { levered_xirr: [swing('rent', 0)], monthly_levered_cash_flow: [swing('rent', null)] },
    } as unknown as Simulation;
    expect(checkFirst(still)).toEqual([]);
  });
});
