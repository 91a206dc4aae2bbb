import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyze,
  atPrice,
  breakEven,
  type DealInput,
  monthlyPayment,
  SENSITIVITY_DRIVERS,
  SENSITIVITY_OUTCOMES,
  SENSITIVITY_STEPS,
  type SensitivityDriver,
  sensitivityGrid,
  withDriver,
} from '../src/index.js';
import { driverValue } from '../src/sensitivity.js';
import { assumptionsWithinBounds } from '../src/validate.js';
import { realisticDeal, typicalDeal } from './support/arbitraries.js';
import { roundDeal } from './support/deals.js';

const austin = JSON.parse(
  readFileSync(new URL('../../../examples/austin-sfr.json', import.meta.url), 'utf8'),
) as DealInput;

const monthlyCashFlow = (deal: DealInput) => analyze(deal).year_1_metrics.monthly_levered_cash_flow;

describe('withDriver', () => {
  it('moves the linked costs in proportion to their driver, and only those', () => {
    expect(withDriver(austin, 'purchase_price', 400_000)).toEqual(atPrice(austin, 400_000));
    const rent = withDriver(austin, 'rent', 2_600);
    expect(rent.maintenance).toBeCloseTo(3_120, 9); // 2,816.40 × 2,600 / 2,347 = 10 % × 12 × 2,600
    expect(rent.property_management).toBeCloseTo(0.08 * 12 * 2_600 * 0.95, 9); // 2,371.20
    const vacancy = withDriver(austin, 'vacancy_rate', 0.1);
    expect(vacancy.property_management).toBeCloseTo(2_027.808, 9); // 2,140.464 × 0.9 / 0.95
    expect(vacancy.maintenance).toBe(austin.maintenance);
    const ltv = withDriver(austin, 'loan_to_value', 0.8);
    expect(ltv.financing_fees).toBeCloseTo(3_600, 9); // 1 % × 80 % × 450,000
    expect(withDriver(austin, 'interest_rate', 0.06)).toEqual({ ...austin, interest_rate: 0.06 });
    // no rent to keep a ratio to: maintenance stays as given
    expect(withDriver({ ...roundDeal, rent: 0 }, 'rent', 1_000).maintenance).toBe(roundDeal.maintenance);
  });

  it('changes nothing at the current value', () => {
    fc.assert(
      fc.property(realisticDeal, fc.constantFrom(...SENSITIVITY_DRIVERS), (deal, driver) => {
        expect(withDriver(deal, driver, deal[driver])).toEqual(deal);
      }),
    );
  });
});

describe('sensitivityGrid: worked examples', () => {
  it('is price × rent by default steps of 5 %, the Austin deal in the middle', () => {
    const grid = sensitivityGrid(austin, {
      row: 'purchase_price',
      col: 'rent',
      outcome: 'monthly_levered_cash_flow',
    });
    expect(grid.rows.map((r) => r.step)).toEqual([-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15]);
    expect(grid.rows[0]?.value).toBe(382_500); // 450,000 × 0.85
    expect(grid.cols[1]?.value).toBeCloseTo(2_112.3, 9); // 2,347 × 0.9
    expect(grid.current).toEqual({ row: 3, col: 3 });
    const middle = analyze(austin);
    expect(grid.cells[3]?.[3]).toEqual({
      value: middle.year_1_metrics.monthly_levered_cash_flow,
      points: middle.summary.overall_points,
      color: middle.summary.overall_color,
    });
    expect(grid.cells[3]?.[3]?.value).toBeCloseTo(-1_467.5644, 4);
    // 15 % off the price, 15 % more rent: by hand, the cash flow gains 2,347 × 0.15 × 9.288 / 12
    // a month from the rent and 67,500 × k / 12 from the price
    const corner = withDriver(withDriver(austin, 'purchase_price', 382_500), 'rent', 2_347 * 1.15);
    expect(grid.cells[0]?.[6]?.value).toBe(monthlyCashFlow(corner));
    const k =
      (2_700 + 6_907.5) / 450_000 +
      12 * monthlyPayment({ amount: 0.75, annual_rate: 0.0803, term_years: 30 });
    const byHand = -1_467.5644062934564 + (2_347 * 0.15 * 9.288 + 67_500 * k) / 12;
    expect(grid.cells[0]?.[6]?.value).toBeCloseTo(byHand, 6); // −702.46
  });

  it('shows points, XIRR or cash-on-cash, and leaves out-of-range values empty', () => {
    const grid = sensitivityGrid(roundDeal, {
      row: 'vacancy_rate',
      col: 'loan_to_value',
      outcome: 'overall_points',
      rowSteps: [-0.1, 0, 0.1],
      colSteps: [0, 0.25],
    });
    expect(grid.rows.map((r) => [r.value, r.inRange])).toEqual([
      [0.05 - 0.1, false],
      [0.05, true],
      [0.05 + 0.1, true],
    ]);
    expect(grid.cols.map((c) => c.inRange)).toEqual([true, false]); // an LTV of 100 % is not a loan
    expect(grid.cells[0]).toEqual([null, null]);
    expect(grid.cells[1]?.[1]).toBeNull();
    expect(grid.cells[1]?.[0]?.value).toBe(analyze(roundDeal).summary.overall_points);
    const xirr = sensitivityGrid(roundDeal, {
      row: 'interest_rate',
      col: 'annual_price_appreciation',
      outcome: 'levered_xirr',
    });
    expect(xirr.cells[3]?.[3]?.value).toBe(analyze(roundDeal).overall_returns.levered_xirr);
    const coc = sensitivityGrid(roundDeal, {
      row: 'rent',
      col: 'rent_annual_growth_rate',
      outcome: 'cash_on_cash',
    });
    expect(coc.cells[3]?.[3]?.value).toBe(analyze(roundDeal).year_1_metrics.levered_returns);
    expect(sensitivityGrid(roundDeal, { ...grid, rowSteps: [0.01], colSteps: [0] }).current).toBeNull();
  });

  it('leaves a cell empty where a linked cost leaves its bound, rather than failing the grid', () => {
    // vacancy a hair below 1: 3 points less vacancy multiplies management by (1 − v′)/(1 − v) ≈ 2e11
    const deal = { ...roundDeal, vacancy_rate: 0.9999999999998668, property_management: 1_000_000 };
    const grid = sensitivityGrid(deal, { row: 'vacancy_rate', col: 'rent', outcome: 'overall_points' });
    expect(grid.rows[0]?.inRange).toBe(true);
    expect(
      withDriver(deal, 'vacancy_rate', grid.rows[0]?.value as number).property_management,
    ).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(grid.cells[0]?.every((cell) => cell === null)).toBe(true);
    expect(grid.cells[3]?.[3]?.points).toBe(analyze(deal).summary.overall_points);
  });

  it('refuses unknown drivers, the same driver twice and bad steps', () => {
    const options = { row: 'rent', col: 'vacancy_rate', outcome: 'cash_on_cash' } as const;
    expect(() => sensitivityGrid(roundDeal, { ...options, col: 'rent' })).toThrow(
      'col: must differ from row',
    );
    expect(() => sensitivityGrid(roundDeal, { ...options, row: 'units' as SensitivityDriver })).toThrow(
      /^row: must be one of purchase_price, rent/,
    );
    expect(() => sensitivityGrid(roundDeal, { ...options, rowSteps: [] })).toThrow(
      'rowSteps: must be 1 to 15 finite numbers',
    );
    expect(() => sensitivityGrid(roundDeal, { ...options, colSteps: [0, Number.NaN] })).toThrow(/^colSteps/);
    expect(() => sensitivityGrid(roundDeal, { ...options, outcome: 'noi' as 'cash_on_cash' })).toThrow(
      /^outcome/,
    );
  });
});

describe('sensitivityGrid: properties', () => {
  const options = fc.record({
    drivers: fc.shuffledSubarray([...SENSITIVITY_DRIVERS], { minLength: 2, maxLength: 2 }),
    outcome: fc.constantFrom(...SENSITIVITY_OUTCOMES),
  });

  it('puts the analysis of the input itself in the middle cell, and each cell is one analysis', () => {
    fc.assert(
      fc.property(realisticDeal, options, (deal, { drivers: [row, col], outcome }) => {
        const grid = sensitivityGrid(deal, {
          row: row as SensitivityDriver,
          col: col as SensitivityDriver,
          outcome,
        });
        const middle = analyze(deal);
        expect(grid.cells[3]?.[3]?.points).toBe(middle.summary.overall_points);
        const value = grid.cells[3]?.[3]?.value;
        if (outcome === 'overall_points') expect(value).toBe(middle.summary.overall_points);
        if (outcome === 'cash_on_cash') expect(value).toBe(middle.year_1_metrics.levered_returns);
        if (outcome === 'levered_xirr') expect(value).toBe(middle.overall_returns.levered_xirr);
        if (outcome === 'monthly_levered_cash_flow')
          expect(value).toBe(middle.year_1_metrics.monthly_levered_cash_flow);
        grid.rows.forEach((r, i) => {
          expect(r.value).toBe(driverValue(deal, row as SensitivityDriver, r.step));
          grid.cols.forEach((c, j) => {
            // empty exactly where a driver, or a cost linked to one, leaves the model's bounds
            const moved =
              r.inRange && c.inRange
                ? withDriver(
                    withDriver(deal, row as SensitivityDriver, r.value),
                    col as SensitivityDriver,
                    c.value,
                  )
                : null;
            expect(grid.cells[i]?.[j] === null).toBe(moved === null || !assumptionsWithinBounds(moved));
          });
        });
      }),
      { numRuns: 100 },
    );
  });

  it('has default steps of seven around the current value for every driver', () => {
    for (const driver of SENSITIVITY_DRIVERS) {
      const { steps } = SENSITIVITY_STEPS[driver];
      expect(steps).toHaveLength(7);
      expect(steps[3]).toBe(0);
      expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    }
  });
});

describe('breakEven', () => {
  it('gives the Austin deal its break-even rent and rate; it loses money even fully let', () => {
    const be = breakEven(austin);
    // 12 × 0.95 − (2,140.464 + 2,816.40) / 2,347 = 9.288 a year per dollar of monthly rent, against
    // taxes and insurance of 9,607.50 and debt service of 12 × P(337,500 at 8.03 %, 30 years)
    const debtService = 12 * monthlyPayment({ amount: 337_500, annual_rate: 0.0803, term_years: 30 });
    expect(be.rent).toBeCloseTo((9_607.5 + debtService) / 9.288, 6); // 4,243.08
    expect(be.vacancy_rate).toBeNull();
    expect(be.interest_rate).toBeCloseTo(0.0054172, 7);
    expect(monthlyCashFlow({ ...austin, interest_rate: be.interest_rate as number })).toBeCloseTo(0, 2);
  });

  it('finds the vacancy of a deal that makes money fully let, and nothing when there is no loan', () => {
    const be = breakEven(roundDeal);
    // NOI(v) = 24,000 (1 − v) − 1,200 (1 − v) / 0.95 − 4,800, debt service 12 × P(150,000 at 6 %)
    const debtService = 12 * monthlyPayment({ amount: 150_000, annual_rate: 0.06, term_years: 30 });
    const perVacancy = 24_000 - 1_200 / 0.95;
    expect(be.vacancy_rate).toBeCloseTo(1 - (4_800 + debtService) / perVacancy, 12);
    expect(breakEven({ ...roundDeal, loan_to_value: 0 }).interest_rate).toBeNull();
    // at 100 % a year the payment still leaves the deal positive only with a tiny loan
    expect(breakEven({ ...roundDeal, loan_to_value: 0.01 }).interest_rate).toBeNull();
  });

  it('brings year-1 cash flow to zero, to the cent, at each break-even value', () => {
    fc.assert(
      fc.property(typicalDeal, (deal) => {
        const be = breakEven(deal);
        if (be.rent !== null)
          expect(Math.abs(monthlyCashFlow(withDriver(deal, 'rent', be.rent)))).toBeLessThan(0.005);
        if (be.vacancy_rate !== null) {
          expect(be.vacancy_rate).toBeGreaterThanOrEqual(0);
          expect(be.vacancy_rate).toBeLessThanOrEqual(1);
          expect(Math.abs(monthlyCashFlow(withDriver(deal, 'vacancy_rate', be.vacancy_rate)))).toBeLessThan(
            0.005,
          );
        }
        if (be.interest_rate !== null) {
          expect(Math.abs(monthlyCashFlow({ ...deal, interest_rate: be.interest_rate }))).toBeLessThan(0.005);
        }
        // a deal making money has a break-even rent below its own, and one losing money above
        const now = monthlyCashFlow(deal);
        if (be.rent !== null && Math.abs(now) > 0.01) expect(be.rent < deal.rent).toBe(now > 0);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a vacancy exactly when the deal makes money fully let and loses it empty', () => {
    fc.assert(
      fc.property(typicalDeal, (deal) => {
        const full = monthlyCashFlow(withDriver(deal, 'vacancy_rate', 0));
        const empty = monthlyCashFlow(withDriver(deal, 'vacancy_rate', 1));
        const vacancy = breakEven(deal).vacancy_rate;
        if (full > 0.01 && empty < -0.01) expect(vacancy).not.toBeNull();
        if (full < -0.01 || empty > 0.01) expect(vacancy).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
