import type {
  Assumptions,
  ExpenseLines,
  InsuranceShape,
  LoanShape,
  PropertyTaxTiers,
  Refinance,
  RehabAndRefinance,
  SecondLoan,
  TaxInputs,
} from './types.js';

/**
 * The validation rule of each assumption (underwriting-model.md, "Inputs").
 * Exported so the zod schemas in @sfr/contracts are built from the same numbers.
 */
export interface Bound {
  min: number;
  max: number;
  /** whether `max` itself is allowed */
  maxInclusive: boolean;
  integer: boolean;
  kind: 'money' | 'rate' | 'growth' | 'years' | 'count';
}

const money: Bound = {
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  maxInclusive: true,
  integer: false,
  kind: 'money',
};
const rate: Bound = { min: 0, max: 1, maxInclusive: true, integer: false, kind: 'rate' };
const growth: Bound = { min: -0.5, max: 1, maxInclusive: true, integer: false, kind: 'growth' };

export const ASSUMPTION_BOUNDS: Readonly<Record<keyof Assumptions, Bound>> = {
  purchase_price: { ...money, min: 10_000 },
  closing_cost: money,
  rent: money,
  other_income: money,
  vacancy_rate: rate,
  rent_annual_growth_rate: growth,
  other_income_annual_growth_rate: growth,
  property_management: money,
  property_management_annual_growth_rate: growth,
  insurance: money,
  insurance_annual_growth_rate: growth,
  property_taxes: money,
  property_taxes_annual_growth_rate: growth,
  maintenance: money,
  property_maintenance_annual_growth_rate: growth,
  loan_to_value: { ...rate, maxInclusive: false },
  interest_rate: rate,
  loan_term: { min: 1, max: 40, maxInclusive: true, integer: true, kind: 'years' },
  financing_fees: money,
  loan_processing_fees: money,
  annual_price_appreciation: growth,
  cost_to_sell: rate,
  hold_period: { min: 1, max: 30, maxInclusive: true, integer: true, kind: 'years' },
};

export const ASSUMPTION_KEYS = Object.keys(ASSUMPTION_BOUNDS) as (keyof Assumptions)[];

/** House types: 1 = single family … 4 = four family. */
export const UNITS_BOUND: Bound = { min: 1, max: 4, maxInclusive: true, integer: true, kind: 'count' };

/**
 * The bounds of the optional expense lines (issue 28 §1), apart from `ASSUMPTION_BOUNDS` (which
 * other packages turn into the required editable assumptions). Checked by `validateDealInput` when
 * a line is given: the capex reserve is a share of rent in [0, 1]; HOA dues and owner utilities
 * are dollars a month ≥ 0; the HOA's growth is a growth rate; the leasing fee is a share of one
 * month's rent from 0 to 2 (placement fees run from 25 % to 100 % of a month; two months leaves
 * room for a market that charges more); the tenancy is 1 to 360 months (30 years), not
 * necessarily whole (an average).
 */
export const OPTIONAL_INPUT_BOUNDS: Readonly<Record<keyof ExpenseLines, Bound>> = {
  capex_reserve: rate,
  hoa: money,
  hoa_annual_growth_rate: growth,
  owner_utilities: money,
  leasing_fee: { ...rate, max: 2 },
  tenancy_months: { min: 1, max: 360, maxInclusive: true, integer: false, kind: 'count' },
};

export const OPTIONAL_INPUT_KEYS = Object.keys(OPTIONAL_INPUT_BOUNDS) as (keyof ExpenseLines)[];

/**
 * The bounds of the optional loan shapes (issue 28 §3), beside `OPTIONAL_INPUT_BOUNDS`. The
 * interest-only months are whole, from 0 to 480 (40 years); `validateDealInput` also requires them to
 * be fewer than the loan's months (12 × loan_term), so some payments amortise it. Points are a
 * fraction of the loan, 0 to 0.1 (ten points; lenders sell one to three).
 */
export const LOAN_SHAPE_BOUNDS: Readonly<Record<Exclude<keyof LoanShape, 'second_loan'>, Bound>> = {
  interest_only_months: { min: 0, max: 480, maxInclusive: false, integer: true, kind: 'count' },
  points: { ...rate, max: 0.1 },
};

/**
 * The bounds of `second_loan`'s fields. The amount is dollars (and, checked apart, less than the
 * down payment); the term is 1 to 480 whole months; the interest-only months are fewer than the
 * term (also checked apart) and the balloon month is within the term.
 */
export const SECOND_LOAN_BOUNDS: Readonly<Record<keyof SecondLoan, Bound>> = {
  amount: money,
  interest_rate: rate,
  term_months: { min: 1, max: 480, maxInclusive: true, integer: true, kind: 'count' },
  interest_only_months: { min: 0, max: 480, maxInclusive: false, integer: true, kind: 'count' },
  balloon_month: { min: 1, max: 480, maxInclusive: true, integer: true, kind: 'count' },
};

export const LOAN_SHAPE_KEYS = ['interest_only_months', 'points', 'second_loan'] as const;

/** The bound of `insurance_fixed` (`InsuranceShape`): dollars a year, as the insurance itself. */
export const INSURANCE_SHAPE_BOUNDS: Readonly<Record<keyof InsuranceShape, Bound>> = {
  insurance_fixed: money,
};

/** The bounds of `property_tax_tiers`' fields (`PropertyTaxShape`): two rates and a value. */
export const PROPERTY_TAX_TIER_BOUNDS: Readonly<Record<keyof PropertyTaxTiers, Bound>> = {
  rate,
  upper_from: money,
  upper_rate: rate,
};

/**
 * The bounds of the rehab inputs (issue 28 §2). The budget is dollars; the after-repair value, like
 * the price, at least 10,000; the rehab months are whole and, checked apart, fewer than the hold's
 * months. `rehab_financed` is a boolean and `refinance` an object (`REFINANCE_BOUNDS`).
 */
export const REHAB_BOUNDS: Readonly<
  Record<Exclude<keyof RehabAndRefinance, 'refinance' | 'rehab_financed'>, Bound>
> = {
  rehab_budget: money,
  rehab_months: { min: 0, max: 360, maxInclusive: false, integer: true, kind: 'count' },
  after_repair_value: { ...money, min: 10_000 },
};

/** The bounds of `refinance`'s fields; the month is also checked to fall before the sale. */
export const REFINANCE_BOUNDS: Readonly<Record<keyof Refinance, Bound>> = {
  month: { min: 1, max: 360, maxInclusive: false, integer: true, kind: 'count' },
  loan_to_value: { ...rate, maxInclusive: false },
  interest_rate: rate,
  loan_term: { min: 1, max: 40, maxInclusive: true, integer: true, kind: 'years' },
  closing_costs: money,
};

/**
 * The months a hold of `holdPeriod` years leaves for a rehab or a refinance: both must come before
 * the sale at month 12 × hold. The engine's check and the inputs' messages read it, rule and all, so
 * the limit an investor is told is the one that applies (not the static bound's 360).
 *
 * @example holdMonthRule('refinance.month', 5).rule // 'must be a whole number from 1 to 59 (before the sale at month 60)'
 */
export function holdMonthRule(
  field: 'rehab_months' | 'refinance.month',
  holdPeriod: number,
): { min: number; max: number; why: string; rule: string } {
  const months = 12 * holdPeriod;
  const [min, why] =
    field === 'rehab_months'
      ? [0, ` (fewer than the hold's ${months} months)`]
      : [1, ` (before the sale at month ${months})`];
  return { min, max: months - 1, why, rule: wholeFromToRule(min, months - 1, why) };
}

/** The words of a whole-number range check, with why its limits are what they are. */
export const wholeFromToRule = (min: number, max: number, why: string): string =>
  `must be a whole number from ${min} to ${max}${why}`;

export const REHAB_KEYS = [
  'rehab_budget',
  'rehab_financed',
  'rehab_months',
  'after_repair_value',
  'refinance',
] as const;

const taxRate = (max: number): Bound => ({ ...rate, max });

/**
 * The bounds of `TaxInputs`' rates (issue 28 §4, checked by `validateTaxInputs`), so that zod
 * schemas can be built from the same numbers.
 * - marginal and capital gains rates to 60 %: the top federal rate (37 %, 20 % on gains) plus the
 *   3.8 % net investment income tax and the highest state rate (13.3 %) is 54.1 %; 60 % leaves room.
 * - recapture to 25 %: the statutory cap on unrecaptured §1250 gain (IRC §1(h)(1)(E)).
 * - land to 90 %: assessors' land shares run from a few percent to ~80 % in the dearest cities; a
 *   share of 1 would say there is no house to depreciate.
 */
export const TAX_INPUT_BOUNDS: Readonly<Record<Exclude<keyof TaxInputs, 'losses'>, Bound>> = {
  marginal_rate: taxRate(0.6),
  capital_gains_rate: taxRate(0.6),
  recapture_rate: taxRate(0.25),
  land_share: taxRate(0.9),
};
