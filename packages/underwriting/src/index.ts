export { analyze } from './analyze.js';
export { ASSUMPTION_BOUNDS, ASSUMPTION_KEYS, type Bound, UNITS_BOUND } from './bounds.js';
export { type BreakEven, breakEven } from './break-even.js';
export {
  DEFAULTS,
  DERIVATIONS,
  DERIVED_KEYS,
  type Derivation,
  type DerivationContext,
  type DerivedKey,
  derivationContext,
  deriveAssumptions,
  inferOverridden,
  type MarketInputs,
  rederive,
} from './defaults.js';
export { atPrice, SENSITIVITY_DRIVERS, type SensitivityDriver, withDriver } from './drivers.js';
export { UnderwritingInputError } from './errors.js';
export { irr, npv } from './irr.js';
export {
  type AmortizationRow,
  amortizationSchedule,
  type Loan,
  loanBalance,
  monthlyPayment,
} from './loan.js';
export {
  type MaxOffer,
  maxOffer,
  OFFER_PRICE_RANGE,
  OFFER_TARGET_KEYS,
  OFFER_TARGET_LIMITS,
  type OfferTargetKey,
  type OfferTargets,
  offerMeasure,
  validateOfferTargets,
} from './offer.js';
export { pmt } from './pmt.js';
export {
  gradeScore,
  linearPoints,
  RATING_BANDS,
  type RatingBand,
  type RatingMeasures,
  rate,
  SCORE_RULES,
} from './rating.js';
export { annualize, investmentReturns, type ReturnSummary } from './returns.js';
export { type Sale, saleAt } from './sale.js';
export {
  grown,
  loanOf,
  monthlySchedule,
  type OperatingYear,
  operatingYear,
  operatingYears,
  type ScheduleMonth,
} from './schedule.js';
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
export * from './types.js';
export { validateDealInput } from './validate.js';
export { ENGINE_VERSION } from './version.js';
export { type DatedFlow, type RateResult, xirr, xnpv } from './xirr.js';
