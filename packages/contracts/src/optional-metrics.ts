/**
 * The metrics an analysis may leave out (issue 28): the expense lines, the first loan's shape and
 * the rehab, each a number a person types; and the grouped ones, a second loan and a refinance,
 * each with its fields' labels. Their bounds are the engine's.
 */
import {
  type Bound,
  type ExpenseLines,
  LOAN_SHAPE_BOUNDS,
  type LoanShape,
  OPTIONAL_INPUT_BOUNDS,
  REFINANCE_BOUNDS,
  REHAB_BOUNDS,
  type Refinance,
  type RehabAndRefinance,
  SECOND_LOAN_BOUNDS,
  type SecondLoan,
  TAX_INPUT_BOUNDS,
  type TaxInputs,
} from '@sfr/underwriting';

/** Each optional metric typed as one number, with its bound: left out, it costs or changes nothing. */
export const OPTIONAL_METRIC_BOUNDS: Readonly<Record<OptionalMetricKey, Bound>> = {
  ...OPTIONAL_INPUT_BOUNDS,
  ...LOAN_SHAPE_BOUNDS,
  ...REHAB_BOUNDS,
};

export type OptionalMetricKey =
  | keyof ExpenseLines
  | Exclude<keyof LoanShape, 'second_loan'>
  | Exclude<keyof RehabAndRefinance, 'refinance' | 'rehab_financed'>;

export const OPTIONAL_METRIC_KEYS = Object.keys(OPTIONAL_METRIC_BOUNDS) as OptionalMetricKey[];

/** What each field of a second loan is called, in messages and on screen. */
export const SECOND_LOAN_LABELS: Readonly<Record<keyof SecondLoan, string>> = {
  amount: 'Second Loan Amount',
  interest_rate: 'Second Loan Interest Rate',
  term_months: 'Second Loan Term (months)',
  interest_only_months: 'Second Loan Interest-Only Months',
  balloon_month: 'Second Loan Balloon Month',
};

/** What each field of a refinance is called, in messages and on screen. */
export const REFINANCE_LABELS: Readonly<Record<keyof Refinance, string>> = {
  month: 'Refinance Month',
  loan_to_value: 'Refinance Loan to Value',
  interest_rate: 'Refinance Interest Rate',
  loan_term: 'Refinance Loan Term',
  closing_costs: 'Refinance Closing Costs',
};

/** What each field of the investor's tax situation is called, in messages and on screen. */
export const TAX_LABELS: Readonly<Record<Exclude<keyof TaxInputs, 'losses'>, string>> = {
  marginal_rate: 'Income Tax Rate',
  capital_gains_rate: 'Capital Gains Tax Rate',
  recapture_rate: 'Depreciation Recapture Rate',
  land_share: 'Land Share of the Basis',
};

export { REFINANCE_BOUNDS, SECOND_LOAN_BOUNDS, TAX_INPUT_BOUNDS };
