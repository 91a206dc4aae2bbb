/**
 * What breaks the deal (issue 14 §2): a grid of one outcome over two drivers, each moved in steps
 * around its current value with its linked costs following (`withDriver`).
 */
import { analyze } from './analyze.js';
import { ASSUMPTION_BOUNDS } from './bounds.js';
import { SENSITIVITY_DRIVERS, type SensitivityDriver, withDriver } from './drivers.js';
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
 * (0.01 = one point more).
 */
export const SENSITIVITY_STEPS: {
  readonly [D in SensitivityDriver]: { kind: 'relative' | 'points'; steps: readonly number[] };
} = {
  purchase_price: { kind: 'relative', steps: [-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15] },
  rent: { kind: 'relative', steps: [-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15] },
  vacancy_rate: { kind: 'points', steps: [-0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03] },
  interest_rate: { kind: 'points', steps: [-0.015, -0.01, -0.005, 0, 0.005, 0.01, 0.015] },
  loan_to_value: { kind: 'points', steps: [-0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15] },
  rent_annual_growth_rate: { kind: 'points', steps: [-0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03] },
  annual_price_appreciation: { kind: 'points', steps: [-0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03] },
};

/** At most this many steps a side. */
const MAX_STEPS = 15;

export interface SensitivityOptions {
  row: SensitivityDriver;
  col: SensitivityDriver;
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
  /** false when the value is outside the model's bounds (a negative vacancy, an LTV of 100 %): its cells are null */
  inRange: boolean;
}

export interface SensitivityCell {
  /** the outcome; null where the model has none (no XIRR) */
  value: number | null;
  /** the rating at this cell, for its colour */
  points: number;
  color: RatingColor;
}

export interface SensitivityGrid {
  row: SensitivityDriver;
  col: SensitivityDriver;
  outcome: SensitivityOutcome;
  rows: SensitivityAxisValue[];
  cols: SensitivityAxisValue[];
  /** `cells[i][j]` is rows[i] × cols[j]; null when either value is out of range */
  cells: (SensitivityCell | null)[][];
  /** where the deal as it is sits (the steps 0), or null when an axis has no step 0 */
  current: { row: number; col: number } | null;
}

/**
 * A driver's value one step from the input's: `value × (1 + step)` for relative drivers (price,
 * rent), `value + step` for rates.
 *
 * @example
 * driverValue(austinDeal, 'rent', -0.1);          // 2,112.30 = 2,347 × 0.9
 * driverValue(austinDeal, 'interest_rate', 0.005); // 0.0853 = 8.03 % + 0.5 point
 */
export function driverValue(input: DealInput, driver: SensitivityDriver, step: number): number {
  const current = input[driver];
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
 * a driver's own or a linked cost's it moved.
 * Throws `UnderwritingInputError` for an invalid deal, unknown names, the same driver twice or bad
 * steps.
 *
 * @example
 * const grid = sensitivityGrid(austinDeal, { row: 'purchase_price', col: 'rent', outcome: 'monthly_levered_cash_flow' });
 * grid.rows[0].value;      // 382,500 = 450,000 × 0.85
 * grid.cells[3][3].value;  // −1,467.56…, the deal's own monthly levered cash flow
 * grid.cells[0][6].value;  // −702.46…: 15 % off the price and 15 % more rent
 */
export function sensitivityGrid(
  input: DealInput & OptionalInputs,
  options: SensitivityOptions,
): SensitivityGrid {
  const deal = validateDealInput(input);
  const row = checkName('row', options.row, SENSITIVITY_DRIVERS);
  const col = checkName('col', options.col, SENSITIVITY_DRIVERS);
  if (row === col) throw new UnderwritingInputError('col', 'must differ from row');
  const outcome = checkName('outcome', options.outcome, SENSITIVITY_OUTCOMES);
  const axis = (driver: SensitivityDriver, field: string, steps: readonly number[] | undefined) =>
    checkSteps(field, steps ?? SENSITIVITY_STEPS[driver].steps).map((step): SensitivityAxisValue => {
      const value = driverValue(deal, driver, step);
      return { step, value, inRange: withinBound(value, ASSUMPTION_BOUNDS[driver]) };
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
