import { ASSUMPTION_BOUNDS, ASSUMPTION_KEYS, type Bound, UNITS_BOUND } from './bounds.js';
import { UnderwritingInputError } from './errors.js';
import { CRIME_GRADES, type CrimeGrade, type DealInput } from './types.js';

const GRADE_FIELDS = ['violent_crime_grade', 'property_crime_grade'] as const;
const KNOWN_FIELDS = new Set<string>([...ASSUMPTION_KEYS, 'units', ...GRADE_FIELDS]);

function describe(bound: Bound): string {
  const max = bound.max === Number.MAX_SAFE_INTEGER ? '' : ` and ${bound.maxInclusive ? '≤' : '<'} ${bound.max}`;
  return `must be ${bound.integer ? 'a whole number' : 'a number'} ≥ ${bound.min}${max}`;
}

/** Throws `UnderwritingInputError` unless `value` is a finite number inside `bound`. */
export function checkBound(field: string, value: unknown, bound: Bound): number {
  const inRange =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= bound.min &&
    (bound.maxInclusive ? value <= bound.max : value < bound.max) &&
    (!bound.integer || Number.isInteger(value));
  if (!inRange) {
    const rule = value === undefined ? `is required and ${describe(bound)}` : describe(bound);
    throw new UnderwritingInputError(field, rule);
  }
  return value;
}

function checkGrade(field: string, value: unknown): CrimeGrade | null {
  if (value === null) return null;
  if (typeof value === 'string' && (CRIME_GRADES as readonly string[]).includes(value)) {
    return value as CrimeGrade;
  }
  throw new UnderwritingInputError(field, `must be one of ${CRIME_GRADES.join(', ')} or null`);
}

/**
 * Checks an untrusted object against every bound of the model and returns it typed.
 * Unknown keys are refused so that a misspelt assumption never silently falls back.
 *
 * @example
 * validateDealInput({ ...deal, hold_period: 0 }); // throws UnderwritingInputError('hold_period', 'must be a whole number ≥ 1 and ≤ 30')
 */
export function validateDealInput(input: unknown): DealInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new UnderwritingInputError('input', 'must be a JSON object');
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KNOWN_FIELDS.has(key)) throw new UnderwritingInputError(key, 'is not an input of the model');
  }
  const deal: Record<string, unknown> = {};
  for (const key of ASSUMPTION_KEYS) deal[key] = checkBound(key, record[key], ASSUMPTION_BOUNDS[key]);
  deal.units = checkBound('units', record.units, UNITS_BOUND);
  for (const key of GRADE_FIELDS) {
    if (!(key in record)) throw new UnderwritingInputError(key, 'is required (a grade or null)');
    deal[key] = checkGrade(key, record[key]);
  }
  return deal as unknown as DealInput;
}
