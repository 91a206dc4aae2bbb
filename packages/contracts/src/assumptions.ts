/**
 * The editable assumptions and the engine's deal input, as zod schemas built from the engine's own
 * bounds (ASSUMPTION_BOUNDS), so the API, the web and the engine accept exactly the same numbers.
 */
import {
  ASSUMPTION_BOUNDS,
  ASSUMPTION_KEYS,
  type Assumptions,
  type Bound,
  CRIME_GRADES,
  INSURANCE_SHAPE_BOUNDS,
  PROPERTY_TAX_TIER_BOUNDS,
  SPREAD_KEYS,
  UNITS_BOUND,
} from '@sfr/underwriting';
import { METRIC_LABELS } from './labels.js';
import { numberField, plainNumber } from './number-field.js';
import {
  OPTIONAL_METRIC_BOUNDS,
  OPTIONAL_METRIC_KEYS,
  type OptionalMetricKey,
  REFINANCE_BOUNDS,
  REFINANCE_LABELS,
  SECOND_LOAN_BOUNDS,
  SECOND_LOAN_LABELS,
  TAX_INPUT_BOUNDS,
  TAX_LABELS,
} from './optional-metrics.js';
import { z } from './zod.js';

/**
 * The rule of a bound in words, without the field name.
 *
 * @example assumptionRule(ASSUMPTION_BOUNDS.hold_period) === 'must be a whole number from 1 to 30'
 * @example assumptionRule(ASSUMPTION_BOUNDS.vacancy_rate) === 'must be a fraction from 0 to 1 (0.05 = 5%)'
 * @example assumptionRule(ASSUMPTION_BOUNDS.purchase_price).tooLow === 'must be at least 10,000'
 */
export function assumptionRule(bound: Bound): string | { tooLow: string; tooHigh: string } {
  const upTo = bound.maxInclusive ? `to ${plainNumber(bound.max)}` : `to below ${plainNumber(bound.max)}`;
  if (bound.kind === 'rate' || bound.kind === 'growth') {
    return `must be a fraction from ${plainNumber(bound.min)} ${upTo} (0.05 = 5%)`;
  }
  if (bound.integer) return `must be a whole number from ${plainNumber(bound.min)} ${upTo}`;
  return {
    tooLow: `must be at least ${plainNumber(bound.min)}`,
    tooHigh: `must be ${bound.maxInclusive ? 'at most' : 'below'} ${plainNumber(bound.max)}`,
  };
}

/**
 * The most a request may give any dollar amount, the analyzer's price included (`PROPERTY_LIMITS`):
 * no 1–4 unit home comes near $100 million (the dearest US home sales have been about $100–240
 * million), so more is extra zeros typed, and would fill the page with returns eighty digits long. The engine itself takes any amount ≥ 0 (the model sets no
 * maximum), and an analysis stored before this limit is still read (`storedAssumptionsSchema`).
 */
export const MONEY_INPUT_MAX = 100_000_000;

/** How far a field's numbers may go: what a request may enter, or what a stored analysis may hold. */
type Ceiling = 'entered' | 'stored';

/** An engine bound as a request may use it: a dollar amount up to `MONEY_INPUT_MAX`. */
export function enteredBound(bound: Bound): Bound {
  return bound.kind === 'money' && bound.max > MONEY_INPUT_MAX
    ? { ...bound, max: MONEY_INPUT_MAX, maxInclusive: true }
    : bound;
}

function boundedField(label: string, bound: Bound, optional = false, ceiling: Ceiling = 'entered') {
  const limited = ceiling === 'entered' ? enteredBound(bound) : bound;
  return numberField({ ...limited, label, rule: assumptionRule(limited), optional });
}

type Field = ReturnType<typeof boundedField>;

/** A group of fields (a second loan, a refinance), each named by its label and within its bound. */
function groupFields<K extends string>(
  bounds: Readonly<Record<K, Bound>>,
  labels: Readonly<Record<K, string>>,
  ceiling: Ceiling,
): Record<K, Field> {
  return Object.fromEntries(
    (Object.keys(bounds) as K[]).map((key) => [key, boundedField(labels[key], bounds[key], false, ceiling)]),
  ) as Record<K, Field>;
}

function unknownKeys(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
  }
  if (issue.code === 'invalid_type') {
    return issue.input == null ? 'Metrics are required' : 'Metrics must be an object';
  }
  return undefined;
}

/** How a message names `insurance_fixed`, which no input shows. */
const INSURANCE_FIXED_LABEL = 'Insurance (fixed part)';

/** How a message names `property_tax_tiers`' fields, which no input shows. */
const PROPERTY_TAX_TIER_LABELS = {
  rate: 'Property Tax Rate (lower tier)',
  upper_from: 'Property Tax Upper Tier Start',
  upper_rate: 'Property Tax Rate (upper tier)',
} as const;

/**
 * The metrics' schemas under one ceiling: the assumptions, the optional metrics, and the grouped
 * terms (a second loan, a refinance, the tax situation). Built twice, so what a request may enter
 * and what a stored analysis may hold differ only in `MONEY_INPUT_MAX`.
 */
function metricsSchemas(ceiling: Ceiling) {
  const assumptionShape = Object.fromEntries(
    ASSUMPTION_KEYS.map((key) => [
      key,
      boundedField(METRIC_LABELS[key], ASSUMPTION_BOUNDS[key], false, ceiling),
    ]),
  ) as { [K in keyof Assumptions]: Field };
  const optionalFields = Object.fromEntries(
    OPTIONAL_METRIC_KEYS.map((key) => [
      key,
      boundedField(METRIC_LABELS[key], OPTIONAL_METRIC_BOUNDS[key], true, ceiling),
    ]),
  ) as { [K in OptionalMetricKey]: Field };
  const secondLoan = groupFields(SECOND_LOAN_BOUNDS, SECOND_LOAN_LABELS, ceiling);
  const secondLoanSchema = z.strictObject({
    amount: secondLoan.amount,
    interest_rate: secondLoan.interest_rate,
    term_months: secondLoan.term_months,
    interest_only_months: z.optional(secondLoan.interest_only_months),
    balloon_month: z.optional(secondLoan.balloon_month),
  });
  const refinanceSchema = z.strictObject(groupFields(REFINANCE_BOUNDS, REFINANCE_LABELS, ceiling));
  const propertyTaxTiersSchema = z.strictObject(
    groupFields(PROPERTY_TAX_TIER_BOUNDS, PROPERTY_TAX_TIER_LABELS, ceiling),
  );
  const taxSchema = z.strictObject({
    ...groupFields(TAX_INPUT_BOUNDS, TAX_LABELS, ceiling),
    losses: z.optional(
      z.enum(['carry_forward', 'offset'], { error: 'Tax Losses must be carry_forward or offset' }),
    ),
  });
  const optionalMetricShape = {
    ...(Object.fromEntries(OPTIONAL_METRIC_KEYS.map((key) => [key, z.optional(optionalFields[key])])) as {
      [K in OptionalMetricKey]: z.ZodMiniOptional<Field>;
    }),
    // kept by the API from the place's premium, not typed: the part of insurance a new price does not move
    insurance_fixed: z.optional(
      boundedField(INSURANCE_FIXED_LABEL, INSURANCE_SHAPE_BOUNDS.insurance_fixed, true, ceiling),
    ),
    // kept by the API from the city's tax in tiers, not typed: how a new price moves the tax
    property_tax_tiers: z.optional(propertyTaxTiersSchema),
    rehab_financed: z.optional(z.boolean({ error: 'Rehab Financed must be true or false' })),
    second_loan: z.optional(secondLoanSchema),
    refinance: z.optional(refinanceSchema),
    tax: z.optional(taxSchema),
  };
  const assumptions = z.strictObject({ ...assumptionShape, ...optionalMetricShape }, { error: unknownKeys });
  return { assumptions, optionalFields, secondLoanSchema, refinanceSchema, taxSchema };
}

const entered = metricsSchemas('entered');

/**
 * The optional metrics typed as one number (issue 28: expense lines, loan shape, rehab), each within
 * its bound when given. Kept apart from the assumptions' shape so a field's own schema (its bounds)
 * can be read without the optional wrapper.
 */
export const optionalMetricFields = entered.optionalFields;

/** A second loan (seller financing): amount, rate and term, with an interest-only start and a balloon if it has them. */
export const secondLoanSchema = entered.secondLoanSchema;

/** A cash-out refinance of the first loan: when, at what share of the value, its rate, term and costs. */
export const refinanceSchema = entered.refinanceSchema;

/** The investor's tax situation, for the after-tax returns; losses carried forward unless said. */
export const taxSchema = entered.taxSchema;

/**
 * Every editable assumption, in the engine's units (dollars and fractions), each within its
 * bound (dollar amounts up to `MONEY_INPUT_MAX`), and the optional metrics an analysis may carry
 * (expense lines, loan shape, rehab and refinance). Unknown keys are rejected, so a misspelt
 * assumption is an error, not a silent default. (Rules across fields, such as a leasing fee needing
 * a tenancy or a refinance before the sale, are the engine's, checked when the analysis is computed.)
 */
export const assumptionsSchema = entered.assumptions;

/**
 * The metrics an answer carries: those of a stored analysis, held to the engine's bounds only, so an
 * analysis saved before `MONEY_INPUT_MAX` existed is still read and shown (an edit must then bring it
 * within the limit).
 */
export const storedAssumptionsSchema = z.object(metricsSchemas('stored').assumptions.shape);

const crimeGradeList = CRIME_GRADES.join(', ');

function crimeGradeField(label: string) {
  const rule = `one of ${crimeGradeList}, or null when unknown`;
  return z.nullable(
    z.enum(CRIME_GRADES, {
      error: (issue) =>
        issue.input === undefined ? `${label} is required (${rule})` : `${label} must be ${rule}`,
    }),
  );
}

/** What the engine analyses: the assumptions plus the property facts the rating reads. */
export const dealInputSchema = z.extend(assumptionsSchema, {
  units: boundedField(METRIC_LABELS.units, UNITS_BOUND),
  violent_crime_grade: crimeGradeField(METRIC_LABELS.violent_crime_grade),
  property_crime_grade: crimeGradeField(METRIC_LABELS.property_crime_grade),
});

/** An analysis's metrics: its assumptions with the optional metrics it carries. */
export type Metrics = z.output<typeof assumptionsSchema>;

/**
 * The user's "±" per uncertain assumption, as typed ("10%", "300", "1"): at most 20 characters each.
 * What they mean is `range-widths.ts`'s (kept apart so the page's first JavaScript has no parser).
 */
export const rangeWidthsSchema = z.partialRecord(z.enum(SPREAD_KEYS), z.string().check(z.maxLength(20)));
export type RangeWidths = z.output<typeof rangeWidthsSchema>;
