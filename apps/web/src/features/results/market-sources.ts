/**
 * Where the market figures behind the defaults came from (the response's `market_data`): one row
 * per figure with its value, source and vintage, how far it can be trusted (reported, fetched
 * live, estimated, a model default…) and its range when it has one, in the order the results show
 * the numbers.
 */
import {
  figureSource,
  formatMarketFigure,
  formatMarketRange,
  MARKET_FIGURE_META,
  type MarketData,
  type MarketFigure,
  type MarketFigureTier,
  marketFigureMeta,
  perUnitLabel,
} from '@sfr/contracts';

export interface MarketSourceRow {
  key: string;
  label: string;
  value: string;
  /** 'HUD Fair Market Rents, FY2025' — the source with its vintage when known */
  source: string;
  /** the figure's tier (contracts' MARKET_FIGURE_TIERS), for the badge's look */
  tierKey: MarketFigureTier;
  /** 'Reported', 'Estimate', 'Model default'… */
  tier: string;
  /** one sentence on what the tier means, for the badge's tooltip */
  tierHelp: string;
  /** '$1,900.00 – $2,300.00', with the range's own note when it has one */
  range: string | null;
  note: string | null;
}

/** Each tier in a word or two an investor reads beside the source. */
export const TIER_TEXT: Readonly<Record<MarketFigureTier, string>> = {
  reported: 'Reported',
  live: 'Fetched live',
  citywide: 'Citywide rate',
  incomplete: 'Incomplete reporting',
  estimated: 'Estimate',
  default: 'Model default',
  none: 'No data',
};

/** What each tier means, in one sentence. */
export const TIER_HELP: Readonly<Record<MarketFigureTier, string>> = {
  reported: 'A published figure for this place.',
  live: 'Fetched from a rental-data provider for this address just now.',
  citywide: "The city's reported rate, standing for each of its counties.",
  incomplete: 'Reported by too few agencies, so graded no better than our estimate.',
  estimated: 'Our estimate from public data, not a published figure; its method is in the note.',
  default: 'The model’s default: no local data behind it.',
  none: 'No data for this place.',
};

/**
 * An estimated crime grade shows only its letter band ('≈C'): the estimate is about two grade
 * steps off on average, so a finer letter would claim more than it knows.
 */
function coarseGrade(value: MarketFigure['value']): MarketFigure['value'] {
  if (typeof value !== 'string' || value.startsWith('≈')) return value;
  const band = /^[A-F]/.exec(value.trim())?.[0];
  return band ? `≈${band}` : value;
}

/** The rows; on a 2–4 unit deal (`units` > 1) the per-unit rents say 'per unit'. */
export function marketSourceRows(
  marketData: Pick<MarketData, 'figures'> | null | undefined,
  units = 1,
): MarketSourceRow[] {
  const figures = marketData?.figures ?? {};
  const known = Object.keys(MARKET_FIGURE_META).filter((key) => key in figures);
  const unknown = Object.keys(figures).filter((key) => !(key in MARKET_FIGURE_META));
  return [...known, ...unknown].flatMap((key) => {
    const figure = figures[key];
    if (!figure) return [];
    const meta = marketFigureMeta(key);
    const label = figure.label?.trim() || meta.label;
    const range = figure.range ? formatMarketRange(key, figure.range) : null;
    const estimatedGrade = figure.tier === 'estimated' && key.endsWith('_crime_grade');
    return [
      {
        key,
        label: perUnitLabel(key, label, units),
        value: formatMarketFigure(key, estimatedGrade ? coarseGrade(figure.value) : figure.value),
        source: figureSource(figure),
        tierKey: figure.tier,
        tier: TIER_TEXT[figure.tier],
        tierHelp: TIER_HELP[figure.tier],
        range,
        note: figure.note?.trim() || null,
      },
    ];
  });
}
