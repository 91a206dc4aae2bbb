import fc from 'fast-check';
import {
  ASSUMPTION_BOUNDS,
  ASSUMPTION_KEYS,
  type Bound,
  CRIME_GRADES,
  type DealInput,
} from '../../src/index.js';

/** The assumption keys measured in dollars: scaling all of them by k must scale every dollar output by k. */
export const DOLLAR_INPUTS = [
  'purchase_price',
  'closing_cost',
  'rent',
  'other_income',
  'property_management',
  'insurance',
  'property_taxes',
  'maintenance',
  'financing_fees',
  'loan_processing_fees',
] as const;

/**
 * Amounts of at least a cent (or exactly 0) and rates of at least 1e-9 (or exactly 0): float64 keeps
 * ~16 significant digits only above the subnormal range, and the scaling law is about money, not
 * about 5e-324. `anyDeal` still draws from the whole range for the NaN/Infinity law.
 */
const snapTiny = (floor: number) => (value: number) => (Math.abs(value) < floor ? 0 : value);
const dollars = (max: number) => fc.double({ min: 0, max, noNaN: true }).map(snapTiny(0.01));

const realistic: Partial<Record<keyof DealInput, fc.Arbitrary<number>>> = {
  purchase_price: fc.double({ min: 10_000, max: 5_000_000, noNaN: true }),
  closing_cost: dollars(100_000),
  rent: dollars(40_000),
  other_income: dollars(2_000),
  property_management: dollars(40_000),
  insurance: dollars(30_000),
  property_taxes: dollars(80_000),
  maintenance: dollars(40_000),
  financing_fees: dollars(50_000),
  loan_processing_fees: dollars(5_000),
  // lenders stop near 97 %; above 99 % the down payment is a rounding residue of price − loan
  loan_to_value: fc.double({ min: 0, max: 0.99, noNaN: true }).map(snapTiny(1e-9)),
  // likewise a sale at ~100 % cost leaves proceeds that are rounding residue
  cost_to_sell: fc.double({ min: 0, max: 0.5, noNaN: true }).map(snapTiny(1e-9)),
};

function anyInBound(bound: Bound): fc.Arbitrary<number> {
  if (bound.integer) return fc.integer({ min: bound.min, max: bound.max });
  const max = bound.maxInclusive ? bound.max : bound.max - 1e-9;
  return fc.double({ min: bound.min, max: Math.min(max, 1e12), noNaN: true, noDefaultInfinity: true });
}

function realisticInBound(bound: Bound): fc.Arbitrary<number> {
  return bound.integer ? anyInBound(bound) : anyInBound(bound).map(snapTiny(1e-9));
}

const grade = fc.constantFrom(...CRIME_GRADES, null);

/** Any deal the model accepts, money included up to $1e12: for "never NaN or Infinity". */
export const anyDeal: fc.Arbitrary<DealInput> = fc.record({
  ...Object.fromEntries(ASSUMPTION_KEYS.map((key) => [key, anyInBound(ASSUMPTION_BOUNDS[key])])),
  units: fc.integer({ min: 1, max: 4 }),
  violent_crime_grade: grade,
  property_crime_grade: grade,
}) as fc.Arbitrary<DealInput>;

/** Deals with investor-sized dollar amounts and every rate anywhere in its bounds. */
export const realisticDeal: fc.Arbitrary<DealInput> = fc.record({
  ...Object.fromEntries(
    ASSUMPTION_KEYS.map((key) => [key, realistic[key] ?? realisticInBound(ASSUMPTION_BOUNDS[key])]),
  ),
  units: fc.integer({ min: 1, max: 4 }),
  violent_crime_grade: grade,
  property_crime_grade: grade,
}) as fc.Arbitrary<DealInput>;
