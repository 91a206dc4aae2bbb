/**
 * How far an analysis can move. Each uncertain assumption gets a spread (its 10th and 90th
 * percentile): from the market figure it was derived from, by that figure's tier and range, else by
 * the model's default rule; a value the user typed is exact unless the user widens it. The results
 * page, the share page and the report all simulate with the same draws and seed, so they show the
 * same ranges for the same analysis.
 */
import {
  DEFAULTS,
  type DerivationContext,
  type DriverSwing,
  defaultSpreads,
  type FigureTier,
  figureSpread,
  inferOverridden,
  type OfferTargets,
  type SimulatedMeasure,
  type Simulation,
  type SpreadDeal,
  type SpreadKey,
  type Spreads,
  simulate,
} from '@sfr/underwriting';
import type { SharedAnalysis } from './analysis.js';
import { dealInput, factsOf } from './assemble.js';
import { formatMetric, formatPercent } from './format.js';
import { METRIC_LABELS, type MetricKey } from './labels.js';
import { widenedSpreads } from './range-widths.js';

/** One seed and one draw count for every place that shows an analysis's ranges. */
export const RANGE_SIMULATION = { draws: 10_000, seed: 1 } as const;

export type AnalysisView = Pick<SharedAnalysis, 'property' | 'year_1_metrics' | 'market_data'> &
  Partial<Pick<SharedAnalysis, 'range_widths'>>;

const figureValue = (analysis: AnalysisView, key: string): number | null => {
  const value = analysis.market_data.figures[key]?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** Insurance per dollar of the price beyond its fixed part: the figure's own, else its rate (no fixed part). */
function insurancePerDollar(analysis: AnalysisView): number | null {
  const perDollar = analysis.market_data.figures.insurance_rate?.per_dollar;
  return typeof perDollar === 'number' && Number.isFinite(perDollar)
    ? perDollar
    : figureValue(analysis, 'insurance_rate');
}

/**
 * What the derivations read, rebuilt from an analysis as the API built it: the house type, the
 * market rent per unit (else HUD's), and the tax, insurance, mortgage and appreciation rates the
 * market figures carry (with the model's fallbacks where a figure is missing).
 */
export function derivationContextOf(analysis: AnalysisView): DerivationContext {
  const { rentometer_rent, hud_rent } = analysis.year_1_metrics;
  return {
    units: analysis.property.factor,
    rentPerUnit: rentometer_rent ?? hud_rent ?? null,
    propertyTaxRate: figureValue(analysis, 'property_tax_rate') ?? DEFAULTS.propertyTaxRate,
    insuranceRate: insurancePerDollar(analysis) ?? DEFAULTS.insuranceRate,
    interestRate: figureValue(analysis, 'interest_rate') ?? DEFAULTS.interestRate,
    annualPriceAppreciation:
      figureValue(analysis, 'annual_price_appreciation') ?? DEFAULTS.annualPriceAppreciation,
  };
}

/**
 * The market figure each market-backed assumption is derived from, and the share of outcomes its
 * range is meant to hold: Rentometer's is the 25th–75th percentile of its sample, every other
 * range (the rent estimate, RentCast's, appreciation's, insurance's) is a P10–P90 band.
 */
const MARKET_BACKED: Partial<Record<SpreadKey, (analysis: AnalysisView) => string | null>> = {
  rent: (analysis) =>
    analysis.year_1_metrics.rentometer_rent !== null
      ? 'rentometer_rent'
      : analysis.year_1_metrics.hud_rent !== null
        ? 'hud_rent'
        : null,
  property_taxes: () => 'property_tax_rate',
  insurance: () => 'insurance_rate',
  interest_rate: () => 'interest_rate',
  annual_price_appreciation: () => 'annual_price_appreciation',
};

const coverageOf = (source: string): number => (source.startsWith('Rentometer') ? 0.5 : 0.8);

/** The spread of one market-backed assumption, centred on the assumption's own value. */
function marketSpread(analysis: AnalysisView, key: SpreadKey, value: number) {
  const name = MARKET_BACKED[key]?.(analysis);
  const figure = name ? analysis.market_data.figures[name] : undefined;
  if (!figure) return null;
  const figureNumber = typeof figure.value === 'number' ? figure.value : null;
  // HUD's rent standing in for a market rent is an estimate of it, and its band is the payment
  // standard's, not a spread of market rents
  const hud = name === 'hud_rent';
  const range = hud ? undefined : figure.range;
  // the figure's range as shares of its value, around the assumption (a rate × the price, a rent × units)
  const ratio = figureNumber !== null && figureNumber > 0 && value > 0 ? value / figureNumber : null;
  return figureSpread(
    key,
    {
      value,
      tier: hud ? 'estimated' : (figure.tier as FigureTier),
      range: range && ratio !== null ? { low: range.low * ratio, high: range.high * ratio } : undefined,
    },
    { coverage: coverageOf(figure.source) },
  );
}

export interface SpreadOptions {
  /** the assumptions the user typed (exact); by default those that differ from their derivation */
  exact?: Iterable<keyof SpreadDeal>;
  /** the user's own spreads ("±" beside an input): they win over everything else; by default
   * those the analysis keeps (`range_widths`) */
  widened?: Spreads;
}

/**
 * Every uncertain assumption's spread for an analysis as shown: market-backed ones from their
 * figure's tier and range, the rest from the model's default rules, the user's typed values exact,
 * and the user's widened spreads (those given, else those the analysis keeps) on top.
 */
export function analysisSpreads(analysis: AnalysisView, options: SpreadOptions = {}): Spreads {
  const assumptions = analysis.property.metrics;
  const exact = new Set<keyof SpreadDeal>(
    options.exact ?? inferOverridden(assumptions, derivationContextOf(analysis)),
  );
  const spreads = defaultSpreads(assumptions, exact);
  for (const key of Object.keys(MARKET_BACKED) as SpreadKey[]) {
    const value = assumptions[key];
    if (exact.has(key) || value === undefined) continue;
    const spread = marketSpread(analysis, key, value);
    if (spread) spreads[key] = spread;
  }
  const widened = options.widened ?? widenedSpreads(analysis.range_widths ?? {}, assumptions).spreads;
  return { ...spreads, ...widened };
}

/** The engine's input and spreads for an analysis: what a simulation (here or in a worker) runs. */
export function simulationInput(analysis: AnalysisView, options: SpreadOptions = {}) {
  const facts = factsOf(analysis);
  return {
    input: dealInput(analysis.property, analysis.property.metrics, facts),
    spreads: analysisSpreads(analysis, options),
  };
}

/** The ranges of an analysis with the shared seed and draw count (the report's, the page's). */
export function simulateAnalysis(
  analysis: AnalysisView,
  options: SpreadOptions & { targets?: OfferTargets } = {},
): Simulation {
  const { input, spreads } = simulationInput(analysis, options);
  return simulate(input, spreads, { ...RANGE_SIMULATION, targets: options.targets });
}

/**
 * Each simulated measure as the screens and the report name and format it: the metric whose label
 * and kind it takes (cash-on-cash is the levered returns; the multiple and profit are levered).
 */
export const RANGE_MEASURES: Readonly<Record<SimulatedMeasure, MetricKey>> = {
  monthly_levered_cash_flow: 'monthly_levered_cash_flow',
  cash_on_cash: 'levered_returns',
  dscr: 'dscr',
  unlevered_xirr: 'unlevered_xirr',
  levered_xirr: 'levered_xirr',
  equity_multiple: 'levered_equity_multiple',
  profit: 'levered_profit',
};

export interface MeasureBand {
  /** the 10th percentile; −1 (−100 %) for an XIRR whose 10th percentile is a total loss */
  low: number;
  high: number;
  /** each end as shown: '-$120.00', or 'a total loss' */
  lowText: string;
  highText: string;
  /** '-$120.00 to $640.00' */
  text: string;
}

const XIRR_MEASURES: ReadonlySet<SimulatedMeasure> = new Set(['levered_xirr', 'unlevered_xirr']);

/** How a band's end that is a total loss (an XIRR with no rate: the cash never comes back) reads. */
export const TOTAL_LOSS_TEXT = 'a total loss';

/**
 * A measure's 10th–90th percentile band as shown, or null when too few draws have a value (an
 * XIRR where most outcomes have no rate): a band from under half the draws would hide the others.
 * An XIRR whose 10th percentile is a total loss reads 'a total loss to 26.63%' (`low` −1).
 */
export function measureBand(simulation: Simulation, measure: SimulatedMeasure): MeasureBand | null {
  const band = simulation.percentiles[measure];
  if (band.p90 === null) return null;
  const key = RANGE_MEASURES[measure];
  const highText = formatMetric(key, band.p90);
  // simulate ranks an XIRR's total losses below every rate and leaves a percentile on one null,
  // having already refused a band where most draws have no rate (QA: 1 outcome in 7 lost all the
  // cash, and the page said most outcomes had no rate)
  if (band.p10 === null) {
    if (!XIRR_MEASURES.has(measure)) return null;
    return {
      low: -1,
      high: band.p90,
      lowText: TOTAL_LOSS_TEXT,
      highText,
      text: `${TOTAL_LOSS_TEXT} to ${highText}`,
    };
  }
  if (!XIRR_MEASURES.has(measure) && band.count < simulation.draws / 2) return null;
  const lowText = formatMetric(key, band.p10);
  return { low: band.p10, high: band.p90, lowText, highText, text: `${lowText} to ${highText}` };
}

/**
 * What a measure shows when `measureBand` has none: most simulated outcomes have no value for it. An
 * XIRR has none where the cash never comes back (no rate of return exists), a DSCR where there is
 * no loan payment; saying so beats a figure that silently lacks the range the others have.
 *
 * @example noBandText('levered_xirr') === 'no likely range: most outcomes lose all the cash or have no rate of return'
 */
export function noBandText(measure: SimulatedMeasure): string {
  return XIRR_MEASURES.has(measure)
    ? 'no likely range: most outcomes lose all the cash or have no rate of return'
    : 'no likely range: most outcomes have no such figure';
}

/** '23.40%': the share of outcomes whose year-1 monthly levered cash flow is below zero. */
export function negativeCashFlowChance(simulation: Simulation): string {
  return formatPercent(simulation.probabilities.negative_cash_flow);
}

export interface CheckFirst {
  key: SpreadKey;
  label: string;
  /** 'moves levered XIRR by 6.10 points' */
  why: string;
}

const swingText = {
  levered_xirr: ({ swing, at_low, at_high }: DriverSwing) => {
    // an end without a rate whose swing counts is a total loss (simulate's tornado)
    const rate = at_low === null ? at_high : at_high === null ? at_low : null;
    return rate === null
      ? `moves levered XIRR by ${formatPercent(swing ?? 0).replace('%', ' points')}`
      : `moves levered XIRR from a total loss to ${formatPercent(rate)}`;
  },
  monthly_levered_cash_flow: ({ swing }: DriverSwing) =>
    `moves monthly cash flow by ${formatMetric('monthly_levered_cash_flow', swing ?? 0)}`,
} as const;

/**
 * The inputs that move the answer most, to check before anything else: the first two by their
 * swing of levered XIRR and the first two by monthly cash flow, taken in turn, at most `count`.
 * An input whose spread moves nothing (a swing of 0) is never listed.
 */
/** What `checkFirst`'s list is, said under it (QA: points of XIRR and dollars read as one ranking). */
export const CHECK_FIRST_NOTE =
  'In turns, what swings the levered XIRR and what swings the monthly cash flow most over its range: the two lists are not ranked against each other.';

export function checkFirst(simulation: Simulation, count = 3): CheckFirst[] {
  const lists = (['levered_xirr', 'monthly_levered_cash_flow'] as const).map((measure) =>
    simulation.drivers[measure]
      .filter((driver) => driver.swing !== null && driver.swing > 0)
      .slice(0, 2)
      .map((driver) => ({ key: driver.key, why: swingText[measure](driver) })),
  );
  const picked: CheckFirst[] = [];
  for (let i = 0; i < 2; i++) {
    for (const list of lists) {
      const driver = list[i];
      if (!driver || picked.some((p) => p.key === driver.key)) continue;
      picked.push({ key: driver.key, label: METRIC_LABELS[driver.key], why: driver.why });
    }
  }
  return picked.slice(0, count);
}
