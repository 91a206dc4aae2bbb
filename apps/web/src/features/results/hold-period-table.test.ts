import { MESSAGES } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { holdPeriodView } from './hold-period-table';

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
    const view = holdPeriodView(2, twoYears);
    if (view.kind !== 'table') throw new Error('expected a table');
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
    const view = holdPeriodView(2, twoYears);
    if (view.kind !== 'table') throw new Error('expected a table');
    const cells = (group: number, label: string) =>
      view.groups[group]?.rows.find((row) => row.label === label)?.cells;
    expect(cells(0, 'Expense')).toEqual(['-$9,000.00', '-$9,270.00']);
    expect(cells(0, 'Proceeds From Sale')).toEqual(['-', '$480,000.00']);
    expect(cells(1, 'Mortgage')).toEqual(['-$17,000.00', '-$17,000.00']);
    expect(cells(1, 'Loan Payoff')).toEqual(['', '-$320,000.00']);
    expect(cells(1, 'Annual Return')).toEqual(['3.40%', '-1.20%']);
  });

  it('leaves a year the data does not cover blank', () => {
    const view = holdPeriodView(3, twoYears);
    if (view.kind !== 'table') throw new Error('expected a table');
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
