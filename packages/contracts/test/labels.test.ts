import { ASSUMPTION_KEYS } from '@sfr/underwriting';
import { describe, expect, test } from 'vitest';
import {
  analysisResponseSchema,
  EDITABLE_METRIC_KEYS,
  fieldLabel,
  isEditableMetricKey,
  isMetricKey,
  isOptionalMetricKey,
  METRIC_KEYS,
  METRIC_KIND,
  METRIC_LABELS,
  OPTIONAL_METRIC_KEYS,
} from '../src/index.js';

const { year_1_metrics, sale_assumptions, overall_returns } = analysisResponseSchema.shape;

describe('labels', () => {
  test('every key of the analysis response has a label', () => {
    const overallMetricKeys = Object.keys(overall_returns.shape).filter(
      (key) => !key.endsWith('_multiple_roots'),
    );
    const keys = [
      ...Object.keys(year_1_metrics.shape),
      ...Object.keys(sale_assumptions.shape),
      ...overallMetricKeys,
    ];
    // the groups (a second loan, a refinance), the rehab's yes/no and the refinance's flag are shown
    // apart; the insurance's fixed part and the tax's tiers are said in their market figures' notes
    expect(keys.filter((key) => !isMetricKey(key)).sort()).toEqual(
      [
        'insurance_fixed',
        'no_cash_left_in',
        'property_tax_tiers',
        'refinance',
        'rehab_financed',
        'second_loan',
      ].sort(),
    );
    // …and nothing is labelled that the analysis does not have (loan_payoff is the sale's payoff)
    expect(METRIC_KEYS.filter((key) => !keys.includes(key))).toEqual(['loan_payoff']);
  });

  test('every metric has a label and a kind; the sale price reads as the spec names it', () => {
    expect(Object.keys(METRIC_LABELS).sort()).toEqual([...METRIC_KEYS].sort());
    expect(Object.keys(METRIC_KIND).sort()).toEqual([...METRIC_KEYS].sort());
    expect(METRIC_LABELS.sale_price_appreciation).toBe('Sale Price');
  });

  test('labels are unique, so metric_display_names never shows two metrics under one name', () => {
    const labels = Object.values(METRIC_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('EDITABLE_METRIC_KEYS', () => {
  test('are exactly the model’s assumptions, then its optional metrics', () => {
    expect(EDITABLE_METRIC_KEYS).toEqual([...ASSUMPTION_KEYS, ...OPTIONAL_METRIC_KEYS]);
    expect(OPTIONAL_METRIC_KEYS).toContain('rehab_budget');
    expect(isEditableMetricKey('vacancy_rate')).toBe(true);
    expect(isEditableMetricKey('hoa')).toBe(true);
    expect(isOptionalMetricKey('hoa')).toBe(true);
    expect(isOptionalMetricKey('rent')).toBe(false);
    expect(isEditableMetricKey('cap_rate')).toBe(false);
    expect(isEditableMetricKey('hoa_expense')).toBe(false);
  });
});

describe('fieldLabel', () => {
  test('names a metric or a grouped term by its label, anything else by its path', () => {
    expect(fieldLabel('tenancy_months')).toBe('Expected Tenancy');
    expect(fieldLabel('refinance.month')).toBe('Refinance Month');
    expect(fieldLabel('second_loan.amount')).toBe('Second Loan Amount');
    expect(fieldLabel('tax.marginal_rate')).toBe('Income Tax Rate');
    expect(fieldLabel('tax.unknown')).toBe('tax.unknown');
  });
});
