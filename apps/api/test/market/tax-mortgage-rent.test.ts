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

describe('offline market rent = HUD 40th percentile × 1.08 (HUD 50th/40th ratio)', () => {
  const AUSTIN_SAFMR: BedroomRents = [2210, 2350, 2780, 3520, 4140];

  it('anchors on the area FMR where HUD publishes no SAFMR for the ZIP (Travis schedule)', () => {
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: null }, 3)).toMatchObject({
      low: 2347, // the 3 BR FMR
      value: 2535, // 2347 × 1.08 = 2534.76
      high: 2723, // 2347 × 1.16 = 2722.52
      anchor_basis: 'fmr',
    });
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: null }, 5)).toMatchObject({ low: 3174, value: 3428 }); // 3427.92
  });

  it('anchors on the ZIP’s SAFMR where HUD publishes one, mandatory area or not (78701)', () => {
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: AUSTIN_SAFMR }, 3)).toMatchObject({
      low: 3520,
      value: 3802, // 3520 × 1.08 = 3801.6
      high: 4083, // 3520 × 1.16 = 4083.2
      anchor_basis: 'safmr',
    });
    // 5 BR: 4140 × 1.15 = 4761 → 4760 (SAFMRs are published to $10); × 1.08 = 5140.8
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: AUSTIN_SAFMR }, 5)).toMatchObject({
      low: 4760,
      value: 5141,
    });
  });

  it('is labelled an estimate with its method and source', () => {
    const r = marketRentEstimate({ fmr: TRAVIS, safmr: null }, 2);
    expect(r).toMatchObject({ tier: 'estimated', estimate: true, premium: 1.08, bedrooms: 2 });
    expect(r.source).toMatch(/^Estimate: U\.S\. Department of Housing and Urban Development/);
    expect(r.method).toContain('× 1.08');
  });
});

describe('properties', () => {
  const schedule = fc
    .array(fc.integer({ min: 100, max: 5000 }), { minLength: 5, maxLength: 5 })
    .map((a) => a.sort((x, y) => x - y) as unknown as BedroomRents);

  it('is never below the 40th percentile, never above its high end, and 8% over it to the dollar', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.option(schedule, { nil: null }),
        fc.integer({ min: 0, max: 10 }),
        (fmr, safmr, b) => {
          const r = marketRentEstimate({ fmr, safmr }, b);
          expect(r.value).toBeGreaterThanOrEqual(r.low);
          expect(r.high).toBeGreaterThanOrEqual(r.value);
          expect(Math.abs(r.value - r.low * 1.08)).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(Number.isInteger(r.value)).toBe(true);
        },
      ),
    );
  });
});
