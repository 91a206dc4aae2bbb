/**
 * The hold-period returns summary table (product spec §2 and §3): the engine's yearly numbers
 * formatted for the wire (`metrics_for_hold_period`), and the display rules of its cells.
 */
import type { HoldPeriodTable } from '@sfr/underwriting';
import { formatMoney, formatPercent } from './format.js';

/** The table's rows, group by group, in display order. */
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

export type HoldPeriodGroup = keyof typeof HOLD_PERIOD_ROWS;
export type UnleveredRow = (typeof HOLD_PERIOD_ROWS.Unlevered)[number];
export type LeveredRow = (typeof HOLD_PERIOD_ROWS.Levered)[number];
export type HoldPeriodRow = UnleveredRow | LeveredRow;

/** Per row, one formatted string per year (Year 1 first). */
export interface FormattedHoldPeriodTable {
  Unlevered: Record<UnleveredRow, string[]>;
  Levered: Record<LeveredRow, string[]>;
}

/**
 * Formats the engine's table: money with formatMoney, Annual Return with formatPercent. Expense,
 * Mortgage and Loan Payoff stay positive amounts; the minus is added on display
 * (holdPeriodCellDisplay).
 *
 * @example a year with revenue 24000 and annual return 0.0525 formats as '$24,000.00' and '5.25%'.
 */
export function formatHoldPeriodTable(table: HoldPeriodTable): FormattedHoldPeriodTable {
  const money = (values: readonly number[]) => values.map(formatMoney);
  const percent = (values: readonly number[]) => values.map(formatPercent);
  const { unlevered: u, levered: l } = table;
  return {
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
}

const ZERO = '$0.00';

/** Shows a positive formatted amount as subtracted: '$1.00' → '-$1.00'; zero stays '$0.00'. */
function subtracted(formatted: string): string {
  if (formatted === ZERO) return ZERO;
  return formatted.startsWith('-') ? formatted.slice(1) : `-${formatted}`;
}

/**
 * What a cell of the table shows (product spec §2): Expense and Mortgage with a minus prefix;
 * Loan Payoff with a minus prefix and blank when '$0.00'; Proceeds From Sale '-' when '$0.00'.
 * Everything else as formatted. A zero Expense or Mortgage (no loan) shows '$0.00', not '-$0.00'.
 * The rules are the same in both groups; the group only types which rows are allowed.
 *
 * @example holdPeriodCellDisplay('Levered', 'Mortgage', '$9,580.32') === '-$9,580.32'
 * @example holdPeriodCellDisplay('Levered', 'Loan Payoff', '$0.00') === ''
 * @example holdPeriodCellDisplay('Unlevered', 'Proceeds From Sale', '$0.00') === '-'
 */
export function holdPeriodCellDisplay<G extends HoldPeriodGroup>(
  _group: G,
  row: (typeof HOLD_PERIOD_ROWS)[G][number],
  formatted: string,
): string {
  switch (row) {
    case 'Expense':
    case 'Mortgage':
      return subtracted(formatted);
    case 'Loan Payoff':
      return formatted === ZERO ? '' : subtracted(formatted);
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
