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
  type ExpenseLines,
  OPTIONAL_INPUT_BOUNDS,
  OPTIONAL_INPUT_KEYS,
  UNITS_BOUND,
} from '@sfr/underwriting';
import { z } from 'zod';
import { METRIC_LABELS } from './labels.js';
import { numberField, plainNumber } from './number-field.js';

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

function boundedField(label: string, bound: Bound, optional = false) {
  return numberField({ ...bound, label, rule: assumptionRule(bound), optional });
}

const assumptionShape = Object.fromEntries(
  ASSUMPTION_KEYS.map((key) => [key, boundedField(METRIC_LABELS[key], ASSUMPTION_BOUNDS[key])]),
) as {
  [K in keyof Assumptions]: ReturnType<typeof boundedField>;
};

/**
 * The optional expense lines (issue 28), each within its bound when given. Kept apart from the
 * assumptions' shape so a field's own schema (its bounds) can be read without the optional wrapper.
 */
export const expenseLineFields = Object.fromEntries(
  OPTIONAL_INPUT_KEYS.map((key) => [key, boundedField(METRIC_LABELS[key], OPTIONAL_INPUT_BOUNDS[key], true)]),
) as {
  [K in keyof ExpenseLines]-?: ReturnType<typeof boundedField>;
};

const expenseLineShape = Object.fromEntries(
  OPTIONAL_INPUT_KEYS.map((key) => [key, expenseLineFields[key].optional()]),
) as {
  [K in keyof ExpenseLines]-?: z.ZodOptional<ReturnType<typeof boundedField>>;
};

function unknownKeys(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
  }
  if (issue.code === 'invalid_type') {
    return issue.input == null ? 'Metrics are required' : 'Metrics must be an object';
  }
  return undefined;
}

/**
 * Every editable assumption, in the engine's units (dollars and fractions), each within its
 * bound, and the optional expense lines an analysis may carry. Unknown keys are rejected, so a
 * misspelt assumption is an error, not a silent default. (That a leasing fee needs a tenancy is
 * the engine's rule, checked when the analysis is computed.)
 */
export const assumptionsSchema = z.strictObject(
  { ...assumptionShape, ...expenseLineShape },
  { error: unknownKeys },
);

const crimeGradeList = CRIME_GRADES.join(', ');

function crimeGradeField(label: string) {
  const rule = `one of ${crimeGradeList}, or null when unknown`;
  return z
    .enum(CRIME_GRADES, {
      error: (issue) =>
        issue.input === undefined ? `${label} is required (${rule})` : `${label} must be ${rule}`,
    })
    .nullable();
}

/** What the engine analyses: the assumptions plus the property facts the rating reads. */
export const dealInputSchema = assumptionsSchema.extend({
  units: boundedField(METRIC_LABELS.units, UNITS_BOUND),
  violent_crime_grade: crimeGradeField(METRIC_LABELS.violent_crime_grade),
  property_crime_grade: crimeGradeField(METRIC_LABELS.property_crime_grade),
});

/** An analysis's metrics: its assumptions with the optional expense lines it carries. */
export type Metrics = z.output<typeof assumptionsSchema>;
