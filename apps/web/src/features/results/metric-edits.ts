/**
 * The editable assumptions of the results screen (product spec §3, §5): the text each input starts
 * with, and reading the edits back into the model's units. Rates are typed as percents (5.25 means
 * 0.0525), money as dollars, terms as whole years. An input the user did not touch sends its
 * original value exactly, so the display can round without changing the numbers. The optional
 * metrics (CapEx reserve, HOA, points, rehab budget, …) may be left empty: empty is none, not an error.
 */
import {
  assumptionsSchema,
  EDITABLE_METRIC_KEYS,
  type EditableMetricKey,
  isOptionalMetricKey,
  METRIC_KIND,
  METRIC_LABELS,
  OPTIONAL_METRIC_BOUNDS,
  optionalMetricFields,
  parseMetricInput,
  ratePercent,
  roundToCents,
} from '@sfr/contracts';
import { ASSUMPTION_BOUNDS, type Bound, holdMonthRule } from '@sfr/underwriting';
import type { z } from 'zod/mini';

export type Assumptions = z.output<typeof assumptionsSchema>;
/** The metrics typed as one number (a second loan and a refinance are groups, edited apart). */
export type EditableKey = EditableMetricKey;
export type MetricEdits = Record<EditableKey, string>;
/** Messages by metric, or by a grouped term's path ('refinance.month', 'second_loan.amount'). */
export type MetricEditErrors = Partial<Record<EditableKey, string>> & {
  readonly [path: string]: string | undefined;
};

export { EDITABLE_METRIC_KEYS };

export function isEditableKey(key: string): key is EditableKey {
  return (EDITABLE_METRIC_KEYS as readonly string[]).includes(key);
}

/** A field's own number schema, with its bounds: an optional line's without the optional wrapper. */
function fieldSchema(key: EditableKey) {
  return isOptionalMetricKey(key) ? optionalMetricFields[key] : assumptionsSchema.shape[key];
}

/**
 * The text an input starts with: dollars to the cent ('1234.50', '450000'), a rate as a percent
 * ('5.25'), years as a whole number ('30'); an optional line left out, empty.
 */
export function metricInputText(key: EditableKey, value: number | undefined): string {
  if (value === undefined) return '';
  switch (METRIC_KIND[key]) {
    case 'money': {
      const cents = roundToCents(value);
      return Number.isInteger(cents) ? String(cents) : cents.toFixed(2);
    }
    case 'percent':
      return percentText(value);
    default:
      return String(value);
  }
}

/** Every input's starting text for these metrics. */
export function initialMetricEdits(metrics: Assumptions): MetricEdits {
  const edits = {} as MetricEdits;
  for (const key of EDITABLE_METRIC_KEYS) edits[key] = metricInputText(key, metrics[key]);
  return edits;
}

/** A fraction as the percent a person types (`ratePercent`): 0.5 → '50', 0.068650000000001 → '6.865'. */
function percentText(fraction: number): string {
  return String(ratePercent(fraction));
}

/**
 * The rule of a rate in the percents the user types, from the bounds its schema is built from:
 * 'Vacancy Rate must be from 0% to 100%', 'Loan to Value must be from 0% to below 100%'.
 */
export function percentRule(key: EditableKey): string {
  const bound = isOptionalMetricKey(key) ? OPTIONAL_METRIC_BOUNDS[key] : ASSUMPTION_BOUNDS[key];
  return percentRuleOf(METRIC_LABELS[key], bound);
}

/** A rate's rule in percents for any field: 'Refinance Loan to Value must be from 0% to below 100%'. */
export function percentRuleOf(label: string, { min, max, maxInclusive }: Bound): string {
  const upTo = maxInclusive ? '' : 'below ';
  return `${label} must be from ${percentText(min)}% to ${upTo}${percentText(max)}%`;
}

/**
 * The rule of a month the hold must leave room for (the rehab's, the refinance's), with the limit
 * the engine applies for a hold of `holdPeriod` years: 'Rehab Months must be a whole number from 0
 * to 59 (fewer than the hold's 60 months)'.
 */
export function holdMonthMessage(
  field: 'rehab_months' | 'refinance.month',
  label: string,
  holdPeriod: number,
): string {
  return `${label} ${holdMonthRule(field, holdPeriod).rule}`;
}

export type MetricEditsResult =
  | { kind: 'ok'; metrics: Assumptions }
  /** some inputs are empty or whitespace: nothing may be sent (spec §5) */
  | { kind: 'empty'; keys: EditableKey[] }
  | { kind: 'invalid'; errors: MetricEditErrors };

/** The hold the edits give when it reads as a valid one, else the original's: what a month must fit in. */
function holdOf(edits: MetricEdits, original: Assumptions): number {
  const typed = parseMetricInput('hold_period', edits.hold_period);
  return typed !== null && fieldSchema('hold_period').safeParse(typed).success ? typed : original.hold_period;
}

/** Reads every input back into the model's units, each checked against its bound. */
export function readMetricEdits(edits: MetricEdits, original: Assumptions): MetricEditsResult {
  const empty = EDITABLE_METRIC_KEYS.filter((key) => !isOptionalMetricKey(key) && edits[key].trim() === '');
  if (empty.length > 0) return { kind: 'empty', keys: empty };

  const metrics = { ...original };
  const errors: MetricEditErrors = {};
  for (const key of EDITABLE_METRIC_KEYS) {
    const text = edits[key];
    if (text === metricInputText(key, original[key])) continue;
    if (isOptionalMetricKey(key) && text.trim() === '') {
      delete metrics[key]; // an emptied line is left out
      continue;
    }
    const value = parseMetricInput(key, text);
    if (value === null) {
      errors[key] = `${METRIC_LABELS[key]} must be a number`;
      continue;
    }
    const checked = fieldSchema(key).safeParse(value);
    if (checked.success) metrics[key] = checked.data;
    else if (METRIC_KIND[key] === 'percent') errors[key] = percentRule(key);
    else if (key === 'rehab_months')
      errors[key] = holdMonthMessage(key, METRIC_LABELS[key], holdOf(edits, original));
    else errors[key] = checked.error.issues[0]?.message ?? '';
  }
  return Object.keys(errors).length > 0 ? { kind: 'invalid', errors } : { kind: 'ok', metrics };
}

/** The API's field messages ('property.metrics.rent', 'metrics.rent', 'rent', or a grouped term's 'metrics.refinance.month') that name a metric. */
export function pickMetricErrors(fields: Readonly<Record<string, string>>): MetricEditErrors {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.replace(/^(property\.)?metrics\./, '');
    if (isEditableKey(key) || /^(refinance|second_loan)\.|^rehab_financed$/.test(key)) errors[key] = message;
  }
  return errors;
}

/** The editable inputs in the order the screen shows them: the metric groups, then the sale block. */
export function editableDisplayOrder(
  groups: readonly { keys: readonly string[] }[],
  saleKeys: readonly string[],
) {
  return [...groups.flatMap((group) => group.keys), ...saleKeys].filter(isEditableKey);
}

/** The id of an editable metric's input, so the first invalid one can take the focus. */
export function metricInputId(key: EditableKey): string {
  return `metric-input-${key}`;
}

/** What a number is typed in, for a screen reader's reading of its label ('Loan to Value (percent)'). */
export const UNIT_WORDS: Partial<Record<string, string>> = {
  money: 'dollars',
  percent: 'percent',
  years: 'years',
  months: 'months',
};
