/**
 * Where each metric sits on the results screen: its groups in order (product spec §3), the sale
 * assumptions and the overall returns of each side of the hold-period table. Apart from labels.ts
 * so the web's first page does not download the layout of a screen it has not opened yet.
 */

import {
  EXPENSE_LINE_METRIC_KEYS,
  type HoldPeriodGroup,
  LOAN_SHAPE_METRIC_KEYS,
  type MetricKey,
  type OverallReturnKey,
  REHAB_METRIC_KEYS,
} from '@sfr/contracts';
import type { SaleAssumptions } from '@sfr/underwriting';
import { UI_TEXT } from '../../ui/text';

export type MetricGroupName =
  | 'Rent'
  | 'Crime Metrics'
  | 'Acquisition Cost'
  | 'Income'
  | 'Effective Gross Revenue'
  | 'Expenses'
  | 'Net Operating Income'
  | 'Loan Assumptions'
  | 'Rehab and Refinance'
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
      ...EXPENSE_LINE_METRIC_KEYS,
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
      // points, an interest-only start and a second loan's figures (its terms are in the strategy card)
      ...LOAN_SHAPE_METRIC_KEYS,
    ],
  },
  {
    name: 'Rehab and Refinance',
    // the refinance's figures show when the deal has one (its terms are in the strategy card)
    keys: REHAB_METRIC_KEYS,
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
