/**
 * New York City's boroughs: the NYPD reports for the whole city, so the federal county rows cannot
 * tell the Bronx from Staten Island. New York State's Division of Criminal Justice Services publishes
 * index crimes by county (`nyc_borough_crime.csv`, apps/api/data/market/README.md); a borough's grade
 * is the city's rate times the borough's index crimes per person over the city's.
 */
import type { CrimeKind } from './crime.js';
import { MarketDataError } from './errors.js';
import { readTable } from './table.js';

/** One borough and year of NY DCJS "Index Crimes by County and Agency" (the county total row). */
export interface BoroughCrimeRow {
  readonly county_fips: string;
  readonly borough: string;
  readonly year: number;
  /** murder, rape, robbery and aggravated assault */
  readonly violent_count: number;
  /** burglary, larceny and motor vehicle theft */
  readonly property_count: number;
  readonly population: number;
}

export const BOROUGH_COLUMNS = [
  'county_fips',
  'borough',
  'year',
  'violent_count',
  'property_count',
  'population',
] as const;

export function parseBoroughCrimeCsv(text: string, file = 'nyc_borough_crime.csv'): BoroughCrimeRow[] {
  const t = readTable(file, text, BOROUGH_COLUMNS);
  const rows: BoroughCrimeRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    const population = t.int(r, 'population');
    if (population <= 0) throw new MarketDataError(file, r + 1, 'population', 'must be positive');
    rows.push({
      county_fips: t.code(r, 'county_fips', 5),
      borough: t.text(r, 'borough'),
      year: t.int(r, 'year'),
      violent_count: t.int(r, 'violent_count'),
      property_count: t.int(r, 'property_count'),
      population,
    });
  }
  return rows;
}

export interface BoroughShare {
  readonly borough: string;
  /** the borough's index crimes per person ÷ the five boroughs' together */
  readonly ratio: number;
  /** the DCJS year used: the grade's year, else the latest before it, else the earliest after */
  readonly year: number;
}

/**
 * Each borough's index-crime rate relative to the whole city's, by year.
 *
 * @example 2023 violent: Staten Island 1,723 offences / 494,774 people = 348.2 per 100,000, the city
 *   56,006 / 8,390,888 = 667.5 → ratio 0.522
 */
export function boroughShares(rows: readonly BoroughCrimeRow[]) {
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
  const yearFor = (year: number) =>
    [...years].reverse().find((y) => y <= year) ?? years.find((y) => y > year) ?? null;
  return {
    share(countyFips: string, kind: CrimeKind, year: number): BoroughShare | null {
      const y = yearFor(year);
      if (y === null) return null;
      const ofYear = rows.filter((r) => r.year === y);
      const own = ofYear.find((r) => r.county_fips === countyFips);
      const count = (r: BoroughCrimeRow) => (kind === 'violent' ? r.violent_count : r.property_count);
      const people = ofYear.reduce((s, r) => s + r.population, 0);
      const offences = ofYear.reduce((s, r) => s + count(r), 0);
      if (!own || people <= 0 || offences <= 0) return null;
      return { borough: own.borough, ratio: count(own) / own.population / (offences / people), year: y };
    },
  };
}
