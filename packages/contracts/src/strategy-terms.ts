/**
 * A deal's strategy terms in one sentence each (a refinance, a second loan, the tax situation):
 * what the PDF report and the shared page say, so a reader can tell why the cash to close or the
 * after-tax returns are what they are.
 */
import type { Refinance, SecondLoan, TaxInputs } from '@sfr/underwriting';
import { formatMetric, formatPercent, formatRate } from './format.js';
import { REFINANCE_LABELS, SECOND_LOAN_LABELS, TAX_LABELS } from './optional-metrics.js';

/**
 * @example refinanceTermsText({ month: 8, loan_to_value: 0.75, interest_rate: 0.07, loan_term: 30, closing_costs: 8_000 })
 *   === 'month 8, 75.00% of the value, 7.00% over 30 years, $8,000.00 closing costs'
 */
export function refinanceTermsText(refinance: Refinance): string {
  return `month ${refinance.month}, ${formatMetric('loan_to_value', refinance.loan_to_value)} of the value, ${formatMetric('interest_rate', refinance.interest_rate)} over ${refinance.loan_term} years, ${formatMetric('closing_cost', refinance.closing_costs)} closing costs`;
}

/**
 * @example secondLoanTermsText({ amount: 60_000, interest_rate: 0.05, term_months: 360, balloon_month: 36 })
 *   === '$60,000.00 at 5.00% over 360 months, balloon in month 36'
 */
export function secondLoanTermsText(second: SecondLoan): string {
  return `${formatMetric('loan_amount', second.amount)} at ${formatMetric('interest_rate', second.interest_rate)} over ${second.term_months} months${second.interest_only_months ? `, ${second.interest_only_months} interest-only` : ''}${second.balloon_month ? `, balloon in month ${second.balloon_month}` : ''}`;
}

/**
 * @example taxSituationText({ marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 })
 *   === "income tax 24.00%, capital gains 15.00%, depreciation recapture 25.00%, land 20.00% of the basis; a year's loss is carried to later years"
 */
export function taxSituationText(tax: TaxInputs): string {
  return `income tax ${formatRate(tax.marginal_rate)}, capital gains ${formatRate(tax.capital_gains_rate)}, depreciation recapture ${formatRate(tax.recapture_rate)}, land ${formatRate(tax.land_share)} of the basis; a year's loss ${tax.losses === 'offset' ? 'offsets other income that year' : 'is carried to later years'}`;
}

/** What each term is called, in the report and on the shared page. */
export const STRATEGY_TERM_LABELS = {
  rehab_financed: 'Rehab Paid',
  refinance: 'Refinance Terms',
  second_loan: 'Second Loan Terms',
  tax: 'Tax Situation',
} as const;

export type StrategyTermKey = keyof typeof STRATEGY_TERM_LABELS;

/**
 * The terms a deal gives, each with its label and sentence, in the order above; none for a plain deal.
 *
 * @example strategyTerms({ rehab_financed: true }) → [{ key: 'rehab_financed', label: 'Rehab Paid', text: 'Added to the loan' }]
 */
export function strategyTerms(metrics: {
  rehab_financed?: boolean;
  refinance?: Refinance;
  second_loan?: SecondLoan;
  tax?: TaxInputs;
}): { key: StrategyTermKey; label: string; text: string }[] {
  const texts: Partial<Record<StrategyTermKey, string>> = {
    ...(metrics.rehab_financed !== undefined && {
      rehab_financed: metrics.rehab_financed ? 'Added to the loan' : 'In cash',
    }),
    ...(metrics.refinance && { refinance: refinanceTermsText(metrics.refinance) }),
    ...(metrics.second_loan && { second_loan: secondLoanTermsText(metrics.second_loan) }),
    ...(metrics.tax && { tax: taxSituationText(metrics.tax) }),
  };
  return (Object.keys(STRATEGY_TERM_LABELS) as StrategyTermKey[]).flatMap((key) => {
    const text = texts[key];
    return text === undefined ? [] : [{ key, label: STRATEGY_TERM_LABELS[key], text }];
  });
}

/** One number (or word) of a strategy term, as a row of the report's assumptions. */
export interface StrategyTermValue {
  /** 'refinance.month', 'tax.marginal_rate', …: the input's path in the metrics */
  key: string;
  label: string;
  value: number | string;
  text: string;
}

const months = (value: number) => `${value} month${value === 1 ? '' : 's'}`;

/**
 * Each strategy term's inputs one by one, in `strategyTerms`' order: what its sentence says, as rows
 * a spreadsheet can read (QA: the CSV had the refinance and the tax situation only as sentences).
 *
 * @example strategyTermValues({ refinance: { month: 6, loan_to_value: 0.75, interest_rate: 0.065, loan_term: 30, closing_costs: 4_000 } })[0]
 *   // { key: 'refinance.month', label: 'Refinance Month', value: 6, text: '6 months' }
 */
export function strategyTermValues(metrics: Parameters<typeof strategyTerms>[0]): StrategyTermValue[] {
  const rows: StrategyTermValue[] = [];
  const add = (key: string, label: string, value: number | string, text = String(value)) =>
    rows.push({ key, label, value, text });
  if (metrics.rehab_financed !== undefined) {
    add('rehab_financed', STRATEGY_TERM_LABELS.rehab_financed, metrics.rehab_financed ? 'loan' : 'cash');
  }
  const rate = (key: string, label: string, value: number) => add(key, label, value, formatPercent(value));
  const refinance = metrics.refinance;
  if (refinance) {
    add('refinance.month', REFINANCE_LABELS.month, refinance.month, months(refinance.month));
    rate('refinance.loan_to_value', REFINANCE_LABELS.loan_to_value, refinance.loan_to_value);
    rate('refinance.interest_rate', REFINANCE_LABELS.interest_rate, refinance.interest_rate);
    add(
      'refinance.loan_term',
      REFINANCE_LABELS.loan_term,
      refinance.loan_term,
      `${refinance.loan_term} years`,
    );
    const costs = refinance.closing_costs;
    add(
      'refinance.closing_costs',
      REFINANCE_LABELS.closing_costs,
      costs,
      formatMetric('closing_cost', costs),
    );
  }
  const second = metrics.second_loan;
  if (second) {
    const amount = formatMetric('loan_amount', second.amount);
    add('second_loan.amount', SECOND_LOAN_LABELS.amount, second.amount, amount);
    rate('second_loan.interest_rate', SECOND_LOAN_LABELS.interest_rate, second.interest_rate);
    // its value says "months": the field's "(months)" is left out here
    add('second_loan.term_months', 'Second Loan Term', second.term_months, months(second.term_months));
    const io = second.interest_only_months;
    if (io !== undefined) {
      add('second_loan.interest_only_months', SECOND_LOAN_LABELS.interest_only_months, io, months(io));
    }
    const balloon = second.balloon_month;
    if (balloon !== undefined) {
      add('second_loan.balloon_month', SECOND_LOAN_LABELS.balloon_month, balloon, `month ${balloon}`);
    }
  }
  const tax = metrics.tax;
  if (tax) {
    rate('tax.marginal_rate', TAX_LABELS.marginal_rate, tax.marginal_rate);
    // the report's CSV label as published (the field reads TAX_LABELS' "Capital Gains Tax Rate")
    rate('tax.capital_gains_rate', 'Capital Gains Rate', tax.capital_gains_rate);
    rate('tax.recapture_rate', TAX_LABELS.recapture_rate, tax.recapture_rate);
    rate('tax.land_share', TAX_LABELS.land_share, tax.land_share);
    const losses = tax.losses ?? 'carry_forward';
    add('tax.losses', 'Tax Losses', losses, losses === 'offset' ? 'offset other income' : 'carried forward');
  }
  return rows;
}
