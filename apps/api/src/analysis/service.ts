/**
 * The analysis the API returns: the engine's numbers for the property's assumptions, plus the
 * market figures, labels and the formatted hold-period table the screen shows. A new analysis reads
 * the market; a recomputation reads only the facts the analysis keeps (facts.ts).
 */
import {
  assembleAnalysis,
  type Metrics,
  NOTHING_KEPT,
  type PropertyInput,
  type SharedAnalysis,
} from '@sfr/contracts';
import { deriveAssumptions, newAnalysisExpenseLines } from '@sfr/underwriting';
import {
  drewOnMarket,
  insuranceShapeOf,
  type MarketFacts,
  type MarketService,
  marketFigures,
  NO_SEARCH_SPENT,
} from '../market/service.js';
import { taxRateAtPrice, taxTiersOf } from '../market/tables/investor-tax.js';
import { type AnalysisFacts, analysisFacts } from './facts.js';

/** An analysis as computed, before it is stored and given its id (the shared page's shape). */
export type AnalysisResult = SharedAnalysis;

/** How the user pays for a new analysis: `countsSearches` when they spend free searches (not a subscriber). */
export interface CreateOptions {
  countsSearches: boolean;
}

/** The facts an analysis keeps from the market service's answer, its figures priced at `price`. */
export function factsFromMarket(facts: MarketFacts, price: number): AnalysisFacts {
  return analysisFacts(facts, {
    figures: marketFigures(facts, price),
    warnings: facts.warnings,
    ...(facts.opportunities.length > 0 && { opportunities: facts.opportunities }),
    ...(facts.market_rent?.comparables && { comparables: facts.market_rent.comparables }),
    ...(facts.property_record && { property_record: facts.property_record }),
    location: facts.location,
  });
}

/** A computed analysis straight from the market service's facts (tests and benchmarks). */
export function buildAnalysis(
  property: PropertyInput,
  assumptions: Metrics,
  facts: MarketFacts,
): AnalysisResult {
  return assembleAnalysis(
    property,
    assumptions,
    factsFromMarket(facts, property.purchase_price),
    NOTHING_KEPT,
  );
}

export function createAnalysisService(market: MarketService) {
  return {
    /** A 400 for an address whose ZIP or state cannot be analysed; nothing else is asked. */
    checkAddress: market.checkAddress,

    /**
     * A new analysis: market figures in, the model's defaults derived from them, and the expense
     * lines a new analysis starts with (a CapEx reserve, a leasing fee; HOA and owner-paid
     * utilities at $0 for the investor to fill in). A county the ZIP
     * does not touch is corrected to the one its figures came from (the warnings say so), so the
     * analysis, its save and its report name the county they describe.
     */
    async create(
      input: PropertyInput,
      { countsSearches }: CreateOptions,
    ): Promise<{
      property: PropertyInput;
      result: AnalysisResult;
      facts: AnalysisFacts;
      /** false when nothing but the model's defaults stood behind it (`drewOnMarket`): it costs
       * nothing, and a user who counts searches is told so */
      spendsASearch: boolean;
    }> {
      const marketFacts = await market.facts(input);
      const location = marketFacts.location;
      const property =
        location?.county_matched === 'main' && location.county_name
          ? { ...input, county_name: location.county_name }
          : input;
      const assumptions = {
        ...deriveAssumptions(property, {
          rentPerUnit: marketFacts.market_rent?.value ?? marketFacts.hud_rent?.value ?? null,
          propertyTaxRate: marketFacts.property_tax_rate
            ? taxRateAtPrice(marketFacts.property_tax_rate, property.purchase_price)
            : null,
          propertyTaxTiers: marketFacts.property_tax_rate ? taxTiersOf(marketFacts.property_tax_rate) : null,
          interestRate: marketFacts.interest_rate?.value ?? null,
          annualPriceAppreciation: marketFacts.appreciation?.value ?? null,
          ...insuranceShapeOf(marketFacts, property.purchase_price),
        }),
        ...newAnalysisExpenseLines(),
      };
      if (assumptions.rent === 0)
        marketFacts.warnings.push('No rent estimate is available for this property; enter the rent.');
      const spendsASearch = drewOnMarket(marketFacts);
      if (!spendsASearch && countsSearches) marketFacts.warnings.push(NO_SEARCH_SPENT);
      const facts = factsFromMarket(marketFacts, property.purchase_price);
      // a new analysis has no scenarios yet
      return {
        property,
        result: assembleAnalysis(property, assumptions, facts, NOTHING_KEPT),
        facts,
        spendsASearch,
      };
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
