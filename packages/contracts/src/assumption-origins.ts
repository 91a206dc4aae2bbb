/**
 * Where each assumption's value comes from, said the same way by the results page, the shared page
 * and the report: its derivation (with the rule, for people), an expense line's default (the lines
 * a new analysis starts with), or the user's own value.
 */
import {
  type Assumptions,
  DERIVATIONS,
  type DerivedKey,
  inferOverridden,
  isSpreadKey,
  NEW_ANALYSIS_EXPENSE_DEFAULTS,
  OPTIONAL_INPUT_BOUNDS,
} from '@sfr/underwriting';
import { EDITABLE_METRIC_KEYS, type EditableMetricKey } from './labels.js';
import { spreadText } from './range-widths.js';
import { type AnalysisView, analysisSpreads, derivationContextOf } from './ranges.js';

export type AssumptionOrigin = { kind: 'derived' | 'default' | 'overridden'; basis: string };

/** The word before a derived or default value's basis; the user's own value is said by each place. */
export const ORIGIN_WORDS = { derived: 'Derived', default: 'Default' } as const;

export function isDerived(key: EditableMetricKey): key is DerivedKey {
  return key in DERIVATIONS;
}

type DefaultedLine = keyof typeof NEW_ANALYSIS_EXPENSE_DEFAULTS;
export const hasLineDefault = (key: EditableMetricKey): key is DefaultedLine =>
  key in NEW_ANALYSIS_EXPENSE_DEFAULTS;

/**
 * An expense line a new analysis starts with (a CapEx reserve, a leasing fee…): its default, or the
 * user's value when it differs. null for a line the analysis does not hold (one stored before the
 * lines existed) and for every other assumption.
 */
export function lineDefaultOrigin(key: EditableMetricKey, value: unknown): AssumptionOrigin | null {
  if (!hasLineDefault(key) || typeof value !== 'number') return null;
  const line = NEW_ANALYSIS_EXPENSE_DEFAULTS[key];
  // the same number to the cent, or a rate within 1e-9, is the default (as `inferOverridden` reads)
  const tolerance = OPTIONAL_INPUT_BOUNDS[key].kind === 'money' ? 0.005 : 1e-9;
  const isDefault = Math.abs(value - line.value) <= tolerance;
  return { kind: isDefault ? 'default' : 'overridden', basis: line.basis };
}

type MarketFigures = AnalysisView['market_data']['figures'];

/**
 * A market-backed derivation whose figure is the model's fallback (no data for the place, or none
 * loaded) says so, instead of naming a market figure that is not there (QA: "mortgage rate in
 * force" for the model's 7 %): the figure it reads and what its basis then is.
 */
const FALLBACK_BASES: Partial<Record<DerivedKey, { figure: string; basis: string }>> = {
  interest_rate: {
    figure: 'interest_rate',
    basis: 'the model’s default rate, as no mortgage-rate data was available',
  },
  annual_price_appreciation: {
    figure: 'annual_price_appreciation',
    basis: 'the model’s default, as no house-price history was available for the place',
  },
  property_taxes: {
    figure: 'property_tax_rate',
    basis: 'purchase price × the model’s default tax rate, as no county or state rate was available',
  },
  insurance: {
    figure: 'insurance_rate',
    basis: 'purchase price × the model’s default insurance rate, as no state average was available',
  },
};

/** A derivation's rule for people, or its fallback's when its market figure is the model's default. */
function derivedBasis(key: DerivedKey, figures: MarketFigures): string {
  const fallback = FALLBACK_BASES[key];
  return fallback && figures[fallback.figure]?.tier === 'default' ? fallback.basis : DERIVATIONS[key].basis;
}

/**
 * Where an assumption's value comes from: its derivation (unless `overridden` holds it), an expense
 * line's default, or the user; null for what follows nothing (the price, the loan's shape). `figures`
 * (the analysis's market figures) tell a market figure from the model's fallback.
 */
export function assumptionOrigin(
  key: EditableMetricKey,
  metrics: Assumptions & Partial<Record<EditableMetricKey, unknown>>,
  overridden: ReadonlySet<EditableMetricKey>,
  figures: MarketFigures,
): AssumptionOrigin | null {
  if (!isDerived(key)) return lineDefaultOrigin(key, metrics[key]);
  return { kind: overridden.has(key) ? 'overridden' : 'derived', basis: derivedBasis(key, figures) };
}

/** An assumption an analysis holds, with its origin (null: it follows nothing) and its simulated range. */
export interface AssumptionProvenance {
  key: EditableMetricKey;
  value: number;
  origin: AssumptionOrigin | null;
  /** '2.00% to 9.00%': what the ranges vary it over (its default spread, or the user's "±"); null when exact */
  range: string | null;
}

/**
 * Every assumption the analysis holds as a number, in the results' order, with where it comes from
 * and what the ranges vary it over: what a page or report that shows the analysis unedited says of
 * each (the shared page, the PDF and the CSV).
 */
export function assumptionProvenance(analysis: AnalysisView): AssumptionProvenance[] {
  const metrics = analysis.property.metrics;
  // read once: what the user typed decides both the origins and which assumptions are exact
  const overridden = inferOverridden(metrics, derivationContextOf(analysis));
  const spreads = analysisSpreads(analysis, { exact: overridden });
  const values: Partial<Record<EditableMetricKey, unknown>> = metrics;
  return EDITABLE_METRIC_KEYS.flatMap((key) => {
    const value = values[key];
    if (typeof value !== 'number') return [];
    const spread = isSpreadKey(key) ? spreads[key] : undefined;
    const range = spread && isSpreadKey(key) ? spreadText(key, spread) : null;
    const origin = assumptionOrigin(key, metrics, overridden, analysis.market_data.figures);
    return [{ key, value, origin, range }];
  });
}

/**
 * The origin in a sentence: 'Derived: 3 % of the purchase price.', 'Default: …', or `yours` for
 * the user's value (the owner's, on a page someone else reads).
 *
 * @example originText({ kind: 'derived', basis: '3 % of the purchase price' }) // 'Derived: 3 % of the purchase price.'
 */
export function originText(origin: AssumptionOrigin, yours = 'Your value.'): string {
  if (origin.kind === 'overridden') return yours;
  return `${ORIGIN_WORDS[origin.kind]}: ${origin.basis}.`;
}
