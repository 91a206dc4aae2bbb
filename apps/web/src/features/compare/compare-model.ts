/**
 * What /compare shows (issue 14 §3): the rows of the side-by-side table, how each figure reads and
 * which value is best (by the direction a higher or lower figure is better), and the URL's choice of
 * 2 to 4 saved properties or analyses, checked with zod.
 */
import {
  type AnalysisResponse,
  figureSource,
  formatMetric,
  type MarketFigure,
  type MarketFigureTier,
  METRIC_LABELS,
  type MetricKey,
  type SharedAnalysis,
} from '@sfr/contracts';
import { oneLineAddress } from '../results/property-info';
import { VERDICT_FIGURES } from '../results/verdict-figures';
import { type CompareSearch, idsOf, MAX_COMPARED } from './compare-search';

export { type CompareSearch, compareSearchSchema, MAX_COMPARED, MIN_COMPARED } from './compare-search';

/** The address on one line; a property missing a part shows what it has. */
export function addressOf(property: AnalysisResponse['property']): string {
  return (
    oneLineAddress(property) ??
    [property.street, property.city, property.state_code, property.zipcode].filter(Boolean).join(', ')
  );
}

export type ComparedRef = { kind: 'saved' | 'analysis'; id: string };

/** The picks of the URL in order, saved first, duplicates and any beyond four dropped. */
export function comparedRefs(search: CompareSearch): ComparedRef[] {
  const refs: ComparedRef[] = [
    ...[...new Set(idsOf(search.saved))].map((id) => ({ kind: 'saved' as const, id })),
    ...[...new Set(idsOf(search.analyses))].map((id) => ({ kind: 'analysis' as const, id })),
  ];
  return refs.slice(0, MAX_COMPARED);
}

/** A column's scenario shown instead of its base case: the column's deal id and the scenario's. */
export interface ScenarioPick {
  dealId: string;
  scenarioId: string;
}

/** The scenarios the URL picks, one per deal. */
export const pickedScenarios = (search: CompareSearch): ScenarioPick[] =>
  idsOf(search.scenarios).map((entry) => {
    const [dealId = '', scenarioId = ''] = entry.split('.');
    return { dealId, scenarioId };
  });

/** The id of the scenario a column shows; undefined for its base case. */
export const scenarioPickOf = (picks: readonly ScenarioPick[], ref: ComparedRef): string | undefined =>
  picks.find((pick) => pick.dealId === ref.id)?.scenarioId;

/**
 * The URL's search for a set of picks and the scenarios shown instead of their base cases, as typed
 * in the URL; an empty list is left out, and so is the pick of a deal no longer compared.
 */
export function searchOf(refs: readonly ComparedRef[], picks: readonly ScenarioPick[] = []): CompareSearch {
  const list = (ids: readonly string[]) => (ids.length > 0 ? ids.join(',') : undefined);
  const of = (kind: ComparedRef['kind']) =>
    list(refs.filter((ref) => ref.kind === kind).map((ref) => ref.id));
  const shown = picks.filter((pick) => refs.some((ref) => ref.id === pick.dealId));
  return {
    saved: of('saved'),
    analyses: of('analysis'),
    scenarios: list(shown.map((pick) => `${pick.dealId}.${pick.scenarioId}`)),
  };
}

/** The picks once the column of `ref` shows `scenarioId` (`''`: its base case). */
export function pickScenario(
  picks: readonly ScenarioPick[],
  ref: ComparedRef,
  scenarioId: string,
): ScenarioPick[] {
  const others = picks.filter((pick) => pick.dealId !== ref.id);
  return scenarioId === '' ? others : [...others, { dealId: ref.id, scenarioId }];
}

/**
 * The KPI band of /compare and of a deal's scenarios: the rating, then the verdict's figures in its
 * order; `better` says which way is best.
 */
export const COMPARE_KPIS = [
  { key: 'overall_points', label: 'Rating', better: 'higher' },
  ...VERDICT_FIGURES,
] as const;
export type CompareKpi = (typeof COMPARE_KPIS)[number]['key'];

/** A KPI's number in an analysis; null where the model has none (no loan: no DSCR). */
export function kpiValue(analysis: SharedAnalysis, key: CompareKpi): number | null {
  switch (key) {
    case 'overall_points':
      return analysis.summary.overall_points;
    case 'levered_xirr':
      return analysis.overall_returns.levered_xirr;
    default: {
      const value = analysis.year_1_metrics[key];
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    }
  }
}

/**
 * Figures only some deals have: a refinance's cash left in and the cash-on-cash on it, and the
 * after-tax XIRR. /compare adds a row for each that any compared deal has (`strategyRows`); a deal
 * without it reads "not given". `read` is undefined for a deal without the strategy, null where the
 * model gives no figure (no cash left in: no cash-on-cash on it).
 */
export const STRATEGY_FIGURES = [
  {
    key: 'cash_left_in_deal',
    label: METRIC_LABELS.cash_left_in_deal,
    better: 'lower',
    read: (analysis: SharedAnalysis) => analysis.year_1_metrics.cash_left_in_deal,
  },
  {
    key: 'cash_on_cash_on_cash_left_in',
    label: METRIC_LABELS.cash_on_cash_on_cash_left_in,
    better: 'higher',
    read: (analysis: SharedAnalysis) => analysis.year_1_metrics.cash_on_cash_on_cash_left_in,
  },
  {
    key: 'levered_xirr',
    label: 'After-Tax Levered XIRR',
    better: 'higher',
    read: (analysis: SharedAnalysis) => (analysis.after_tax ? analysis.after_tax.levered_xirr : undefined),
  },
] as const satisfies readonly {
  key: MetricKey;
  label: string;
  better: 'higher' | 'lower';
  read: (analysis: SharedAnalysis) => number | null | undefined;
}[];

/** What a deal without the strategy shows in its row. */
export const NOT_GIVEN = 'not given';

/** The strategy rows of these deals: each figure any of them has, its cells as shown and its best. */
export function strategyRows(analyses: readonly SharedAnalysis[]) {
  return STRATEGY_FIGURES.flatMap(({ key, label, better, read }) => {
    const values = analyses.map(read);
    if (values.every((value) => value === undefined)) return [];
    const shown = values.map((value) => (value === undefined ? NOT_GIVEN : formatMetric(key, value)));
    const numbers = values.map((value) => (typeof value === 'number' ? value : null));
    return [{ label, shown, best: bestColumns(numbers, better, shown) }];
  });
}

export function formatKpi(analysis: SharedAnalysis, key: CompareKpi): string {
  if (key === 'overall_points')
    return `${analysis.summary.overall_points}% (${analysis.summary.overall_color})`;
  return formatMetric(key, kpiValue(analysis, key));
}

/**
 * The columns holding the best value of a row: every column tied at the best, none when fewer than
 * two columns have a value (nothing to compare) or all values are equal (nothing stands out).
 * Values are compared as shown (to the cent, to the basis point), so a float's last digit never
 * picks a winner the reader cannot see.
 */
export function bestColumns(
  values: readonly (number | null)[],
  better: 'higher' | 'lower',
  shown: readonly string[],
): Set<number> {
  const present = values.flatMap((value, index) =>
    value === null ? [] : [{ value, index, text: shown[index] }],
  );
  if (present.length < 2) return new Set();
  const sign = better === 'higher' ? 1 : -1;
  const best = present.reduce((top, item) => (sign * (item.value - top.value) > 0 ? item : top));
  const winners = present.filter((item) => item.text === best.text);
  return winners.length === present.length ? new Set() : new Set(winners.map((item) => item.index));
}

const TIER_WORDS: Readonly<Record<MarketFigureTier, string>> = {
  reported: 'reported',
  live: 'fetched live',
  citywide: 'citywide figure',
  incomplete: 'incomplete report',
  estimated: 'estimated',
  default: 'default',
  none: 'no data',
};

/** 'HUD $1,950.00 (reported, HUD FMR, FY2026)'; null when the analysis has no such figure. */
export function rentEvidence(label: string, figure: MarketFigure | undefined): string | null {
  if (!figure || typeof figure.value !== 'number') return null;
  return `${label} ${formatMetric('hud_rent', figure.value)} (${TIER_WORDS[figure.tier]}, ${figureSource(figure)})`;
}
