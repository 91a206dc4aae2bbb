import { assembleScenario, BASE_SCENARIO_NAME, formatMetric } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { exampleAnalysis } from '../results/example-analysis';
import { recalculate } from '../results/recalculate';
import { scenarioColumns, scenarioRows } from './scenario-columns';

const plain = exampleAnalysis();
const metrics = plain.property.metrics;
const lowerRent = { id: 'a'.repeat(24), name: 'Section 8', metrics: { ...metrics, rent: 2_000 } };
const cheaper = { id: 'b'.repeat(24), name: 'Offer $400k', metrics: { ...metrics, purchase_price: 400_000 } };
const base = { ...plain, scenarios: [lowerRent, cheaper] };

describe('scenarioColumns', () => {
  it('puts the base case first, then each scenario computed from its metrics', () => {
    const columns = scenarioColumns(base, base, null);
    expect(columns.map((c) => c.name)).toEqual([BASE_SCENARIO_NAME, 'Section 8', 'Offer $400k']);
    expect(columns.map((c) => c.onScreen)).toEqual([true, false, false]);
    expect(columns[1]?.analysis.year_1_metrics).toEqual(assembleScenario(base, lowerRent).year_1_metrics);
    expect(columns[1]?.analysis.year_1_metrics.rent).toBe(2_000);
  });

  it('shows the live figures in the column on screen, edits not yet sent included', () => {
    const live = recalculate(base, { ...lowerRent.metrics, rent: 2_100 });
    const columns = scenarioColumns(base, live, lowerRent.id);
    expect(columns[1]?.onScreen).toBe(true);
    expect(columns[1]?.analysis).toBe(live);
    expect(columns[0]?.analysis).toBe(base);
  });
});

describe('scenarioRows', () => {
  const rows = scenarioRows(scenarioColumns(base, base, null));
  const row = (key: string) => rows.find((r) => r.key === key);

  it('read each figure as /compare does and mark the best column', () => {
    expect(row('overall_points')?.shown[0]).toBe(
      `${base.summary.overall_points}% (${base.summary.overall_color})`,
    );
    // the cheaper price needs the least cash and earns the most a month; the lower rent the least
    expect(row('monthly_levered_cash_flow')?.best).toEqual(new Set([2]));
    expect(row('total_cost_to_close')?.best).toEqual(new Set([2]));
    expect(row('monthly_levered_cash_flow')?.shown[1]).toBe(
      formatMetric(
        'monthly_levered_cash_flow',
        assembleScenario(base, lowerRent).year_1_metrics.monthly_levered_cash_flow,
      ),
    );
  });

  it('marks nothing when every column reads the same', () => {
    const same = scenarioRows(
      scenarioColumns({ ...plain, scenarios: [{ ...lowerRent, metrics }] }, plain, null),
    );
    expect(same.every((r) => r.best.size === 0)).toBe(true);
  });
});
