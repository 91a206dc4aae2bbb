/**
 * An analysis of the README's example deal for unit tests, built the way the API builds one: the
 * defaults derived from the market figures by `@sfr/underwriting`, then the one assembler.
 */
import { type AnalysisResponse, assembleAnalysis, NOTHING_KEPT, type PropertyInput } from '@sfr/contracts';
import { deriveAssumptions, type MarketInputs } from '@sfr/underwriting';

const EXAMPLE_PROPERTY: PropertyInput = {
  street: '1100 Congress Ave',
  city: 'Austin',
  zipcode: '78701',
  state_code: 'TX',
  county_name: 'Travis County',
  num_bedrooms: 3,
  num_bathrooms: 2,
  purchase_price: 450_000,
  factor: 1,
};

/** HUD's FY2026 3-bedroom rent for 78701, Travis County's effective tax rate, an 8.03 % mortgage rate. */
const EXAMPLE_MARKET: MarketInputs = {
  rentPerUnit: 2_347,
  propertyTaxRate: 0.01535,
  interestRate: 0.0803,
};

const figure = (value: number) => ({ value, source: 'test', vintage: null, tier: 'reported' as const });

export function exampleAnalysis(property: PropertyInput = EXAMPLE_PROPERTY): AnalysisResponse {
  const metrics = deriveAssumptions(property, EXAMPLE_MARKET);
  const analysis = assembleAnalysis(
    property,
    metrics,
    {
      hud_rent: EXAMPLE_MARKET.rentPerUnit,
      market_rent: null,
      violent_crime_grade: 'C',
      property_crime_grade: 'D+',
      market_data: {
        figures: {
          property_tax_rate: figure(0.01535),
          insurance_rate: figure(0.006),
          interest_rate: figure(0.0803),
        },
        warnings: [],
      },
    },
    NOTHING_KEPT,
  );
  return { ...analysis, analysis_id: 'abcdefghijklmnopqrstuvwx' };
}
