import { readTable } from './table.js';

/** One row of `acs_county.csv` (ACS 2019–2023 5-year). Suppressed values are null. */
export interface AcsCountyRow {
  readonly county_fips: string;
  /** Median value of owner-occupied homes, USD (B25077). */
  readonly median_home_value: number | null;
  /** Median gross rent, USD per month (B25064). */
  readonly median_gross_rent: number | null;
  /** Median real-estate taxes ÷ median home value, a fraction (0.01535 = 1.535%). */
  readonly property_tax_rate: number | null;
  /** Median household income, 2023 USD (B19013). */
  readonly median_household_income: number | null;
  readonly population: number | null;
}

export const ACS_COLUMNS = [
  'county_fips',
  'median_home_value',
  'median_gross_rent',
  'property_tax_rate',
  'median_household_income',
  'population',
] as const;

export function parseAcsCountyCsv(text: string, file = 'acs_county.csv'): AcsCountyRow[] {
  const t = readTable(file, text, ACS_COLUMNS);
  const rows: AcsCountyRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    rows.push({
      county_fips: t.code(r, 'county_fips', 5),
      median_home_value: t.optNum(r, 'median_home_value'),
      median_gross_rent: t.optNum(r, 'median_gross_rent'),
      property_tax_rate: t.optNum(r, 'property_tax_rate'),
      median_household_income: t.optNum(r, 'median_household_income'),
      population: t.optNum(r, 'population'),
    });
  }
  return rows;
}
