/**
 * What breaks the deal (issue 14 §2): a grid of one outcome over two drivers, each moved in steps
 * around its current value with its linked costs following (`withDriver`).
 */
import { analyze } from './analyze.js';
import { ASSUMPTION_BOUNDS, type Bound, REFINANCE_BOUNDS, REHAB_BOUNDS } from './bounds.js';
import { type DealDriver, driverOf, driversFor, withDriver } from './drivers.js';
import { UnderwritingInputError } from './errors.js';
import { type OfferTargetKey, offerMeasure } from './offer.js';
import type { DealInput, OptionalInputs, RatingColor } from './types.js';
import { assumptionsWithinBounds, secondLoanFits, validateDealInput, withinBound } from './validate.js';

/** The outcomes a grid can show: max-offer targets, read with `offerMeasure`. */
export const SENSITIVITY_OUTCOMES = [
  'monthly_levered_cash_flow',
  'cash_on_cash',
  'levered_xirr',
  'overall_points',
] as const satisfies readonly OfferTargetKey[];
export type SensitivityOutcome = (typeof SENSITIVITY_OUTCOMES)[number];

/**
 * How a driver's steps read, and the default seven around the current value (0 = the deal as it
 * is): `relative` steps scale the value (−0.1 = 10 % less), `points` steps add to a rate
 * (0.01 = one point more). The rehab drivers: the budget ±10/20/30 % (rehabs overrun more than
 * prices move), the ARV ±5/10/15 % as the price, the refinance's LTV ±5/10/15 points as the
 * purchase LTV.
 */
export const SENSITIVITY_STEPS: {
  readonly [D in DealDriver]: { kind: 'relative' | 'points'; steps: readonly number[] };
} = {
  purchase_price: { kind: 'relative', steps: [-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15] },
  rent: { kind: 'relative', steps: [-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15] },
  vacancy_rate: { kind: 'points', steps: [-0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03] },
  interest_rate: { kind: 'points', steps: [-0.015, -0.01, -0.005, 0, 0.005, 0.01, 0.015] },
  loan_to_value: { kind: 'points', steps: [-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15] },
  rent_annual_growth_rate: { kind: 'points', steps: [-0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03] },
  annual_price_appreciation: { kind: 'points', steps: [-0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03] },
  rehab_budget: { kind: 'relative', steps: [-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3] },
  after_repair_value: { kind: 'relative', steps: [-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15] },
  refinance_loan_to_value: { kind: 'points', steps: [-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15] },
};

/**
 * A driver's bounds: the assumption's (`ASSUMPTION_BOUNDS`), the rehab budget's and ARV's
 * (`REHAB_BOUNDS`: ≥ 0, ≥ 10,000) and the refinance LTV's (`REFINANCE_BOUNDS.loan_to_value`: [0, 1)).
 */
export function driverBound(driver: DealDriver): Bound {
  switch (driver) {
    case 'rehab_budget':
    case 'after_repair_value':
      return REHAB_BOUNDS[driver];
    case 'refinance_loan_to_value':
      return REFINANCE_BOUNDS.loan_to_value;
    default:
      return ASSUMPTION_BOUNDS[driver];
  }
}

/** At most this many steps a side. */
const MAX_STEPS = 15;

/** The grid's drivers and outcome; a rehab driver (`REHAB_DRIVERS`) only on a deal that gives its input (`driversFor`). */
export interface SensitivityOptions<D extends DealDriver = DealDriver> {
  row: D;
  col: D;
  outcome: SensitivityOutcome;
  /** default: `SENSITIVITY_STEPS[row].steps` */
  rowSteps?: readonly number[];
  /** default: `SENSITIVITY_STEPS[col].steps` */
  colSteps?: readonly number[];
}

export interface SensitivityAxisValue {
  step: number;
  /** the driver's value at this step */
  value: number;
  /** false when the value is outside the driver's bounds (`driverBound`: a negative vacancy, an LTV of 100 %, an ARV under 10,000): its cells are null */
  inRange: boolean;
}

export interface SensitivityCell {
  /** the outcome; null where the model has none (no XIRR) */
  value: number | null;
  /** the rating at this cell, for its colour */
  points: number;
  color: RatingColor;
}

export interface SensitivityGrid<D extends DealDriver = DealDriver> {
  row: D;
  col: D;
  outcome: SensitivityOutcome;
  rows: SensitivityAxisValue[];
  cols: SensitivityAxisValue[];
  /** `cells[i][j]` is rows[i] × cols[j]; null when either value is out of range */
  cells: (SensitivityCell | null)[][];
  /** where the deal as it is sits (the steps 0), or null when an axis has no step 0 */
  current: { row: number; col: number } | null;
}

/**
 * A driver's value one step from the input's (`driverOf`): `value × (1 + step)` for relative
 * drivers (price, rent, rehab budget, ARV), `value + step` for rates (the refinance LTV too).
 *
 * @example
 * driverValue(austinDeal, 'rent', -0.1);          // 2,112.30 = 2,347 × 0.9
 * driverValue(austinDeal, 'interest_rate', 0.005); // 0.0853 = 8.03 % + 0.5 point
 * driverValue(brrrrDeal, 'refinance_loan_to_value', 0.05); // 0.8 = 75 % + 5 points
 */
export function driverValue(input: DealInput & OptionalInputs, driver: DealDriver, step: number): number {
  const current = driverOf(input, driver);
  return SENSITIVITY_STEPS[driver].kind === 'relative' ? current * (1 + step) : current + step;
}

function checkSteps(field: string, steps: unknown): readonly number[] {
  const valid =
    Array.isArray(steps) &&
    steps.length >= 1 &&
    steps.length <= MAX_STEPS &&
    steps.every((step) => typeof step === 'number' && Number.isFinite(step));
  if (!valid) throw new UnderwritingInputError(field, `must be 1 to ${MAX_STEPS} finite numbers`);
  return steps;
}

function checkName<T extends string>(field: string, value: unknown, names: readonly T[]): T {
  if (!(names as readonly unknown[]).includes(value)) {
    throw new UnderwritingInputError(field, `must be one of ${names.join(', ')}`);
  }
  return value as T;
}

/**
 * One outcome of the deal over two drivers, each moved in steps around its current value
 * (`driverValue`), the linked costs following (`withDriver`: price-linked costs with the price,
 * management and maintenance with the rent, management with the vacancy, fees with the LTV). Each
 * cell is one `analyze`, with the rating's points and colour beside the outcome; the cell at steps
 * (0, 0) is the analysis of the input itself. Values outside the model's bounds give null cells,
 * a driver's own or a linked cost's it moved. The drivers are the deal's (`driversFor`): the rehab
 * budget, the ARV and the refinance LTV only on a deal that gives them.
 * Throws `UnderwritingInputError` for an invalid deal, unknown names (a rehab driver on a deal
 * without its input among them), the same driver twice or bad steps.
 *
 * @example
 * const grid = sensitivityGrid(austinDeal, { row: 'purchase_price', col: 'rent', outcome: 'monthly_levered_cash_flow' });
 * grid.rows[0].value;      // 382,500 = 450,000 × 0.85
 * grid.cells[3][3].value;  // −1,467.56…, the deal's own monthly levered cash flow
 * grid.cells[0][6].value;  // −702.46…: 15 % off the price and 15 % more rent
 */
export function sensitivityGrid<D extends DealDriver = DealDriver>(
  input: DealInput & OptionalInputs,
  options: SensitivityOptions<D>,
): SensitivityGrid<D> {
  const deal = validateDealInput(input);
  const drivers = driversFor(deal) as D[];
  const row = checkName('row', options.row, drivers);
  const col = checkName('col', options.col, drivers);
  if (row === col) throw new UnderwritingInputError('col', 'must differ from row');
  const outcome = checkName('outcome', options.outcome, SENSITIVITY_OUTCOMES);
  const axis = (driver: DealDriver, field: string, steps: readonly number[] | undefined) =>
    checkSteps(field, steps ?? SENSITIVITY_STEPS[driver].steps).map((step): SensitivityAxisValue => {
      const value = driverValue(deal, driver, step);
      return { step, value, inRange: withinBound(value, driverBound(driver)) };
    });
  const rows = axis(row, 'rowSteps', options.rowSteps);
  const cols = axis(col, 'colSteps', options.colSteps);

  const cells = rows.map((r) => {
    const rowDeal = r.inRange ? withDriver(deal, row, r.value) : null;
    return cols.map((c): SensitivityCell | null => {
      if (rowDeal === null || !c.inRange) return null;
      const moved = withDriver(rowDeal, col, c.value);
      // a linked cost can leave its bound too (management × (1 − v′)/(1 − v) with a vacancy near 1)
      // and a second loan can reach the down payment when the LTV rises (issue 28 §3)
      if (!assumptionsWithinBounds(moved) || !secondLoanFits(moved)) return null;
      const analysis = analyze(moved);
      const { overall_points, overall_color } = analysis.summary;
      return { value: offerMeasure(analysis, outcome), points: overall_points, color: overall_color };
    });
  });
  const currentRow = rows.findIndex((r) => r.step === 0);
  const currentCol = cols.findIndex((c) => c.step === 0);
  const current = currentRow < 0 || currentCol < 0 ? null : { row: currentRow, col: currentCol };
  return { row, col, outcome, rows, cols, cells, current };
}
