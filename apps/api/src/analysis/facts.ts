/**
 * The market facts an analysis keeps: everything its numbers read from the market, with sources,
 * so editing the metrics later recomputes the same analysis without asking any provider again.
 */
import type { AnalysisFacts, MarketData } from '@sfr/contracts';
import type { MarketFacts } from '../market/service.js';
import { ratedCrimeGrade } from '../market/tables/crime.js';

export type { AnalysisFacts } from '@sfr/contracts';

/** What an analysis keeps of the market service's answer, `market_data` being its rendered figures. */
export function analysisFacts(facts: MarketFacts, market_data: MarketData): AnalysisFacts {
  return {
    hud_rent: facts.hud_rent?.value ?? null,
    market_rent: facts.market_rent?.value ?? null,
    // an estimated grade is a guess: the rating counts it as unknown; an incomplete one at its floor
    violent_crime_grade: ratedCrimeGrade(facts.violent_crime_grade),
    property_crime_grade: ratedCrimeGrade(facts.property_crime_grade),
    market_data,
  };
}
