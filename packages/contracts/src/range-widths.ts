/**
 * The "±" beside an assumption: the user's own range around the value shown. A money assumption
 * takes dollars ("300" = ±$300) or a share of the value ("10%" = ±10 %); a rate takes percentage
 * points ("1" = ±1 point: 7 % becomes 6 %–8 %). The range is clamped to the assumption's bounds
 * and becomes the assumption's P10–P90 in the simulation, even for a value the user typed. They
 * are kept with the analysis as typed (`range_widths`), so they follow the value when it is edited
 * and the report and the share link simulate with them too.
 */
import { type Spread, type SpreadDeal, type SpreadKey, type Spreads, spreadBound } from '@sfr/underwriting';
import type { RangeWidths } from './assumptions.js';
import { formatMetric, formatPercent } from './format.js';
import { METRIC_KIND, METRIC_LABELS } from './labels.js';

export type { RangeWidths };

const NUMBER = /^\d+(\.\d+)?$|^\.\d+$/;

/** What the "±" field of `key` says it takes, for its label. */
export function widenUnit(key: SpreadKey): string {
  return METRIC_KIND[key] === 'money' ? 'dollars, or a percent of the value' : 'percentage points';
}

/**
 * The range `text` gives around `value`, or an error for the user; an empty text is no range.
 *
 * @example widenSpread('rent', 2_000, '10%') → { spread: { low: 1_800, high: 2_200 } }
 * @example widenSpread('interest_rate', 0.07, '1') → { spread: { low: 0.06, high: 0.08 } }
 */
export function widenSpread(
  key: SpreadKey,
  value: number,
  text: string,
): { spread?: Spread; error?: string } {
  const typed = text.trim().replace(/^±\s*/, '');
  if (typed === '') return {};
  const share = typed.endsWith('%') && METRIC_KIND[key] === 'money';
  const digits = share ? typed.slice(0, -1).trim() : typed;
  if (!NUMBER.test(digits)) {
    return {
      error:
        METRIC_KIND[key] === 'money'
          ? 'Type dollars (300) or a percent of the value (10%)'
          : 'Type percentage points (1 = one point either side)',
    };
  }
  const amount = Number(digits);
  const half = share ? (value * amount) / 100 : METRIC_KIND[key] === 'money' ? amount : amount / 100;
  const { min, max } = spreadBound(key);
  return { spread: { low: Math.max(min, value - half), high: Math.min(max, value + half) } };
}

/** The spreads of every "±" with a valid text, and the errors of the others. */
export function widenedSpreads(texts: RangeWidths, metrics: SpreadDeal) {
  const spreads: Spreads = {};
  const errors: Partial<Record<SpreadKey, string>> = {};
  for (const [key, text] of Object.entries(texts) as [SpreadKey, string][]) {
    const value = metrics[key];
    if (value === undefined) {
      if (text.trim() !== '') errors[key] = `This deal has no ${METRIC_LABELS[key]} to give a range`;
      continue;
    }
    const { spread, error } = widenSpread(key, value, text);
    if (spread) spreads[key] = spread;
    if (error) errors[key] = error;
  }
  return { spreads, errors };
}

/**
 * The user's range as its "±" note says it, and where the assumption's own limits cut it (QA: a
 * "±" of 200 points on vacancy became 0 %–100 % unsaid).
 *
 * @example widenedRangeText('rent', { low: 1_800, high: 2_200 }) // '$1,800.00 to $2,200.00'
 * @example widenedRangeText('vacancy_rate', { low: 0, high: 0.1 }) // '0.00% to 10.00%, held at 0.00%, the lowest it can be'
 */
export function widenedRangeText(key: SpreadKey, spread: Spread): string {
  const { min, max } = spreadBound(key);
  const atMin = spread.low <= min;
  const atMax = spread.high >= max;
  const held =
    atMin && atMax
      ? `, held to ${formatMetric(key, min)}–${formatMetric(key, max)}, all it can be`
      : atMin
        ? `, held at ${formatMetric(key, min)}, the lowest it can be`
        : atMax
          ? `, held at ${formatMetric(key, max)}, the highest it can be`
          : '';
  return `${spreadText(key, spread)}${held}`;
}

/**
 * '$1,800.00 to $2,200.00': a range as its assumption reads, a rate's ends to two decimals (the
 * assumption itself keeps its digits; QA: "-4.8727% to 14.3097%" beside "5.00% to 7.50%").
 */
export const spreadText = (key: SpreadKey, spread: Spread): string => {
  const end = (value: number) =>
    METRIC_KIND[key] === 'percent' ? formatPercent(value) : formatMetric(key, value);
  return `${end(spread.low)} to ${end(spread.high)}`;
};
