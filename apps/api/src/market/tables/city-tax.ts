/**
 * The investor tax rate for a city, from its published rates (`city_tax.csv`, apps/api/data/market,
 * its README): every levy on a single-family rental bought today (city, county, school district and
 * others, with the state's non-homestead rules), as a share of its market value. Where a city has a
 * row, it replaces the county estimate (`investor-tax.ts`), whose county average hides the city's
 * millage (Detroit, Hackensack).
 */

import { placeShortName } from './crime.js';
import { MarketDataError } from './errors.js';
import { INVESTOR_TAX_LABEL, type InvestorTaxRate } from './investor-tax.js';
import { SOURCE } from './sources.js';
import { readTable } from './table.js';

/** One city of `city_tax.csv`. */
export interface CityTaxRow {
  readonly state: string;
  readonly city: string;
  readonly place_fips: string;
  /** the county whose levies the rate holds (a city across counties: its main one) */
  readonly county_fips: string;
  /** as published: '2024', 'FY2024-25', '2025 (Lincoln ed.)' */
  readonly tax_year: string;
  /** a fraction of market value a year */
  readonly investor_rate: number;
  /** the arithmetic from the published rates */
  readonly how: string;
  /** every page or file each figure was read from, with how it was reached (the data README's) */
  readonly sources: string;
  /** the main source in a few words: what an investor is shown */
  readonly cited_as: string;
  readonly read: string;
  /**
   * A rate that rises with value: `rate` on the value above `from` (Honolulu's Residential A: $4.00
   * per $1,000 up to $1M, $11.40 above). Null for a flat rate.
   */
  readonly upper_tier: { readonly from: number; readonly rate: number } | null;
}

export function parseCityTaxCsv(text: string, file = 'city_tax.csv'): CityTaxRow[] {
  const t = readTable(file, text, [
    'state',
    'city',
    'place_fips',
    'county_fips',
    'tax_year',
    'investor_rate',
    'how',
    'sources',
    'cited_as',
    'read',
    'upper_tier_from',
    'upper_tier_rate',
  ]);
  return Array.from({ length: t.rowCount }, (_, r) => {
    const rate = t.num(r, 'investor_rate');
    if (!(rate > 0 && rate < 0.1))
      throw new MarketDataError(file, r + 1, 'investor_rate', `${rate} is not a yearly rate`);
    const from = t.optNum(r, 'upper_tier_from');
    const upper = t.optNum(r, 'upper_tier_rate');
    if ((from === null) !== (upper === null))
      throw new MarketDataError(
        file,
        r + 1,
        'upper_tier_rate',
        'an upper tier needs both its start and its rate',
      );
    if (from !== null && !(from > 0))
      throw new MarketDataError(file, r + 1, 'upper_tier_from', `${from} is not a value`);
    if (upper !== null && !(upper > 0 && upper < 0.1))
      throw new MarketDataError(file, r + 1, 'upper_tier_rate', `${upper} is not a yearly rate`);
    return {
      state: t.text(r, 'state'),
      city: t.text(r, 'city'),
      place_fips: t.code(r, 'place_fips', 5),
      county_fips: t.code(r, 'county_fips', 5),
      tax_year: t.text(r, 'tax_year'),
      investor_rate: rate,
      how: t.text(r, 'how'),
      sources: t.text(r, 'sources'),
      cited_as: t.text(r, 'cited_as'),
      read: t.text(r, 'read'),
      upper_tier: from !== null && upper !== null ? { from, rate: upper } : null,
    };
  });
}

/**
 * Counties whose property tax one government levies over all of them, each with the place whose
 * `city_tax.csv` row holds that government's rates: those rates are every address's there, whatever
 * city its mail names. Hawaii's counties levy the property tax themselves (the state has no
 * municipal levies); the City and County of Honolulu's rates are all of Oʻahu's (QA: Kāneʻohe got
 * the ACS average, 0.32 %, where Honolulu's Residential A tiers apply).
 */
export const COUNTYWIDE_CITY_TAX: ReadonlyMap<
  string,
  { readonly placeId: string; readonly government: string }
> = new Map([['15003', { placeId: '1571550', government: 'The City and County of Honolulu' }]]);

/** What a place row keeps of its city's rate (null columns where the city has none). */
export interface CityTaxColumns {
  readonly city_tax_rate: number | null;
  readonly city_tax_year: string | null;
  readonly city_tax_how: string | null;
  /** the row's `cited_as`: the main source an investor is shown (the column's name is older) */
  readonly city_tax_sources: string | null;
  readonly city_tax_read: string | null;
  /** the row's `upper_tier`, flattened */
  readonly city_tax_upper_from: number | null;
  readonly city_tax_upper_rate: number | null;
}

export function cityTaxColumns(row: CityTaxRow | undefined): CityTaxColumns {
  return {
    city_tax_rate: row?.investor_rate ?? null,
    city_tax_year: row?.tax_year ?? null,
    city_tax_how: row?.how ?? null,
    city_tax_sources: row?.cited_as ?? null,
    city_tax_read: row?.read ?? null,
    city_tax_upper_from: row?.upper_tier?.from ?? null,
    city_tax_upper_rate: row?.upper_tier?.rate ?? null,
  };
}

/**
 * The city's investor rate as the analysis shows it, beside the county's ACS rate it replaces; null
 * where the place has no published rate.
 *
 * @example Hackensack (2025 rate 2.527 % of value, equalized): 0.02527, where Bergen County's ACS rate is 0.01686
 */
export function cityInvestorTaxRate(
  place: CityTaxColumns & { readonly name: string; readonly state_code: string },
  ownerRate: number,
  units = 1,
  larger?: { readonly city_scale: number; readonly rule: string },
): InvestorTaxRate | null {
  if (place.city_tax_rate === null) return null;
  const year = place.city_tax_year ?? '';
  const homes = (place.city_tax_how ?? '').trim().replace(/\.?$/, '.');
  const how = larger ? `${homes} ${larger.rule} So × ${larger.city_scale}.` : homes;
  const scale = larger?.city_scale ?? 1;
  const upper =
    place.city_tax_upper_from !== null && place.city_tax_upper_rate !== null
      ? { from: place.city_tax_upper_from, rate: place.city_tax_upper_rate * scale }
      : undefined;
  return {
    value: place.city_tax_rate * scale,
    ...(upper && { upper_tier: upper }),
    label: INVESTOR_TAX_LABEL,
    owner_rate: ownerRate,
    state: place.state_code,
    kinds: ['city_rates'],
    rule: `${placeShortName(place.name)}'s own rates (tax year ${year}) for a ${units > 1 ? `${units}-unit` : 'single-family'} rental bought today: ${how}`,
    derivation: place.city_tax_how ?? '',
    rule_source_url: place.city_tax_sources,
    rule_read: place.city_tax_read,
    tier: 'estimated',
    source: SOURCE.cityTax,
    vintage: `tax year ${year}; read ${place.city_tax_read ?? 'n/a'}`,
  };
}
