/**
 * What each metric and each hold-period row means, in one plain-English sentence (the results'
 * tooltips). Apart from labels.ts so the web's first page does not download them: only the results
 * and the later pages read them.
 */
import type { HoldPeriodGroup, HoldPeriodOptionalRow, HoldPeriodRow, MetricKey } from '@sfr/contracts';

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
  maintenance:
    'The year-1 annual budget for repairs and upkeep, and for big replacements like roofs and HVAC unless a CapEx Reserve sets money aside for them.',
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
  capex_reserve:
    'Money set aside each year for big replacements (roof, HVAC, water heater), as a share of a year’s rent; it grows with maintenance (leave empty for none).',
  hoa: 'Monthly homeowners’ association dues, if the property has an association (leave empty for none).',
  hoa_annual_growth_rate: 'How much the HOA dues rise each year; left empty, they rise with maintenance.',
  owner_utilities:
    'Monthly utilities you pay as the owner, such as water, trash or common-area power; they grow with maintenance (leave empty for none).',
  leasing_fee:
    'What a manager charges to place a new tenant, as a share of one month’s rent (50 = half a month), spread over the expected tenancy (leave empty for none).',
  tenancy_months:
    'How long a tenant stays on average, in months: a leasing fee is paid once per tenancy, so it is needed with one.',
  interest_only_months:
    'Months at the start when the loan payment is interest only; afterwards it repays the loan over the rest of its term (leave empty for none).',
  points:
    'Points bought from the lender at closing, a share of the loan (1 = 1% of the loan), paid in cash with the closing costs (leave empty for none).',
  rehab_budget:
    'What the repairs cost, spent at purchase: paid in cash, or added to the loan if you choose so below (leave empty for no rehab).',
  rehab_months:
    'Months the repairs take from the purchase: no rent comes in, while taxes, insurance, utilities and the loan are still paid.',
  after_repair_value:
    'What the property is worth once repaired; its value grows with the appreciation from the end of the rehab.',
  points_cost: 'The points paid at closing: the points times the loan amount.',
  amortizing_loan_payment: 'The monthly loan payment once the interest-only months end.',
  second_loan_payment: 'The second loan’s first monthly payment.',
  second_loan_amortizing_payment: 'The second loan’s monthly payment once its interest-only months end.',
  second_loan_payoff_month:
    'The month the second loan is paid off: its balloon, the end of its term or the sale, whichever comes first.',
  second_loan_payoff: 'The second loan’s balance paid off in its payoff month.',
  refinance_value: 'The property’s value in the refinance month, which the new loan is sized on.',
  refinance_loan_amount: 'The new loan: its loan-to-value times the value at the refinance.',
  refinance_payoff: 'The old loan’s balance paid off by the new loan.',
  refinance_loan_payment: 'The monthly payment of the new loan, from the refinance on.',
  cash_invested: 'The cash you put in at closing, the rehab included when you pay it in cash.',
  cash_returned_at_refinance:
    'What the new loan pays back to you after paying off the old loan and its closing costs (negative when you must bring cash).',
  cash_left_in_deal: 'The cash you invested minus the cash returned at the refinance.',
  cash_on_cash_on_cash_left_in:
    'The year after the refinance: the levered cash flow divided by the cash left in the deal (N/A when the refinance returned all of it).',
  capex_reserve_expense: 'The year-1 CapEx reserve: the reserve share times 12 months of rent.',
  hoa_expense: 'The year-1 HOA dues: 12 times the monthly dues.',
  owner_utilities_expense: 'The year-1 owner-paid utilities: 12 times the monthly amount.',
  leasing_expense:
    'The year-1 cost of placing tenants: the leasing fee times a year of rent, divided by the expected tenancy in months.',
  total_acquisition: 'The purchase price plus closing costs: what the property costs to buy without a loan.',
  effective_gross_revenue: 'Year-1 rent plus other income, minus the vacancy loss.',
  total_expenses:
    'Year-1 property management, insurance, property taxes and maintenance added together, with the CapEx reserve, HOA dues, owner-paid utilities and leasing fees when given.',
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
    'The annual rate of return on the monthly cash flows without a loan, sale included (N/A when no rate solves them; when several do, the first reached from 0 % in the direction of the profit).',
  levered_equity: 'The cash you invest up front with a loan: the total cost to close.',
  levered_equity_multiple:
    'All the cash you get back with a loan, after loan payments and payoff, divided by the cash you invested.',
  levered_profit:
    'All the cash you get back with a loan, after loan payments and payoff, minus the cash you invested.',
  levered_xirr:
    'The annual rate of return on the monthly cash flows with a loan, sale and payoff included (N/A when no rate solves them; when several do, the first reached from 0 % in the direction of the profit).',
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

/**
 * Tooltips of the hold-period table's optional rows (issue 28): an expense line's, shown when the
 * deal gives it, the refinance's, when it gives a refinance, and the after-tax rows, shown when it
 * gives a tax situation.
 */
export const HOLD_PERIOD_OPTIONAL_ROW_TOOLTIPS: Readonly<Record<HoldPeriodOptionalRow, string>> = {
  'CapEx Reserve': 'The part of Expense set aside for big repairs and replacements, a share of the rent.',
  HOA: 'The part of Expense paid to the homeowners association in dues.',
  'Owner Utilities': 'The part of Expense the owner pays for utilities the tenants do not.',
  Leasing: 'The part of Expense paid in leasing fees for new tenants, averaged over the expected tenancy.',
  'Refinance Cash':
    'The cash the refinance hands back that year (the new loan minus the old balance and the closing costs), borrowed money counted in Cashflow.',
  'Income Tax':
    'Income tax on the rental’s income after interest, depreciation and loan costs, with the tax at sale added in the final year.',
  'After-Tax Cashflow':
    'Cashflow minus income tax, with the after-tax sale proceeds in the final year, so the years add up to the after-tax profit plus your equity.',
};
