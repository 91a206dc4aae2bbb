/**
 * The hold-period returns summary table (product spec §2 and §3): the engine's yearly numbers
 * formatted for the wire (`metrics_for_hold_period`), and the display rules of its cells.
 */
import type { AfterTaxFigures, ExpenseLineRows, HoldPeriodTable } from '@sfr/underwriting';
import { formatMoney, formatPercent } from './format.js';

/** The table's fixed rows, group by group, in display order: every analysis has them. */
export const HOLD_PERIOD_ROWS = {
  Unlevered: [
    'Revenue',
    'Expense',
    'Net Operating Income',
    'Proceeds From Sale',
    'Cashflow',
    'Annual Return',
  ],
  Levered: [
    'Revenue',
    'Expense',
    'Mortgage',
    'Rental Cashflow',
    'Loan Payoff',
    'Proceeds From Sale',
    'Equity Accumulated',
    'Cashflow',
    'Annual Return',
  ],
} as const;

/**
 * The optional expense lines' rows (issue 28 §1), each the `hold_period.expense_lines` key it shows,
 * in the engine's order; shown after Expense, in both groups, for each line the deal gives.
 */
export const EXPENSE_LINE_ROWS = {
  'CapEx Reserve': 'capex_reserve',
  HOA: 'hoa',
  'Owner Utilities': 'owner_utilities',
  Leasing: 'leasing',
} as const satisfies Record<string, keyof ExpenseLineRows>;

/**
 * Whether a row is part of Expense (an expense line): shown indented under it, its label led by
 * `EXPENSE_PART_PREFIX`, so no one subtracts it from the revenue a second time.
 */
export const isExpensePart = (row: string): boolean => Object.hasOwn(EXPENSE_LINE_ROWS, row);

/** The words before an expense line's label wherever the table is shown: 'of which CapEx Reserve'. */
export const EXPENSE_PART_PREFIX = 'of which';

/** The after-tax rows (issue 28 §4): after the Levered Cashflow, when the analysis has `after_tax`. */
export const AFTER_TAX_ROWS = ['Income Tax', 'After-Tax Cashflow'] as const;

/**
 * The refinance's row (issue 28 §2): after the Levered Loan Payoff, when the deal gives a refinance,
 * so the year's Cashflow reads as Rental Cashflow − Loan Payoff + Refinance Cash + Proceeds From Sale.
 */
export const REFINANCE_ROWS = ['Refinance Cash'] as const;

type ExpenseLineRow = keyof typeof EXPENSE_LINE_ROWS;
const EXPENSE_LINE_ROW_NAMES = Object.keys(EXPENSE_LINE_ROWS) as ExpenseLineRow[];

/**
 * The table's optional rows, group by group, and the fixed row each set follows: the one place
 * that names them. An analysis has only the rows its deal gives (see holdPeriodRowsShown).
 */
export const HOLD_PERIOD_OPTIONAL_ROWS = {
  Unlevered: { Expense: EXPENSE_LINE_ROW_NAMES as readonly ExpenseLineRow[] },
  Levered: {
    Expense: EXPENSE_LINE_ROW_NAMES as readonly ExpenseLineRow[],
    'Loan Payoff': REFINANCE_ROWS,
    Cashflow: AFTER_TAX_ROWS,
  },
} as const;

export type HoldPeriodGroup = keyof typeof HOLD_PERIOD_ROWS;
export type UnleveredRow = (typeof HOLD_PERIOD_ROWS.Unlevered)[number];
export type LeveredRow = (typeof HOLD_PERIOD_ROWS.Levered)[number];
/** A fixed row of either group. */
export type HoldPeriodRow = UnleveredRow | LeveredRow;
export type UnleveredOptionalRow = ExpenseLineRow;
export type LeveredOptionalRow =
  | ExpenseLineRow
  | (typeof REFINANCE_ROWS)[number]
  | (typeof AFTER_TAX_ROWS)[number];
/** An optional row of either group. */
export type HoldPeriodOptionalRow = UnleveredOptionalRow | LeveredOptionalRow;
/** The optional rows of `G`. */
export type HoldPeriodOptionalRowOf<G extends HoldPeriodGroup> = G extends 'Unlevered'
  ? UnleveredOptionalRow
  : LeveredOptionalRow;
/** Any row of `G`: its fixed rows and its optional ones. */
export type HoldPeriodGroupRow<G extends HoldPeriodGroup> =
  | (typeof HOLD_PERIOD_ROWS)[G][number]
  | HoldPeriodOptionalRowOf<G>;

/** Every optional row of `group`, in display order (whether or not an analysis has it). */
export function holdPeriodOptionalRows<G extends HoldPeriodGroup>(group: G): HoldPeriodOptionalRowOf<G>[] {
  return Object.values(HOLD_PERIOD_OPTIONAL_ROWS[group]).flat() as HoldPeriodOptionalRowOf<G>[];
}

/** The fixed rows required, the optional ones present only when the analysis gives them. */
type Rows<Fixed extends string, Optional extends string> = Flat<
  { [K in Fixed]: string[] } & { [K in Optional]?: string[] }
>;
type Flat<T> = { [K in keyof T]: T[K] };

/** Per row, one formatted string per year (Year 1 first). */
export interface FormattedHoldPeriodTable {
  Unlevered: Rows<UnleveredRow, UnleveredOptionalRow>;
  Levered: Rows<LeveredRow, LeveredOptionalRow>;
}

/** The engine's hold-period table as `analyze` returns it: with the expense lines and refinance the deal gives. */
export type HoldPeriodFigures = HoldPeriodTable & {
  expense_lines?: ExpenseLineRows;
  refinance_cash?: number[];
};

/** What the after-tax rows read of `after_tax`: each year's tax and cash flow, and the sale's. */
export type AfterTaxRowFigures = {
  years: Pick<AfterTaxFigures['years'], 'tax' | 'after_tax_cash_flow'>;
  sale: Pick<AfterTaxFigures['sale'], 'tax' | 'after_tax_proceeds'>;
};

/** The optional rows' numbers, one per year; a row the analysis does not give is absent. */
export interface HoldPeriodOptionalFigures {
  Unlevered: Partial<Record<UnleveredOptionalRow, number[]>>;
  Levered: Partial<Record<LeveredOptionalRow, number[]>>;
}

/**
 * The optional rows' numbers: each expense line `table.expense_lines` gives (positive amounts, in
 * both groups), the Levered group's Refinance Cash when `table.refinance_cash` is given and, with `afterTax`, the Levered group's Income Tax (each year's tax, the last year
 * adding the tax at sale) and After-Tax Cashflow (each year's after-tax cash flow, the last year
 * adding the after-tax sale proceeds). So Income Tax adds up to `total_tax`, and After-Tax Cashflow
 * to the after-tax levered profit + the equity, as the Cashflow row adds up to the pre-tax ones.
 *
 * @example a 2-year hold with yearly tax [100, 120], tax at sale 5,000, after-tax cash flow
 * [900, 950] and after-tax proceeds 60,000: Income Tax [100, 5,120], After-Tax Cashflow [900, 60,950].
 */
export function holdPeriodOptionalFigures(
  table: HoldPeriodFigures,
  afterTax?: AfterTaxRowFigures | null,
): HoldPeriodOptionalFigures {
  const lines: Partial<Record<ExpenseLineRow, number[]>> = {};
  for (const row of EXPENSE_LINE_ROW_NAMES) {
    const values = table.expense_lines?.[EXPENSE_LINE_ROWS[row]];
    if (values) lines[row] = [...values];
  }
  const refinance = table.refinance_cash ? { 'Refinance Cash': [...table.refinance_cash] } : {};
  if (!afterTax) return { Unlevered: { ...lines }, Levered: { ...lines, ...refinance } };
  const { years, sale } = afterTax;
  const last = years.tax.length - 1;
  return {
    Unlevered: { ...lines },
    Levered: {
      ...lines,
      ...refinance,
      'Income Tax': years.tax.map((tax, year) => (year === last ? tax + sale.tax : tax)),
      'After-Tax Cashflow': years.after_tax_cash_flow.map((flow, year) =>
        year === last ? flow + sale.after_tax_proceeds : flow,
      ),
    },
  };
}

/**
 * The rows of `group` a table shows, in display order: the fixed rows, each followed by the
 * optional rows after it that `table` has (a row's key present). Works on the formatted table and
 * on holdPeriodOptionalFigures alike.
 *
 * @example holdPeriodRowsShown('Unlevered', { HOA: [] }) // Revenue, Expense, HOA, Net Operating Income, …
 */
export function holdPeriodRowsShown<G extends HoldPeriodGroup>(
  group: G,
  table: Partial<Record<string, unknown>>,
): HoldPeriodGroupRow<G>[] {
  const optional: Partial<Record<string, readonly string[]>> = HOLD_PERIOD_OPTIONAL_ROWS[group];
  return (HOLD_PERIOD_ROWS[group] as readonly string[]).flatMap((row) => [
    row,
    ...(optional[row] ?? []).filter((extra) => table[extra] !== undefined),
  ]) as HoldPeriodGroupRow<G>[];
}

/**
 * Formats the engine's table: money with formatMoney, Annual Return with formatPercent. Expense,
 * Mortgage and Loan Payoff stay positive amounts; the minus is added on display
 * (holdPeriodCellDisplay). The optional rows (holdPeriodOptionalFigures) are added, in display
 * order, only when the table has the expense line or `afterTax` is given: an analysis without them
 * formats exactly as before.
 *
 * @example a year with revenue 24000 and annual return 0.0525 formats as '$24,000.00' and '5.25%'.
 */
export function formatHoldPeriodTable(
  table: HoldPeriodFigures,
  afterTax?: AfterTaxRowFigures | null,
): FormattedHoldPeriodTable {
  const money = (values: readonly number[]) => values.map(formatMoney);
  const percent = (values: readonly number[]) => values.map(formatPercent);
  const { unlevered: u, levered: l } = table;
  const fixed = {
    Unlevered: {
      Revenue: money(u.revenue),
      Expense: money(u.expense),
      'Net Operating Income': money(u.net_operating_income),
      'Proceeds From Sale': money(u.proceeds_from_sale),
      Cashflow: money(u.cashflow),
      'Annual Return': percent(u.annual_return),
    },
    Levered: {
      Revenue: money(l.revenue),
      Expense: money(l.expense),
      Mortgage: money(l.mortgage),
      'Rental Cashflow': money(l.rental_cashflow),
      'Loan Payoff': money(l.loan_payoff),
      'Proceeds From Sale': money(l.proceeds_from_sale),
      'Equity Accumulated': money(l.equity_accumulated),
      Cashflow: money(l.cashflow),
      'Annual Return': percent(l.annual_return),
    },
  };
  const optional = holdPeriodOptionalFigures(table, afterTax);
  // each group's rows in display order, so the JSON reads as the table does
  const group = <G extends HoldPeriodGroup>(name: G) => {
    const fixedRows: Partial<Record<string, string[]>> = fixed[name];
    const extra: Partial<Record<string, number[]>> = optional[name];
    return Object.fromEntries(
      holdPeriodRowsShown(name, extra).map((row) => [row, fixedRows[row] ?? money(extra[row] ?? [])]),
    );
  };
  return {
    Unlevered: group('Unlevered') as FormattedHoldPeriodTable['Unlevered'],
    Levered: group('Levered') as FormattedHoldPeriodTable['Levered'],
  };
}

const ZERO = '$0.00';

/** Shows a positive formatted amount as subtracted: '$1.00' → '-$1.00'; zero stays '$0.00'. */
function subtracted(formatted: string): string {
  if (formatted === ZERO) return ZERO;
  return formatted.startsWith('-') ? formatted.slice(1) : `-${formatted}`;
}

/**
 * What a cell of the table shows (product spec §2): Expense, Mortgage, each expense line (CapEx
 * Reserve, HOA, Owner Utilities, Leasing) and Income Tax with a minus prefix; Loan Payoff with a
 * minus prefix and blank when '$0.00'; Refinance Cash blank when '$0.00'; Proceeds From Sale '-' when '$0.00'. Everything else as
 * formatted. A zero Expense or Mortgage (no loan) shows '$0.00', not '-$0.00', and a negative
 * amount in a subtracted row (a tax saving) shows as added. The rules are the same in both groups;
 * the group only types which rows are allowed.
 *
 * @example holdPeriodCellDisplay('Levered', 'Mortgage', '$9,580.32') === '-$9,580.32'
 * @example holdPeriodCellDisplay('Levered', 'Income Tax', '-$120.00') === '$120.00'
 * @example holdPeriodCellDisplay('Levered', 'Loan Payoff', '$0.00') === ''
 * @example holdPeriodCellDisplay('Unlevered', 'Proceeds From Sale', '$0.00') === '-'
 */
export function holdPeriodCellDisplay<G extends HoldPeriodGroup>(
  _group: G,
  row: HoldPeriodGroupRow<G>,
  formatted: string,
): string {
  switch (row) {
    case 'Expense':
    case 'Mortgage':
    case 'Income Tax':
      return subtracted(formatted);
    // an expense line the deal does not have (a new analysis's HOA and owner utilities start at $0)
    // reads as no sale proceeds do (QA: five "$0.00" a row)
    case 'CapEx Reserve':
    case 'HOA':
    case 'Owner Utilities':
    case 'Leasing':
      return formatted === ZERO ? '-' : subtracted(formatted);
    case 'Loan Payoff':
      return formatted === ZERO ? '' : subtracted(formatted);
    case 'Refinance Cash':
      return formatted === ZERO ? '' : formatted;
    case 'Proceeds From Sale':
      return formatted === ZERO ? '-' : formatted;
    default:
      return formatted;
  }
}

/**
 * The table title: the number of years (the digits of the hold-period text, '5 years' → 5)
 * followed by 'Year Returns Summary'. Null when there is no hold period.
 *
 * @example holdPeriodTitle('5 years') === '5 Year Returns Summary'
 * @example holdPeriodTitle(10) === '10 Year Returns Summary'
 */
export function holdPeriodTitle(holdPeriod: number | string | null | undefined): string | null {
  const digits = String(holdPeriod ?? '').replace(/\D/g, '');
  if (digits === '' || Number(digits) === 0) return null;
  return `${Number(digits)} Year Returns Summary`;
}
