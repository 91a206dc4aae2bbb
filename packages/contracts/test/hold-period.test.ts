import { analyze, type HoldPeriodTable } from '@sfr/underwriting';
import { describe, expect, test } from 'vitest';
import {
  AFTER_TAX_ROWS,
  EXPENSE_LINE_ROWS,
  formatHoldPeriodTable,
  formatMoney,
  formattedHoldPeriodTableSchema,
  HOLD_PERIOD_ROWS,
  holdPeriodCellDisplay,
  holdPeriodOptionalFigures,
  holdPeriodOptionalRows,
  holdPeriodRowsShown,
  holdPeriodTitle,
  REFINANCE_ROWS,
} from '../src/index.js';
import { exampleDeal } from './fixtures.js';

/** A two-year hold with a loan: the sale and the payoff land in year 2. */
const table: HoldPeriodTable = {
  unlevered: {
    revenue: [23_940, 24_658.2],
    expense: [8_435.2, 8_640.51],
    net_operating_income: [15_504.8, 16_017.69],
    proceeds_from_sale: [0, 249_369],
    cashflow: [15_504.8, 265_386.69],
    annual_return: [0.060_135_7, 1.029_3],
  },
  levered: {
    revenue: [23_940, 24_658.2],
    expense: [8_435.2, 8_640.51],
    mortgage: [14_970.87, 14_970.87],
    rental_cashflow: [533.93, 1_046.82],
    loan_payoff: [0, 183_486.42],
    proceeds_from_sale: [0, 249_369],
    equity_accumulated: [68_004.2, 81_813.08],
    cashflow: [533.93, -1_000.005],
    annual_return: [0.007_997, -0.0149],
  },
};

describe('formatHoldPeriodTable', () => {
  const formatted = formatHoldPeriodTable(table);

  test('formats money rows with formatMoney and returns with formatPercent, year by year', () => {
    expect(formatted.Unlevered).toEqual({
      Revenue: ['$23,940.00', '$24,658.20'],
      Expense: ['$8,435.20', '$8,640.51'],
      'Net Operating Income': ['$15,504.80', '$16,017.69'],
      'Proceeds From Sale': ['$0.00', '$249,369.00'],
      Cashflow: ['$15,504.80', '$265,386.69'],
      'Annual Return': ['6.01%', '102.93%'],
    });
    expect(formatted.Levered).toEqual({
      Revenue: ['$23,940.00', '$24,658.20'],
      Expense: ['$8,435.20', '$8,640.51'],
      Mortgage: ['$14,970.87', '$14,970.87'],
      'Rental Cashflow': ['$533.93', '$1,046.82'],
      'Loan Payoff': ['$0.00', '$183,486.42'],
      'Proceeds From Sale': ['$0.00', '$249,369.00'],
      'Equity Accumulated': ['$68,004.20', '$81,813.08'],
      Cashflow: ['$533.93', '-$1,000.01'], // -1000.005 rounds half away from zero
      'Annual Return': ['0.80%', '-1.49%'],
    });
  });

  test('has the rows of HOLD_PERIOD_ROWS in their order, and matches the wire schema', () => {
    expect(Object.keys(formatted.Unlevered)).toEqual(HOLD_PERIOD_ROWS.Unlevered);
    expect(Object.keys(formatted.Levered)).toEqual(HOLD_PERIOD_ROWS.Levered);
    expect(formattedHoldPeriodTableSchema.parse(formatted)).toEqual(formatted);
  });
});

/** The after-tax figures the rows read: year 2 is the sale's. */
const afterTax = {
  years: { tax: [0, 1_204.5], after_tax_cash_flow: [533.93, 842.32] },
  sale: { tax: 9_876.545, after_tax_proceeds: 56_006.03 },
};

describe('the optional rows', () => {
  const lines = { ...table, expense_lines: { hoa: [1_200, 1_236], leasing: [1_050, 1_081.5] } };

  test('are named in one place: the expense lines after Expense, the refinance after Loan Payoff, the after-tax rows after the Levered Cashflow', () => {
    expect(holdPeriodOptionalRows('Unlevered')).toEqual(Object.keys(EXPENSE_LINE_ROWS));
    expect(holdPeriodOptionalRows('Levered')).toEqual([
      ...Object.keys(EXPENSE_LINE_ROWS),
      ...REFINANCE_ROWS,
      ...AFTER_TAX_ROWS,
    ]);
    expect(Object.keys(EXPENSE_LINE_ROWS)).toEqual(['CapEx Reserve', 'HOA', 'Owner Utilities', 'Leasing']);
    expect(AFTER_TAX_ROWS).toEqual(['Income Tax', 'After-Tax Cashflow']);
  });

  test('show the cash a refinance hands back after Loan Payoff, so the Levered Cashflow reads from its rows', () => {
    const deal = {
      ...exampleDeal,
      refinance: { month: 6, loan_to_value: 0.75, interest_rate: 0.07, loan_term: 30, closing_costs: 3_000 },
    };
    const analysis = analyze(deal);
    const cash = analysis.hold_period.refinance_cash ?? [];
    expect(cash[0]).toBeGreaterThan(0);
    expect(cash.slice(1).every((value) => value === 0)).toBe(true);
    const formatted = formatHoldPeriodTable(analysis.hold_period);
    const rows = Object.keys(formatted.Levered);
    expect(rows.slice(rows.indexOf('Loan Payoff'), rows.indexOf('Loan Payoff') + 2)).toEqual([
      'Loan Payoff',
      'Refinance Cash',
    ]);
    expect(formatted.Levered['Refinance Cash']?.[0]).toBe(formatMoney(cash[0] ?? 0));
    expect(holdPeriodCellDisplay('Levered', 'Refinance Cash', '$0.00')).toBe('');
    const l = analysis.hold_period.levered;
    l.cashflow.forEach((flow, year) => {
      const fromRows =
        (l.rental_cashflow[year] ?? 0) -
        (l.loan_payoff[year] ?? 0) +
        (cash[year] ?? 0) +
        (l.proceeds_from_sale[year] ?? 0);
      expect(fromRows).toBeCloseTo(flow, 6);
    });
    expect(analyze(exampleDeal).hold_period.refinance_cash).toBeUndefined();
  });

  test('are absent when the analysis gives none: the table formats as before', () => {
    expect(Object.keys(formatHoldPeriodTable(table, null).Levered)).toEqual(HOLD_PERIOD_ROWS.Levered);
    expect(formatHoldPeriodTable({ ...table, expense_lines: {} })).toEqual(formatHoldPeriodTable(table));
    expect(holdPeriodOptionalFigures(table)).toEqual({ Unlevered: {}, Levered: {} });
  });

  test('show each expense line the table gives, after Expense in both groups, formatted as money', () => {
    const formatted = formatHoldPeriodTable(lines);
    expect(Object.keys(formatted.Unlevered)).toEqual([
      'Revenue',
      'Expense',
      'HOA',
      'Leasing',
      'Net Operating Income',
      'Proceeds From Sale',
      'Cashflow',
      'Annual Return',
    ]);
    expect(Object.keys(formatted.Levered).slice(0, 5)).toEqual([
      'Revenue',
      'Expense',
      'HOA',
      'Leasing',
      'Mortgage',
    ]);
    for (const group of ['Unlevered', 'Levered'] as const) {
      expect(formatted[group].HOA).toEqual(['$1,200.00', '$1,236.00']);
      expect(formatted[group].Leasing).toEqual(['$1,050.00', '$1,081.50']);
      expect(formatted[group]['CapEx Reserve']).toBeUndefined();
    }
    expect(formatted.Levered['Income Tax']).toBeUndefined();
    expect(formattedHoldPeriodTableSchema.parse(formatted)).toEqual(formatted);
  });

  test('show Income Tax and After-Tax Cashflow after the Levered Cashflow, the sale’s in the last year', () => {
    const formatted = formatHoldPeriodTable(lines, afterTax);
    expect(Object.keys(formatted.Levered).slice(-4)).toEqual([
      'Cashflow',
      'Income Tax',
      'After-Tax Cashflow',
      'Annual Return',
    ]);
    // year 2: 1,204.50 + 9,876.545 = 11,081.045 and 842.32 + 56,006.03 = 56,848.35
    expect(formatted.Levered['Income Tax']).toEqual(['$0.00', '$11,081.05']);
    expect(formatted.Levered['After-Tax Cashflow']).toEqual(['$533.93', '$56,848.35']);
    expect(Object.keys(formatted.Unlevered)).not.toContain('Income Tax');
    expect(formattedHoldPeriodTableSchema.parse(formatted)).toEqual(formatted);
    // a table without the optional rows (an answer from before them) still parses
    expect(formattedHoldPeriodTableSchema.parse(formatHoldPeriodTable(table))).toEqual(
      formatHoldPeriodTable(table),
    );
  });

  test('add up, on an analysis, to the total tax and to the after-tax profit plus the equity', () => {
    const tax = { marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 };
    for (const deal of [
      { ...exampleDeal, tax, capex_reserve: 0.05, hoa: 40 },
      { ...exampleDeal, tax: { ...tax, losses: 'offset' as const }, hold_period: 10, owner_utilities: 90 },
    ]) {
      const analysis = analyze(deal);
      const after = analysis.after_tax;
      if (!after) throw new Error('expected after_tax');
      const { Levered: levered } = holdPeriodOptionalFigures(analysis.hold_period, after);
      const sum = (values: readonly number[] = []) => values.reduce((total, value) => total + value, 0);
      expect(sum(levered['Income Tax'])).toBeCloseTo(after.total_tax, 6);
      expect(sum(levered['After-Tax Cashflow'])).toBeCloseTo(after.levered_profit + after.levered_equity, 6);
      // each year: the pre-tax Cashflow less the Income Tax
      levered['After-Tax Cashflow']?.forEach((flow, year) => {
        const pre = analysis.hold_period.levered.cashflow[year] ?? Number.NaN;
        expect(flow).toBeCloseTo(pre - (levered['Income Tax']?.[year] ?? Number.NaN), 6);
      });
      const formatted = formatHoldPeriodTable(analysis.hold_period, after);
      expect(formatted.Levered['After-Tax Cashflow']).toEqual(
        levered['After-Tax Cashflow']?.map(formatMoney),
      );
      expect(Object.keys(formatted.Levered)).toEqual(holdPeriodRowsShown('Levered', formatted.Levered));
    }
  });

  test('holdPeriodRowsShown lists the fixed rows with the optional rows a table has, in place', () => {
    expect(holdPeriodRowsShown('Unlevered', { HOA: [], 'Income Tax': [] })).toEqual([
      'Revenue',
      'Expense',
      'HOA',
      'Net Operating Income',
      'Proceeds From Sale',
      'Cashflow',
      'Annual Return',
    ]);
    expect(holdPeriodRowsShown('Levered', {})).toEqual(HOLD_PERIOD_ROWS.Levered);
  });
});

describe('holdPeriodCellDisplay', () => {
  test.each([
    ['Unlevered', 'Expense', '$8,435.20', '-$8,435.20'],
    ['Levered', 'Expense', '$8,435.20', '-$8,435.20'],
    ['Levered', 'Mortgage', '$14,970.87', '-$14,970.87'],
    ['Levered', 'Mortgage', '$0.00', '$0.00'], // no loan: no '-$0.00'
    ['Levered', 'Loan Payoff', '$183,486.42', '-$183,486.42'],
    ['Levered', 'Loan Payoff', '$0.00', ''],
    ['Unlevered', 'Proceeds From Sale', '$0.00', '-'],
    ['Levered', 'Proceeds From Sale', '$0.00', '-'],
    ['Levered', 'Proceeds From Sale', '$249,369.00', '$249,369.00'],
    ['Unlevered', 'Revenue', '$23,940.00', '$23,940.00'],
    ['Levered', 'Cashflow', '-$1,000.01', '-$1,000.01'],
    ['Levered', 'Annual Return', '0.80%', '0.80%'],
    ['Unlevered', 'Net Operating Income', '$0.00', '$0.00'],
    ['Unlevered', 'CapEx Reserve', '$1,436.40', '-$1,436.40'],
    ['Levered', 'HOA', '$0.00', '-'],
    ['Unlevered', 'Leasing', '$0.00', '-'],
    ['Levered', 'Owner Utilities', '$1,080.00', '-$1,080.00'],
    ['Levered', 'Leasing', '$1,050.00', '-$1,050.00'],
    ['Levered', 'Income Tax', '$11,081.05', '-$11,081.05'],
    ['Levered', 'Income Tax', '-$120.00', '$120.00'], // a saving (losses offset) shows as added
    ['Levered', 'After-Tax Cashflow', '-$1,000.01', '-$1,000.01'],
  ] as const)('%s / %s: %s shows as %j', (group, row, formatted, shown) => {
    expect(holdPeriodCellDisplay(group, row, formatted)).toBe(shown);
  });

  test('a negative amount in a subtracted row shows as added', () => {
    expect(holdPeriodCellDisplay('Levered', 'Expense', '-$5.00')).toBe('$5.00');
  });
});

describe('holdPeriodTitle', () => {
  test('is the digits of the hold period followed by “Year Returns Summary”', () => {
    expect(holdPeriodTitle('5 years')).toBe('5 Year Returns Summary');
    expect(holdPeriodTitle(10)).toBe('10 Year Returns Summary');
  });

  test('is null without a hold period', () => {
    expect(holdPeriodTitle(undefined)).toBeNull();
    expect(holdPeriodTitle('')).toBeNull();
    expect(holdPeriodTitle('years')).toBeNull();
    expect(holdPeriodTitle(0)).toBeNull();
  });
});
