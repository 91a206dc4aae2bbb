import {
  ASSUMPTION_BOUNDS,
  ASSUMPTION_KEYS,
  type Bound,
  OPTIONAL_INPUT_BOUNDS,
  OPTIONAL_INPUT_KEYS,
  UNITS_BOUND,
} from './bounds.js';
import { UnderwritingInputError } from './errors.js';
import {
  type Assumptions,
  CRIME_GRADES,
  type CrimeGrade,
  type DealInput,
  type ExpenseLines,
} from './types.js';

const GRADE_FIELDS = ['violent_crime_grade', 'property_crime_grade'] as const;
const KNOWN_FIELDS = new Set<string>([...ASSUMPTION_KEYS, 'units', ...GRADE_FIELDS, ...OPTIONAL_INPUT_KEYS]);

function describe(bound: Bound): string {
  const max =
    bound.max === Number.MAX_SAFE_INTEGER ? '' : ` and ${bound.maxInclusive ? '≤' : '<'} ${bound.max}`;
  return `must be ${bound.integer ? 'a whole number' : 'a number'} ≥ ${bound.min}${max}`;
}

/** Whether `value` is a finite number inside `bound` (its `kind` plays no part). */
export function withinBound(
  value: unknown,
  bound: Pick<Bound, 'min' | 'max' | 'maxInclusive' | 'integer'>,
): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= bound.min &&
    (bound.maxInclusive ? value <= bound.max : value < bound.max) &&
    (!bound.integer || Number.isInteger(value))
  );
}

/** Whether every assumption of an already typed deal is inside its bound (a deal moved by a driver may not be). */
export function assumptionsWithinBounds(deal: Assumptions): boolean {
  return ASSUMPTION_KEYS.every((key) => withinBound(deal[key], ASSUMPTION_BOUNDS[key]));
}

/** Throws `UnderwritingInputError` unless `value` is a finite number inside `bound`. */
export function checkBound(field: string, value: unknown, bound: Bound): number {
  if (!withinBound(value, bound)) {
    const rule = value === undefined ? `is required and ${describe(bound)}` : describe(bound);
    throw new UnderwritingInputError(field, rule);
  }
  return value;
}

function checkGrade(
  field: (typeof GRADE_FIELDS)[number],
  record: Record<string, unknown>,
): CrimeGrade | null {
  if (!(field in record)) throw new UnderwritingInputError(field, 'is required (a grade or null)');
  const value = record[field];
  if (value === null) return null;
  if (typeof value === 'string' && (CRIME_GRADES as readonly string[]).includes(value)) {
    return value as CrimeGrade;
  }
  throw new UnderwritingInputError(field, `must be one of ${CRIME_GRADES.join(', ')} or null`);
}

/**
 * `input` as a plain record; throws `UnderwritingInputError('input', 'must be a JSON object')` for
 * null, an array or anything not an object.
 */
export function asRecord(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new UnderwritingInputError('input', 'must be a JSON object');
  }
  return input as Record<string, unknown>;
}

/**
 * The deal with the optional expense lines `record` gives (issue 28 §1), each checked against
 * `OPTIONAL_INPUT_BOUNDS`; `deal` itself, untouched, when none is given (a key whose value is
 * `undefined` counts as not given). A leasing fee needs a tenancy to spread it over.
 */
function withExpenseLines(deal: DealInput, record: Record<string, unknown>): DealInput & ExpenseLines {
  let lines: ExpenseLines | undefined;
  for (const key of OPTIONAL_INPUT_KEYS) {
    const value = record[key];
    if (value === undefined) continue;
    lines ??= {};
    lines[key] = checkBound(key, value, OPTIONAL_INPUT_BOUNDS[key]);
  }
  if (lines === undefined) return deal;
  if (lines.leasing_fee !== undefined && lines.tenancy_months === undefined) {
    throw new UnderwritingInputError(
      'tenancy_months',
      `is required with leasing_fee and ${describe(OPTIONAL_INPUT_BOUNDS.tenancy_months)}`,
    );
  }
  return Object.assign(deal, lines);
}

/**
 * Checks an untrusted object against every bound of the model and returns it typed, with any of
 * the optional expense lines it gives (`ExpenseLines`, checked against `OPTIONAL_INPUT_BOUNDS`).
 * Unknown keys are refused so that a misspelt assumption never silently falls back.
 *
 * @example
 * validateDealInput({ ...deal, hold_period: 0 }); // throws UnderwritingInputError('hold_period', 'must be a whole number ≥ 1 and ≤ 30')
 * validateDealInput({ ...deal, leasing_fee: 0.5 }); // throws UnderwritingInputError('tenancy_months', 'is required with leasing_fee and must be a number ≥ 1 and ≤ 360')
 */
export function validateDealInput(input: unknown): DealInput & ExpenseLines {
  const record = asRecord(input);
  for (const key of Object.keys(record)) {
    if (!KNOWN_FIELDS.has(key)) throw new UnderwritingInputError(key, 'is not an input of the model');
  }
  const bounded = (key: keyof Assumptions) => checkBound(key, record[key], ASSUMPTION_BOUNDS[key]);
  // An object literal with every key, in one fixed order, keeps a single fast hidden class in V8:
  // building it key by key made every later spread of the deal several times slower.
  const deal: DealInput = {
    purchase_price: bounded('purchase_price'),
    closing_cost: bounded('closing_cost'),
    rent: bounded('rent'),
    other_income: bounded('other_income'),
    vacancy_rate: bounded('vacancy_rate'),
    rent_annual_growth_rate: bounded('rent_annual_growth_rate'),
    other_income_annual_growth_rate: bounded('other_income_annual_growth_rate'),
    property_management: bounded('property_management'),
    property_management_annual_growth_rate: bounded('property_management_annual_growth_rate'),
    insurance: bounded('insurance'),
    insurance_annual_growth_rate: bounded('insurance_annual_growth_rate'),
    property_taxes: bounded('property_taxes'),
    property_taxes_annual_growth_rate: bounded('property_taxes_annual_growth_rate'),
    maintenance: bounded('maintenance'),
    property_maintenance_annual_growth_rate: bounded('property_maintenance_annual_growth_rate'),
    loan_to_value: bounded('loan_to_value'),
    interest_rate: bounded('interest_rate'),
    loan_term: bounded('loan_term'),
    financing_fees: bounded('financing_fees'),
    loan_processing_fees: bounded('loan_processing_fees'),
    annual_price_appreciation: bounded('annual_price_appreciation'),
    cost_to_sell: bounded('cost_to_sell'),
    hold_period: bounded('hold_period'),
    units: checkBound('units', record.units, UNITS_BOUND),
    violent_crime_grade: checkGrade('violent_crime_grade', record),
    property_crime_grade: checkGrade('property_crime_grade', record),
  };
  return withExpenseLines(deal, record);
}
