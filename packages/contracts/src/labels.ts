/**
 * What each metric is called and how it is displayed (what each means is in tooltips.ts, where it
 * sits on the results screen in metric-groups.ts). Definitions follow underwriting-model.md.
 */
import {
  ASSUMPTION_KEYS,
  type Assumptions,
  type DealInput,
  type ExpenseLineFigures,
  type LoanShapeFigures,
  type OverallReturns,
  type RehabAndRefinanceFigures,
  type SaleAssumptions,
  type Year1Figures,
} from '@sfr/underwriting';
import {
  OPTIONAL_METRIC_KEYS,
  type OptionalMetricKey,
  REFINANCE_LABELS,
  SECOND_LOAN_LABELS,
  TAX_LABELS,
} from './optional-metrics.js';

/** Overall-return keys that are metrics (the `*_multiple_roots` flags are notes on the xirr). */
export type OverallReturnKey = Exclude<keyof OverallReturns, `${string}_multiple_roots`>;

/** Every key the results screen shows as a metric, each with a label, tooltip and kind. */
export type MetricKey =
  | keyof Assumptions
  | OptionalMetricKey
  | keyof Year1Figures
  | keyof ExpenseLineFigures
  | keyof LoanShapeFigures
  | Exclude<keyof RehabAndRefinanceFigures, 'no_cash_left_in'>
  | Exclude<keyof DealInput, keyof Assumptions>
  | 'hud_rent'
  | 'rentometer_rent'
  | keyof SaleAssumptions
  | 'loan_payoff'
  | OverallReturnKey;

/**
 * How a metric is displayed (see format.ts): money '$1,234.50', percent (a fraction) '5.25%',
 * ratio '1.25', years '5 years', months '60 months', grade 'B+', multiple '1.85x', count '2'.
 */
export type MetricKind = 'money' | 'percent' | 'ratio' | 'years' | 'months' | 'grade' | 'multiple' | 'count';

export const METRIC_KIND = {
  // Editable assumptions
  purchase_price: 'money',
  closing_cost: 'money',
  rent: 'money',
  other_income: 'money',
  vacancy_rate: 'percent',
  rent_annual_growth_rate: 'percent',
  other_income_annual_growth_rate: 'percent',
  property_management: 'money',
  property_management_annual_growth_rate: 'percent',
  insurance: 'money',
  insurance_annual_growth_rate: 'percent',
  property_taxes: 'money',
  property_taxes_annual_growth_rate: 'percent',
  maintenance: 'money',
  property_maintenance_annual_growth_rate: 'percent',
  loan_to_value: 'percent',
  interest_rate: 'percent',
  loan_term: 'years',
  financing_fees: 'money',
  loan_processing_fees: 'money',
  annual_price_appreciation: 'percent',
  cost_to_sell: 'percent',
  hold_period: 'years',
  // Optional expense lines (issue 28): inputs, then their year-1 dollars
  capex_reserve: 'percent',
  hoa: 'money',
  hoa_annual_growth_rate: 'percent',
  owner_utilities: 'money',
  leasing_fee: 'percent',
  tenancy_months: 'months',
  capex_reserve_expense: 'money',
  hoa_expense: 'money',
  owner_utilities_expense: 'money',
  leasing_expense: 'money',
  // Optional loan shape and rehab (issue 28): inputs, then their figures
  interest_only_months: 'months',
  points: 'percent',
  rehab_budget: 'money',
  rehab_months: 'months',
  after_repair_value: 'money',
  points_cost: 'money',
  amortizing_loan_payment: 'money',
  second_loan_payment: 'money',
  second_loan_amortizing_payment: 'money',
  second_loan_payoff_month: 'months',
  second_loan_payoff: 'money',
  refinance_value: 'money',
  refinance_loan_amount: 'money',
  refinance_payoff: 'money',
  refinance_loan_payment: 'money',
  cash_invested: 'money',
  cash_returned_at_refinance: 'money',
  cash_left_in_deal: 'money',
  cash_on_cash_on_cash_left_in: 'percent',
  // Year-1 figures
  total_acquisition: 'money',
  effective_gross_revenue: 'money',
  total_expenses: 'money',
  net_operating_income: 'money',
  loan_amount: 'money',
  down_payment: 'money',
  total_cost_to_close: 'money',
  monthly_loan_payment: 'money',
  monthly_unlevered_cash_flow: 'money',
  yearly_unlevered_cash_flow: 'money',
  monthly_levered_cash_flow: 'money',
  yearly_levered_cash_flow: 'money',
  unlevered_returns: 'percent',
  levered_returns: 'percent',
  cap_rate: 'percent',
  dscr: 'ratio',
  gross_rent_multiplier: 'ratio',
  break_even_occupancy: 'percent',
  rent_to_price: 'percent',
  // Property facts
  units: 'count',
  hud_rent: 'money',
  rentometer_rent: 'money',
  violent_crime_grade: 'grade',
  property_crime_grade: 'grade',
  // Sale
  sale_price_appreciation: 'money',
  sale_month: 'months',
  loan_payoff: 'money',
  // Overall returns
  unlevered_equity: 'money',
  unlevered_equity_multiple: 'multiple',
  unlevered_profit: 'money',
  unlevered_xirr: 'percent',
  levered_equity: 'money',
  levered_equity_multiple: 'multiple',
  levered_profit: 'money',
  levered_xirr: 'percent',
} as const satisfies Record<MetricKey, MetricKind>;

/** Every metric key, in METRIC_KIND order. */
export const METRIC_KEYS = Object.keys(METRIC_KIND) as MetricKey[];

export function isMetricKey(key: string): key is MetricKey {
  return Object.hasOwn(METRIC_KIND, key);
}

/** What the user types as one number: the model's assumptions and the optional metrics. */
export type EditableMetricKey = keyof Assumptions | OptionalMetricKey;

/**
 * The keys the user edits as one number on the results screen: the model's assumptions (each
 * always has a value), then the optional metrics (each may be left out: no line, no cost, no rehab).
 * A second loan and a refinance are groups of fields, edited apart.
 */
export const EDITABLE_METRIC_KEYS: readonly EditableMetricKey[] = [
  ...ASSUMPTION_KEYS,
  ...OPTIONAL_METRIC_KEYS,
];

export function isEditableMetricKey(key: string): key is EditableMetricKey {
  return (EDITABLE_METRIC_KEYS as readonly string[]).includes(key);
}

/** Whether an editable key may be left out (an optional metric) rather than always holding a value. */
export function isOptionalMetricKey(key: string): key is OptionalMetricKey {
  return (OPTIONAL_METRIC_KEYS as readonly string[]).includes(key);
}

/** Display labels by metric key; the API sends these as `metric_display_names`. */
export const METRIC_LABELS: Readonly<Record<MetricKey, string>> = {
  purchase_price: 'Purchase Price',
  closing_cost: 'Closing Cost',
  rent: 'Monthly Rent',
  other_income: 'Other Monthly Income',
  vacancy_rate: 'Vacancy Rate',
  rent_annual_growth_rate: 'Rent Annual Growth Rate',
  other_income_annual_growth_rate: 'Other Income Annual Growth Rate',
  property_management: 'Property Management',
  property_management_annual_growth_rate: 'Property Management Annual Growth Rate',
  insurance: 'Insurance',
  insurance_annual_growth_rate: 'Insurance Annual Growth Rate',
  property_taxes: 'Property Taxes',
  property_taxes_annual_growth_rate: 'Property Taxes Annual Growth Rate',
  maintenance: 'Maintenance',
  property_maintenance_annual_growth_rate: 'Maintenance Annual Growth Rate',
  loan_to_value: 'Loan to Value',
  interest_rate: 'Interest Rate',
  loan_term: 'Loan Term',
  financing_fees: 'Financing Fees',
  loan_processing_fees: 'Loan Processing Fees',
  annual_price_appreciation: 'Annual Price Appreciation',
  cost_to_sell: 'Cost to Sell',
  hold_period: 'Hold Period',
  capex_reserve: 'CapEx Reserve',
  hoa: 'HOA Dues (monthly)',
  hoa_annual_growth_rate: 'HOA Annual Growth Rate',
  owner_utilities: 'Owner-Paid Utilities (monthly)',
  leasing_fee: "Leasing Fee (share of a month's rent)",
  tenancy_months: 'Expected Tenancy',
  capex_reserve_expense: 'CapEx Reserve (yearly)',
  hoa_expense: 'HOA Dues (yearly)',
  owner_utilities_expense: 'Owner-Paid Utilities (yearly)',
  leasing_expense: 'Leasing Fees (yearly)',
  interest_only_months: 'Interest-Only Months',
  points: 'Points',
  rehab_budget: 'Rehab Budget',
  rehab_months: 'Rehab Months',
  after_repair_value: 'After-Repair Value',
  points_cost: 'Points Paid at Closing',
  amortizing_loan_payment: 'Loan Payment After Interest-Only',
  second_loan_payment: 'Second Loan Payment',
  second_loan_amortizing_payment: 'Second Loan Payment After Interest-Only',
  second_loan_payoff_month: 'Second Loan Payoff Month',
  second_loan_payoff: 'Second Loan Payoff',
  refinance_value: 'Value at Refinance',
  refinance_loan_amount: 'Refinance Loan Amount',
  refinance_payoff: 'Old Loan Paid Off at Refinance',
  refinance_loan_payment: 'Monthly Payment After Refinance',
  cash_invested: 'Cash Invested',
  cash_returned_at_refinance: 'Cash Returned at Refinance',
  cash_left_in_deal: 'Cash Left in the Deal',
  cash_on_cash_on_cash_left_in: 'Cash-on-Cash on Cash Left In',
  total_acquisition: 'Total Acquisition Cost',
  effective_gross_revenue: 'Effective Gross Revenue',
  total_expenses: 'Total Expenses',
  net_operating_income: 'Net Operating Income',
  loan_amount: 'Loan Amount',
  down_payment: 'Down Payment',
  total_cost_to_close: 'Total Cost to Close',
  monthly_loan_payment: 'Monthly Loan Payment',
  monthly_unlevered_cash_flow: 'Monthly Unlevered Cash Flow',
  yearly_unlevered_cash_flow: 'Yearly Unlevered Cash Flow',
  monthly_levered_cash_flow: 'Monthly Levered Cash Flow',
  yearly_levered_cash_flow: 'Yearly Levered Cash Flow',
  unlevered_returns: 'Unlevered Returns',
  levered_returns: 'Levered Returns (Cash on Cash)',
  cap_rate: 'Cap Rate',
  dscr: 'Debt Service Coverage Ratio',
  gross_rent_multiplier: 'Gross Rent Multiplier',
  break_even_occupancy: 'Break-Even Occupancy',
  rent_to_price: 'Rent to Price',
  units: 'Units',
  hud_rent: 'HUD Rent',
  rentometer_rent: 'Market Rent',
  violent_crime_grade: 'Violent Crime Grade',
  property_crime_grade: 'Property Crime Grade',
  sale_price_appreciation: 'Sale Price',
  sale_month: 'Sale Month',
  loan_payoff: 'Loan Payoff',
  unlevered_equity: 'Unlevered Equity',
  unlevered_equity_multiple: 'Unlevered Equity Multiple',
  unlevered_profit: 'Unlevered Profit',
  unlevered_xirr: 'Unlevered XIRR',
  levered_equity: 'Levered Equity',
  levered_equity_multiple: 'Levered Equity Multiple',
  levered_profit: 'Levered Profit',
  levered_xirr: 'Levered XIRR',
};

/**
 * What a metric's field is called, from the path the engine or the API names it by: a metric
 * ('rent' → 'Monthly Rent') or a grouped term ('refinance.month' → 'Refinance Month'); the path
 * itself for anything else.
 */
export function fieldLabel(path: string): string {
  const [group, field] = path.split('.');
  if (group === 'refinance' && field && field in REFINANCE_LABELS)
    return REFINANCE_LABELS[field as keyof typeof REFINANCE_LABELS];
  if (group === 'second_loan' && field && field in SECOND_LOAN_LABELS)
    return SECOND_LOAN_LABELS[field as keyof typeof SECOND_LOAN_LABELS];
  if (group === 'tax' && field && field in TAX_LABELS) return TAX_LABELS[field as keyof typeof TAX_LABELS];
  return isMetricKey(path) ? METRIC_LABELS[path] : path;
}
