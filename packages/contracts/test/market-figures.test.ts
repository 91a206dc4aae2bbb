import { describe, expect, it } from 'vitest';
import {
  formatMarketFigure,
  formatMarketRange,
  MARKET_FIGURE_META,
  marketFigureMeta,
  perUnitLabel,
  roundMarketFigure,
} from '../src/index.js';

describe('market figures: one name and one reading for the results page and the report', () => {
  it('names each known figure and reads its value by kind', () => {
    expect(marketFigureMeta('interest_rate')).toEqual({ label: 'Interest Rate', kind: 'percent' });
    expect(formatMarketFigure('annual_price_appreciation', 0.0472)).toBe('4.72%');
    expect(formatMarketFigure('hud_rent', 2347)).toBe('$2,347.00');
    expect(formatMarketFigure('violent_crime_grade', 'B+')).toBe('B+');
    expect(Object.keys(MARKET_FIGURE_META)).toContain('annual_price_appreciation');
  });

  it('shows a rate with the decimals it has, as its input does, and the CSV writes it without float noise', () => {
    expect(formatMarketFigure('annual_price_appreciation', 0.03245047212911889)).toBe('3.245%');
    expect(roundMarketFigure('annual_price_appreciation', 0.03245047212911889)).toBe(0.03245);
    expect(roundMarketFigure('interest_rate', 0.08030000000000001)).toBe(0.0803);
    expect(roundMarketFigure('hud_rent', 2347.004)).toBe(2347);
    expect(roundMarketFigure('violent_crime_grade', 'B+')).toBe('B+');
    expect(roundMarketFigure('hud_rent', null)).toBeNull();
  });

  it('shows a range with two decimals of a percent, or in dollars, and its note (QA: four decimals)', () => {
    expect(formatMarketRange('annual_price_appreciation', { low: -0.048727, high: 0.143097 })).toBe(
      '-4.87% – 14.31%',
    );
    expect(formatMarketRange('property_tax_rate', { low: 0.0181504, high: 0.0292881, note: 'why' })).toBe(
      '1.82% – 2.93% (why)',
    );
    expect(formatMarketRange('hud_rent', { low: 2112, high: 2582 })).toBe('$2,112.00 – $2,582.00');
  });

  it("shows a crime grade's range, sent as the percentiles its grades' bands span, as grades", () => {
    // B- opens at 5 × 100/13, C closes at 8 × 100/13: exact, or rounded to hundredths
    expect(formatMarketRange('violent_crime_grade', { low: 500 / 13, high: 800 / 13, note: 'why' })).toBe(
      'B- – C (why)',
    );
    expect(formatMarketRange('property_crime_grade', { low: 38.46, high: 61.54 })).toBe('B- – C');
    expect(formatMarketRange('property_crime_grade', { low: 0, high: 100 })).toBe('A+ – F');
    expect(formatMarketRange('violent_crime_grade', { low: 300 / 13, high: 500 / 13 })).toBe('B+ – B');
  });

  it('reads an unknown figure as text under its key in words, and a missing value as N/A', () => {
    expect(marketFigureMeta('some_new_figure')).toEqual({ label: 'Some new figure', kind: 'text' });
    expect(formatMarketFigure('some_new_figure', 12)).toBe('12');
    expect(formatMarketFigure('hud_rent', null)).toBe('N/A');
    expect(formatMarketFigure('hud_rent', Number.NaN)).toBe('N/A');
  });
});

describe('perUnitLabel', () => {
  it('says per unit beside HUD’s and the market’s rents on a 2–4 unit deal only', () => {
    expect(perUnitLabel('hud_rent', 'HUD Rent', 3)).toBe('HUD Rent (per unit)');
    expect(perUnitLabel('rentometer_rent', 'Market Rent', 2)).toBe('Market Rent (per unit)');
    expect(perUnitLabel('hud_rent', 'HUD Rent', 1)).toBe('HUD Rent');
    expect(perUnitLabel('interest_rate', 'Interest Rate', 4)).toBe('Interest Rate');
  });
});
