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
import type { MetricKey } from './labels.js';

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

/**
 * Where the optional metrics show, in order, on the results screen and in the report: each block
 * an input and then the year-1 dollars it gives. An analysis without one leaves its rows out.
 */
export const EXPENSE_LINE_METRIC_KEYS = [
  'capex_reserve',
  'capex_reserve_expense',
  'hoa',
  'hoa_annual_growth_rate',
  'hoa_expense',
  'owner_utilities',
  'owner_utilities_expense',
  'leasing_fee',
  'tenancy_months',
  'leasing_expense',
] as const satisfies readonly MetricKey[];

/** The loan's optional shape: points, an interest-only start, a second loan's figures (its terms are a group). */
export const LOAN_SHAPE_METRIC_KEYS = [
  'points',
  'points_cost',
  'interest_only_months',
  'amortizing_loan_payment',
  'second_loan_payment',
  'second_loan_amortizing_payment',
  'second_loan_payoff_month',
  'second_loan_payoff',
] as const satisfies readonly MetricKey[];

/** The rehab and the refinance: the inputs, then what the refinance returns and leaves in. */
export const REHAB_METRIC_KEYS = [
  'rehab_budget',
  'rehab_months',
  'after_repair_value',
  'refinance_value',
  'refinance_loan_amount',
  'refinance_payoff',
  'refinance_loan_payment',
  'cash_invested',
  'cash_returned_at_refinance',
  'cash_left_in_deal',
  'cash_on_cash_on_cash_left_in',
] as const satisfies readonly MetricKey[];

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
