import { createHash } from 'node:crypto';
import { type AcsCountyRow, parseAcsCountyCsv } from './acs.js';
import { type HpiCountyRow, parseHpiCountyCsv } from './appreciation.js';
import { type CityTaxRow, parseCityTaxCsv } from './city-tax.js';
import { type CrimeCountyRow, type CrimePlaceRow, parseCrimeCountyCsv, parseCrimePlaceCsv } from './crime.js';
import { type BoroughCrimeRow, parseBoroughCrimeCsv } from './crime-boroughs.js';
import { parseZipCountyCsv, type ZipCountyRow } from './crosswalk.js';
import {
  type FmrRow,
  parseFmrCsv,
  parseSafmrCsv,
  parseSafmrMandatoryCsv,
  type SafmrMandatoryRow,
  type SafmrRow,
} from './fmr.js';
import {
  type HazardCountyRow,
  type InsuranceStateRow,
  parseHazardCountyCsv,
  parseInsuranceStateCsv,
} from './insurance.js';
import { type MortgageRateRow, parseMortgageRatesCsv } from './mortgage.js';
import { type PlaceCountyRow, parsePlacesCsv } from './places.js';
import { SOURCE, VINTAGE } from './sources.js';

export interface MarketFileSpec<Row> {
  /** File name inside the market data directory. */
  readonly file: string;
  /** Parses the whole file text into typed, table-ready rows; throws `MarketDataError`. */
  readonly parse: (text: string, file?: string) => Row[];
  readonly source: string;
  /** File-level vintage, as documented in SOURCES.md (for a fiscal-year file, read from its name). */
  readonly vintage: string | ((file: string) => string);
  /** A missing optional file does not stop the market data from loading. */
  readonly required: boolean;
  /**
   * `data`: the public files (MARKET_DATA_DIR, never copied into the repo); `tables`: the small tables
   * built for this product from public sources, kept in the repo (apps/api/data/market, its README).
   */
  readonly location: 'data' | 'tables';
  /**
   * A file published each fiscal year (`fmr_fy2027.csv`): the newest year found wins, whether in the
   * data directory or among the files a refresh stored (`market:refresh`); `file` names the one the
   * shared data ships.
   */
  readonly fiscalYears?: RegExp;
}

/** 'FY2027 (effective 2026-10-01)' from a fiscal-year file name. */
const fiscalYearVintage = (file: string) => {
  const fy = Number(/(\d{4})/.exec(file)?.[1]);
  return Number.isInteger(fy) ? `FY${fy} (effective ${fy - 1}-10-01)` : file;
};

const spec = <Row>(s: MarketFileSpec<Row>): MarketFileSpec<Row> => s;

/** The market data files, in load order. Keys name the parsed tables. */
export const MARKET_FILES = {
  fmr: spec<FmrRow>({
    file: 'fmr_fy2026.csv',
    parse: parseFmrCsv,
    source: SOURCE.fmr,
    vintage: fiscalYearVintage,
    required: true,
    location: 'data',
    fiscalYears: /^fmr_fy(\d{4})\.csv$/,
  }),
  safmr: spec<SafmrRow>({
    file: 'safmr_fy2026.csv',
    parse: parseSafmrCsv,
    source: SOURCE.safmr,
    vintage: fiscalYearVintage,
    required: true,
    location: 'data',
    fiscalYears: /^safmr_fy(\d{4})\.csv$/,
  }),
  safmrMandatory: spec<SafmrMandatoryRow>({
    file: 'safmr_mandatory_metros.csv',
    parse: parseSafmrMandatoryCsv,
    source: SOURCE.safmrMandatory,
    vintage: VINTAGE.safmrMandatory,
    required: true,
    location: 'data',
  }),
  zipCounty: spec<ZipCountyRow>({
    file: 'zip_county.csv',
    parse: parseZipCountyCsv,
    source: SOURCE.crosswalk,
    vintage: VINTAGE.crosswalk,
    required: true,
    location: 'data',
  }),
  crimeCounty: spec<CrimeCountyRow>({
    file: 'crime_county.csv',
    parse: parseCrimeCountyCsv,
    source: SOURCE.crime,
    vintage: VINTAGE.crime,
    required: true,
    location: 'data',
  }),
  crimePlace: spec<CrimePlaceRow>({
    file: 'crime_place.csv',
    parse: parseCrimePlaceCsv,
    source: SOURCE.crime,
    vintage: VINTAGE.crime,
    required: false,
    location: 'data',
  }),
  acsCounty: spec<AcsCountyRow>({
    file: 'acs_county.csv',
    parse: parseAcsCountyCsv,
    source: SOURCE.acs,
    vintage: VINTAGE.acs,
    required: true,
    location: 'data',
  }),
  mortgageRates: spec<MortgageRateRow>({
    file: 'mortgage_rates.csv',
    parse: parseMortgageRatesCsv,
    source: SOURCE.mortgage,
    vintage: 'weekly, latest row = vintage',
    required: true,
    location: 'data',
  }),
  hpiCounty: spec<HpiCountyRow>({
    file: 'fhfa_hpi_county_annual.csv',
    parse: parseHpiCountyCsv,
    source: SOURCE.hpi,
    vintage: VINTAGE.hpi,
    required: false,
    location: 'data',
  }),
  placeCounties: spec<PlaceCountyRow>({
    file: 'places.csv',
    parse: parsePlacesCsv,
    source: SOURCE.places,
    vintage: VINTAGE.places,
    required: false,
    location: 'tables',
  }),
  boroughs: spec<BoroughCrimeRow>({
    file: 'nyc_borough_crime.csv',
    parse: parseBoroughCrimeCsv,
    source: SOURCE.boroughs,
    vintage: VINTAGE.boroughs,
    required: false,
    location: 'tables',
  }),
  cityTaxes: spec<CityTaxRow>({
    file: 'city_tax.csv',
    parse: parseCityTaxCsv,
    source: SOURCE.cityTaxes,
    vintage: VINTAGE.cityTaxes,
    required: false,
    location: 'tables',
  }),
  insuranceStates: spec<InsuranceStateRow>({
    file: 'insurance_state.csv',
    parse: parseInsuranceStateCsv,
    source: SOURCE.insuranceStates,
    vintage: VINTAGE.insuranceStates,
    required: false,
    location: 'tables',
  }),
  hazardCounties: spec<HazardCountyRow>({
    file: 'insurance_hazard_county.csv',
    parse: parseHazardCountyCsv,
    source: SOURCE.insuranceHazards,
    vintage: VINTAGE.insuranceHazards,
    required: false,
    location: 'tables',
  }),
} as const;

export type MarketFileKey = keyof typeof MARKET_FILES;

type RowOf<S> = S extends MarketFileSpec<infer Row> ? Row : never;

/** Every market file parsed into rows (an absent optional file parses as no rows). */
export type ParsedMarketFiles = { readonly [K in MarketFileKey]: RowOf<(typeof MARKET_FILES)[K]>[] };

export const MARKET_FILE_KEYS = Object.keys(MARKET_FILES) as MarketFileKey[];

/**
 * SHA-256 of a file's bytes, lower-case hex: the key the importer uses to load each file once.
 *
 * @example fileHash('') → 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function fileHash(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}
