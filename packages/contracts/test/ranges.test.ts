import {
  type Assumptions,
  DERIVATIONS,
  deriveAssumptions,
  NEW_ANALYSIS_EXPENSE_DEFAULTS,
  SPREAD_KEYS,
} from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import {
  type AnalysisFacts,
  analysisSpreads,
  assembleAnalysis,
  assumptionProvenance,
  derivationContextOf,
  type MarketData,
  NOTHING_KEPT,
  noBandText,
  originText,
  simulateAnalysis,
} from '../src/index.js';
import { exampleProperty } from './fixtures.js';

type Figures = MarketData['figures'];

/** The example property's figures: an estimated rent with its P10–P90 range, a reported mortgage rate… */
const figures: Figures = {
  rentometer_rent: {
    value: 2_100,
    source: 'SFR Analyst estimate',
    vintage: '2025',
    tier: 'estimated',
    range: { low: 1_700, high: 2_600 },
  },
  property_tax_rate: { value: 0.01, source: 'ACS', vintage: '2023', tier: 'reported' },
  insurance_rate: {
    value: 0.006,
    source: 'NAIC',
    vintage: '2025',
    tier: 'estimated',
    range: { low: 0.005, high: 0.008 },
  },
  interest_rate: { value: 0.07, source: 'Freddie Mac', vintage: '2026-11-19', tier: 'reported' },
  annual_price_appreciation: {
    value: 0.03,
    source: 'FHFA',
    vintage: '1994–2024',
    tier: 'estimated',
    range: { low: 0, high: 0.06 },
  },
};

function analysisWith(marketFigures: Figures, edit: Partial<Assumptions> = {}) {
  const hud = 1_900;
  const rentometer =
    typeof marketFigures.rentometer_rent?.value === 'number' ? marketFigures.rentometer_rent.value : null;
  const assumptions = deriveAssumptions(exampleProperty, {
    rentPerUnit: rentometer ?? hud,
    propertyTaxRate: 0.01,
    interestRate: 0.07,
    insuranceRate: 0.006,
    annualPriceAppreciation: 0.03,
  });
  const facts: AnalysisFacts = {
    hud_rent: hud,
    market_rent: rentometer,
    violent_crime_grade: 'B',
    property_crime_grade: 'C',
    market_data: { figures: marketFigures, warnings: [] },
  };
  return assembleAnalysis(exampleProperty, { ...assumptions, ...edit }, facts, NOTHING_KEPT);
}

describe('analysisSpreads', () => {
  const analysis = analysisWith(figures);

  it('takes a market-backed assumption’s spread from its figure’s range, in the assumption’s unit', () => {
    const spreads = analysisSpreads(analysis);
    expect(spreads.rent).toEqual({ low: 1_700, high: 2_600 });
    // the insurance rate's range × the $250,000 price: 0.5 % and 0.8 % → $1,250 and $2,000 a year
    expect(spreads.insurance?.low).toBeCloseTo(1_250, 6);
    expect(spreads.insurance?.high).toBeCloseTo(2_000, 6);
    expect(spreads.annual_price_appreciation).toEqual({ low: 0, high: 0.06 });
  });

  it('spreads the taxes and the mortgage rate by their figures’ ranges where they carry one', () => {
    // a county estimate's band (×0.88–×1.42) and the rate's 8-week band, as the API now sends them
    const ranged = analysisWith({
      ...figures,
      property_tax_rate: {
        value: 0.01,
        source: 'ACS',
        vintage: '2023',
        tier: 'estimated',
        range: { low: 0.0088, high: 0.0142 },
      },
      interest_rate: {
        value: 0.07,
        source: 'Freddie Mac',
        vintage: '2026-11-19',
        tier: 'reported',
        range: { low: 0.0667, high: 0.0737 },
      },
    });
    const { property_taxes, interest_rate } = analysisSpreads(ranged);
    // 1 % of the $250,000 price is $2,500 a year: $2,200 to $3,550
    expect(property_taxes?.low).toBeCloseTo(2_200, 6);
    expect(property_taxes?.high).toBeCloseTo(3_550, 6);
    expect(interest_rate?.low).toBeCloseTo(0.0667, 12);
    expect(interest_rate?.high).toBeCloseTo(0.0737, 12);
  });

  it('gives a reported figure without a range half the default rule’s width', () => {
    // the rule for the mortgage rate is −0.33 / +0.37 point: a reported 7 % is 6.835 %–7.185 %
    const { interest_rate } = analysisSpreads(analysis);
    expect(interest_rate?.low).toBeCloseTo(0.06835, 12);
    expect(interest_rate?.high).toBeCloseTo(0.07185, 12);
  });

  it('widens Rentometer’s 25th–75th percentile band to a 10th–90th one', () => {
    const rentometer = {
      ...figures,
      rentometer_rent: {
        value: 2_100,
        source: 'Rentometer (live)',
        vintage: '2026-11-26',
        tier: 'live' as const,
        range: { low: 2_000, high: 2_200 },
      },
    };
    const { rent } = analysisSpreads(analysisWith(rentometer));
    // ±100 holds half of rents: ±100 × Φ⁻¹(0.9) / Φ⁻¹(0.75) = ±190.0 holds eight in ten
    expect(rent?.low).toBeCloseTo(2_100 - 190.0, 0);
    expect(rent?.high).toBeCloseTo(2_100 + 190.0, 0);
  });

  it('treats HUD’s rent standing in for a market rent as an estimate: the default rule’s full ±20 %', () => {
    const { rentometer_rent: _none, ...withoutMarketRent } = figures;
    const hudOnly = {
      ...withoutMarketRent,
      hud_rent: {
        value: 1_900,
        source: 'HUD',
        vintage: 'FY2026',
        tier: 'reported' as const,
        range: { low: 1_710, high: 2_090 },
      },
    };
    const { rent } = analysisSpreads(analysisWith(hudOnly));
    expect(rent?.low).toBeCloseTo(1_900 * 0.8, 6);
    expect(rent?.high).toBeCloseTo(1_900 * 1.2, 6);
  });

  it('keeps a value the user typed exact, unless the user widens it', () => {
    const typed = analysisWith(figures, { rent: 2_500 });
    expect(derivationContextOf(typed).rentPerUnit).toBe(2_100);
    expect(analysisSpreads(typed).rent).toBeUndefined();
    expect(analysisSpreads(typed, { widened: { rent: { low: 2_300, high: 2_600 } } }).rent).toEqual({
      low: 2_300,
      high: 2_600,
    });
    // the other assumptions keep theirs
    expect(analysisSpreads(typed).vacancy_rate).toEqual(analysisSpreads(analysis).vacancy_rate);
  });

  it('reads the "±" the analysis keeps, around its value now; spreads given win over them', () => {
    const kept = {
      ...analysisWith(figures, { rent: 2_500 }),
      range_widths: { rent: '10%', interest_rate: '1' },
    };
    const spreads = analysisSpreads(kept);
    expect(spreads.rent).toEqual({ low: 2_250, high: 2_750 });
    expect(spreads.interest_rate?.low).toBeCloseTo(kept.property.metrics.interest_rate - 0.01, 12);
    expect(analysisSpreads(kept, { widened: {} }).rent).toBeUndefined();
    // the report's and the share page's simulation reads them too
    expect(simulateAnalysis(kept).percentiles.monthly_levered_cash_flow).not.toEqual(
      simulateAnalysis({ ...kept, range_widths: {} }).percentiles.monthly_levered_cash_flow,
    );
  });
});

describe('simulateAnalysis', () => {
  const analysis = analysisWith(figures);

  it('with every assumption exact, every percentile is the analysis’s own figure', () => {
    const exact = simulateAnalysis(analysis, { exact: SPREAD_KEYS });
    const cashFlow = analysis.year_1_metrics.monthly_levered_cash_flow;
    expect(exact.percentiles.monthly_levered_cash_flow).toMatchObject({
      p10: cashFlow,
      p50: cashFlow,
      p90: cashFlow,
    });
    const xirr = analysis.overall_returns.levered_xirr;
    expect(exact.percentiles.levered_xirr.p10).toBeCloseTo(xirr ?? Number.NaN, 9);
    expect(exact.percentiles.levered_xirr.p90).toBeCloseTo(xirr ?? Number.NaN, 9);
  });

  it('spreads the answer around it, the same for the same analysis, with the rent among the first drivers', () => {
    const first = simulateAnalysis(analysis);
    expect(simulateAnalysis(analysis)).toEqual(first);
    const { p10, p50, p90 } = first.percentiles.monthly_levered_cash_flow;
    expect(p10).toBeLessThan(p50 ?? Number.NaN);
    expect(p50).toBeLessThan(p90 ?? Number.NaN);
    expect(first.draws).toBe(10_000);
    expect(first.drivers.monthly_levered_cash_flow.slice(0, 3).map((d) => d.key)).toContain('rent');
  });
});

describe('noBandText', () => {
  it('says why a measure has no band: an XIRR with no rate of return in most outcomes, else no such figure', () => {
    expect(noBandText('levered_xirr')).toBe(
      'no likely range: most outcomes lose all the cash or have no rate of return',
    );
    expect(noBandText('unlevered_xirr')).toBe(
      'no likely range: most outcomes lose all the cash or have no rate of return',
    );
    expect(noBandText('dscr')).toBe('no likely range: most outcomes have no such figure');
  });
});

describe('assumption origins (the results, the shared page and the report say them alike)', () => {
  it('says a derived value by its rule, a typed one as the user’s, and an expense line by its default', () => {
    const lines = { capex_reserve: 0.05, leasing_fee: 1, tenancy_months: 24 };
    const provenance = assumptionProvenance(analysisWith(figures, { closing_cost: 9_000, ...lines }));
    const origins = Object.fromEntries(provenance.map(({ key, origin }) => [key, origin ?? undefined]));
    expect(origins.closing_cost).toEqual({ kind: 'overridden', basis: DERIVATIONS.closing_cost.basis });
    expect(origins.vacancy_rate).toEqual({ kind: 'derived', basis: 'model default' });
    expect(origins.capex_reserve?.kind).toBe('default');
    expect(origins.tenancy_months?.kind).toBe('default');
    expect(origins.leasing_fee?.kind).toBe('overridden'); // the default is half a month
    expect(origins.purchase_price).toBeUndefined(); // follows nothing
    expect(origins.hoa).toBeUndefined(); // a line the analysis does not hold
    expect(originText({ kind: 'derived', basis: '3 % of the purchase price' })).toBe(
      'Derived: 3 % of the purchase price.',
    );
    expect(originText(origins.capex_reserve ?? { kind: 'derived', basis: '' })).toBe(
      `Default: ${NEW_ANALYSIS_EXPENSE_DEFAULTS.capex_reserve.basis}.`,
    );
    expect(originText(origins.closing_cost ?? { kind: 'derived', basis: '' }, "The owner's value.")).toBe(
      "The owner's value.",
    );
  });

  it('says a market-backed value that is the model’s fallback is one, not a market figure', () => {
    const fallback = { source: 'Model default', vintage: null, tier: 'default' as const };
    const withoutData = analysisWith({
      ...figures,
      interest_rate: { value: 0.07, ...fallback },
      property_tax_rate: { value: 0.01, ...fallback },
    });
    const origins = Object.fromEntries(
      assumptionProvenance(withoutData).map(({ key, origin }) => [key, origin?.basis]),
    );
    expect(origins.interest_rate).toBe('the model’s default rate, as no mortgage-rate data was available');
    expect(origins.property_taxes).toBe(
      'purchase price × the model’s default tax rate, as no county or state rate was available',
    );
    // a figure the market gave keeps its derivation's rule
    expect(origins.insurance).toBe(DERIVATIONS.insurance.basis);
    expect(origins.annual_price_appreciation).toBe(DERIVATIONS.annual_price_appreciation.basis);
  });
});
