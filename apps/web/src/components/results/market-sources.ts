/**
 * Where the market figures behind the defaults came from (the response's `market_data`): one row
 * per figure with its value, source and vintage, in the order the results show the numbers.
 */
import { formatMoney, formatPercent, type MarketData, type MarketFigure, UI_TEXT } from '@sfr/contracts';

type ValueKind = 'money' | 'percent' | 'text';

/** The figures the API sends, with their names on screen and how their values read. */
const KNOWN_FIGURES: Readonly<Record<string, { label: string; kind: ValueKind }>> = {
  hud_rent: { label: 'HUD Rent', kind: 'money' },
  rentometer_rent: { label: 'Market Rent', kind: 'money' },
  violent_crime_grade: { label: 'Violent Crime Grade', kind: 'text' },
  property_crime_grade: { label: 'Property Crime Grade', kind: 'text' },
  property_tax_rate: { label: 'Property Tax Rate', kind: 'percent' },
  interest_rate: { label: 'Interest Rate', kind: 'percent' },
  insurance_rate: { label: 'Insurance Rate', kind: 'percent' },
};

export interface MarketSourceRow {
  key: string;
  label: string;
  value: string;
  /** 'HUD Fair Market Rents, FY2025' — the source with its vintage when known */
  source: string;
  note: string | null;
}

/** 'some_new_figure' → 'Some new figure', for figures this page does not know yet. */
function labelOf(key: string): string {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: MarketFigure['value'], kind: ValueKind): string {
  if (value === null) return UI_TEXT.notAvailable;
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return UI_TEXT.notAvailable;
  if (kind === 'money') return formatMoney(value);
  if (kind === 'percent') return formatPercent(value);
  return String(value);
}

export function marketSourceRows(
  marketData: Pick<MarketData, 'figures'> | null | undefined,
): MarketSourceRow[] {
  const figures = marketData?.figures ?? {};
  const known = Object.keys(KNOWN_FIGURES).filter((key) => key in figures);
  const unknown = Object.keys(figures).filter((key) => !(key in KNOWN_FIGURES));
  return [...known, ...unknown].flatMap((key) => {
    const figure = figures[key];
    if (!figure) return [];
    const { label, kind } = KNOWN_FIGURES[key] ?? { label: labelOf(key), kind: 'text' as const };
    return [
      {
        key,
        label,
        value: valueText(figure.value, kind),
        source: figure.vintage ? `${figure.source}, ${figure.vintage}` : figure.source,
        note: figure.note?.trim() || null,
      },
    ];
  });
}
