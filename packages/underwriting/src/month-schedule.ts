/**
 * The month-by-month schedule of any deal (issue 28 §7): one row a month of the hold, from the very
 * figures `analyze` computes its hold-period table and XIRRs from (`operatingYears`, `financingOf`,
 * `saleAt` / `valueAt`), so each year's months sum to that year's row of the table and the levered
 * column is the flow series of the levered XIRR. README, "Month-by-month schedule (issue 28 §7)".
 */
import { type Financing, financingOf, hasMonthlyInputs, valueAt } from './loan-shape.js';
import { saleAt } from './sale.js';
import { type OperatingYear, operatingYears } from './schedule.js';
import type { DealInput, OptionalInputs } from './types.js';
import { validateDealInput } from './validate.js';

/**
 * One month of the hold, $ of that month (rates nowhere). Keys are stable snake_case: the API and
 * the web read them, and `SCHEDULE_COLUMNS` labels them. The optional keys are present only when
 * the deal gives their input (as `analyze`'s optional figures): an expense line, a second loan, a
 * refinance.
 */
export interface ScheduleRow {
  /** 1..12 × hold_period */
  month: number;
  /** the hold's year of the month, 1..hold_period */
  year: number;
  gross_rent: number;
  other_income: number;
  vacancy_loss: number;
  effective_gross_revenue: number;
  property_management: number;
  insurance: number;
  property_taxes: number;
  maintenance: number;
  capex_reserve?: number;
  hoa?: number;
  owner_utilities?: number;
  leasing?: number;
  total_expenses: number;
  net_operating_income: number;
  /** the first loan's payment (the refinance's new loan's from the month after it) */
  loan_payment: number;
  loan_interest: number;
  loan_principal: number;
  /** the first loan's balance after this month's payment (in the refinance month, the new loan's amount; in the last month, before the sale pays it off) */
  loan_balance: number;
  second_loan_payment?: number;
  /** after this month's payment; in its payoff month, the balance the payoff repays; 0 after */
  second_loan_balance?: number;
  /** both loans' payments */
  debt_service: number;
  /** the refinance's net cash in its month (new loan − old balance − closing costs), 0 in the others */
  refinance_cash?: number;
  /** loans repaid in the month: the second loan's balloon, both balances at the sale */
  loan_payoff: number;
  /** the sale's proceeds (price − selling costs) in the last month, 0 before */
  sale_proceeds: number;
  /** NOI + sale proceeds: the flow of the unlevered XIRR */
  unlevered_cash_flow: number;
  /** NOI − debt service − loan payoff + refinance cash + sale proceeds: the flow of the levered XIRR */
  levered_cash_flow: number;
}

export type ScheduleColumnKey = keyof ScheduleRow;

/** Every column a schedule can have, in order, with its label (no commas, so CSV headers need no quotes). */
export const SCHEDULE_COLUMNS: readonly { readonly key: ScheduleColumnKey; readonly label: string }[] = [
  { key: 'month', label: 'Month' },
  { key: 'year', label: 'Year' },
  { key: 'gross_rent', label: 'Gross rent' },
  { key: 'other_income', label: 'Other income' },
  { key: 'vacancy_loss', label: 'Vacancy' },
  { key: 'effective_gross_revenue', label: 'Effective gross revenue' },
  { key: 'property_management', label: 'Property management' },
  { key: 'insurance', label: 'Insurance' },
  { key: 'property_taxes', label: 'Property taxes' },
  { key: 'maintenance', label: 'Maintenance' },
  { key: 'capex_reserve', label: 'Capex reserve' },
  { key: 'hoa', label: 'HOA dues' },
  { key: 'owner_utilities', label: 'Owner-paid utilities' },
  { key: 'leasing', label: 'Leasing' },
  { key: 'total_expenses', label: 'Total expenses' },
  { key: 'net_operating_income', label: 'Net operating income' },
  { key: 'loan_payment', label: 'Loan payment' },
  { key: 'loan_interest', label: 'Loan interest' },
  { key: 'loan_principal', label: 'Loan principal' },
  { key: 'loan_balance', label: 'Loan balance' },
  { key: 'second_loan_payment', label: 'Second loan payment' },
  { key: 'second_loan_balance', label: 'Second loan balance' },
  { key: 'debt_service', label: 'Debt service' },
  { key: 'refinance_cash', label: 'Refinance cash' },
  { key: 'loan_payoff', label: 'Loan payoff' },
  { key: 'sale_proceeds', label: 'Sale proceeds' },
  { key: 'unlevered_cash_flow', label: 'Unlevered cash flow' },
  { key: 'levered_cash_flow', label: 'Levered cash flow' },
];

/**
 * The month-by-month schedule of a deal, one row a month of the hold (months 1..12 × hold_period),
 * for the plain model and the month-by-month path (loan shapes, rehab, refinance) alike.
 * Validates first (`UnderwritingInputError`), as `analyze`.
 *
 * Income and expenses: each month is its year's `operatingYears` figure / 12; in a rehab month
 * (m ≤ rehab_months) there is no rent, other income, vacancy, management, maintenance, capex reserve
 * or leasing, and insurance, taxes, HOA dues and owner utilities are paid (NOI = −their sum / 12).
 * Loans: `financingOf`'s months, split by loan; principal = the balance before − after the payment
 * (the old loan's balance `refinance_payoff` in the refinance month), interest = payment − principal.
 * Sale: `saleAt` without an ARV, else `valueAt(deal, M) × (1 − cost_to_sell)`, in month M.
 *
 * Laws (tested): each year's months sum to that year's hold-period row (revenue, expense, NOI,
 * mortgage, loan payoff, both cashflows); `levered_cash_flow` is the series of the levered XIRR
 * (its NPV at the XIRR is 0) and, on the month-by-month path, `shapedMonthlyFlows`' to the bit.
 *
 * @example
 * // the round deal ($200,000, 75 % at 6 %, rent $2,000, 5 % vacancy, $6,000 a year of costs, 5 years):
 * const rows = monthlyScheduleOf(roundDeal);
 * rows.length;                    // 60
 * rows[0].net_operating_income;   // 1,400 = (24,000 × 0.95 − 6,000) / 12
 * rows[0].loan_interest;          // 750 = 150,000 × 0.5 %
 * rows[59].sale_proceeds;         // 188,000 = 200,000 × (1 − 6 %)
 */
export function monthlyScheduleOf(input: DealInput & OptionalInputs): ScheduleRow[] {
  const deal = validateDealInput(input);
  const M = 12 * deal.hold_period;
  const monthly = hasMonthlyInputs(deal);
  const rehabMonths = deal.rehab_months ?? 0;
  const years = operatingYears(deal);
  const financing = financingOf(deal, M);
  const proceeds = saleProceeds(deal, M);

  const rows: ScheduleRow[] = [];
  let opening = financing.first_amount;
  for (const year of years) {
    for (let k = 1; k <= 12; k++) {
      const m = 12 * (year.year - 1) + k;
      const i = m - 1;
      const operating = monthOf(deal, year, m <= rehabMonths);
      const loan_payment = financing.first_debt_service[i] as number;
      const loan_balance = financing.first_balance[i] as number;
      const repaidTo = deal.refinance?.month === m ? financing.refinance_payoff : loan_balance;
      const loan_principal = loan_payment === 0 ? 0 : opening - repaidTo;
      const debt_service = financing.debt_service[i] as number;
      const loan_payoff = financing.payoff[i] as number;
      const sale_proceeds = m === M ? proceeds : 0;
      const row: ScheduleRow = {
        month: m,
        year: year.year,
        ...operating,
        loan_payment,
        loan_interest: loan_payment - loan_principal,
        loan_principal,
        loan_balance,
        debt_service,
        loan_payoff,
        sale_proceeds,
        unlevered_cash_flow: operating.net_operating_income + sale_proceeds,
        levered_cash_flow: leveredFlow(
          monthly,
          year,
          operating.net_operating_income,
          financing,
          i,
          M,
          proceeds,
        ),
      };
      rows.push(ordered(row, deal, financing, i));
      opening = loan_balance;
    }
  }
  return rows;
}

/** The income and expense columns of one month: its year's / 12, or a rehab month's carrying costs alone. */
function monthOf(
  deal: DealInput & OptionalInputs,
  year: OperatingYear,
  rehab: boolean,
): Pick<
  ScheduleRow,
  | 'gross_rent'
  | 'other_income'
  | 'vacancy_loss'
  | 'effective_gross_revenue'
  | 'property_management'
  | 'insurance'
  | 'property_taxes'
  | 'maintenance'
  | 'capex_reserve'
  | 'hoa'
  | 'owner_utilities'
  | 'leasing'
  | 'total_expenses'
  | 'net_operating_income'
> {
  // income and the rent-following costs: none in a rehab month
  const earned = (annual: number) => (rehab ? 0 : annual / 12);
  const lines: Pick<ScheduleRow, 'capex_reserve' | 'hoa' | 'owner_utilities' | 'leasing'> = {};
  if (deal.capex_reserve !== undefined) lines.capex_reserve = earned(year.capex_reserve);
  if (deal.hoa !== undefined) lines.hoa = year.hoa / 12;
  if (deal.owner_utilities !== undefined) lines.owner_utilities = year.owner_utilities / 12;
  if (deal.leasing_fee !== undefined) lines.leasing = earned(year.leasing);
  // analyze's month NOI (`monthNoi`): the year's / 12, or −(insurance + taxes + HOA + utilities) / 12
  const carrying = year.insurance + year.property_taxes + year.hoa + year.owner_utilities;
  return {
    gross_rent: earned(year.gross_rent),
    other_income: earned(year.other_income),
    vacancy_loss: earned(year.vacancy_loss),
    effective_gross_revenue: earned(year.effective_gross_revenue),
    property_management: earned(year.property_management),
    insurance: year.insurance / 12,
    property_taxes: year.property_taxes / 12,
    maintenance: earned(year.maintenance),
    ...lines,
    total_expenses: rehab ? carrying / 12 : year.expenses / 12,
    net_operating_income: rehab ? -carrying / 12 : year.net_operating_income / 12,
  };
}

/**
 * A month's levered flow, in the very operations `analyze` uses, so the XIRR's series is this one
 * to the bit: `(NOI − debt service)` of the year / 12 on the plain path (plus proceeds − payoff in
 * month M), NOI_m − payment_m − payoff_m + refinance cash_m (+ proceeds in M) on the monthly path.
 */
function leveredFlow(
  monthly: boolean,
  year: OperatingYear,
  noi: number,
  financing: Financing,
  i: number,
  M: number,
  proceeds: number,
): number {
  const last = i === M - 1;
  if (!monthly) {
    const flow = (year.net_operating_income - year.debt_service) / 12;
    return last ? flow + (proceeds - (financing.payoff[i] as number)) : flow;
  }
  const flow =
    noi -
    (financing.debt_service[i] as number) -
    (financing.payoff[i] as number) +
    (financing.refinance_cash[i] as number);
  return flow + (last ? proceeds : 0);
}

/** The row with its keys in `SCHEDULE_COLUMNS` order, the second loan's and the refinance's only when given. */
function ordered(
  row: ScheduleRow,
  deal: DealInput & OptionalInputs,
  financing: Financing,
  i: number,
): ScheduleRow {
  if (deal.second_loan !== undefined) {
    row.second_loan_payment = financing.second_debt_service[i] as number;
    row.second_loan_balance = financing.second_balance[i] as number;
  }
  if (deal.refinance !== undefined) row.refinance_cash = financing.refinance_cash[i] as number;
  const out: Record<string, number> = {};
  for (const { key } of SCHEDULE_COLUMNS) {
    const value = row[key];
    if (value !== undefined) out[key] = value;
  }
  return out as unknown as ScheduleRow;
}

/** The sale's proceeds at month M, as `analyze`: `saleAt` without an ARV, else `valueAt(deal, M)` less the selling costs. */
function saleProceeds(deal: DealInput & OptionalInputs, M: number): number {
  if (deal.after_repair_value === undefined) {
    return saleAt(deal.purchase_price, deal.annual_price_appreciation, deal.cost_to_sell, deal.hold_period)
      .proceeds_from_sale;
  }
  const price = valueAt(deal, M);
  return price - deal.cost_to_sell * price;
}

/**
 * The columns `rows` have, in `SCHEDULE_COLUMNS` order (an optional column only when its input is given).
 *
 * @example
 * scheduleColumns(monthlyScheduleOf(roundDeal)).length; // 21 of the 28: no expense lines, second loan or refinance
 */
export function scheduleColumns(
  rows: readonly ScheduleRow[],
): readonly { readonly key: ScheduleColumnKey; readonly label: string }[] {
  const first = rows[0];
  return SCHEDULE_COLUMNS.filter(({ key }) => first !== undefined && first[key] !== undefined);
}

export interface ScheduleCsvOptions {
  /** the header row: the columns' labels (default) or their keys */
  header?: 'label' | 'key';
  /** digits after the point (`toFixed`); default: every digit (`String(n)`, which reads back to the same float) */
  decimals?: number;
}

/**
 * The schedule as CSV (RFC 4180 fields, `\n` line ends, a final newline): one header row, then one
 * row a month, the columns `scheduleColumns(rows)`. Numbers are unrounded unless `decimals` is
 * given (month and year are whole and print as they are), and −0 prints as 0.
 *
 * @example
 * scheduleCsv(monthlyScheduleOf(roundDeal), { decimals: 2 }).split('\n')[1];
 * // '1,1,2000.00,0.00,100.00,1900.00,…': month 1, year 1, rent, other income, vacancy, EGR, …
 */
export function scheduleCsv(rows: readonly ScheduleRow[], options: ScheduleCsvOptions = {}): string {
  const columns = scheduleColumns(rows);
  const header = columns.map((column) => (options.header === 'key' ? column.key : column.label));
  const format = (key: ScheduleColumnKey, value: number) => {
    const whole = key === 'month' || key === 'year';
    const text = options.decimals === undefined || whole ? String(value) : value.toFixed(options.decimals);
    return Number(text) === 0 ? text.replace('-', '') : text;
  };
  const lines = [header.join(',')];
  for (const row of rows) lines.push(columns.map(({ key }) => format(key, row[key] as number)).join(','));
  return `${lines.join('\n')}\n`;
}
