/**
 * What each metric is called, what it means, how it is displayed and where it sits on the
 * results screen. Definitions follow underwriting-model.md; the groups follow product spec §3.
 */
import {
  ASSUMPTION_KEYS,
  type Assumptions,
  type DealInput,
  type OverallReturns,
  type SaleAssumptions,
  type Year1Figures,
} from '@sfr/underwriting';
import type { HoldPeriodGroup, HoldPeriodRow } from './hold-period.js';
import { UI_TEXT } from './messages.js';

/** Overall-return keys that are metrics (the `*_multiple_roots` flags are notes on the xirr). */
export type OverallReturnKey = Exclude<keyof OverallReturns, `${string}_multiple_roots`>;

/** Every key the results screen shows as a metric, each with a label, tooltip and kind. */
export type MetricKey =
  | keyof Assumptions
  | keyof Year1Figures
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

/** The keys the user can edit on the results screen: exactly the model's assumptions. */
export const EDITABLE_METRIC_KEYS: readonly (keyof Assumptions)[] = ASSUMPTION_KEYS;

export function isEditableMetricKey(key: string): key is keyof Assumptions {
  return (EDITABLE_METRIC_KEYS as readonly string[]).includes(key);
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

/** One plain-English sentence per metric, precise to underwriting-model.md. */
export const METRIC_TOOLTIPS: Readonly<Record<MetricKey, string>> = {
  purchase_price: 'The price you pay for the property.',
  closing_cost:
    'One-time costs paid at purchase on top of the price, such as title, escrow and recording fees.',
  rent: 'Year-1 monthly rent for the whole property, all units together.',
  other_income: 'Year-1 monthly income besides rent, such as parking, laundry or pet fees.',
  vacancy_rate: 'The share of potential income (rent plus other income) lost to empty units and unpaid rent.',
  rent_annual_growth_rate: 'How much the rent rises each year, applied at the start of each new year.',
  other_income_annual_growth_rate:
    'How much the other income rises each year, applied at the start of each new year.',
  property_management: 'The year-1 annual cost of managing the property and its tenants.',
  property_management_annual_growth_rate: 'How much the property management cost rises each year.',
  insurance: 'The year-1 annual cost of insuring the property.',
  insurance_annual_growth_rate: 'How much the insurance cost rises each year.',
  property_taxes: 'The year-1 annual property taxes.',
  property_taxes_annual_growth_rate: 'How much the property taxes rise each year.',
  maintenance: 'The year-1 annual budget for repairs and a reserve for big replacements like roofs and HVAC.',
  property_maintenance_annual_growth_rate: 'How much the maintenance budget rises each year.',
  loan_to_value: 'The loan as a share of the purchase price; you pay the rest as the down payment.',
  interest_rate: 'The loan’s annual interest rate.',
  loan_term: 'The number of years over which equal monthly payments repay the loan in full.',
  financing_fees: 'Fees the lender charges at closing to make the loan, such as origination points.',
  loan_processing_fees:
    'Flat fees paid at closing to process the loan, such as application, underwriting and appraisal fees.',
  annual_price_appreciation:
    'How much the property’s value rises each year, which sets the sale price at the end of the hold period.',
  cost_to_sell: 'Selling costs, such as agent commissions and closing costs, as a share of the sale price.',
  hold_period: 'The number of years you own the property before selling it.',
  total_acquisition: 'The purchase price plus closing costs: what the property costs to buy without a loan.',
  effective_gross_revenue: 'Year-1 rent plus other income, minus the vacancy loss.',
  total_expenses: 'Year-1 property management, insurance, property taxes and maintenance added together.',
  net_operating_income: 'Year-1 effective gross revenue minus total expenses, before any loan payments.',
  loan_amount: 'The amount borrowed: the loan-to-value times the purchase price.',
  down_payment: 'The part of the purchase price you pay in cash: the purchase price minus the loan amount.',
  total_cost_to_close:
    'The cash you bring to closing with a loan: down payment plus closing costs, financing fees and loan processing fees.',
  monthly_loan_payment:
    'The fixed monthly principal-and-interest payment that repays the loan over its term.',
  monthly_unlevered_cash_flow:
    'Year-1 net operating income divided by 12: the monthly cash the property earns without a loan.',
  yearly_unlevered_cash_flow:
    'Year-1 net operating income: the cash the property earns in year 1 without a loan.',
  monthly_levered_cash_flow:
    'Year-1 net operating income minus the year’s loan payments, divided by 12: the monthly cash left with a loan.',
  yearly_levered_cash_flow:
    'Year-1 net operating income minus the year’s loan payments: the cash left in year 1 with a loan.',
  unlevered_returns: 'Year-1 net operating income divided by the total acquisition cost.',
  levered_returns:
    'Cash-on-cash return: year-1 levered cash flow divided by the total cost to close, the cash you put in.',
  cap_rate: 'Year-1 net operating income divided by the purchase price.',
  dscr: 'Year-1 net operating income divided by the year’s loan payments; below 1 the rent does not cover the loan (N/A without a loan).',
  gross_rent_multiplier:
    'The purchase price divided by a year of rent (12 × monthly rent); lower means more rent for the price.',
  break_even_occupancy:
    'The share of potential income needed to pay year-1 expenses and loan payments; above this occupancy the property makes money.',
  rent_to_price: 'Monthly rent divided by the purchase price, the ratio behind the “1% rule”.',
  units: 'The number of units in the building: 1 for a single family house up to 4 for a four family.',
  hud_rent:
    'HUD’s Fair Market Rent for the area and bedroom count: roughly the monthly rent a Section 8 voucher would cover.',
  rentometer_rent:
    'The monthly market rent for the address: live from RentCast or Rentometer when connected, else an estimate from HUD rents with its range.',
  violent_crime_grade: 'A letter grade for violent crime in the area, from A+ (safest) to F.',
  property_crime_grade: 'A letter grade for property crime in the area, from A+ (safest) to F.',
  sale_price_appreciation:
    'The expected sale price: the purchase price grown by the annual price appreciation for every year of the hold period.',
  sale_month: 'The month of the sale, counted from the purchase: 12 times the hold period.',
  loan_payoff: 'The loan balance still owed at the sale, repaid out of the sale proceeds.',
  unlevered_equity: 'The cash you invest up front without a loan: the total acquisition cost.',
  unlevered_equity_multiple:
    'All the cash you get back without a loan, rent and sale together, divided by the cash you invested.',
  unlevered_profit:
    'All the cash you get back without a loan, rent and sale together, minus the cash you invested.',
  unlevered_xirr:
    'The annual rate of return on the monthly cash flows without a loan, sale included (N/A when no rate solves them).',
  levered_equity: 'The cash you invest up front with a loan: the total cost to close.',
  levered_equity_multiple:
    'All the cash you get back with a loan, after loan payments and payoff, divided by the cash you invested.',
  levered_profit:
    'All the cash you get back with a loan, after loan payments and payoff, minus the cash you invested.',
  levered_xirr:
    'The annual rate of return on the monthly cash flows with a loan, sale and payoff included (N/A when no rate solves them).',
};

/** Tooltips of the hold-period table's group header rows (product spec §2). */
export const HOLD_PERIOD_GROUP_TOOLTIPS: Readonly<Record<HoldPeriodGroup, string>> = {
  Unlevered: 'Without the use of a loan',
  Levered: 'With the use of a loan',
};

/** Tooltips of the hold-period table's row labels, in the product spec's wording where it gives one (§2). */
export const HOLD_PERIOD_ROW_TOOLTIPS: Readonly<Record<HoldPeriodRow, string>> = {
  Revenue: 'Total income generated from the property.',
  Expense: 'Costs of owning and operating the property.',
  'Net Operating Income': 'Revenue minus expenses, before any loan payments.',
  'Proceeds From Sale': 'The sale price minus the cost to sell, received in the final year.',
  Mortgage: 'Payment made towards repaying the loan.',
  'Rental Cashflow': 'Cash generated not considering sale of property.',
  'Loan Payoff': 'The amount paid to satisfy the loan and completely pay off the debt.',
  'Equity Accumulated': 'How much of the property you own.',
  Cashflow: 'All the cash the year brings in, including the sale in the final year.',
  'Annual Return': 'Returns generated over a year as a percentage of the initial investment.',
};

export type MetricGroupName =
  | 'Rent'
  | 'Crime Metrics'
  | 'Acquisition Cost'
  | 'Income'
  | 'Effective Gross Revenue'
  | 'Expenses'
  | 'Net Operating Income'
  | 'Loan Assumptions'
  | 'Unlevered Cash Flows'
  | 'Levered Cash Flows'
  | 'Returns';

export interface MetricGroup {
  name: MetricGroupName;
  /** in display order */
  keys: readonly MetricKey[];
  /** Only the first `visible` keys show until the user presses `show`. */
  collapse?: { visible: number; show: string; hide: string };
}

/** The Metrics block of the results screen, in order (product spec §2 and §3). */
export const METRIC_GROUPS: readonly MetricGroup[] = [
  { name: 'Rent', keys: ['hud_rent', 'rentometer_rent'] },
  { name: 'Crime Metrics', keys: ['violent_crime_grade', 'property_crime_grade'] },
  { name: 'Acquisition Cost', keys: ['purchase_price', 'closing_cost', 'total_acquisition'] },
  {
    name: 'Income',
    keys: [
      'rent',
      'other_income',
      'vacancy_rate',
      'rent_annual_growth_rate',
      'other_income_annual_growth_rate',
    ],
    collapse: { visible: 2, show: UI_TEXT.showAdditionalMetrics, hide: UI_TEXT.hideAdditionalMetrics },
  },
  { name: 'Effective Gross Revenue', keys: ['effective_gross_revenue'] },
  {
    name: 'Expenses',
    keys: [
      'property_management',
      'insurance',
      'property_taxes',
      'maintenance',
      'property_management_annual_growth_rate',
      'insurance_annual_growth_rate',
      'property_taxes_annual_growth_rate',
      'property_maintenance_annual_growth_rate',
      'total_expenses',
    ],
    collapse: { visible: 2, show: UI_TEXT.showAdditionalExpenses, hide: UI_TEXT.hideAdditionalExpenses },
  },
  { name: 'Net Operating Income', keys: ['net_operating_income'] },
  {
    name: 'Loan Assumptions',
    keys: [
      'loan_to_value',
      'loan_amount',
      'interest_rate',
      'loan_term',
      'financing_fees',
      // Not in the spec's list, but editable and part of the cost to close, so it is shown here.
      'loan_processing_fees',
      'down_payment',
      'total_cost_to_close',
      'monthly_loan_payment',
    ],
  },
  { name: 'Unlevered Cash Flows', keys: ['monthly_unlevered_cash_flow', 'yearly_unlevered_cash_flow'] },
  { name: 'Levered Cash Flows', keys: ['monthly_levered_cash_flow', 'yearly_levered_cash_flow'] },
  {
    name: 'Returns',
    keys: [
      'unlevered_returns',
      'levered_returns',
      // The model's other year-1 ratios have no group in the spec; they read best beside the returns.
      'cap_rate',
      'dscr',
      'gross_rent_multiplier',
      'break_even_occupancy',
      'rent_to_price',
    ],
  },
];

/** The right column's Sale Assumptions block, in the spec's order. */
export const SALE_ASSUMPTION_KEYS: readonly (keyof SaleAssumptions)[] = [
  'sale_price_appreciation',
  'annual_price_appreciation',
  'hold_period',
  'sale_month',
  'cost_to_sell',
];

/** The right column's Overall Returns block: equity, equity multiple, profit and xirr per side. */
export const OVERALL_RETURN_KEYS: Readonly<Record<HoldPeriodGroup, readonly OverallReturnKey[]>> = {
  Unlevered: ['unlevered_equity', 'unlevered_equity_multiple', 'unlevered_profit', 'unlevered_xirr'],
  Levered: ['levered_equity', 'levered_equity_multiple', 'levered_profit', 'levered_xirr'],
};
