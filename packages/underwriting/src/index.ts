/**
 * @sfr/underwriting's public API: what the API, the web app and the CLI use, and the documented
 * finance functions (pmt, ipmt, ppmt, nper, irr, mirr, npv, xirr, xnpv, the loan's payment, balance
 * and schedule). The known-answer suite (`verify.ts`, ~0.5 MB of cases) is left out so that apps
 * bundling this index never carry it; the CLI imports it by path. The
 * modules' other exports are internals: tests import them by path.
 */
export {
  type AfterTaxResult,
  type AfterTaxYear,
  afterTax,
  type LoanCosts,
  type TaxableDeal,
  type TaxableYear,
  taxableDealOf,
} from './after-tax.js';
export { analyze } from './analyze.js';
export {
  ASSUMPTION_BOUNDS,
  ASSUMPTION_KEYS,
  type Bound,
  holdMonthRule,
  INSURANCE_SHAPE_BOUNDS,
  LOAN_SHAPE_BOUNDS,
  OPTIONAL_INPUT_BOUNDS,
  PROPERTY_TAX_TIER_BOUNDS,
  REFINANCE_BOUNDS,
  REHAB_BOUNDS,
  SECOND_LOAN_BOUNDS,
  TAX_INPUT_BOUNDS,
  UNITS_BOUND,
} from './bounds.js';
export { type BreakEven, breakEven } from './break-even.js';
export { type ConfidentOffer, type ConfidentOfferOptions, confidentOffer } from './confident-offer.js';
export {
  DEFAULTS,
  DERIVATIONS,
  type DerivationContext,
  type DerivedKey,
  deriveAssumptions,
  type ExpenseLineDefault,
  inferOverridden,
  type MarketInputs,
  NEW_ANALYSIS_EXPENSE_DEFAULTS,
  newAnalysisExpenseLines,
  rederive,
} from './defaults.js';
export {
  atPrice,
  DEAL_DRIVERS,
  type DealDriver,
  driverOf,
  driversFor,
  REHAB_DRIVERS,
  type RehabDriver,
  SENSITIVITY_DRIVERS,
  type SensitivityDriver,
  withDriver,
} from './drivers.js';
export { UnderwritingInputError } from './errors.js';
export { irr, mirr, npv } from './irr.js';
export {
  type AmortizationRow,
  amortizationSchedule,
  type Loan,
  loanBalance,
  monthlyPayment,
} from './loan.js';
export {
  amortizingPayment,
  type Financing,
  financingOf,
  type ShapedLoan,
  shapedBalance,
  shapedPayment,
  valueAt,
} from './loan-shape.js';
export {
  defaultMirrRates,
  type MirrRates,
  type ModifiedReturns,
  modifiedReturns,
} from './modified-returns.js';
export {
  monthlyScheduleOf,
  SCHEDULE_COLUMNS,
  type ScheduleColumnKey,
  type ScheduleCsvOptions,
  type ScheduleRow,
  scheduleColumns,
  scheduleCsv,
} from './month-schedule.js';
export {
  type MaxOffer,
  maxOffer,
  OFFER_TARGET_KEYS,
  OFFER_TARGET_LIMITS,
  type OfferTargetKey,
  type OfferTargets,
  seventyPercentRule,
} from './offer.js';
export { ipmt, nper, pmt, ppmt } from './pmt.js';
export { RATING_BANDS, rate, SCORE_RULES } from './rating.js';
export { annualize, investmentReturns, type ReturnSummary } from './returns.js';
export { type Sale, saleAt } from './sale.js';
export {
  driverValue,
  SENSITIVITY_OUTCOMES,
  SENSITIVITY_STEPS,
  type SensitivityAxisValue,
  type SensitivityCell,
  type SensitivityGrid,
  type SensitivityOptions,
  type SensitivityOutcome,
  sensitivityGrid,
} from './sensitivity.js';
export {
  type Band,
  type DriverMeasure,
  type DriverSwing,
  SIMULATED_MEASURES,
  type SimulatedMeasure,
  type SimulateOptions,
  type Simulation,
  simulate,
  simulationSteps,
} from './simulate.js';
export {
  DEFAULT_SPREAD_RULES,
  defaultSpreads,
  type FigureOptions,
  type FigureTier,
  figureSpread,
  isSpreadKey,
  SPREAD_KEYS,
  type Spread,
  type SpreadDeal,
  type SpreadKey,
  type SpreadRule,
  type Spreads,
  spreadBound,
  TIER_SCALE,
  validateSpreads,
} from './spreads.js';
export { taxByTiers } from './tax-tiers.js';
export * from './types.js';
export { validateDealInput, validateTaxInputs } from './validate.js';
export { ENGINE_VERSION } from './version.js';
export { type DatedFlow, type RateResult, xirr, xnpv } from './xirr.js';
