import { formatMetric } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { exampleAnalysis } from '../results/example-analysis';
import { recalculate } from '../results/recalculate';
import {
  bestColumns,
  type ComparedRef,
  comparedRefs,
  compareSearchSchema,
  formatKpi,
  kpiValue,
  NOT_GIVEN,
  pickedScenarios,
  pickScenario,
  rentEvidence,
  scenarioPickOf,
  searchOf,
  strategyRows,
} from './compare-model';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const C = 'cccccccccccccccccccccccc';

describe('the URL picks', () => {
  it('reads comma lists of ids, saved first, each once, at most four', () => {
    const search = compareSearchSchema.parse({ saved: `${A},${B},${A}`, analyses: C });
    expect(comparedRefs(search)).toEqual([
      { kind: 'saved', id: A },
      { kind: 'saved', id: B },
      { kind: 'analysis', id: C },
    ]);
    expect(searchOf(comparedRefs(search))).toEqual({ saved: `${A},${B}`, analyses: C });
    expect(searchOf([])).toEqual({ saved: undefined, analyses: undefined });
  });

  it('drops a malformed list instead of failing the page', () => {
    expect(compareSearchSchema.parse({ saved: `${A},${B}` })).toEqual({ saved: `${A},${B}` });
    expect(compareSearchSchema.parse({ saved: 'not-an-id', analyses: [1, 2] })).toEqual({
      saved: undefined,
      analyses: undefined,
    });
    expect(compareSearchSchema.parse({ saved: [A, B, C, A, B].join(',') }).saved).toBeUndefined();
  });

  it('keep the scenario each column shows, one per deal, through a reload', () => {
    const S1 = 'sa'.padEnd(24, 'q');
    const S2 = 'sb'.padEnd(24, 'q');
    const saved: ComparedRef = { kind: 'saved', id: B };
    const analysis: ComparedRef = { kind: 'analysis', id: A };
    // a saved property and its own analysis share their scenarios: a pick names its column
    let picks = pickScenario([], saved, S1);
    picks = pickScenario(picks, analysis, S2);
    picks = pickScenario(picks, saved, S2);
    expect(scenarioPickOf(picks, saved)).toBe(S2);
    expect(scenarioPickOf(picks, analysis)).toBe(S2);
    expect(scenarioPickOf(pickScenario(picks, saved, ''), analysis)).toBe(S2);
    expect(scenarioPickOf(pickScenario(picks, saved, ''), saved)).toBeUndefined();
    const search = compareSearchSchema.parse(searchOf([saved, analysis], picks));
    expect(search.scenarios).toBe(`${A}.${S2},${B}.${S2}`);
    expect(pickedScenarios(search)).toEqual(picks);
    // a deal taken out of the comparison takes its pick with it
    expect(searchOf([saved], picks).scenarios).toBe(`${B}.${S2}`);
    // a malformed list, or one from before picks named their deal, shows the base cases
    expect(pickedScenarios(compareSearchSchema.parse({ analyses: A, scenarios: 'nope' }))).toEqual([]);
    expect(pickedScenarios(compareSearchSchema.parse({ analyses: A, scenarios: S1 }))).toEqual([]);
    expect(
      pickedScenarios(compareSearchSchema.parse({ analyses: A, scenarios: `${A}.${S1}.${S2}` })),
    ).toEqual([]);
    // a bad entry costs only itself, and a deal keeps its first pick (QA: one typo dropped every pick)
    const mixed = compareSearchSchema.parse({
      analyses: A,
      scenarios: `junk,${A}.${S1},${A}.${S2},${B}.${S2}`,
    });
    expect(mixed.scenarios).toBe(`${A}.${S1},${B}.${S2}`);
    expect(compareSearchSchema.parse({ scenarios: mixed.scenarios }).scenarios).toBe(mixed.scenarios);
  });
});

describe('best values', () => {
  it('marks the highest (or lowest) as shown, ties together, and nothing when all are equal', () => {
    expect([...bestColumns([1, 3, 2], 'higher', ['1', '3', '2'])]).toEqual([1]);
    expect([...bestColumns([1, 3, 2], 'lower', ['1', '3', '2'])]).toEqual([0]);
    expect([...bestColumns([3, 1, 3.0000001], 'higher', ['3', '1', '3'])]).toEqual([0, 2]);
    expect([...bestColumns([2, 2], 'higher', ['2', '2'])]).toEqual([]);
    expect([...bestColumns([null, 2], 'higher', ['N/A', '2'])]).toEqual([]);
    expect([...bestColumns([null, 1, 2], 'higher', ['N/A', '1', '2'])]).toEqual([2]);
  });

  it('reads KPIs from the analysis and says the rating with its colour', () => {
    const analysis = exampleAnalysis();
    expect(kpiValue(analysis, 'overall_points')).toBe(analysis.summary.overall_points);
    expect(kpiValue(analysis, 'total_cost_to_close')).toBe(analysis.year_1_metrics.total_cost_to_close);
    expect(kpiValue(analysis, 'levered_xirr')).toBe(analysis.overall_returns.levered_xirr);
    expect(formatKpi(analysis, 'overall_points')).toBe(
      `${analysis.summary.overall_points}% (${analysis.summary.overall_color})`,
    );
  });

  it('writes rent evidence with its tier and source', () => {
    expect(
      rentEvidence('HUD', { value: 1950, source: 'HUD Small Area FMR', vintage: 'FY2026', tier: 'reported' }),
    ).toBe('HUD $1,950.00 (reported, HUD Small Area FMR, FY2026)');
    expect(rentEvidence('Market', undefined)).toBeNull();
  });
});

describe('the strategy rows', () => {
  const plain = exampleAnalysis();
  const metrics = plain.property.metrics;
  const refinance = {
    month: 6,
    loan_to_value: 0.75,
    interest_rate: 0.07,
    loan_term: 30,
    closing_costs: 3_000,
  };
  const brrrr = recalculate(plain, {
    ...metrics,
    rehab_budget: 40_000,
    rehab_months: 3,
    after_repair_value: metrics.purchase_price * 1.3,
    refinance,
  });
  const taxed = recalculate(plain, {
    ...metrics,
    tax: { marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 },
  });

  it('are none when no compared deal has a refinance or a tax situation', () => {
    expect(strategyRows([plain, plain])).toEqual([]);
  });

  it('show what a BRRRR deal leaves in and its after-tax XIRR beside deals without them', () => {
    const rows = strategyRows([plain, brrrr, taxed]);
    expect(rows.map((row) => row.label)).toEqual([
      'Cash Left in the Deal',
      'Cash-on-Cash on Cash Left In',
      'After-Tax Levered XIRR',
    ]);
    const [left, , afterTax] = rows;
    expect(left?.shown).toEqual([
      NOT_GIVEN,
      formatMetric('cash_left_in_deal', brrrr.year_1_metrics.cash_left_in_deal),
      NOT_GIVEN,
    ]);
    expect(afterTax?.shown).toEqual([
      NOT_GIVEN,
      NOT_GIVEN,
      formatMetric('levered_xirr', taxed.after_tax?.levered_xirr),
    ]);
    // one deal with a figure: nothing to call best
    expect(left?.best.size).toBe(0);
  });

  it('marks the deal that leaves less cash in as best', () => {
    const more = recalculate(plain, {
      ...brrrr.property.metrics,
      refinance: { ...refinance, loan_to_value: 0.6 },
    });
    const [left] = strategyRows([brrrr, more]);
    expect(left?.best).toEqual(new Set([0]));
  });
});
