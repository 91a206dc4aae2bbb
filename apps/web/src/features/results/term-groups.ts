/**
 * The grouped terms of a deal (issue 28): a cash-out refinance, a second loan and the investor's tax
 * situation, each a few fields typed together. Reading their text into the model's
 * units and back, with each field's kind (dollars, a percent, months, years), and the terms a group
 * starts from when the investor turns it on.
 */

import {
  type Metrics,
  parseMetricInput,
  REFINANCE_LABELS,
  refinanceSchema,
  SECOND_LOAN_LABELS,
  secondLoanSchema,
  TAX_LABELS,
  taxSchema,
} from '@sfr/contracts';
import {
  type Bound,
  REFINANCE_BOUNDS,
  type Refinance,
  SECOND_LOAN_BOUNDS,
  type SecondLoan,
  TAX_INPUT_BOUNDS,
  type TaxInputs,
} from '@sfr/underwriting';
import type { z } from 'zod/mini';
import { holdMonthMessage, metricInputText, percentRuleOf } from './metric-edits';

export type LoanGroup = 'refinance' | 'second_loan' | 'tax';

type Kind = 'money' | 'percent' | 'count';

/** Each group's fields in the order they are typed, with the kind of number each is. */
export const LOAN_GROUP_FIELDS = {
  refinance: [
    ['month', 'count'],
    ['loan_to_value', 'percent'],
    ['interest_rate', 'percent'],
    ['loan_term', 'count'],
    ['closing_costs', 'money'],
  ],
  second_loan: [
    ['amount', 'money'],
    ['interest_rate', 'percent'],
    ['term_months', 'count'],
    ['interest_only_months', 'count'],
    ['balloon_month', 'count'],
  ],
  tax: [
    ['marginal_rate', 'percent'],
    ['capital_gains_rate', 'percent'],
    ['recapture_rate', 'percent'],
    ['land_share', 'percent'],
  ],
} as const satisfies Record<LoanGroup, readonly (readonly [string, Kind])[]>;

/** The grouped terms' titles, as their card shows them (and as a refused edit's list names them). */
export const GROUP_TITLES = {
  rehab_financed: 'The rehab budget is added to the loan (else paid in cash)',
  refinance: 'Cash-out refinance',
  second_loan: 'Second loan (seller financing)',
  tax: 'After-tax returns',
} as const;

export const LOAN_GROUP_LABELS = {
  refinance: REFINANCE_LABELS,
  second_loan: SECOND_LOAN_LABELS,
  tax: TAX_LABELS,
} as const;

/** A number as its kind is typed: '450000', '5.25' for 5.25 %, '6'; empty for none. */
function textOf(kind: Kind, value: number | undefined): string {
  // metricInputText formats by a metric's kind: one metric of each kind stands in for the field
  const like = { money: 'closing_cost', percent: 'interest_rate', count: 'hold_period' } as const;
  return metricInputText(like[kind], value);
}

function numberOf(kind: Kind, text: string): number | null {
  const like = { money: 'closing_cost', percent: 'interest_rate', count: 'hold_period' } as const;
  return parseMetricInput(like[kind], text);
}

export type GroupTexts = Readonly<Record<string, string>>;

/** The text each field of a group starts with (empty fields for a group the deal does not have). */
export function groupTexts(group: LoanGroup, metrics: Metrics): GroupTexts {
  const terms = metrics[group] as Readonly<Record<string, number | undefined>> | undefined;
  return Object.fromEntries(
    LOAN_GROUP_FIELDS[group].map(([field, kind]) => [field, textOf(kind, terms?.[field])]),
  );
}

export type GroupReading<T> =
  | { ok: true; terms: T }
  | { ok: false; errors: Readonly<Record<string, string>> };

/**
 * The group's terms from its texts, each field checked against the engine's bounds; an optional
 * field left empty is left out. The errors name the fields, in the labels' words.
 */
function readGroup<S extends z.ZodMiniType>(
  group: LoanGroup,
  schema: S,
  texts: GroupTexts,
  metrics: Metrics,
): GroupReading<z.output<S>> {
  const labels: Readonly<Record<string, string>> = LOAN_GROUP_LABELS[group];
  const raw: Record<string, number> = {};
  const errors: Record<string, string> = {};
  for (const [field, kind] of LOAN_GROUP_FIELDS[group]) {
    const text = (texts[field] ?? '').trim();
    if (text === '') continue;
    const value = numberOf(kind, text);
    if (value === null) errors[field] = `${labels[field]} must be a number`;
    else raw[field] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= ruleOf(group, field, labels[field] ?? field, metrics) ?? issue.message;
    }
  }
  return parsed.success && Object.keys(errors).length === 0
    ? { ok: true, terms: parsed.data }
    : { ok: false, errors };
}

/**
 * A field's rule in the units it is typed in, where the schema's words would mislead: a rate's in
 * percents (the schema speaks of fractions), the refinance month's with the hold's own limit.
 */
function ruleOf(group: LoanGroup, field: string, label: string, metrics: Metrics): string | null {
  if (group === 'refinance' && field === 'month')
    return holdMonthMessage('refinance.month', label, metrics.hold_period);
  const kind = LOAN_GROUP_FIELDS[group].find(([name]) => name === field)?.[1];
  if (kind !== 'percent') return null;
  const bounds: Readonly<Record<string, Bound>> = GROUP_BOUNDS[group];
  const bound = bounds[field];
  return bound ? percentRuleOf(label, bound) : null;
}

const GROUP_BOUNDS = { refinance: REFINANCE_BOUNDS, second_loan: SECOND_LOAN_BOUNDS, tax: TAX_INPUT_BOUNDS };

export const readRefinance = (texts: GroupTexts, metrics: Metrics) =>
  readGroup('refinance', refinanceSchema, texts, metrics);
export const readSecondLoan = (texts: GroupTexts, metrics: Metrics) =>
  readGroup('second_loan', secondLoanSchema, texts, metrics);
export const readTax = (texts: GroupTexts, metrics: Metrics) => readGroup('tax', taxSchema, texts, metrics);

/**
 * The refinance a deal starts from when the investor turns it on: six months after the rehab (or
 * the purchase) at 75 % of the value, at the deal's rate over 30 years, closing costs 2 % of the
 * new loan.
 */
export function startingRefinance(metrics: Metrics): Refinance {
  const value = metrics.after_repair_value ?? metrics.purchase_price;
  return {
    month: Math.min((metrics.rehab_months ?? 0) + 6, 12 * metrics.hold_period - 1),
    loan_to_value: 0.75,
    interest_rate: metrics.interest_rate,
    loan_term: 30,
    closing_costs: Math.round(0.02 * 0.75 * value),
  };
}

/**
 * Why a refinance in the rehab is valued at the purchase price (the model allows it: README,
 * "Rehab and refinance"), or null when it is not in the rehab. QA: month 2 of a 3-month rehab gave
 * a loan on the price with no word of why.
 *
 * @example refinanceInRehabNote({ ...m, rehab_months: 3, after_repair_value: 450_000, refinance: { month: 2, … } })
 * // 'Month 2 falls in the 3-month rehab: …'
 */
export function refinanceInRehabNote(metrics: Metrics): string | null {
  const { refinance, rehab_months: rehab = 0, after_repair_value: arv } = metrics;
  if (!refinance || arv === undefined || refinance.month >= rehab) return null;
  return `Month ${refinance.month} falls in the ${rehab}-month rehab: the new loan is a share of the purchase price then, not of the after-repair value. From month ${rehab} it is a share of the after-repair value.`;
}

/** The seller's second loan a deal starts from: 10 % of the price at 6 % over 10 years, due in 5. */
export function startingSecondLoan(metrics: Metrics): SecondLoan {
  return {
    amount: Math.round(0.1 * metrics.purchase_price),
    interest_rate: 0.06,
    term_months: 120,
    balloon_month: 60,
  };
}

/**
 * The tax situation a deal starts from: the 24 % federal bracket, 15 % on long-term gains, the 25 %
 * ceiling on recaptured depreciation, and a fifth of the basis in land (README, "After-tax returns").
 */
export function startingTax(): TaxInputs {
  return { marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 };
}

/** The input of a grouped term, by its path ('refinance.month'): Update Metrics focuses one that does not read. */
export const termInputId = (path: string) => `term-input-${path.replace('.', '-')}`;
