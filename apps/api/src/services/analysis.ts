/**
 * The analysis the API returns: the engine's numbers for the property's assumptions, plus the
 * market figures, labels and the formatted hold-period table the screen shows.
 */
import {
  type AnalysisResponse,
  formatHoldPeriodTable,
  METRIC_LABELS,
  type PropertyInput,
  type PropertyWithMetrics,
} from '@sfr/contracts';
import { type Assumptions, analyze, type CrimeGrade, UnderwritingInputError } from '@sfr/underwriting';
import { AppError } from '../errors.js';
import { DEFAULTS, deriveAssumptions } from './defaults.js';
import { type MarketFacts, type MarketService, marketFigures } from './market.js';

/** One frozen copy for every response: the serializer writes a frozen object's JSON once. */
const METRIC_DISPLAY_NAMES: Readonly<Record<string, string>> = Object.freeze({ ...METRIC_LABELS });

function grade(facts: MarketFacts, key: 'violent_crime_grade' | 'property_crime_grade'): CrimeGrade | null {
  return (facts[key]?.grade ?? null) as CrimeGrade | null;
}

/** Runs the model and shapes the response of /create_property and /update_metrics. */
export function buildAnalysis(
  property: PropertyInput,
  assumptions: Assumptions,
  facts: MarketFacts,
): AnalysisResponse {
  let analysis: ReturnType<typeof analyze>;
  try {
    analysis = analyze({
      ...assumptions,
      units: property.factor,
      violent_crime_grade: grade(facts, 'violent_crime_grade'),
      property_crime_grade: grade(facts, 'property_crime_grade'),
    });
  } catch (error) {
    if (error instanceof UnderwritingInputError) {
      throw new AppError(400, 'INVALID_ASSUMPTION', `${error.field}: ${error.rule}`, {
        [error.field]: error.rule,
      });
    }
    throw error;
  }
  return {
    // the metrics' purchase price is the one the numbers use, so the property shows the same
    property: { ...property, purchase_price: assumptions.purchase_price, metrics: assumptions },
    year_1_metrics: {
      ...analysis.year_1_metrics,
      hud_rent: facts.hud_rent?.value ?? null,
      rentometer_rent: facts.market_rent?.value ?? null,
    },
    metric_display_names: METRIC_DISPLAY_NAMES,
    sale_assumptions: analysis.sale_assumptions,
    overall_returns: analysis.overall_returns,
    summary: analysis.summary,
    metrics_for_hold_period: formatHoldPeriodTable(analysis.hold_period),
    hold_period: analysis.hold_period,
    market_data: {
      figures: marketFigures(facts, DEFAULTS.insuranceRate),
      warnings: facts.warnings,
      location: facts.location,
    },
  };
}

export function createAnalysisService(market: MarketService) {
  return {
    /** A new analysis: market figures in, the model's defaults derived from them. */
    async create(property: PropertyInput): Promise<AnalysisResponse> {
      const facts = await market.facts(property);
      const assumptions = deriveAssumptions(property, {
        rentPerUnit: facts.market_rent?.value ?? facts.hud_rent?.value ?? null,
        propertyTaxRate: facts.property_tax_rate?.value ?? null,
        interestRate: facts.interest_rate?.value ?? null,
      });
      if (assumptions.rent === 0)
        facts.warnings.push('No rent estimate is available for this property; enter the rent.');
      return buildAnalysis(property, assumptions, facts);
    },

    /** A recomputation with the user's edited metrics: every edited value is kept exactly as sent. */
    async update(property: PropertyWithMetrics): Promise<AnalysisResponse> {
      const { metrics, ...input } = property;
      const facts = await market.facts(input);
      return buildAnalysis(input, metrics, facts);
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
