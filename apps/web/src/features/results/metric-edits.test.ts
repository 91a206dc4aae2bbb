import { MESSAGES } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import {
  type Assumptions,
  initialMetricEdits,
  metricInputText,
  percentRule,
  pickMetricErrors,
  readMetricEdits,
} from './metric-edits';

const metrics: Assumptions = {
  purchase_price: 450000,
  closing_cost: 13500,
  rent: 2812.5,
  other_income: 0,
  vacancy_rate: 0.05,
  rent_annual_growth_rate: 0.03,
  other_income_annual_growth_rate: 0.03,
  property_management: 3375,
  property_management_annual_growth_rate: 0.03,
  insurance: 2700,
  insurance_annual_growth_rate: 0.04,
  // float noise a computed default can carry
  property_taxes: 8865.000000000002,
  property_taxes_annual_growth_rate: 0.02,
  maintenance: 3375,
  property_maintenance_annual_growth_rate: 0.03,
  loan_to_value: 0.75,
  interest_rate: 0.06865000000000002,
  loan_term: 30,
  financing_fees: 3375,
  loan_processing_fees: 1500,
  annual_price_appreciation: 0.03,
  cost_to_sell: 0.06,
  hold_period: 5,
};

describe('metricInputText', () => {
  it('shows rates as percents: 0.0525 is 5.25', () => {
    expect(metricInputText('vacancy_rate', 0.0525)).toBe('5.25');
    expect(metricInputText('annual_price_appreciation', -0.01)).toBe('-1');
  });

  it('rounds float noise away from percents and dollars', () => {
    expect(metricInputText('interest_rate', 0.06865000000000002)).toBe('6.865');
    expect(metricInputText('property_taxes', 8865.000000000002)).toBe('8865');
  });

  it('shows dollars with cents only when there are cents', () => {
    expect(metricInputText('rent', 2812.5)).toBe('2812.50');
    expect(metricInputText('purchase_price', 450000)).toBe('450000');
  });

  it('shows years as whole numbers', () => {
    expect(metricInputText('loan_term', 30)).toBe('30');
  });
});

describe('readMetricEdits', () => {
  it('sends untouched values back exactly, float noise included', () => {
    const result = readMetricEdits(initialMetricEdits(metrics), metrics);
    expect(result).toEqual({ kind: 'ok', metrics });
  });

  it('reads percents back as fractions: 5.25 → 0.0525', () => {
    const edits = { ...initialMetricEdits(metrics), vacancy_rate: '5.25', interest_rate: '7%' };
    const result = readMetricEdits(edits, metrics);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.metrics.vacancy_rate).toBe(0.0525);
    expect(result.metrics.interest_rate).toBe(0.07);
  });

  it('reads dollars with a sign and thousands separators', () => {
    const edits = { ...initialMetricEdits(metrics), purchase_price: '$425,000', rent: '2,950.75' };
    const result = readMetricEdits(edits, metrics);
    expect(result).toMatchObject({ kind: 'ok', metrics: { purchase_price: 425000, rent: 2950.75 } });
  });

  it('changes only the edited value', () => {
    const edits = { ...initialMetricEdits(metrics), insurance: '3000' };
    const result = readMetricEdits(edits, metrics);
    expect(result).toEqual({ kind: 'ok', metrics: { ...metrics, insurance: 3000 } });
  });

  it('refuses empty or whitespace inputs and names them', () => {
    const edits = { ...initialMetricEdits(metrics), rent: '', hold_period: '  ' };
    expect(readMetricEdits(edits, metrics)).toEqual({ kind: 'empty', keys: ['rent', 'hold_period'] });
    // the toast the screen shows for it
    expect(MESSAGES.fillAllMetricFields).toBe('Please fill in all metric fields.');
  });

  it('reports unreadable text and values outside their bounds, in the units typed', () => {
    const edits = {
      ...initialMetricEdits(metrics),
      rent: 'lots',
      vacancy_rate: '150',
      loan_to_value: '100',
      hold_period: '2.5',
      purchase_price: '5000',
    };
    const result = readMetricEdits(edits, metrics);
    expect(result).toEqual({
      kind: 'invalid',
      errors: {
        rent: 'Monthly Rent must be a number',
        vacancy_rate: 'Vacancy Rate must be from 0% to 100%',
        loan_to_value: 'Loan to Value must be from 0% to below 100%',
        hold_period: 'Hold Period must be a whole number from 1 to 30',
        purchase_price: 'Purchase Price must be at least 10,000',
      },
    });
  });

  it('allows negative growth down to -50%', () => {
    expect(percentRule('rent_annual_growth_rate')).toBe('Rent Annual Growth Rate must be from -50% to 100%');
    const edits = { ...initialMetricEdits(metrics), rent_annual_growth_rate: '-2.5' };
    expect(readMetricEdits(edits, metrics)).toMatchObject({
      kind: 'ok',
      metrics: { rent_annual_growth_rate: -0.025 },
    });
  });
});

describe('the optional expense lines', () => {
  const lines = { ...metrics, capex_reserve: 0.05, hoa: 0, leasing_fee: 0.5, tenancy_months: 24 };

  it('start empty when an analysis has none, and empty means no line, not a missing field', () => {
    const edits = initialMetricEdits(metrics);
    expect([edits.capex_reserve, edits.hoa, edits.owner_utilities, edits.tenancy_months]).toEqual([
      '',
      '',
      '',
      '',
    ]);
    expect(readMetricEdits(edits, metrics)).toEqual({ kind: 'ok', metrics });
  });

  it('show a given line in the units typed and send it back exactly', () => {
    const edits = initialMetricEdits(lines);
    expect([edits.capex_reserve, edits.hoa, edits.leasing_fee, edits.tenancy_months]).toEqual([
      '5',
      '0',
      '50',
      '24',
    ]);
    expect(readMetricEdits(edits, lines)).toEqual({ kind: 'ok', metrics: lines });
  });

  it('add a line typed, and drop a line emptied', () => {
    const edits = { ...initialMetricEdits(lines), owner_utilities: '$85', capex_reserve: ' ' };
    const result = readMetricEdits(edits, lines);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.metrics.owner_utilities).toBe(85);
    expect('capex_reserve' in result.metrics).toBe(false);
    expect(result.metrics.hoa).toBe(0);
  });

  it('check a line against its bound, in the units typed', () => {
    const edits = { ...initialMetricEdits(lines), capex_reserve: '120', tenancy_months: '0', hoa: 'some' };
    expect(readMetricEdits(edits, lines)).toEqual({
      kind: 'invalid',
      errors: {
        capex_reserve: 'CapEx Reserve must be from 0% to 100%',
        tenancy_months: 'Expected Tenancy must be at least 1',
        hoa: 'HOA Dues (monthly) must be a number',
      },
    });
  });
});

describe('pickMetricErrors', () => {
  it("places the API's field messages on the metrics they name", () => {
    expect(
      pickMetricErrors({
        'property.metrics.rent': 'Monthly Rent must be at least 0',
        interest_rate: 'must be a fraction',
        'property.street': 'Street is required',
        // a scenario's body is { name, metrics }
        'metrics.hoa': 'HOA Dues (monthly) must be at least 0',
        name: 'Name the scenario.',
      }),
    ).toEqual({
      rent: 'Monthly Rent must be at least 0',
      interest_rate: 'must be a fraction',
      hoa: 'HOA Dues (monthly) must be at least 0',
    });
  });
});

describe('a month the hold must leave room for', () => {
  const edits = { ...initialMetricEdits(metrics) };
  it('is refused with the hold’s own limit, not the static bound', () => {
    for (const text of ['-1', '2.5', '400']) {
      const result = readMetricEdits({ ...edits, rehab_months: text }, metrics);
      expect(result.kind === 'invalid' && result.errors.rehab_months).toBe(
        "Rehab Months must be a whole number from 0 to 59 (fewer than the hold's 60 months)",
      );
    }
  });

  it('follows a hold typed beside it', () => {
    const result = readMetricEdits({ ...edits, hold_period: '10', rehab_months: '-1' }, metrics);
    expect(result.kind === 'invalid' && result.errors.rehab_months).toContain('from 0 to 119');
  });
});
