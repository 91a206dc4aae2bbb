import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AppreciationLevel,
  CrimeBasis,
  CrimeGradeLetter,
  CrimeQuality,
  CrimeTier,
  FmrBasis,
  HudRentApplies,
  InterestRate,
  TaxLevel,
} from '../../market/tables/index.js';

/**
 * Market data tables. Column names equal the field names of `MarketZipRow` / `MarketCountyRow`
 * (src/market/tables/derive.ts), so derived rows insert and select without mapping. Rents are whole
 * dollars (`integer`); every other figure is `double precision` so it comes back as a JS number.
 */

/** What the importer recorded about one market data file. */
export interface MarketImportFile {
  readonly name: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly rows: number;
  readonly vintage: string;
  /** true when a refresh stored the file (`market_refreshed_files`), not the data directory */
  readonly refreshed?: boolean;
}

/**
 * Files `market:refresh` converted from HUD's and FRED's latest releases, checked and stored here so
 * every API process imports the same dataset (they stand beside MARKET_DATA_DIR's files; a newer
 * fiscal year wins).
 */
export const marketRefreshedFiles = pgTable('market_refreshed_files', {
  /** the market file it stands for: 'fmr_fy2027.csv', 'mortgage_rates.csv' */
  name: text().primaryKey(),
  content: text().notNull(),
  sha256: text().notNull(),
  /** where it came from: a path or URL, and the release */
  source: text().notNull(),
  rows: integer().notNull(),
  refreshed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row per imported dataset; exactly one is `active` (the one `market_zips` holds). */
export const marketImports = pgTable(
  'market_imports',
  {
    id: serial().primaryKey(),
    /** sha256 over every file's sha256 plus the importer's derivation version. */
    dataset_hash: text().notNull().unique(),
    files: jsonb().$type<MarketImportFile[]>().notNull(),
    interest_rate: jsonb().$type<InterestRate | null>(),
    zip_count: integer().notNull(),
    county_count: integer().notNull(),
    imported_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    active: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('market_imports_one_active').on(t.active).where(sql`${t.active}`)],
);

/** One row per (ZIP, county) pair of the crosswalk: `MarketZipRow`; each ZIP's main county has `is_main`. */
export const marketZips = pgTable(
  'market_zips',
  {
    zip: text().notNull(),
    county_fips: text().notNull(),
    county_name: text(),
    county_state_code: text(),
    city: text().notNull(),
    state_code: text().notNull(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    res_ratio: doublePrecision().notNull(),
    tot_ratio: doublePrecision().notNull(),
    is_main: boolean().notNull(),
    county_share: doublePrecision().notNull(),
    share_basis: text().$type<'res_ratio' | 'tot_ratio'>().notNull(),
    county_count: integer().notNull(),
    fmr_hud_area_code: text(),
    fmr_area_id: text(),
    fmr_area_name: text(),
    fmr_basis: text().$type<FmrBasis>(),
    fmr_area_split: boolean().notNull(),
    fmr_0: integer(),
    fmr_1: integer(),
    fmr_2: integer(),
    fmr_3: integer(),
    fmr_4: integer(),
    fmr_fy: integer(),
    safmr_0: integer(),
    safmr_1: integer(),
    safmr_2: integer(),
    safmr_3: integer(),
    safmr_4: integer(),
    safmr_mandatory: boolean().notNull(),
    hud_rent_applies: text().$type<HudRentApplies>(),
  },
  (t) => [
    primaryKey({ columns: [t.zip, t.county_fips] }),
    // Suggestions list main-county rows only: case-insensitive city prefix (`lower(city) LIKE
    // 'aust%'`) and ZIP prefix. The pattern opclass lets LIKE use the index whatever the collation is.
    index('market_zips_city_lower_idx').on(sql`lower(${t.city}) text_pattern_ops`).where(sql`${t.is_main}`),
    index('market_zips_zip_pattern_idx').on(sql`${t.zip} text_pattern_ops`).where(sql`${t.is_main}`),
    index('market_zips_state_code_idx').on(t.state_code),
  ],
);

/**
 * A place's or a ZIP's two crime grades (`CrimeGradeColumns` in market/tables/crime.ts, per kind): a new
 * set of column builders for each table that spreads them.
 */
function crimeGradeColumns() {
  return {
    violent_crime_tier: text().$type<CrimeTier>().notNull(),
    violent_crime_basis: text().$type<CrimeBasis>(),
    violent_crime_area: text(),
    violent_crime_grade: text().$type<CrimeGradeLetter>(),
    violent_crime_percentile: doublePrecision(),
    violent_crime_rate: doublePrecision(),
    violent_crime_estimated_rate: doublePrecision(),
    violent_crime_year: integer(),
    violent_crime_quality: integer().$type<CrimeQuality>(),
    violent_crime_reference_count: integer(),
    violent_crime_note: text(),
    property_crime_tier: text().$type<CrimeTier>().notNull(),
    property_crime_basis: text().$type<CrimeBasis>(),
    property_crime_area: text(),
    property_crime_grade: text().$type<CrimeGradeLetter>(),
    property_crime_percentile: doublePrecision(),
    property_crime_rate: doublePrecision(),
    property_crime_estimated_rate: doublePrecision(),
    property_crime_year: integer(),
    property_crime_quality: integer().$type<CrimeQuality>(),
    property_crime_reference_count: integer(),
    property_crime_note: text(),
  };
}

/**
 * One row per county FIPS: `MarketCountyRow`. Each crime grade is flattened (`CrimeGradeColumns`):
 * its tier is always set (`none` when there is no grade). The investor tax rule is code, not data.
 */
export const marketCounties = pgTable('market_counties', {
  county_fips: text().primaryKey(),
  state_fips: text().notNull(),
  state_code: text(),
  county_name: text(),
  fmr_hud_area_code: text(),
  fmr_area_id: text(),
  fmr_area_name: text(),
  fmr_basis: text().$type<FmrBasis>(),
  fmr_area_split: boolean().notNull(),
  fmr_0: integer(),
  fmr_1: integer(),
  fmr_2: integer(),
  fmr_3: integer(),
  fmr_4: integer(),
  fmr_fy: integer(),
  safmr_mandatory: boolean().notNull(),
  median_gross_rent: doublePrecision(),
  median_home_value: doublePrecision(),
  median_household_income: doublePrecision(),
  population: doublePrecision(),
  property_tax_rate: doublePrecision().notNull(),
  property_tax_level: text().$type<TaxLevel>().notNull(),
  appreciation_value: doublePrecision(),
  appreciation_low: doublePrecision(),
  appreciation_high: doublePrecision(),
  appreciation_level: text().$type<AppreciationLevel>(),
  appreciation_long_run_rate: doublePrecision(),
  appreciation_national_rate: doublePrecision(),
  appreciation_county_cagr_10y: doublePrecision(),
  appreciation_volatility: doublePrecision(),
  appreciation_year: integer(),
  insurance_state_premium: doublePrecision(),
  insurance_state_low: doublePrecision(),
  insurance_state_high: doublePrecision(),
  insurance_hazard_excess: doublePrecision(),
  insurance_hurricane_rating: text(),
  insurance_wildfire_rating: text(),
  ...crimeGradeColumns(),
});

/**
 * One row per (place, county) of the places the market data knows: `MarketPlaceRow`. A typed city
 * finds its place by `name_keys` within the address's county; the place's own crime grades.
 */
export const marketPlaces = pgTable(
  'market_places',
  {
    state_fips: text().notNull(),
    place_fips: text().notNull(),
    state_code: text().notNull(),
    name: text().notNull(),
    name_keys: jsonb().$type<readonly string[]>().notNull(),
    county_fips: text().notNull(),
    population_in_county: integer().notNull(),
    ...crimeGradeColumns(),
    city_tax_rate: doublePrecision(),
    city_tax_year: text(),
    city_tax_how: text(),
    city_tax_sources: text(),
    city_tax_read: text(),
    city_tax_upper_from: doublePrecision(),
    city_tax_upper_rate: doublePrecision(),
  },
  (t) => [
    primaryKey({ columns: [t.state_fips, t.place_fips, t.county_fips] }),
    // a ZIP's places are read by its counties
    index('market_places_county_fips_idx').on(t.county_fips),
  ],
);
