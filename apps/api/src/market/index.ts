export { type AcsCountyRow, parseAcsCountyCsv } from './acs.js';
export {
  buildCrimeGrades,
  type CountyCrimeGrades,
  CRIME_GRADE_BANDS,
  CRIME_GRADES,
  type CrimeCountyRow,
  type CrimeGrade,
  type CrimeGradeLetter,
  type CrimePlaceRow,
  type CrimeQuality,
  crimeGradeFromColumns,
  gradeForPercentile,
  midRankPercentile,
  parseCrimeCountyCsv,
  parseCrimePlaceCsv,
} from './crime.js';
export { type MainCounty, mainCountyByZip, parseZipCountyCsv, type ZipCountyRow } from './crosswalk.js';
export { CsvParser, CsvSyntaxError, parseCsv } from './csv.js';
export {
  buildMarketContext,
  deriveCountyRows,
  deriveZipRows,
  displayCity,
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
  type SafmrMandatoryRow,
  type SafmrRow,
  safmrRents,
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
} from './hud-rent.js';
export { type LoadedFileInfo, loadMarketDir, type MarketFileProblem, type MarketLoadResult } from './load.js';
export {
  buildMarketData,
  lookupFromRows,
  type MarketData,
  type MarketDataOptions,
  type ZipMarketLookup,
} from './market-index.js';
export { type MarketRent, marketRentEstimate } from './market-rent.js';
export {
  DEFAULT_INVESTOR_PREMIUM,
  defaultInterestRate,
  type InterestRate,
  type MortgageRateRow,
  parseMortgageRatesCsv,
} from './mortgage.js';
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
