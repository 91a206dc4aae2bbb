/**
 * The hold-period returns summary as rows to render (product spec §2): the title and year columns
 * from the hold period, each group's rows in order with their tooltips (the optional rows, an
 * expense line's or the after-tax ones, in their place when the table has them), and every cell
 * through contracts' display rules (minus prefixes, '-' and blank for '$0.00').
 */
import {
  type HoldPeriodGroup,
  type HoldPeriodOptionalRow,
  type HoldPeriodRow,
  holdPeriodCellDisplay,
  holdPeriodRowsShown,
  holdPeriodTitle,
  isExpensePart,
  MESSAGES,
} from '@sfr/contracts';
import {
  HOLD_PERIOD_GROUP_TOOLTIPS,
  HOLD_PERIOD_OPTIONAL_ROW_TOOLTIPS,
  HOLD_PERIOD_ROW_TOOLTIPS,
} from './tooltips';

export interface HoldPeriodTableRow {
  label: HoldPeriodRow | HoldPeriodOptionalRow;
  tooltip: string;
  /** one display string per year, Year 1 first */
  cells: string[];
  /** a part of Expense (an expense line), shown indented under it */
  part: boolean;
}

export interface HoldPeriodTableGroup {
  name: HoldPeriodGroup;
  tooltip: string;
  rows: HoldPeriodTableRow[];
}

export type HoldPeriodView =
  | { kind: 'placeholder'; message: string }
  | { kind: 'table'; title: string; years: number[]; groups: HoldPeriodTableGroup[] };

/** `metrics_for_hold_period` as it may arrive: a saved copy could lack a group or a row. */
type MaybeTable = Partial<Record<HoldPeriodGroup, Partial<Record<string, readonly string[]>>>>;

const GROUPS: readonly HoldPeriodGroup[] = ['Unlevered', 'Levered'];

/**
 * The table for a hold period ('5 years' or 5) and the response's `metrics_for_hold_period`.
 * Without a hold period: 'No hold period specified.'; without both groups: 'No Hold Period data available.'
 */
export function holdPeriodView(
  holdPeriod: number | string | null | undefined,
  table: MaybeTable | null | undefined,
): HoldPeriodView {
  const title = holdPeriodTitle(holdPeriod);
  if (title === null) return { kind: 'placeholder', message: MESSAGES.noHoldPeriod };
  if (!table?.Unlevered || !table.Levered) return { kind: 'placeholder', message: MESSAGES.noHoldPeriodData };

  // the title starts with the number of years, read from the hold-period text by contracts
  const yearCount = Number.parseInt(title, 10);
  const years = Array.from({ length: yearCount }, (_, index) => index + 1);
  const groups = GROUPS.map((name) => {
    const values = table[name] ?? {};
    const rows = holdPeriodRowsShown(name, values).map((label) => ({
      label,
      tooltip: rowTooltip(label),
      part: isExpensePart(label),
      cells: years.map((year) => {
        const formatted = values[label]?.[year - 1];
        return formatted === undefined ? '' : holdPeriodCellDisplay(name, label, formatted);
      }),
    }));
    return { name, tooltip: HOLD_PERIOD_GROUP_TOOLTIPS[name], rows };
  });
  return { kind: 'table', title, years, groups };
}

function rowTooltip(label: HoldPeriodRow | HoldPeriodOptionalRow): string {
  return label in HOLD_PERIOD_OPTIONAL_ROW_TOOLTIPS
    ? HOLD_PERIOD_OPTIONAL_ROW_TOOLTIPS[label as HoldPeriodOptionalRow]
    : HOLD_PERIOD_ROW_TOOLTIPS[label as HoldPeriodRow];
}
