/**
 * The default assumptions of a new analysis (underwriting-model.md, "Inputs") and how each one
 * follows its drivers, shared by the API (which derives a new analysis) and the browser (which
 * re-derives as the user edits). Every formula lives once, in `DERIVATIONS`.
 */
import { ASSUMPTION_BOUNDS } from './bounds.js';
import { taxByTiers } from './tax-tiers.js';
import type {
  Assumptions,
  ExpenseLines,
  InsuranceShape,
  PropertyTaxShape,
  PropertyTaxTiers,
} from './types.js';

/**
 * The model's default assumptions (underwriting-model.md, "Inputs"): shares of a driver, growth
 * rates, the loan, and the fallbacks used when a market figure is missing.
 *
 * @example
 * DEFAULTS.closingCostShare * 450_000; // 13,500: closing cost at a $450,000 price
 */
export const DEFAULTS = {
  closingCostShare: 0.03,
  vacancyRate: 0.05,
  rentGrowth: 0.03,
  otherIncomeGrowth: 0.02,
  managementShareOfEgr: 0.08,
  managementGrowth: 0.03,
  /** Used when the place has no insurance estimate (and by analyses made before there was one). */
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
  /** Used when the county price index is unavailable (and by analyses made before it was used). */
  annualPriceAppreciation: 0.03,
  costToSell: 0.06,
  holdPeriodYears: 5,
} as const;

/** A proposed default for an optional expense line: its value, why, and the evidence (or "judgment"). */
export interface ExpenseLineDefault {
  value: number;
  /** the default in a few words, as the results show it beside the input */
  basis: string;
  reason: string;
  source: string;
}

/**
 * The defaults of the optional expense lines for a NEW analysis (issue 28 §1), each with its reason
 * and source; `newAnalysisExpenseLines` gives their values, which the API adds to every new
 * analysis. Not applied by `deriveAssumptions` or `rederive`, which also serve analyses stored
 * before the lines existed: those keep no lines until the user gives one. `hoa_annual_growth_rate`
 * has none: left out, the dues grow with maintenance.
 *
 * @example
 * NEW_ANALYSIS_EXPENSE_DEFAULTS.capex_reserve.value * 12 * 2_000; // 1,200: the reserve a year on $2,000 of rent
 */
export const NEW_ANALYSIS_EXPENSE_DEFAULTS: Readonly<
  Record<'capex_reserve' | 'hoa' | 'owner_utilities' | 'leasing_fee' | 'tenancy_months', ExpenseLineDefault>
> = {
  capex_reserve: {
    value: 0.05,
    basis: '5 % of gross scheduled rent, the investors’ convention for a house in good condition',
    reason:
      "issue 28's default: 5 % of gross scheduled rent, the investors' convention for a house in good " +
      'condition (older roofs and systems need more). Note: the model documents its maintenance default ' +
      '(10 % of rent) as "repairs and capital reserve", so a 5 % reserve on top of it counts part of the ' +
      'capital spending twice unless maintenance drops to repairs only (e.g. 5 %).',
    source:
      'rpm-fl.com/how-to-calculate-capital-expenditures-and-cash-flow-on-your-ocala-rental ("typically, on a ' +
      'property in good condition, investors use 5% vacancy, 5% capex, and 5% for repairs/maintenance", after ' +
      "BiggerPockets' forums); biggerpockets.com/forums/52/topics/614542 (6–10 % of rent) and " +
      '/forums/48/topics/193617 (7 % of gross rent)',
  },
  hoa: {
    value: 0,
    basis: 'none: enter the association’s dues if the house has one',
    reason:
      "issue 28's default: most single-family rentals have no owners' association; a house that has one " +
      'should enter its dues, which the listing or the association states',
    source: 'judgment (issue 28)',
  },
  owner_utilities: {
    value: 0,
    basis:
      'none: a house’s tenant usually pays every utility; enter any the owner pays (on 2–4 units often water, sewer and trash)',
    reason:
      "issue 28's default: a single-family tenant usually pays every utility; a 2–4 unit owner often pays " +
      'water, trash or common-area power and should enter them',
    source: 'judgment (issue 28)',
  },
  leasing_fee: {
    value: 0.5,
    basis: 'half a month’s rent per new lease, the low end of managers’ fees',
    reason:
      'issue 28 gives no default; half a month of rent per new lease is the low end of what property ' +
      "managers charge to place a tenant, consistent with the model's management default (8 % of revenue), " +
      'which assumes a manager',
    source:
      'learn.hometrics.ai/service-categories/property-management/costs-and-fees ("50% to 100% of first ' +
      'month\'s rent"); gsrpropertymanagers.com/property-management-leasing-fee (25–100 %); a Lubbock ' +
      "manager's 50 % (biggerpockets.com/posts/user/ondrejg)",
  },
  tenancy_months: {
    value: 24,
    basis: 'a new lease every 2 years (US renters stay about 27 months)',
    reason:
      'a new lease every two years: below the 27.5-month average stay of US renters in apartment buildings ' +
      '(24.3 in the South), since single-family renters stay longer, so the leasing cost errs high',
    source:
      'ResidentRated, "Average U.S. renter stays in a building 27.5 months" (2019, ' +
      'residentrated.com/blog/2019/6/10/average-us-renter-stays-in-a-building-275-months); Census ACS 2023 ' +
      'tenure by structure type (chandan.com/post/in-which-property-type-do-renters-stay-the-longest); judgment',
  },
};

/**
 * The expense lines a new analysis starts with: NEW_ANALYSIS_EXPENSE_DEFAULTS' values.
 *
 * @example
 * newAnalysisExpenseLines();
 * // { capex_reserve: 0.05, hoa: 0, owner_utilities: 0, leasing_fee: 0.5, tenancy_months: 24 }
 */
export function newAnalysisExpenseLines(): ExpenseLines {
  const lines: ExpenseLines = {};
  for (const [key, line] of Object.entries(NEW_ANALYSIS_EXPENSE_DEFAULTS)) {
    lines[key as keyof typeof NEW_ANALYSIS_EXPENSE_DEFAULTS] = line.value;
  }
  return lines;
}

/** The market figures a new analysis starts from; null where the data has none. */
export interface MarketInputs {
  /** market rent per unit per month, else HUD rent per unit; null when neither is known */
  rentPerUnit: number | null;
  propertyTaxRate: number | null;
  interestRate: number | null;
  /** the county's default annual price appreciation; absent or null: the model's 3 % */
  annualPriceAppreciation?: number | null;
  /**
   * the place's insurance a year per dollar of the price, beyond `insuranceFixed`; absent or null:
   * the model's 0.6 %
   */
  insuranceRate?: number | null;
  /**
   * the part of the place's premium that does not follow the price, $/yr (`InsuranceShape`); given
   * and above 0, a new analysis keeps it as `insurance_fixed`
   */
  insuranceFixed?: number | null;
  /**
   * the place's property tax in tiers (`PropertyTaxShape`); given, a new analysis keeps it as
   * `property_tax_tiers` and the tax follows it (`propertyTaxRate` is then its rate at the price)
   */
  propertyTaxTiers?: PropertyTaxTiers | null;
}

/**
 * Everything a derivation reads besides the assumptions themselves: the market figures with their
 * fallbacks applied, and the house type. A stored analysis carries all of it, so the browser
 * rebuilds it from an API response: `units` = property.factor, `rentPerUnit` =
 * year_1_metrics.rentometer_rent ?? year_1_metrics.hud_rent, and `propertyTaxRate`,
 * `insuranceRate`, `interestRate`, `annualPriceAppreciation` = market_data.figures.{property_tax_rate,
 * insurance_rate, interest_rate, annual_price_appreciation}.value (those figures already hold the
 * fallbacks; an analysis stored before a figure existed takes the model default).
 */
export interface DerivationContext {
  /** house type: 1 = single family … 4 = four family */
  units: number;
  /** market rent per unit per month; null when unknown (rent then derives to 0: the user enters it) */
  rentPerUnit: number | null;
  /** effective property-tax rate, a fraction of the price a year */
  propertyTaxRate: number;
  /** insurance a year per dollar of the price, beyond the deal's `insurance_fixed` (none: all of it) */
  insuranceRate: number;
  /** mortgage rate in force, a fraction a year */
  interestRate: number;
  /** default annual price appreciation for the place, a fraction a year */
  annualPriceAppreciation: number;
}

/**
 * The context of a new analysis: the market figures with the model's fallbacks
 * (property tax 1.0 %, interest 7 %, insurance 0.6 %, appreciation 3 %).
 *
 * @example
 * derivationContext({ factor: 2 }, { rentPerUnit: 1_500, propertyTaxRate: null, interestRate: 0.065 });
 * // { units: 2, rentPerUnit: 1500, propertyTaxRate: 0.01, insuranceRate: 0.006, interestRate: 0.065,
 * //   annualPriceAppreciation: 0.03 }
 */
export function derivationContext(property: { factor: number }, market: MarketInputs): DerivationContext {
  return {
    units: property.factor,
    rentPerUnit: market.rentPerUnit,
    propertyTaxRate: market.propertyTaxRate ?? DEFAULTS.propertyTaxRate,
    insuranceRate: market.insuranceRate ?? DEFAULTS.insuranceRate,
    interestRate: market.interestRate ?? DEFAULTS.interestRate,
    annualPriceAppreciation: market.annualPriceAppreciation ?? DEFAULTS.annualPriceAppreciation,
  };
}

/** Every assumption but the price, which only the user sets. */
export type DerivedKey = Exclude<keyof Assumptions, 'purchase_price'>;

/**
 * How one assumption is derived. `formula` values follow other assumptions (their `drivers`), so
 * they change when a driver does; `market` values come from the context; `constant` values are
 * the model's defaults.
 */
export interface Derivation {
  kind: 'constant' | 'market' | 'formula';
  /** the assumptions the value follows; empty unless `kind` is 'formula' */
  drivers: readonly (keyof Assumptions)[];
  /** for people, e.g. '3 % of the purchase price' */
  basis: string;
  derive(a: Assumptions & InsuranceShape & PropertyTaxShape, context: DerivationContext): number;
}

const constant = (value: number, basis = 'model default'): Derivation => ({
  kind: 'constant',
  drivers: [],
  basis,
  derive: () => value,
});

/**
 * Year-1 effective gross revenue, 12 × (rent + other income) × (1 − vacancy), as the schedule
 * computes it. With other income 0 (its default) `rent + 0` is `rent` exactly, so a new analysis
 * gets the very same float as the API's `12 × rent × (1 − vacancy)` did.
 */
function yearOneEgr(a: Assumptions): number {
  return 12 * (a.rent + a.other_income) * (1 - a.vacancy_rate);
}

/**
 * Each derived assumption, in an order where every driver comes before what it drives (market
 * and constant values first, then the formulas), so one pass derives everything.
 */
export const DERIVATIONS: { readonly [K in DerivedKey]: Derivation } = {
  rent: {
    kind: 'market',
    drivers: [],
    basis: 'market rent per unit × units',
    derive: (_, c) => (c.rentPerUnit ?? 0) * c.units,
  },
  other_income: constant(0),
  vacancy_rate: constant(DEFAULTS.vacancyRate),
  rent_annual_growth_rate: constant(DEFAULTS.rentGrowth),
  other_income_annual_growth_rate: constant(DEFAULTS.otherIncomeGrowth),
  property_management_annual_growth_rate: constant(DEFAULTS.managementGrowth),
  insurance_annual_growth_rate: constant(DEFAULTS.insuranceGrowth),
  property_taxes_annual_growth_rate: constant(DEFAULTS.propertyTaxGrowth),
  property_maintenance_annual_growth_rate: constant(DEFAULTS.maintenanceGrowth),
  loan_to_value: constant(DEFAULTS.loanToValue),
  interest_rate: {
    kind: 'market',
    drivers: [],
    basis: 'mortgage rate in force',
    derive: (_, c) => c.interestRate,
  },
  loan_term: constant(DEFAULTS.loanTermYears),
  loan_processing_fees: constant(DEFAULTS.loanProcessingFees),
  annual_price_appreciation: {
    kind: 'market',
    drivers: [],
    basis:
      "long-run local house prices (the county's, else its state's typical county's) blended with the nation's",
    derive: (_, c) => c.annualPriceAppreciation,
  },
  cost_to_sell: constant(DEFAULTS.costToSell),
  hold_period: constant(DEFAULTS.holdPeriodYears),
  closing_cost: {
    kind: 'formula',
    drivers: ['purchase_price'],
    basis: '3 % of the purchase price',
    derive: (a) => DEFAULTS.closingCostShare * a.purchase_price,
  },
  property_management: {
    kind: 'formula',
    drivers: ['rent', 'other_income', 'vacancy_rate'],
    basis: '8 % of year-1 effective gross revenue',
    derive: (a) => DEFAULTS.managementShareOfEgr * yearOneEgr(a),
  },
  insurance: {
    kind: 'formula',
    drivers: ['purchase_price'],
    basis: 'purchase price × insurance rate, plus the premium’s fixed part when it has one',
    derive: (a, c) => (a.insurance_fixed ?? 0) + c.insuranceRate * a.purchase_price,
  },
  property_taxes: {
    kind: 'formula',
    drivers: ['purchase_price'],
    basis: 'purchase price × property-tax rate',
    derive: (a, c) =>
      a.property_tax_tiers === undefined
        ? c.propertyTaxRate * a.purchase_price
        : taxByTiers(a.property_tax_tiers, a.purchase_price),
  },
  maintenance: {
    kind: 'formula',
    drivers: ['rent'],
    basis: '10 % of year-1 gross scheduled rent',
    derive: (a) => DEFAULTS.maintenanceShareOfRent * 12 * a.rent,
  },
  financing_fees: {
    kind: 'formula',
    drivers: ['purchase_price', 'loan_to_value'],
    basis: '1 % of the loan amount (LTV × purchase price)',
    derive: (a) => DEFAULTS.financingFeeShare * (a.loan_to_value * a.purchase_price),
  },
};

/** The derived assumptions in derivation order (drivers first). */
export const DERIVED_KEYS = Object.keys(DERIVATIONS) as DerivedKey[];

/**
 * Every editable assumption of a new analysis: the price from the user, the rest derived from the
 * market figures and the model's defaults (`derivationContext`, then `DERIVATIONS`).
 *
 * Formulas: closing_cost = 3 % × price; rent = rent per unit × units; property_management =
 * 8 % × 12 × rent × (1 − 5 %); insurance = the premium's fixed part (if any) + 0.6 % × price (or the
 * place's rate per dollar); property_taxes = tax rate × price;
 * maintenance = 10 % × 12 × rent; financing_fees = 1 % × 75 % × price; the rest are constants.
 *
 * @example
 * deriveAssumptions({ purchase_price: 450_000, factor: 1 },
 *   { rentPerUnit: 2_347, propertyTaxRate: 0.01535, interestRate: 0.0803 });
 * // rent 2,347; closing_cost 13,500; property_management 0.08 × 2,347 × 12 × 0.95 = 2,140.464;
 * // insurance 2,700; property_taxes 6,907.50; maintenance 2,816.40; financing_fees 3,375
 */
export function deriveAssumptions(
  property: { purchase_price: number; factor: number },
  market: MarketInputs,
): Assumptions & InsuranceShape & PropertyTaxShape {
  const context = derivationContext(property, market);
  // every key in the model's order, so the object (and its JSON) keeps that order; `rederive`
  // copies it in that order and, with nothing overridden, derives every field but the price
  const a: Assumptions & InsuranceShape & PropertyTaxShape = {
    purchase_price: property.purchase_price,
    closing_cost: 0,
    rent: 0,
    other_income: 0,
    vacancy_rate: 0,
    rent_annual_growth_rate: 0,
    other_income_annual_growth_rate: 0,
    property_management: 0,
    property_management_annual_growth_rate: 0,
    insurance: 0,
    insurance_annual_growth_rate: 0,
    property_taxes: 0,
    property_taxes_annual_growth_rate: 0,
    maintenance: 0,
    property_maintenance_annual_growth_rate: 0,
    loan_to_value: 0,
    interest_rate: 0,
    loan_term: 0,
    financing_fees: 0,
    loan_processing_fees: 0,
    annual_price_appreciation: 0,
    cost_to_sell: 0,
    hold_period: 0,
  };
  if (market.insuranceFixed != null && market.insuranceFixed > 0) a.insurance_fixed = market.insuranceFixed;
  if (market.propertyTaxTiers != null) a.property_tax_tiers = { ...market.propertyTaxTiers };
  return rederive(a, new Set(), context);
}

/**
 * The assumptions with every field the user has not overridden derived again from its current
 * drivers and the context: change the price and closing cost, insurance, taxes and financing fees
 * follow; change the rent and management and maintenance follow. Overridden fields (and the price)
 * are returned exactly as given. Idempotent: re-deriving the result changes nothing.
 *
 * @example
 * const market = { rentPerUnit: 2_347, propertyTaxRate: 0.01535, interestRate: 0.0803 };
 * const context = derivationContext({ factor: 1 }, market);
 * const a = deriveAssumptions({ purchase_price: 450_000, factor: 1 }, market);
 * rederive({ ...a, purchase_price: 400_000 }, new Set(), context).closing_cost;  // 12,000 = 3 % × 400,000
 * rederive({ ...a, purchase_price: 400_000, closing_cost: 9_000 }, new Set(['closing_cost']), context)
 *   .closing_cost;                                                                // 9,000, the user's
 */
export function rederive<A extends Assumptions>(
  assumptions: A,
  overridden: ReadonlySet<keyof A>,
  context: DerivationContext,
): A {
  // fields beyond the assumptions (the optional expense lines) are kept as given
  const a = Object.assign({}, assumptions);
  for (const key of DERIVED_KEYS) {
    if (!overridden.has(key)) a[key] = DERIVATIONS[key].derive(a, context);
  }
  return a;
}

/**
 * The fields of a stored analysis that differ from what their derivation gives (from the stored
 * drivers and the context): those the user overrode. For an analysis saved before overrides were
 * tracked, and for one whose market figures have moved since, this keeps every stored value that
 * is not its derivation exactly as stored. Money within half a cent and rates within 1e-9 of the
 * derived value count as derived (the same number to the cent).
 *
 * @example
 * // market and context as in `rederive`'s example
 * const a = deriveAssumptions({ purchase_price: 450_000, factor: 1 }, market);
 * inferOverridden({ ...a, maintenance: 3_000 }, context); // Set { 'maintenance' }
 */
export function inferOverridden(assumptions: Assumptions, context: DerivationContext): Set<DerivedKey> {
  const overridden = new Set<DerivedKey>();
  for (const key of DERIVED_KEYS) {
    const derived = DERIVATIONS[key].derive(assumptions, context);
    const tolerance = ASSUMPTION_BOUNDS[key].kind === 'money' ? 0.005 : 1e-9;
    if (!(Math.abs(assumptions[key] - derived) <= tolerance)) overridden.add(key);
  }
  return overridden;
}
