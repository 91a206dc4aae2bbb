/** Every number in an object, with its path ('.year_1_metrics.rent'). */
export function numbers(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => numbers(child, `${path}.${key}`));
}

/**
 * Output paths measured in dollars (they scale with the inputs); the rest are rates, ratios, counts
 * or points. The expense lines' year-1 dollars (`…_expense`) fall under `expense`; their echoed
 * dollar inputs are the last alternatives.
 */
const DOLLAR_OUTPUT = new RegExp(
  [
    'purchase_price|closing_cost|\\.rent$|other_income$|property_management$|insurance$|property_taxes$|maintenance$',
    'financing_fees|loan_processing_fees|total_acquisition|effective_gross_revenue|total_expenses|net_operating_income',
    'loan_amount|down_payment|total_cost_to_close|monthly_loan_payment|cash_flow$|sale_price_appreciation',
    '_equity$|_profit$|revenue|expense|mortgage|cashflow|loan_payoff|proceeds_from_sale|equity_accumulated',
    '\\.hoa$|owner_utilities$',
  ].join('|'),
);

/** Whether an output path (a hold-period year's index dropped) is in dollars. */
export const isDollarPath = (path: string): boolean => DOLLAR_OUTPUT.test(path.replace(/\.\d+$/, ''));
