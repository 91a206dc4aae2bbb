export { type AcsCountyRow, parseAcsCountyCsv } from './acs.js';
export {
  APPRECIATION_BOUNDS,
  APPRECIATION_COUNTY_WEIGHT,
  APPRECIATION_RANGE_SIGMAS,
  type Appreciation,
  type AppreciationIndex,
  type AppreciationLevel,
  appreciationAt,
  buildAppreciationIndex,
  type HpiCountyRow,
  parseHpiCountyCsv,
} from './appreciation.js';
export { type AppreciationValidation, validateAppreciation } from './appreciation-validation.js';
export {
  type CountyCandidate,
  type CountyChoice,
  checkZipState,
  chooseZipCounty,
  countyNameKeys,
  type StateCandidate,
  type ZipStateCheck,
} from './county-choice.js';
export {
  buildCrimeGrades,
  CITYWIDE_CRIME_AREAS,
  type CountyCrimeGrades,
  CRIME_GRADE_BANDS,
  CRIME_GRADES,
  CRIME_KINDS,
  CRIME_TIERS,
  type CrimeCountyRow,
  type CrimeGrade,
  type CrimeGradeColumns,
  type CrimeGradeLetter,
  type CrimeGradeOptions,
  type CrimeKind,
  type CrimePlaceRow,
  type CrimeQuality,
  type CrimeTier,
  crimeGradeColumns,
  crimeGradeFromColumns,
  crimeObservations,
  crimeReferences,
  crimeTier,
  displayGrade,
  fitCrimeModels,
  gradeForPercentile,
  gradeLetterBand,
  midRankPercentile,
  parseCrimeCountyCsv,
  parseCrimePlaceCsv,
  ratedCrimeGrade,
} from './crime.js';
export {
  CRIME_RATE_OFFSET,
  type CrimeModel,
  type CrimeObservation,
  crimeFeatures,
  fitCrimeModel,
  STATE_FIPS_50_DC,
  STATE_SHRINKAGE,
} from './crime-model.js';
export { type CrimeValidation, validateCrimeModel } from './crime-validation.js';
export { parseZipCountyCsv, type ZipCountyPart, type ZipCountyRow, zipCountyParts } from './crosswalk.js';
export { CsvParser, CsvSyntaxError, parseCsv } from './csv.js';
export {
  buildMarketContext,
  deriveCountyRows,
  deriveZipRows,
  displayCity,
  MARKET_ROWS_VERSION,
  type MarketContext,
  type MarketCountyRow,
  type MarketZipRow,
} from './derive.js';
export { MarketDataError, MarketInputError } from './errors.js';
export {
  fileHash,
  MARKET_FILE_KEYS,
  MARKET_FILES,
  type MarketFileKey,
  type MarketFileSpec,
  type ParsedMarketFiles,
} from './files.js';
export {
  assertBedrooms,
  type BedroomRents,
  buildFmrIndex,
  FMR_AREA_ID_ALIASES,
  FMR_ROUNDING,
  type FmrBasis,
  type FmrChoice,
  type FmrIndex,
  type FmrRow,
  fmrRents,
  MAX_BEDROOMS,
  mandatorySafmrAreas,
  normalizePlaceName,
  parseFmrCsv,
  parseSafmrCsv,
  parseSafmrMandatoryCsv,
  rentForBedrooms,
  SAFMR_ROUNDING,
  type SafmrMandatoryRow,
  type SafmrRow,
  safmrRents,
  splitFmrRows,
} from './fmr.js';
export {
  emptyGazetteer,
  GAZETTEER_PROVENANCE,
  type Gazetteer,
  type GazetteerEntry,
  gazetteerFrom,
  loadZipcodesUsGazetteer,
} from './gazetteer.js';
export {
  type HudRent,
  type HudRentApplies,
  type HudRentInputs,
  hudRent,
  hudRentApplies,
  PAYMENT_STANDARD_NOTE,
  type PaymentStandardBand,
  paymentStandardBand,
} from './hud-rent.js';
export {
  INVESTOR_TAX_LABEL,
  INVESTOR_TAX_RULES,
  type InvestorTaxRate,
  type InvestorTaxRule,
  type InvestorTaxRuleKind,
  investorTaxRate,
  investorTaxRule,
  STATES_50_DC,
} from './investor-tax.js';
export { type LoadedFileInfo, loadMarketDir, type MarketFileProblem, type MarketLoadResult } from './load.js';
export {
  buildMarketData,
  fmrScheduleOf,
  type LookupOptions,
  lookupFromRows,
  type MarketData,
  type MarketDataOptions,
  safmrScheduleOf,
  type ZipCounty,
  type ZipMarketLookup,
} from './market-index.js';
export {
  BEDROOM_LADDER,
  bedroomRatio,
  MARKET_RENT_COVERAGE,
  MARKET_RENT_METHOD,
  MARKET_RENT_MODEL,
  type MarketRent,
  type MarketRentBasis,
  marketRentEstimate,
} from './market-rent.js';
export {
  DEFAULT_INVESTOR_PREMIUM,
  defaultInterestRate,
  type InterestRate,
  type MortgageRateRow,
  parseMortgageRatesCsv,
} from './mortgage.js';
export {
  fitRentModel,
  leaveStateOut,
  parseRentEvidenceCsv,
  type RentEvidenceRow,
  type RentFit,
  type RentScore,
  type RentValidation,
  rentsNow,
  validateMarketRent,
} from './rent-validation.js';
export { type Provenance, SOURCE, VINTAGE } from './sources.js';
export {
  buildTaxIndex,
  DEFAULT_PROPERTY_TAX_RATE,
  median,
  type PropertyTaxRate,
  propertyTaxRate,
  type TaxIndex,
  type TaxLevel,
} from './tax.js';
