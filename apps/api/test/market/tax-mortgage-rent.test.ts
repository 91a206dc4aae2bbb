import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BedroomRents,
  buildTaxIndex,
  defaultInterestRate,
  MarketInputError,
  marketRentEstimate,
  median,
} from '../../src/market/index.js';
import { loadFixtureFiles } from './fixtures.js';

const files = await loadFixtureFiles();
const TRAVIS: BedroomRents = [1474, 1562, 1852, 2347, 2760];

describe('property-tax rate', () => {
  const tax = buildTaxIndex(files.acsCounty);

  it('uses the county ACS rate when there is one (Travis 0.01535)', () => {
    expect(tax.forCounty('48453')).toEqual({
      value: 0.01535,
      level: 'county',
      source: 'U.S. Census Bureau, American Community Survey 5-year estimates',
      vintage: '2019–2023 ACS 5-year',
    });
  });

  it('falls back to the median of the state’s counties (Loving TX → median of 0.01535, 0.0168, 0.01707 = 0.0168)', () => {
    expect(tax.forCounty('48301')).toMatchObject({ value: 0.0168, level: 'state' });
  });

  it('falls back to 0.01 when the state has no county rate (Northern Mariana Islands)', () => {
    expect(tax.forCounty('69110')).toMatchObject({ value: 0.01, level: 'default' });
  });

  it('median: middle value, or the mean of the two middle values', () => {
    expect(median([0.01, 0.03, 0.02])).toBe(0.02);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('default interest rate', () => {
  it('is the latest PMMS rate as a fraction plus the investor premium (rows out of order)', () => {
    expect(defaultInterestRate(files.mortgageRates)).toMatchObject({
      date: '2026-10-01',
      vintage: '2026-10-01',
      base_rate: 0.0728, // 7.28% / 100
      investor_premium: 0.0075,
      source: 'Source: Freddie Mac, Primary Mortgage Market Survey®',
    });
    expect(defaultInterestRate(files.mortgageRates)?.value).toBeCloseTo(0.0803, 12); // 0.0728 + 0.0075
    expect(defaultInterestRate(files.mortgageRates, 0.01)?.value).toBeCloseTo(0.0828, 12); // 0.0728 + 0.01
  });

  it('is null without rows and rejects a premium outside 0–0.05', () => {
    expect(defaultInterestRate([])).toBeNull();
    expect(() => defaultInterestRate(files.mortgageRates, 0.75)).toThrow(MarketInputError);
    expect(() => defaultInterestRate(files.mortgageRates, Number.NaN)).toThrow(MarketInputError);
  });
});

describe('market-rent estimate = ACS median gross rent × fmr(b) / fmr(2)', () => {
  it('Travis (ACS 1669): 2 BR is the ACS median itself, other sizes follow HUD’s ratios', () => {
    expect(marketRentEstimate(1669, TRAVIS, 2)?.value).toBe(1669); // ratio 1852 / 1852 = 1
    expect(marketRentEstimate(1669, TRAVIS, 3)?.value).toBeCloseTo(2115.088, 3); // 1669 × 2347 / 1852
    expect(marketRentEstimate(1669, TRAVIS, 0)?.value).toBeCloseTo(1328.351, 3); // 1669 × 1474 / 1852
    expect(marketRentEstimate(1669, TRAVIS, 5)?.value).toBeCloseTo(2860.3704, 3); // 1669 × (2760 × 1.15) / 1852
  });

  it('is labelled an estimate with its sources', () => {
    expect(marketRentEstimate(1669, TRAVIS, 3)).toMatchObject({
      estimate: true,
      county_median_gross_rent: 1669,
      vintage: '2019–2023 ACS 5-year × FY2026 FMR',
    });
    expect(marketRentEstimate(1669, TRAVIS, 3)?.source).toMatch(/^Estimate: U\.S\. Census Bureau/);
  });

  it('is null when the county’s median rent is suppressed', () => {
    expect(marketRentEstimate(null, TRAVIS, 3)).toBeNull();
  });
});

describe('properties', () => {
  const schedule = fc
    .array(fc.integer({ min: 100, max: 5000 }), { minLength: 5, maxLength: 5 })
    .map((a) => a.sort((x, y) => x - y) as unknown as BedroomRents);

  it('scaling every dollar input by k scales the estimate by k and leaves the ratio unchanged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 4000 }),
        schedule,
        fc.integer({ min: 0, max: 10 }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        (rent, s, b, k) => {
          const base = marketRentEstimate(rent, s, b);
          const scaled = marketRentEstimate(rent * k, s.map((v) => v * k) as unknown as BedroomRents, b);
          expect(scaled?.value).toBeCloseTo((base?.value ?? Number.NaN) * k, 6);
          expect(scaled?.bedroom_ratio).toBeCloseTo(base?.bedroom_ratio ?? Number.NaN, 9);
        },
      ),
    );
  });
});
