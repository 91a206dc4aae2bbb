/**
 * The market figures an analysis carries (`market_data.figures`): what each is called and how its
 * value reads, for every place that shows them (the results' sources table, the PDF and CSV report).
 */
import { CRIME_GRADES } from '@sfr/underwriting';
import { formatMoney, formatPercent, formatRate, NOT_AVAILABLE, roundRate, roundToCents } from './format.js';

/** `grade`: a crime grade, whose range the API sends as percentiles (the edges of its grades' bands) */
export type MarketFigureKind = 'money' | 'percent' | 'text' | 'grade';

export interface MarketFigureMeta {
  readonly label: string;
  readonly kind: MarketFigureKind;
  /** a per-unit rent: a 2–4 unit deal says so */
  readonly perUnit?: true;
}

/** The figures the API sends, in the order the results show them. */
export const MARKET_FIGURE_META: Readonly<Record<string, MarketFigureMeta>> = {
  hud_rent: { label: 'HUD Rent', kind: 'money', perUnit: true },
  rentometer_rent: { label: 'Market Rent', kind: 'money', perUnit: true },
  violent_crime_grade: { label: 'Violent Crime Grade', kind: 'grade' },
  property_crime_grade: { label: 'Property Crime Grade', kind: 'grade' },
  property_tax_rate: { label: 'Property Tax Rate', kind: 'percent' },
  interest_rate: { label: 'Interest Rate', kind: 'percent' },
  insurance_rate: { label: 'Insurance Rate', kind: 'percent' },
  annual_price_appreciation: { label: 'Price Appreciation', kind: 'percent' },
};

/**
 * A figure's label on a deal of `units` units: HUD's and the market's rents are per unit, and on a
 * 2–4 unit deal their labels say so wherever they are shown (the results, the share page, the
 * compare page, the PDF and the CSV).
 *
 * @example perUnitLabel('hud_rent', 'HUD Rent', 3) → 'HUD Rent (per unit)'
 * @example perUnitLabel('hud_rent', 'HUD Rent', 1) → 'HUD Rent'
 */
export function perUnitLabel(key: string, label: string, units: number): string {
  return units > 1 && MARKET_FIGURE_META[key]?.perUnit ? `${label} (per unit)` : label;
}

/**
 * A figure's name and kind; a figure this build does not know reads as text under its key in words.
 *
 * @example marketFigureMeta('interest_rate') → { label: 'Interest Rate', kind: 'percent' }
 * @example marketFigureMeta('some_new_figure') → { label: 'Some new figure', kind: 'text' }
 */
export function marketFigureMeta(key: string): MarketFigureMeta {
  const known = MARKET_FIGURE_META[key];
  if (known) return known;
  const words = key.replaceAll('_', ' ');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), kind: 'text' };
}

/**
 * A figure's value as shown: money '$1,234.00', a rate with the decimals it has ('4.72%', '3.245%'),
 * text as is; missing is 'N/A'.
 *
 * @example formatMarketFigure('annual_price_appreciation', 0.0472) === '4.72%'
 * @example formatMarketFigure('annual_price_appreciation', 0.03245047212911889) === '3.245%'
 */
export function formatMarketFigure(key: string, value: number | string | null): string {
  if (value === null) return NOT_AVAILABLE;
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return NOT_AVAILABLE;
  const { kind } = marketFigureMeta(key);
  if (kind === 'money') return formatMoney(value);
  if (kind === 'percent') return formatRate(value);
  return String(value);
}

/**
 * A figure's source with its vintage, as a reader sees it beside the figure's tier: a source stored
 * as "Estimate: …" or "Source: …" loses the word, which the tier badge already says (QA: "Estimate:
 * … Estimate").
 *
 * @example figureSource({ source: 'Source: Freddie Mac, PMMS', vintage: '2026-10-01' }) === 'Freddie Mac, PMMS, 2026-10-01'
 */
export function figureSource(figure: { source: string; vintage: string | null }): string {
  const source = sourceName(figure.source);
  return figure.vintage ? `${source}, ${figure.vintage}` : source;
}

/** The source without a leading "Estimate:" or "Source:" (the tier says which it is). */
export const sourceName = (source: string): string => source.replace(/^(Estimate|Source):\s*/, '');

/**
 * A figure's range as the results and the report show it, with its note: a rate's ends to two
 * decimals of a percent, where the figure itself keeps the digits of the assumption it fills (QA:
 * "-4.8727% to 14.3097%" beside ranges of two decimals).
 *
 * @example formatMarketRange('annual_price_appreciation', { low: -0.048727, high: 0.143097 }) === '-4.87% – 14.31%'
 * @example formatMarketRange('hud_rent', { low: 2112, high: 2582, note: 'the payment standard' }) === '$2,112.00 – $2,582.00 (the payment standard)'
 */
export function formatMarketRange(key: string, range: { low: number; high: number; note?: string }): string {
  const { kind } = marketFigureMeta(key);
  const end = (value: number, side: 'low' | 'high') =>
    kind === 'grade'
      ? gradeAtBandEdge(value, side)
      : kind === 'percent' && Number.isFinite(value)
        ? formatPercent(value)
        : formatMarketFigure(key, value);
  return `${end(range.low, 'low')} – ${end(range.high, 'high')}${range.note ? ` (${range.note})` : ''}`;
}

/**
 * The grade a band edge (a percentile) opens (`low`) or closes (`high`): 13 equal bands, A+ first.
 *
 * @example gradeAtBandEdge(38.46, 'low') === 'B-'; gradeAtBandEdge(61.54, 'high') === 'C'
 */
function gradeAtBandEdge(percentile: number, side: 'low' | 'high'): string {
  const bands = (percentile * CRIME_GRADES.length) / 100;
  // a thousandth of a band: an edge rounded to a hundredth of a percentile still opens its own grade
  const index = side === 'low' ? Math.floor(bands + 1e-3) : Math.ceil(bands - 1e-3) - 1;
  return CRIME_GRADES[Math.min(Math.max(index, 0), CRIME_GRADES.length - 1)] ?? NOT_AVAILABLE;
}

/**
 * A figure's number as the report's CSV writes it: what the screen shows, without float noise
 * (dollars to the cent, a rate to `PERCENT_DECIMALS` decimals of a percent); text as is.
 *
 * @example roundMarketFigure('interest_rate', 0.08030000000000001) === 0.0803
 */
export function roundMarketFigure(key: string, value: number | string | null): number | string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const { kind } = marketFigureMeta(key);
  if (kind === 'money') return roundToCents(value);
  if (kind === 'percent') return roundRate(value);
  return value;
}
