import {
  assembleAnalysis,
  factsOf,
  holdPeriodCellDisplay,
  MESSAGES,
  type Metrics,
  NOTHING_KEPT,
} from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { exampleAnalysis } from './example-analysis';
import { holdPeriodView } from './hold-period-table';
import { taxRow } from './OverallReturns';
import { HOLD_PERIOD_OPTIONAL_ROW_TOOLTIPS } from './tooltips';

/** The view of `data` over `years`, which must be a table. */
function tableView(...args: Parameters<typeof holdPeriodView>) {
  const view = holdPeriodView(...args);
  if (view.kind !== 'table') throw new Error('expected a table');
  return view;
}

type TableView = ReturnType<typeof tableView>;

/** The row of group `group` (0 unlevered, 1 levered) labelled `label`. */
const rowOf = (view: TableView, group: number, label: string) =>
  view.groups[group]?.rows.find((row) => row.label === label);

const twoYears = {
  Unlevered: {
    Revenue: ['$30,000.00', '$30,900.00'],
    Expense: ['$9,000.00', '$9,270.00'],
    'Net Operating Income': ['$21,000.00', '$21,630.00'],
    'Proceeds From Sale': ['$0.00', '$480,000.00'],
    Cashflow: ['$21,000.00', '$501,630.00'],
    'Annual Return': ['4.50%', '4.60%'],
  },
  Levered: {
    Revenue: ['$30,000.00', '$30,900.00'],
    Expense: ['$9,000.00', '$9,270.00'],
    Mortgage: ['$17,000.00', '$17,000.00'],
    'Rental Cashflow': ['$4,000.00', '$4,630.00'],
    'Loan Payoff': ['$0.00', '$320,000.00'],
    'Proceeds From Sale': ['$0.00', '$480,000.00'],
    'Equity Accumulated': ['$4,000.00', '$8,200.00'],
    Cashflow: ['$4,000.00', '$164,630.00'],
    'Annual Return': ['3.40%', '-1.20%'],
  },
};

describe('holdPeriodView', () => {
  it('titles the table with the digits of the hold-period text', () => {
    const view = holdPeriodView('2 years', twoYears);
    expect(view).toMatchObject({ kind: 'table', title: '2 Year Returns Summary', years: [1, 2] });
  });

  it('has the Unlevered then Levered group, each with its tooltip and rows in order', () => {
    const view = tableView(2, twoYears);
    expect(view.groups.map((group) => [group.name, group.tooltip])).toEqual([
      ['Unlevered', 'Without the use of a loan'],
      ['Levered', 'With the use of a loan'],
    ]);
    expect(view.groups[0]?.rows.map((row) => row.label)).toEqual([
      'Revenue',
      'Expense',
      'Net Operating Income',
      'Proceeds From Sale',
      'Cashflow',
      'Annual Return',
    ]);
    expect(view.groups[1]?.rows.map((row) => row.label)).toEqual([
      'Revenue',
      'Expense',
      'Mortgage',
      'Rental Cashflow',
      'Loan Payoff',
      'Proceeds From Sale',
      'Equity Accumulated',
      'Cashflow',
      'Annual Return',
    ]);
    expect(view.groups[1]?.rows[2]?.tooltip).toBe('Payment made towards repaying the loan.');
  });

  it('applies the display rules to the cells', () => {
    const view = tableView(2, twoYears);
    const cells = (group: number, label: string) => rowOf(view, group, label)?.cells;
    expect(cells(0, 'Expense')).toEqual(['-$9,000.00', '-$9,270.00']);
    expect(cells(0, 'Proceeds From Sale')).toEqual(['-', '$480,000.00']);
    expect(cells(1, 'Mortgage')).toEqual(['-$17,000.00', '-$17,000.00']);
    expect(cells(1, 'Loan Payoff')).toEqual(['', '-$320,000.00']);
    expect(cells(1, 'Annual Return')).toEqual(['3.40%', '-1.20%']);
  });

  it('leaves a year the data does not cover blank', () => {
    const view = tableView(3, twoYears);
    expect(view.groups[0]?.rows[0]?.cells).toEqual(['$30,000.00', '$30,900.00', '']);
  });

  it('says so when there is no hold period', () => {
    for (const missing of [null, undefined, '', 'years', 0]) {
      expect(holdPeriodView(missing, twoYears)).toEqual({
        kind: 'placeholder',
        message: MESSAGES.noHoldPeriod,
      });
    }
  });

  it('says so when the data or one of its groups is missing', () => {
    const noData = { kind: 'placeholder', message: MESSAGES.noHoldPeriodData };
    expect(holdPeriodView(5, null)).toEqual(noData);
    expect(holdPeriodView(5, { Unlevered: twoYears.Unlevered })).toEqual(noData);
    expect(holdPeriodView(5, { Levered: twoYears.Levered })).toEqual(noData);
  });
});

describe('holdPeriodView, optional rows (issue 28)', () => {
  const withRows = {
    Unlevered: { ...twoYears.Unlevered, HOA: ['$600.00', '$618.00'] },
    Levered: {
      ...twoYears.Levered,
      HOA: ['$600.00', '$618.00'],
      Leasing: ['$1,050.00', '$0.00'],
      'Income Tax': ['$0.00', '-$250.00'],
      'After-Tax Cashflow': ['$4,000.00', '$150,880.00'],
    },
  };

  it('shows each expense line after Expense and the after-tax rows after the Levered Cashflow', () => {
    const view = tableView(2, withRows);
    expect(view.groups[0]?.rows.map((row) => row.label)).toEqual([
      'Revenue',
      'Expense',
      'HOA',
      'Net Operating Income',
      'Proceeds From Sale',
      'Cashflow',
      'Annual Return',
    ]);
    expect(view.groups[1]?.rows.map((row) => row.label)).toEqual([
      'Revenue',
      'Expense',
      'HOA',
      'Leasing',
      'Mortgage',
      'Rental Cashflow',
      'Loan Payoff',
      'Proceeds From Sale',
      'Equity Accumulated',
      'Cashflow',
      'Income Tax',
      'After-Tax Cashflow',
      'Annual Return',
    ]);
    // the expense lines, and only they, are parts of Expense (shown indented, 'of which …')
    expect(view.groups[1]?.rows.filter((row) => row.part).map((row) => row.label)).toEqual([
      'HOA',
      'Leasing',
    ]);
  });

  it('shows the expense lines and the tax as subtracted, a tax saving as added', () => {
    const view = tableView(2, withRows);
    const cells = (group: number, label: string) => rowOf(view, group, label)?.cells;
    expect(cells(0, 'HOA')).toEqual(['-$600.00', '-$618.00']);
    // a year without a leasing fee reads as a year without a sale does
    expect(cells(1, 'Leasing')).toEqual(['-$1,050.00', '-']);
    expect(cells(1, 'Income Tax')).toEqual(['$0.00', '$250.00']);
    expect(cells(1, 'After-Tax Cashflow')).toEqual(['$4,000.00', '$150,880.00']);
  });

  it('gives each optional row its one-sentence tooltip', () => {
    const view = tableView(2, withRows);
    const tooltip = (label: string) => rowOf(view, 1, label)?.tooltip;
    expect(tooltip('HOA')).toBe(HOLD_PERIOD_OPTIONAL_ROW_TOOLTIPS.HOA);
    expect(tooltip('Income Tax')).toContain('tax at sale');
    expect(tooltip('Mortgage')).toBe('Payment made towards repaying the loan.');
    expect(Object.keys(HOLD_PERIOD_OPTIONAL_ROW_TOOLTIPS)).toEqual([
      'CapEx Reserve',
      'HOA',
      'Owner Utilities',
      'Leasing',
      'Refinance Cash',
      'Income Tax',
      'After-Tax Cashflow',
    ]);
    for (const [row, text] of Object.entries(HOLD_PERIOD_OPTIONAL_ROW_TOOLTIPS)) {
      expect(text, row).toMatch(/^[A-Z][^\n]*\.$/);
      expect(text.split(/\.\s/), row).toHaveLength(1);
    }
  });

  it('shows the rows an analysis with expense lines and a tax situation has, and none without', () => {
    const base = exampleAnalysis();
    const { metrics, ...property } = base.property;
    const tax = { marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 };
    const edited: Metrics = { ...metrics, hoa: 50, tax };
    const deal = assembleAnalysis(property, edited, factsOf(base), NOTHING_KEPT);
    const view = tableView(base.sale_assumptions.hold_period, deal.metrics_for_hold_period);
    const labels = view.groups[1]?.rows.map((row) => row.label);
    expect(labels).toContain('HOA');
    expect(labels).toContain('After-Tax Cashflow');
    const income = rowOf(view, 1, 'Income Tax');
    expect(income?.cells).toHaveLength(view.years.length);

    const plain = tableView(base.sale_assumptions.hold_period, twoYears);
    expect(plain.groups.flatMap((group) => group.rows.map((row) => row.label))).not.toContain('Income Tax');
  });
});

describe('tax in the table and in Overall Returns', () => {
  it('reads a saving the same way in both: added in the table, "saved" beside the returns', () => {
    expect(holdPeriodCellDisplay('Levered', 'Income Tax', '-$300.00')).toBe('$300.00');
    expect(taxRow('over the hold, sale included', -300)).toEqual([
      'Tax saved over the hold, sale included',
      '$300.00',
    ]);
    expect(holdPeriodCellDisplay('Levered', 'Income Tax', '$1,200.00')).toBe('-$1,200.00');
    expect(taxRow('at the sale', 1_200)).toEqual(['Tax paid at the sale', '$1,200.00']);
    expect(taxRow('at the sale', 0)).toEqual(['Tax paid at the sale', '$0.00']);
  });
});
