import {
  analysisResponseSchema,
  HOLD_PERIOD_ROWS,
  isMetricKey,
  METRIC_KEYS,
  METRIC_KIND,
  METRIC_LABELS,
} from '@sfr/contracts';
import { ASSUMPTION_KEYS } from '@sfr/underwriting';
import { describe, expect, test } from 'vitest';
import { UI_TEXT } from '../../ui/text';
import { METRIC_GROUPS, OVERALL_RETURN_KEYS, SALE_ASSUMPTION_KEYS } from './metric-groups';
import { HOLD_PERIOD_GROUP_TOOLTIPS, HOLD_PERIOD_ROW_TOOLTIPS, METRIC_TOOLTIPS } from './tooltips';

const { year_1_metrics } = analysisResponseSchema.shape;

/** A plain-English sentence: starts with a capital, ends with a full stop, no line breaks. */
const SENTENCE = /^[A-Z“][^\n]*\.$/;

describe('tooltips', () => {
  test('every key of every group has a label, a tooltip and a kind', () => {
    const keys = [
      ...METRIC_GROUPS.flatMap((group) => group.keys),
      ...SALE_ASSUMPTION_KEYS,
      ...Object.values(OVERALL_RETURN_KEYS).flat(),
      'loan_payoff',
    ];
    for (const key of keys) {
      expect(isMetricKey(key), key).toBe(true);
      expect(METRIC_LABELS[key as keyof typeof METRIC_LABELS], key).toMatch(/\S/);
      expect(METRIC_TOOLTIPS[key as keyof typeof METRIC_TOOLTIPS], key).toMatch(SENTENCE);
    }
  });

  test('every metric has a label, a one-sentence tooltip and a kind', () => {
    expect(Object.keys(METRIC_LABELS).sort()).toEqual([...METRIC_KEYS].sort());
    expect(Object.keys(METRIC_TOOLTIPS).sort()).toEqual([...METRIC_KEYS].sort());
    for (const key of METRIC_KEYS) {
      expect(METRIC_TOOLTIPS[key], key).toMatch(SENTENCE);
      expect(METRIC_TOOLTIPS[key].split(/\.\s/), key).toHaveLength(1);
    }
  });

  test('tooltips state the model’s definitions', () => {
    expect(METRIC_TOOLTIPS.cap_rate).toBe('Year-1 net operating income divided by the purchase price.');
    expect(METRIC_TOOLTIPS.unlevered_returns).toBe(
      'Year-1 net operating income divided by the total acquisition cost.',
    );
  });

  test('every hold-period row and group has a tooltip, in the spec’s wording where it gives one', () => {
    const rows = new Set([...HOLD_PERIOD_ROWS.Unlevered, ...HOLD_PERIOD_ROWS.Levered]);
    expect(Object.keys(HOLD_PERIOD_ROW_TOOLTIPS).sort()).toEqual([...rows].sort());
    expect(HOLD_PERIOD_ROW_TOOLTIPS).toMatchObject({
      Revenue: 'Total income generated from the property.',
      Expense: 'Costs of owning and operating the property.',
      Mortgage: 'Payment made towards repaying the loan.',
      'Rental Cashflow': 'Cash generated not considering sale of property.',
      'Loan Payoff': 'The amount paid to satisfy the loan and completely pay off the debt.',
      'Equity Accumulated': 'How much of the property you own.',
      'Annual Return': 'Returns generated over a year as a percentage of the initial investment.',
    });
    expect(HOLD_PERIOD_GROUP_TOOLTIPS).toEqual({
      Unlevered: 'Without the use of a loan',
      Levered: 'With the use of a loan',
    });
  });
});

describe('METRIC_GROUPS', () => {
  test('are the spec’s groups, in order, with the rehab and refinance (issue 28) after the loan', () => {
    expect(METRIC_GROUPS.map((group) => group.name)).toEqual([
      'Rent',
      'Crime Metrics',
      'Acquisition Cost',
      'Income',
      'Effective Gross Revenue',
      'Expenses',
      'Net Operating Income',
      'Loan Assumptions',
      'Rehab and Refinance',
      'Unlevered Cash Flows',
      'Levered Cash Flows',
      'Returns',
    ]);
  });

  test('Income and Expenses show their first two items, the rest behind a toggle', () => {
    const income = METRIC_GROUPS.find((group) => group.name === 'Income');
    const expenses = METRIC_GROUPS.find((group) => group.name === 'Expenses');
    expect(income?.keys.slice(0, 3)).toEqual(['rent', 'other_income', 'vacancy_rate']);
    expect(income?.collapse).toEqual({
      visible: 2,
      show: UI_TEXT.showAdditionalMetrics,
      hide: UI_TEXT.hideAdditionalMetrics,
    });
    expect(expenses?.keys.slice(0, 4)).toEqual([
      'property_management',
      'insurance',
      'property_taxes',
      'maintenance',
    ]);
    expect(expenses?.keys.at(-1)).toBe('total_expenses');
    expect(expenses?.collapse).toEqual({
      visible: 2,
      show: UI_TEXT.showAdditionalExpenses,
      hide: UI_TEXT.hideAdditionalExpenses,
    });
  });

  test('every editable assumption is shown exactly once, in the groups or the Sale Assumptions block', () => {
    const shown = [...METRIC_GROUPS.flatMap((group) => group.keys), ...SALE_ASSUMPTION_KEYS];
    for (const key of ASSUMPTION_KEYS) {
      expect(
        shown.filter((shownKey) => shownKey === key),
        key,
      ).toHaveLength(1);
    }
  });

  test('every year-1 figure is shown somewhere', () => {
    const shown = new Set<string>(METRIC_GROUPS.flatMap((group) => group.keys));
    const figures = Object.keys(year_1_metrics.shape).filter(
      (key) =>
        METRIC_KIND[key as keyof typeof METRIC_KIND] !== 'count' && !ASSUMPTION_KEYS.includes(key as never),
    );
    // a second loan's and a refinance's terms, and the rehab's yes/no, are the strategy card's; the
    // insurance's fixed part and the tax's tiers are said in their figures' notes
    const apart = [
      'rehab_financed',
      'second_loan',
      'refinance',
      'no_cash_left_in',
      'insurance_fixed',
      'property_tax_tiers',
    ];
    expect(figures.filter((key) => !shown.has(key) && !apart.includes(key))).toEqual([]);
  });
});
