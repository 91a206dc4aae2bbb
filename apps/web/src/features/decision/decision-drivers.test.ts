import { type AnalysisResponse, assembleScenario } from '@sfr/contracts';
import { DEAL_DRIVERS, driversFor, SENSITIVITY_DRIVERS, sensitivityGrid } from '@sfr/underwriting';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { exampleAnalysis } from '../results/example-analysis';
import {
  DEFAULT_GRID_AXES,
  DRIVER_LABELS,
  dealInputOf,
  driverInSentence,
  formatDriverValue,
  gridAxesFor,
  stepsHint,
} from './decision-model';
import { SensitivityTable } from './SensitivityTable';

/** The example deal as a BRRRR: a $40,000 rehab over 3 months, an ARV 25 % over the price, a refinance at 75 %. */
function brrrrAnalysis(): AnalysisResponse {
  const analysis = exampleAnalysis();
  const { metrics } = analysis.property;
  return assembleScenario(analysis, {
    metrics: {
      ...metrics,
      rehab_budget: 40_000,
      rehab_months: 3,
      after_repair_value: Math.round(metrics.purchase_price * 1.25),
      refinance: { month: 9, loan_to_value: 0.75, interest_rate: 0.07, loan_term: 30, closing_costs: 4_000 },
    },
  });
}

describe('the grid’s drivers (issue 28 §7)', () => {
  it('are the seven on a plain deal and the rehab ones too on a deal that gives them', () => {
    expect(driversFor(dealInputOf(exampleAnalysis()))).toEqual([...SENSITIVITY_DRIVERS]);
    expect(driversFor(dealInputOf(brrrrAnalysis()))).toEqual([
      ...SENSITIVITY_DRIVERS,
      'rehab_budget',
      'after_repair_value',
      'refinance_loan_to_value',
    ]);
    // a rehab alone brings its budget only
    const analysis = exampleAnalysis();
    const rehabOnly = assembleScenario(analysis, {
      metrics: { ...analysis.property.metrics, rehab_budget: 25_000 },
    });
    expect(driversFor(dealInputOf(rehabOnly))).toEqual([...SENSITIVITY_DRIVERS, 'rehab_budget']);
  });

  it('each have a label, read in a sentence with only the first letter lowered', () => {
    for (const driver of DEAL_DRIVERS) expect(DRIVER_LABELS[driver]).toMatch(/^[A-Z]/);
    expect(DRIVER_LABELS.rehab_budget).toBe('Rehab budget');
    expect(DRIVER_LABELS.after_repair_value).toBe('After-repair value');
    expect(DRIVER_LABELS.refinance_loan_to_value).toBe('Refinance LTV');
    expect(driverInSentence('refinance_loan_to_value')).toBe('refinance LTV');
    expect(driverInSentence('purchase_price')).toBe('purchase price');
  });

  it('read in dollars (budget, ARV) or as a percent (refinance LTV), as the price and the LTV', () => {
    expect(formatDriverValue('rehab_budget', 40_000.4)).toBe('$40,000');
    expect(formatDriverValue('after_repair_value', 562_500)).toBe('$562,500');
    expect(formatDriverValue('purchase_price', 450_000)).toBe('$450,000');
    expect(formatDriverValue('refinance_loan_to_value', 0.75)).toBe(formatDriverValue('loan_to_value', 0.75));
    expect(formatDriverValue('refinance_loan_to_value', 0.8)).toBe('80.00%');
    expect(stepsHint('rehab_budget')).toBe('percent of the current value');
    expect(stepsHint('after_repair_value')).toBe('percent of the current value');
    expect(stepsHint('refinance_loan_to_value')).toBe('percentage points added to the current rate');
  });

  it('give a grid whose centre is the BRRRR deal on screen, for any two of the new drivers', () => {
    const analysis = brrrrAnalysis();
    const deal = dealInputOf(analysis);
    for (const [row, col] of [
      ['rehab_budget', 'rent'],
      ['after_repair_value', 'refinance_loan_to_value'],
      ['purchase_price', 'rehab_budget'],
    ] as const) {
      const grid = sensitivityGrid(deal, { row, col, outcome: 'monthly_levered_cash_flow' });
      expect(grid.current).toEqual({ row: 3, col: 3 });
      expect(grid.cells[3]?.[3]?.value).toBe(analysis.year_1_metrics.monthly_levered_cash_flow);
    }
    const grid = sensitivityGrid(deal, {
      row: 'rehab_budget',
      col: 'refinance_loan_to_value',
      outcome: 'levered_xirr',
    });
    expect(grid.rows.map((axis) => formatDriverValue('rehab_budget', axis.value))).toEqual([
      '$28,000',
      '$32,000',
      '$36,000',
      '$40,000',
      '$44,000',
      '$48,000',
      '$52,000',
    ]);
    expect(grid.cols.map((axis) => formatDriverValue('refinance_loan_to_value', axis.value))).toEqual([
      '60.00%',
      '65.00%',
      '70.00%',
      '75.00%',
      '80.00%',
      '85.00%',
      '90.00%',
    ]);
  });
});

describe('the axes shown', () => {
  it('are the picked pair while the deal has both, else the default price × rent', () => {
    const brrrr = driversFor(dealInputOf(brrrrAnalysis()));
    const plain = driversFor(dealInputOf(exampleAnalysis()));
    expect(gridAxesFor(brrrr, { row: 'rehab_budget', col: 'after_repair_value' })).toEqual({
      row: 'rehab_budget',
      col: 'after_repair_value',
    });
    expect(gridAxesFor(plain, { row: 'interest_rate', col: 'vacancy_rate' })).toEqual({
      row: 'interest_rate',
      col: 'vacancy_rate',
    });
    // the rehab removed: either axis gone gives the default pair
    expect(gridAxesFor(plain, { row: 'rehab_budget', col: 'rent' })).toEqual(DEFAULT_GRID_AXES);
    expect(gridAxesFor(plain, { row: 'interest_rate', col: 'refinance_loan_to_value' })).toEqual(
      DEFAULT_GRID_AXES,
    );
    expect(gridAxesFor(plain, { row: 'rent', col: 'rent' })).toEqual(DEFAULT_GRID_AXES);
    expect(DEFAULT_GRID_AXES).toEqual({ row: 'purchase_price', col: 'rent' });
    // the default pair is every deal's, so the grid it gives never throws
    expect(() =>
      sensitivityGrid(dealInputOf(exampleAnalysis()), {
        ...gridAxesFor(plain, { row: 'after_repair_value', col: 'rehab_budget' }),
        outcome: 'cash_on_cash',
      }),
    ).not.toThrow();
  });
});

describe('the grid’s pickers', () => {
  const optionsOf = (html: string, which: 'row' | 'col') => {
    const select =
      html.match(new RegExp(`<select id="[^"]*-${which}-driver"[^>]*>(.*?)</select>`))?.[1] ?? '';
    return [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]);
  };

  it('list the deal’s drivers: the rehab ones only on a deal that gives them', () => {
    const plain = renderToStaticMarkup(
      createElement(SensitivityTable, { deal: dealInputOf(exampleAnalysis()) }),
    );
    const brrrr = renderToStaticMarkup(
      createElement(SensitivityTable, { deal: dealInputOf(brrrrAnalysis()) }),
    );
    const sevenLabels = SENSITIVITY_DRIVERS.map((driver) => DRIVER_LABELS[driver]);
    expect(optionsOf(plain, 'row')).toEqual(sevenLabels);
    expect(optionsOf(plain, 'col')).toEqual(sevenLabels);
    for (const which of ['row', 'col'] as const) {
      expect(optionsOf(brrrr, which)).toEqual([
        ...sevenLabels,
        'Rehab budget',
        'After-repair value',
        'Refinance LTV',
      ]);
    }
  });
});
