/**
 * Internal: a zod number schema whose every failure is one user-facing sentence naming the field.
 * Not exported from the package.
 */
import { z } from './zod.js';

/** A plain decimal as people type it: optional sign and point; no exponent, hex or spaces. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text);
}

/** Writes a bound for people: 10000 → '10,000', -0.5 → '-0.5'. */
export function plainNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 20 });
}

export interface NumberRules {
  /** the field's name in messages, e.g. 'Purchase Price' */
  label: string;
  min: number;
  max: number;
  maxInclusive: boolean;
  integer: boolean;
  /** the value must be a multiple of this, e.g. 0.5 */
  step?: number;
  /** the message for a value outside the range (or not whole, or off the step); without the label */
  rule: string | { tooLow: string; tooHigh: string };
  /** a field that may be left out: null reads 'must be a number or left out', not 'is required' */
  optional?: boolean;
}

/** Form text → number; '' → undefined ('is required'); unreadable text stays text ('must be a number'). */
function fromFormText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return isDecimalText(text) ? Number(text) : value;
}

/**
 * A finite number within the rules. Each failure reports one issue: the first rule broken.
 * NaN and ±Infinity are rejected as 'must be a number'; null and undefined as 'is required'.
 */
export function numberField(rules: NumberRules) {
  const { label, min, max, maxInclusive, integer, step } = rules;
  const tooLow = typeof rules.rule === 'string' ? rules.rule : rules.rule.tooLow;
  const tooHigh = typeof rules.rule === 'string' ? rules.rule : rules.rule.tooHigh;
  const said = (rule: string) => ({ error: `${label} ${rule}`, abort: true });

  let schema = z.number({
    error: (issue) => {
      if (issue.input == null && !rules.optional) return `${label} is required`;
      return rules.optional ? `${label} must be a number or left out` : `${label} must be a number`;
    },
  });
  if (integer) schema = schema.check(z.int(said(tooLow)));
  schema = schema.check(z.minimum(min, said(tooLow)));
  schema = maxInclusive
    ? schema.check(z.maximum(max, said(tooHigh)))
    : schema.check(z.lt(max, said(tooHigh)));
  if (step !== undefined) schema = schema.check(z.multipleOf(step, said(tooHigh)));

  return schema;
}

/** numberField that also reads numeric strings from forms ('3', ' 2.5 '); '' is still 'is required'. */
export function formNumberField(rules: NumberRules) {
  return z.pipe(z.transform(fromFormText), numberField(rules));
}

/** formNumberField for a field the user may leave out: '', null and undefined are undefined. */
export function optionalFormNumberField(rules: NumberRules) {
  return z.pipe(
    z.transform((value) => (value === null ? undefined : fromFormText(value))),
    z.optional(numberField(rules)),
  );
}
