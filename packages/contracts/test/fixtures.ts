import type { Assumptions, DealInput, ExpenseLines } from '@sfr/underwriting';
import type { PropertyInput } from '../src/index.js';

/** A $250,000 single family with the model's default assumptions (underwriting-model.md, "Inputs"). */
export const exampleDeal: DealInput = {
  purchase_price: 250_000,
  closing_cost: 7_500,
  rent: 2_100,
  other_income: 0,
  vacancy_rate: 0.05,
  rent_annual_growth_rate: 0.03,
  other_income_annual_growth_rate: 0.02,
  property_management: 1_915.2,
  property_management_annual_growth_rate: 0.03,
  insurance: 1_500,
  insurance_annual_growth_rate: 0.04,
  property_taxes: 2_500,
  property_taxes_annual_growth_rate: 0.02,
  maintenance: 2_520,
  property_maintenance_annual_growth_rate: 0.03,
  loan_to_value: 0.75,
  interest_rate: 0.07,
  loan_term: 30,
  financing_fees: 1_875,
  loan_processing_fees: 1_500,
  annual_price_appreciation: 0.03,
  cost_to_sell: 0.06,
  hold_period: 5,
  units: 1,
  violent_crime_grade: 'B',
  property_crime_grade: 'C+',
};

const {
  units: _units,
  violent_crime_grade: _violent,
  property_crime_grade: _property,
  ...assumptions
} = exampleDeal;

/** The deal's editable assumptions alone. */
export const exampleAssumptions: Assumptions = assumptions;

/** The analyzer form as the browser sends it: every value is text. */
export const exampleForm = {
  street: ' 12 Elm Street ',
  city: 'Springfield',
  zipcode: '62704-1234',
  state_code: 'il',
  county_name: 'Sangamon',
  num_bedrooms: '3',
  num_bathrooms: '1.5',
  purchase_price: '250000',
  factor: '1',
};

export const exampleProperty: PropertyInput = {
  street: '12 Elm Street',
  city: 'Springfield',
  zipcode: '62704',
  state_code: 'IL',
  county_name: 'Sangamon',
  num_bedrooms: 3,
  num_bathrooms: 1.5,
  purchase_price: 250_000,
  factor: 1,
};

/** Every optional expense line (issue 28) given, none at the new-analysis default. */
export const exampleExpenseLines: Required<ExpenseLines> = {
  capex_reserve: 0.07,
  hoa: 125,
  hoa_annual_growth_rate: 0.04,
  owner_utilities: 60,
  leasing_fee: 0.5,
  tenancy_months: 30,
};

/** Every optional metric typed as one number (issue 28): the expense lines, the loan shape and the rehab. */
export const exampleOptionalMetrics = {
  ...exampleExpenseLines,
  interest_only_months: 24,
  points: 0.01,
  rehab_budget: 25_000,
  rehab_months: 3,
  after_repair_value: 310_000,
};
