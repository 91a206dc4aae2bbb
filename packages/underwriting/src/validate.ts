import {
  ASSUMPTION_BOUNDS,
  ASSUMPTION_KEYS,
  type Bound,
  holdMonthRule,
  INSURANCE_SHAPE_BOUNDS,
  LOAN_SHAPE_BOUNDS,
  LOAN_SHAPE_KEYS,
  OPTIONAL_INPUT_BOUNDS,
  OPTIONAL_INPUT_KEYS,
  PROPERTY_TAX_TIER_BOUNDS,
  REFINANCE_BOUNDS,
  REHAB_BOUNDS,
  REHAB_KEYS,
  SECOND_LOAN_BOUNDS,
  TAX_INPUT_BOUNDS,
  UNITS_BOUND,
  wholeFromToRule,
} from './bounds.js';
import { UnderwritingInputError } from './errors.js';
import {
  type Assumptions,
  CRIME_GRADES,
  type CrimeGrade,
  type DealInput,
  type ExpenseLines,
  type InsuranceShape,
  type LoanShape,
  type LossTreatment,
  type PropertyTaxShape,
  type PropertyTaxTiers,
  type Refinance,
  type RehabAndRefinance,
  type SecondLoan,
  type TaxInputs,
  type TaxTerms,
} from './types.js';

const GRADE_FIELDS = ['violent_crime_grade', 'property_crime_grade'] as const;
const KNOWN_FIELDS = new Set<string>([
  ...ASSUMPTION_KEYS,
  'units',
  ...GRADE_FIELDS,
  ...OPTIONAL_INPUT_KEYS,
  ...LOAN_SHAPE_KEYS,
  ...REHAB_KEYS,
  'tax',
  'insurance_fixed',
  'property_tax_tiers',
]);

/** The rule a value breaks; a bound with no limit of its own above names the largest exact number only to a value past it. */
function describe(bound: Bound, value?: unknown): string {
  const unbounded =
    bound.max === Number.MAX_SAFE_INTEGER && !(typeof value === 'number' && value >= bound.max);
  const max = unbounded ? '' : ` and ${bound.maxInclusive ? '≤' : '<'} ${bound.max}`;
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
    const rule = value === undefined ? `is required and ${describe(bound)}` : describe(bound, value);
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

/** Throws `UnderwritingInputError(field, rule)` unless `value` is a whole number from `min` to `max`. */
function checkWholeFromTo(field: string, value: unknown, min: number, max: number, why: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new UnderwritingInputError(field, wholeFromToRule(min, max, why));
  }
  return value;
}

/** A whole month the deal's hold allows (`holdMonthRule`). */
function checkHoldMonth(field: 'rehab_months' | 'refinance.month', value: unknown, deal: DealInput): number {
  const { min, max, why } = holdMonthRule(field, deal.hold_period);
  return checkWholeFromTo(field, value, min, max, why);
}

/** Whether the deal's second loan (if any) is less than its down payment, price × (1 − LTV): a deal moved by a driver may not be. */
export function secondLoanFits(deal: DealInput & LoanShape): boolean {
  return (
    deal.second_loan === undefined ||
    deal.second_loan.amount < deal.purchase_price - deal.loan_to_value * deal.purchase_price
  );
}

const SECOND_LOAN_KEYS = Object.keys(SECOND_LOAN_BOUNDS) as (keyof SecondLoan)[];

/**
 * A grouped input (`second_loan`, `refinance`, `property_tax_tiers`) as a record of its fields:
 * an object whose keys are all among `keys`; throws naming `name` and the object's `shape`.
 */
function groupRecord(
  name: string,
  value: unknown,
  keys: readonly string[],
  shape: string,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UnderwritingInputError(name, `must be an object ${shape}`);
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!keys.includes(key))
      throw new UnderwritingInputError(`${name}.${key}`, 'is not an input of the model');
  }
  return record;
}

/** `second_loan` checked field by field (unknown keys refused), its keys in one fixed order. */
function checkSecondLoan(value: unknown, deal: DealInput): SecondLoan {
  const record = groupRecord(
    'second_loan',
    value,
    SECOND_LOAN_KEYS,
    '{ amount, interest_rate, term_months, interest_only_months?, balloon_month? }',
  );
  const field = (key: keyof SecondLoan) =>
    checkBound(`second_loan.${key}`, record[key], SECOND_LOAN_BOUNDS[key]);
  const loan: SecondLoan = {
    amount: field('amount'),
    interest_rate: field('interest_rate'),
    term_months: field('term_months'),
  };
  const downPayment = deal.purchase_price - deal.loan_to_value * deal.purchase_price;
  if (!(loan.amount < downPayment)) {
    throw new UnderwritingInputError(
      'second_loan.amount',
      `must be a number ≥ 0 and < the down payment ($${downPayment.toLocaleString('en-US', { maximumFractionDigits: 2 })}), so some of the price is paid in cash`,
    );
  }
  if (record.interest_only_months !== undefined) {
    loan.interest_only_months = checkWholeFromTo(
      'second_loan.interest_only_months',
      record.interest_only_months,
      0,
      loan.term_months - 1,
      " (fewer than the second loan's term in months)",
    );
  }
  if (record.balloon_month !== undefined) {
    loan.balloon_month = checkWholeFromTo(
      'second_loan.balloon_month',
      record.balloon_month,
      1,
      loan.term_months,
      " (within the second loan's term)",
    );
  }
  return loan;
}

/**
 * The deal with the loan shapes `record` gives (issue 28 §3); `deal` itself, untouched, when none is
 * given. The interest-only months must leave the first loan at least one amortising payment.
 */
function withLoanShape<D extends DealInput>(deal: D, record: Record<string, unknown>): D & LoanShape {
  const shape: LoanShape = {};
  let given = false;
  if (record.interest_only_months !== undefined) {
    given = true;
    const months = 12 * deal.loan_term;
    shape.interest_only_months = checkWholeFromTo(
      'interest_only_months',
      record.interest_only_months,
      0,
      months - 1,
      ` (fewer than the loan's ${months} months)`,
    );
  }
  if (record.points !== undefined) {
    given = true;
    shape.points = checkBound('points', record.points, LOAN_SHAPE_BOUNDS.points);
  }
  if (record.second_loan !== undefined) {
    given = true;
    shape.second_loan = checkSecondLoan(record.second_loan, deal);
  }
  return given ? Object.assign(deal, shape) : deal;
}

const REFINANCE_KEYS = Object.keys(REFINANCE_BOUNDS) as (keyof Refinance)[];

/** `refinance` checked field by field (unknown keys refused, every field required); its month falls before the sale. */
function checkRefinance(value: unknown, deal: DealInput): Refinance {
  const record = groupRecord(
    'refinance',
    value,
    REFINANCE_KEYS,
    '{ month, loan_to_value, interest_rate, loan_term, closing_costs }',
  );
  const field = (key: keyof Refinance) => checkBound(`refinance.${key}`, record[key], REFINANCE_BOUNDS[key]);
  return {
    month: checkHoldMonth('refinance.month', record.month, deal),
    loan_to_value: field('loan_to_value'),
    interest_rate: field('interest_rate'),
    loan_term: field('loan_term'),
    closing_costs: field('closing_costs'),
  };
}

/**
 * The deal with the rehab and refinance inputs `record` gives (issue 28 §2); `deal` itself,
 * untouched, when none is given. The rehab months must leave at least one month of the hold let.
 */
function withRehab<D extends DealInput>(deal: D, record: Record<string, unknown>): D & RehabAndRefinance {
  const rehab: RehabAndRefinance = {};
  let given = false;
  if (record.rehab_budget !== undefined) {
    given = true;
    rehab.rehab_budget = checkBound('rehab_budget', record.rehab_budget, REHAB_BOUNDS.rehab_budget);
  }
  if (record.rehab_financed !== undefined) {
    given = true;
    if (typeof record.rehab_financed !== 'boolean') {
      throw new UnderwritingInputError('rehab_financed', 'must be true or false');
    }
    rehab.rehab_financed = record.rehab_financed;
  }
  if (record.rehab_months !== undefined) {
    given = true;
    rehab.rehab_months = checkHoldMonth('rehab_months', record.rehab_months, deal);
  }
  if (record.after_repair_value !== undefined) {
    given = true;
    rehab.after_repair_value = checkBound(
      'after_repair_value',
      record.after_repair_value,
      REHAB_BOUNDS.after_repair_value,
    );
  }
  if (record.refinance !== undefined) {
    given = true;
    rehab.refinance = checkRefinance(record.refinance, deal);
  }
  return given ? Object.assign(deal, rehab) : deal;
}

const TAX_RATE_KEYS = Object.keys(TAX_INPUT_BOUNDS) as (keyof typeof TAX_INPUT_BOUNDS)[];
const LOSS_TREATMENTS: readonly LossTreatment[] = ['carry_forward', 'offset'];

/**
 * Checks an untrusted object as `TaxInputs` (issue 28 §4) and returns it typed, `losses` filled in;
 * throws `UnderwritingInputError` with the field prefixed `tax.` and the rule of `TAX_INPUT_BOUNDS`.
 * Unknown keys are refused.
 *
 * @example
 * validateTaxInputs({ marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 });
 * // → the same rates, losses: 'carry_forward'
 * validateTaxInputs({ marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.3, land_share: 0.2 });
 * // throws UnderwritingInputError('tax.recapture_rate', 'must be a number ≥ 0 and ≤ 0.25')
 */
export function validateTaxInputs(input: unknown): Required<TaxInputs> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new UnderwritingInputError(
      'tax',
      'must be an object with marginal_rate, capital_gains_rate, recapture_rate and land_share',
    );
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'losses' && !(TAX_RATE_KEYS as string[]).includes(key)) {
      throw new UnderwritingInputError(`tax.${key}`, 'is not an input of the tax model');
    }
  }
  const rate = (key: keyof typeof TAX_INPUT_BOUNDS) =>
    checkBound(`tax.${key}`, record[key], TAX_INPUT_BOUNDS[key]);
  const losses = record.losses ?? 'carry_forward';
  if (!(LOSS_TREATMENTS as readonly unknown[]).includes(losses)) {
    throw new UnderwritingInputError('tax.losses', `must be one of ${LOSS_TREATMENTS.join(', ')}`);
  }
  return {
    marginal_rate: rate('marginal_rate'),
    capital_gains_rate: rate('capital_gains_rate'),
    recapture_rate: rate('recapture_rate'),
    land_share: rate('land_share'),
    losses: losses as LossTreatment,
  };
}

/** The deal with `insurance_fixed` (`InsuranceShape`) when `record` gives it, within its bound; `deal` itself otherwise. */
function withInsuranceShape<D extends DealInput>(
  deal: D,
  record: Record<string, unknown>,
): D & InsuranceShape {
  if (record.insurance_fixed === undefined) return deal;
  const fixed = checkBound('insurance_fixed', record.insurance_fixed, INSURANCE_SHAPE_BOUNDS.insurance_fixed);
  return Object.assign(deal, { insurance_fixed: fixed });
}

const TAX_TIER_KEYS = Object.keys(PROPERTY_TAX_TIER_BOUNDS) as (keyof PropertyTaxTiers)[];

/**
 * The deal with `property_tax_tiers` (`PropertyTaxShape`) when `record` gives it, checked field by
 * field (every field required, unknown keys refused); `deal` itself otherwise.
 */
function withPropertyTaxShape<D extends DealInput>(
  deal: D,
  record: Record<string, unknown>,
): D & PropertyTaxShape {
  const value = record.property_tax_tiers;
  if (value === undefined) return deal;
  const tiers = groupRecord('property_tax_tiers', value, TAX_TIER_KEYS, '{ rate, upper_from, upper_rate }');
  const field = (key: keyof PropertyTaxTiers) =>
    checkBound(`property_tax_tiers.${key}`, tiers[key], PROPERTY_TAX_TIER_BOUNDS[key]);
  return Object.assign(deal, {
    property_tax_tiers: {
      rate: field('rate'),
      upper_from: field('upper_from'),
      upper_rate: field('upper_rate'),
    },
  });
}

/** The deal with `tax` (issue 28 §4) when `record` gives it, checked by `validateTaxInputs`; `deal` itself otherwise. */
function withTax<D extends DealInput>(deal: D, record: Record<string, unknown>): D & TaxTerms {
  if (record.tax === undefined) return deal;
  return Object.assign(deal, { tax: validateTaxInputs(record.tax) });
}

/**
 * Checks an untrusted object against every bound of the model and returns it typed, with any of
 * the optional expense lines it gives (`ExpenseLines`, checked against `OPTIONAL_INPUT_BOUNDS`) and
 * the loan shapes (`LoanShape`, against `LOAN_SHAPE_BOUNDS` and `SECOND_LOAN_BOUNDS`) and the rehab
 * and refinance (`RehabAndRefinance`, against `REHAB_BOUNDS` and `REFINANCE_BOUNDS`) and the tax
 * inputs (`tax`, `validateTaxInputs`) and the insurance's fixed part (`insurance_fixed`) and the
 * property tax's tiers (`property_tax_tiers`). Unknown keys are refused so that a misspelt
 * assumption never silently falls back.
 *
 * @example
 * validateDealInput({ ...deal, hold_period: 0 }); // throws UnderwritingInputError('hold_period', 'must be a whole number ≥ 1 and ≤ 30')
 * validateDealInput({ ...deal, leasing_fee: 0.5 }); // throws UnderwritingInputError('tenancy_months', 'is required with leasing_fee and must be a number ≥ 1 and ≤ 360')
 */
export function validateDealInput(
  input: unknown,
): DealInput & ExpenseLines & LoanShape & RehabAndRefinance & TaxTerms & InsuranceShape & PropertyTaxShape {
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
  return withPropertyTaxShape(
    withInsuranceShape(
      withTax(withRehab(withLoanShape(withExpenseLines(deal, record), record), record), record),
      record,
    ),
    record,
  );
}
