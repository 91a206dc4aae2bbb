import type { HoldPeriodTable } from '@sfr/underwriting';
import { describe, expect, test } from 'vitest';
import {
  formatHoldPeriodTable,
  formattedHoldPeriodTableSchema,
  HOLD_PERIOD_ROWS,
  holdPeriodCellDisplay,
  holdPeriodTitle,
} from '../src/index.js';

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
