/**
 * The API's derivation of a new analysis's assumptions as it stood before it moved into this
 * package (apps/api/src/services/defaults.ts at commit 40b62f0), kept verbatim apart from its
 * imports as the oracle `deriveAssumptions` must match float for float. Test-only.
 */
import type { Assumptions } from '../../src/types.js';

type PropertyInput = { purchase_price: number; factor: number };

export const API_DEFAULTS = {
  closingCostShare: 0.03,
  vacancyRate: 0.05,
  rentGrowth: 0.03,
  otherIncomeGrowth: 0.02,
  managementShareOfEgr: 0.08,
  managementGrowth: 0.03,
  /** No state insurance table ships with the data, so the model's national fallback applies. */
  insuranceRate: 0.006,
  insuranceGrowth: 0.04,
  /** Used when no county, state or market data is available. */
  propertyTaxRate: 0.01,
  propertyTaxGrowth: 0.02,
  maintenanceShareOfRent: 0.1,
  maintenanceGrowth: 0.03,
  loanToValue: 0.75,
  /** Used when the mortgage-rate file is unavailable. */
  interestRate: 0.07,
  loanTermYears: 30,
  financingFeeShare: 0.01,
  loanProcessingFees: 1_500,
  annualPriceAppreciation: 0.03,
  costToSell: 0.06,
  holdPeriodYears: 5,
} as const;

interface DefaultInputs {
  /** market rent per unit per month, else HUD rent per unit; null when neither is known */
  rentPerUnit: number | null;
  propertyTaxRate: number | null;
  interestRate: number | null;
}

/**
 * Every editable assumption for a property, from the model doc's defaults and the market figures.
 *
 * @example
 * deriveAssumptions({ purchase_price: 450_000, factor: 1, … }, { rentPerUnit: 2_347, propertyTaxRate: 0.01535, interestRate: 0.0803 })
 * // rent 2,347; property_management 0.08 × 2,347 × 12 × 0.95 = 2,140.46; property_taxes 6,907.50; maintenance 2,816.40
 */
export function apiDeriveAssumptions(property: PropertyInput, market: DefaultInputs): Assumptions {
  const d = API_DEFAULTS;
  const price = property.purchase_price;
  const rent = (market.rentPerUnit ?? 0) * property.factor;
  const yearOneEgr = 12 * rent * (1 - d.vacancyRate); // other income defaults to 0
  const loanAmount = d.loanToValue * price;
  return {
    purchase_price: price,
    closing_cost: d.closingCostShare * price,
    rent,
    other_income: 0,
    vacancy_rate: d.vacancyRate,
    rent_annual_growth_rate: d.rentGrowth,
    other_income_annual_growth_rate: d.otherIncomeGrowth,
    property_management: d.managementShareOfEgr * yearOneEgr,
    property_management_annual_growth_rate: d.managementGrowth,
    insurance: d.insuranceRate * price,
    insurance_annual_growth_rate: d.insuranceGrowth,
    property_taxes: (market.propertyTaxRate ?? d.propertyTaxRate) * price,
    property_taxes_annual_growth_rate: d.propertyTaxGrowth,
    maintenance: d.maintenanceShareOfRent * 12 * rent,
    property_maintenance_annual_growth_rate: d.maintenanceGrowth,
    loan_to_value: d.loanToValue,
    interest_rate: market.interestRate ?? d.interestRate,
    loan_term: d.loanTermYears,
    financing_fees: d.financingFeeShare * loanAmount,
    loan_processing_fees: d.loanProcessingFees,
    annual_price_appreciation: d.annualPriceAppreciation,
    cost_to_sell: d.costToSell,
    hold_period: d.holdPeriodYears,
  };
}
