/**
 * The rehab drivers (issue 28 §7): the rehab budget, the after-repair value and the refinance's LTV
 * as sensitivity drivers, only on a deal that gives them. Worked examples first, then the laws.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyze,
  DEAL_DRIVERS,
  type DealDriver,
  type DealInput,
  defaultSpreads,
  driverOf,
  driversFor,
  driverValue,
  type OptionalInputs,
  REHAB_DRIVERS,
  SENSITIVITY_DRIVERS,
  SENSITIVITY_STEPS,
  sensitivityGrid,
  simulate,
  UnderwritingInputError,
  withDriver,
} from '../src/index.js';
import { offerMeasure } from '../src/offer.js';
import { driverBound } from '../src/sensitivity.js';
import { brrrrDeal } from './support/arbitraries.js';
import { roundDeal } from './support/deals.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/brrrr.json', import.meta.url));
const brrrr = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as DealInput & OptionalInputs;

describe('rehab drivers: worked examples', () => {
  it('a deal has the rehab drivers whose inputs it gives', () => {
    expect(driversFor(roundDeal)).toEqual([...SENSITIVITY_DRIVERS]);
    expect(driversFor(brrrr)).toEqual([...DEAL_DRIVERS]);
    expect(driversFor({ ...roundDeal, after_repair_value: 250_000 })).toEqual([
      ...SENSITIVITY_DRIVERS,
      'after_repair_value',
    ]);
    expect(SENSITIVITY_DRIVERS).toHaveLength(7); // unchanged for the web's grid
  });

  it('reads and moves the refinance LTV, the ARV and the budget, and nothing else', () => {
    expect(driverOf(brrrr, 'refinance_loan_to_value')).toBe(0.75);
    expect(driverValue(brrrr, 'refinance_loan_to_value', 0.05)).toBeCloseTo(0.8, 15); // 75 % + 5 points
    expect(driverValue(brrrr, 'after_repair_value', -0.1)).toBeCloseTo(216_000, 6); // 240,000 × 0.9
    expect(driverValue(brrrr, 'rehab_budget', 0.2)).toBeCloseTo(36_000, 6); // 30,000 × 1.2
    const moved = withDriver(brrrr, 'refinance_loan_to_value', 0.8);
    expect(moved.refinance).toEqual({ ...brrrr.refinance, loan_to_value: 0.8 });
    expect(brrrr.refinance?.loan_to_value).toBe(0.75); // the input is not changed
    expect({ ...moved, refinance: brrrr.refinance }).toEqual(brrrr);
    expect(withDriver(brrrr, 'after_repair_value', 200_000)).toEqual({
      ...brrrr,
      after_repair_value: 200_000,
    });
    expect(withDriver(brrrr, 'rehab_budget', 40_000)).toEqual({ ...brrrr, rehab_budget: 40_000 });
    // at 80 % of the ARV the refinance returns $46,083.33 more than at 75 % … (README: 0.8 × 240,000 = 192,000)
    const at80 = analyze(moved).year_1_metrics.cash_returned_at_refinance as number;
    const at75 = analyze(brrrr).year_1_metrics.cash_returned_at_refinance as number;
    expect(at80 - at75).toBeCloseTo(0.05 * 240_000, 6);
  });

  it('refuses a rehab driver on a deal without its input', () => {
    expect(() => withDriver(roundDeal, 'refinance_loan_to_value', 0.7)).toThrow(UnderwritingInputError);
    expect(() => driverOf(roundDeal, 'rehab_budget')).toThrow(
      'rehab_budget: is not a driver of a deal without rehab_budget',
    );
    expect(() =>
      sensitivityGrid(roundDeal, { row: 'rent', col: 'after_repair_value', outcome: 'levered_xirr' }),
    ).toThrow(/^col: must be one of purchase_price, .*annual_price_appreciation$/);
  });

  it('a grid over the refinance LTV and the ARV: the centre is the deal, an LTV of 1 or more is out of range', () => {
    const grid = sensitivityGrid(brrrr, {
      row: 'refinance_loan_to_value',
      col: 'after_repair_value',
      outcome: 'levered_xirr',
      rowSteps: [0, 0.1, 0.25],
    });
    expect(grid.rows.map((r) => r.inRange)).toEqual([true, true, false]); // 0.75, 0.85, 1.0
    expect(grid.cells[2]?.every((cell) => cell === null)).toBe(true);
    expect(grid.current).toEqual({ row: 0, col: 3 });
    expect(grid.cells[0]?.[3]?.value).toBe(analyze(brrrr).overall_returns.levered_xirr);
    // more cash out at a higher LTV and a higher ARV: the XIRR rises along both (README: 30.5 % → 34 %+)
    expect(grid.cells[1]?.[3]?.value as number).toBeGreaterThan(grid.cells[0]?.[3]?.value as number);
    expect(grid.cells[0]?.[6]?.value as number).toBeGreaterThan(grid.cells[0]?.[3]?.value as number);
  });

  it('the README grid: 30.5 % at the centre, 38.3 % at 80 % LTV, 39.2 % and 17.6 % at ARV ± 5/10 %', () => {
    const grid = sensitivityGrid(brrrr, {
      row: 'refinance_loan_to_value',
      col: 'after_repair_value',
      outcome: 'levered_xirr',
    });
    const at = (i: number, j: number) => grid.cells[i]?.[j]?.value as number;
    expect(grid.rows.every((r) => r.inRange)).toBe(true); // 0.60 … 0.90
    expect(at(3, 3)).toBeCloseTo(0.305, 3);
    expect(at(4, 3)).toBeCloseTo(0.383, 3);
    expect(at(3, 4)).toBeCloseTo(0.392, 3);
    expect(at(3, 1)).toBeCloseTo(0.176, 3);
  });

  it('an ARV under 10,000 is out of range', () => {
    const cheap = { ...brrrr, after_repair_value: 11_000 };
    const grid = sensitivityGrid(cheap, { row: 'after_repair_value', col: 'rent', outcome: 'cash_on_cash' });
    expect(grid.rows.map((r) => r.inRange)).toEqual([false, false, true, true, true, true, true]);
    expect(driverBound('after_repair_value').min).toBe(10_000);
  });

  it('every driver has seven default steps with a 0', () => {
    for (const driver of REHAB_DRIVERS) {
      expect(SENSITIVITY_STEPS[driver].steps).toHaveLength(7);
      expect(SENSITIVITY_STEPS[driver].steps).toContain(0);
    }
  });
});

/** A BRRRR deal with all three rehab inputs. */
const fullBrrrr = brrrrDeal.filter(
  (deal) =>
    deal.rehab_budget !== undefined && deal.after_repair_value !== undefined && deal.refinance !== undefined,
);

describe('properties', () => {
  it("the grid's centre is analyze of the deal, for any two of the deal's drivers", () => {
    fc.assert(
      fc.property(
        brrrrDeal,
        fc.nat(),
        fc.nat(),
        fc.constantFrom('levered_xirr', 'cash_on_cash', 'overall_points') as fc.Arbitrary<
          'levered_xirr' | 'cash_on_cash' | 'overall_points'
        >,
        (deal, i, j, outcome) => {
          const drivers = driversFor(deal);
          const row = drivers[i % drivers.length] as DealDriver;
          const rest = drivers.filter((driver) => driver !== row);
          const col = rest[j % rest.length] as DealDriver;
          const grid = sensitivityGrid(deal, { row, col, outcome, rowSteps: [0], colSteps: [0] });
          expect(grid.cells[0]?.[0]?.value).toBe(offerMeasure(analyze(deal), outcome));
          expect(grid.cells[0]?.[0]?.points).toBe(analyze(deal).summary.overall_points);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a higher refinance LTV never lowers the cash returned at refinance', () => {
    fc.assert(
      fc.property(
        fullBrrrr,
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        (deal, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const returned = (ltv: number) =>
            analyze(withDriver(deal, 'refinance_loan_to_value', ltv)).year_1_metrics
              .cash_returned_at_refinance as number;
          expect(returned(high)).toBeGreaterThanOrEqual(returned(low));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a higher ARV never lowers the cash returned at refinance or the unlevered profit', () => {
    fc.assert(
      fc.property(fullBrrrr, fc.double({ min: 1, max: 1.5, noNaN: true }), (deal, k) => {
        const arv = deal.after_repair_value as number;
        const before = analyze(deal);
        const after = analyze(withDriver(deal, 'after_repair_value', arv * k));
        const returned = (a: typeof before) => a.year_1_metrics.cash_returned_at_refinance as number;
        expect(returned(after)).toBeGreaterThanOrEqual(returned(before));
        expect(after.overall_returns.unlevered_profit).toBeGreaterThanOrEqual(
          before.overall_returns.unlevered_profit,
        );
      }),
      { numRuns: 60 },
    );
  });

  it('a higher rehab budget never raises the unlevered profit, and adds to the cash invested when paid in cash', () => {
    fc.assert(
      fc.property(fullBrrrr, fc.double({ min: 0, max: 100_000, noNaN: true }), (deal, more) => {
        const budget = deal.rehab_budget as number;
        const before = analyze(deal);
        const after = analyze(withDriver(deal, 'rehab_budget', budget + more));
        expect(after.overall_returns.unlevered_profit).toBeLessThanOrEqual(
          before.overall_returns.unlevered_profit,
        );
        if (deal.rehab_financed !== true) {
          expect(
            after.year_1_metrics.total_cost_to_close - before.year_1_metrics.total_cost_to_close,
          ).toBeCloseTo(more, 4);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('drivers', () => {
  it('driverBound is the assumption bound for the seven', () => {
    for (const driver of SENSITIVITY_DRIVERS) expect(driverBound(driver)).toBeDefined();
    expect(driverBound('refinance_loan_to_value').max).toBe(1);
    expect(driverBound('refinance_loan_to_value').maxInclusive).toBe(false);
  });
});

describe('a rehab’s budget and after-repair value in the ranges (QA: a rehab deal’s band held them exact)', () => {
  it('spreads both by default, and the tornado moves each alone through the same engine as analyze', () => {
    const spreads = defaultSpreads(brrrr);
    // examples/brrrr.json: budget $30,000 (−5 % / +30 %), ARV $240,000 (±18 %)
    expect(spreads.rehab_budget).toEqual({ low: 28_500, high: 39_000 });
    expect(spreads.after_repair_value?.low).toBeCloseTo(196_800, 6);
    expect(spreads.after_repair_value?.high).toBeCloseTo(283_200, 6);
    const s = simulate(brrrr, spreads, { draws: 200 });
    for (const key of ['rehab_budget', 'after_repair_value'] as const) {
      const swing = s.drivers.levered_xirr.find((d) => d.key === key);
      const low = spreads[key]?.low as number;
      const high = spreads[key]?.high as number;
      expect(swing?.at_low).toBeCloseTo(
        analyze({ ...brrrr, [key]: low }).overall_returns.levered_xirr as number,
        9,
      );
      expect(swing?.at_high).toBeCloseTo(
        analyze({ ...brrrr, [key]: high }).overall_returns.levered_xirr as number,
        9,
      );
      expect(swing?.swing).toBeGreaterThan(0);
    }
    // the value moves the XIRR more than any other input of this deal: it makes the refinance
    expect(s.drivers.levered_xirr[0]?.key).toBe('after_repair_value');
  });

  it('a deal without a rehab simulates exactly as before: no spread for what it lacks', () => {
    const plain = defaultSpreads(roundDeal);
    expect(plain.rehab_budget).toBeUndefined();
    expect(plain.after_repair_value).toBeUndefined();
  });
});
