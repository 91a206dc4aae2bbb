import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKET_TABLES_DIR } from '../../../src/config.js';
import { MarketDataError, parseCityTaxCsv } from '../../../src/market/tables/index.js';
import { taxRateAtPrice } from '../../../src/market/tables/investor-tax.js';
import { loadFixtureMarket } from './fixtures.js';

const market = await loadFixtureMarket();

describe('the investor tax rate for the city typed', () => {
  it('takes the city’s own published rates where it has them (Austin 2024: 1.98 %)', () => {
    const austin = market.lookupZip('78701', 3, { city: 'Austin' })?.investor_tax_rate;
    expect(austin).toMatchObject({
      value: 0.019818,
      kinds: ['city_rates'],
      owner_rate: 0.01535,
      tier: 'estimated',
    });
    expect(austin?.rule).toMatch(/^Austin's own rates \(tax year 2024\)/);
    expect(austin?.vintage).toBe('tax year 2024; read 2026-11-26');
    // an investor is shown the main source in a few words; the whole provenance stays in the file
    expect(austin?.rule_source_url).toBe(
      'Community Impact, Central Health and Austin ISD rate reports, 2024',
    );
    // the ZIP's city is Austin too: an address typed without a city gets the same
    expect(market.lookupZip('78701', 3)?.investor_tax_rate.value).toBe(0.019818);
  });

  it('keeps the county’s estimate by its state’s rule elsewhere in the county', () => {
    const westLakeHills = market.lookupZip('78701', 3, { city: 'West Lake Hills' })?.investor_tax_rate;
    expect(westLakeHills?.kinds).toEqual(['homestead_exemption', 'cap_reset']);
    expect(westLakeHills?.value).toBeCloseTo((0.01535 / (1 - (0.5 * 40_000) / 487_600)) * 1.15, 12);
  });

  it('applies a city’s rate only in the county whose levies it holds (Austin in Williamson: the county’s)', () => {
    const williamsonPart = market.lookupZip('78730', 3, { county: 'Williamson', city: 'Austin' });
    expect(williamsonPart?.place?.name).toBe('Austin city');
    expect(williamsonPart?.investor_tax_rate.kinds).not.toContain('city_rates');
  });

  it('names the building in the rule, and leaves a city’s rates for its homes to buildings its state taxes so', () => {
    expect(market.lookupZip('78701', 2, { city: 'Austin', units: 2 })?.investor_tax_rate.rule).toMatch(
      /^Austin's own rates \(tax year 2024\) for a 2-unit rental bought today/,
    );
    expect(market.lookupZip('78701', 2, { city: 'Austin', units: 4 })?.investor_tax_rate.kinds).toEqual([
      'city_rates',
    ]);
  });

  const header =
    'state,city,place_fips,county_fips,tax_year,investor_rate,how,sources,cited_as,read,upper_tier_from,upper_tier_rate';

  it('refuses a rate that is not a yearly share of value', () => {
    expect(() => parseCityTaxCsv(`${header}\nTX,Austin,05000,48453,2024,1.98,x,y,z,2026-11-26,,\n`)).toThrow(
      MarketDataError,
    );
  });

  it('reads a tiered rate, and refuses an upper tier without its start or its rate', () => {
    const [honolulu] = parseCityTaxCsv(
      `${header}\nHI,Honolulu,71550,15003,FY2024-25,0.004,x,y,z,2026-11-26,1000000,0.0114\n`,
    );
    expect(honolulu?.upper_tier).toEqual({ from: 1_000_000, rate: 0.0114 });
    expect(() =>
      parseCityTaxCsv(`${header}\nHI,Honolulu,71550,15003,FY2024-25,0.004,x,y,z,2026-11-26,1000000,\n`),
    ).toThrow(/an upper tier needs both its start and its rate/);
  });

  it('taxes a tiered rate tier by tier: the first rate up to the start, both above it', () => {
    const honolulu = { value: 0.004, upper_tier: { from: 1_000_000, rate: 0.0114 } };
    expect(taxRateAtPrice(honolulu, 900_000)).toBe(0.004);
    expect(taxRateAtPrice(honolulu, 1_000_000)).toBe(0.004);
    expect(taxRateAtPrice(honolulu, 1_500_000)).toBeCloseTo((4_000 + 5_700) / 1_500_000, 15);
    expect(taxRateAtPrice({ value: 0.019818 }, 5_000_000)).toBe(0.019818);
  });
});

describe('the shipped city_tax.csv as an investor reads it', () => {
  const rows = parseCityTaxCsv(readFileSync(join(MARKET_TABLES_DIR, 'city_tax.csv'), 'utf8'));

  it('names no field and cites each source in a few words (QA: investor_rate, 2,600-character notes)', () => {
    expect(rows.length).toBe(103);
    for (const row of rows) {
      expect(row.how, row.city).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      expect(row.cited_as.length, row.city).toBeLessThanOrEqual(120);
      expect(row.cited_as, row.city).not.toMatch(/@[0-9a-f]{7}|github\.com/);
    }
  });
});
