import type { DealInput } from '../../src/index.js';

/**
 * A plain deal with round numbers, so that worked examples can be checked by hand:
 * $200,000 house, $2,000/month rent, no growth, $6,000/yr of expenses, 75 % LTV at 6 % over 30 years.
 */
export const roundDeal: DealInput = {
  purchase_price: 200_000,
  closing_cost: 6_000,
  rent: 2_000,
  other_income: 0,
  vacancy_rate: 0.05,
  rent_annual_growth_rate: 0,
  other_income_annual_growth_rate: 0,
  property_management: 1_200,
  property_management_annual_growth_rate: 0,
  insurance: 1_200,
  insurance_annual_growth_rate: 0,
  property_taxes: 2_400,
  property_taxes_annual_growth_rate: 0,
  maintenance: 1_200,
  property_maintenance_annual_growth_rate: 0,
  loan_to_value: 0.75,
  interest_rate: 0.06,
  loan_term: 30,
  financing_fees: 1_500,
  loan_processing_fees: 1_500,
  annual_price_appreciation: 0,
  cost_to_sell: 0.06,
  hold_period: 5,
  units: 1,
  violent_crime_grade: 'B',
  property_crime_grade: 'B',
};
