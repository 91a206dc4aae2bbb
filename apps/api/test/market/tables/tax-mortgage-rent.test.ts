import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BedroomRents,
  bedroomRatio,
  buildTaxIndex,
  defaultInterestRate,
  MarketInputError,
  marketRentEstimate,
  median,
} from '../../../src/market/tables/index.js';
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

describe('offline market rent: HUD’s 2-bedroom figure fitted to asking rents, then the listings’ bedroom ladder', () => {
  const AUSTIN_SAFMR: BedroomRents = [2210, 2350, 2780, 3520, 4140];

  it('starts from the area FMR where HUD publishes no SAFMR for the ZIP (Travis schedule)', () => {
    // 2 BR FMR 1,852 → exp(0.608 + 0.9337 × ln 1852) = 2,065.61; 3 BR × 1.26 = 2,602.66
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: null }, 3)).toMatchObject({
      value: 2603,
      low: 1999, // × exp(−0.2638)
      high: 3402, // × exp(0.2679)
      anchor_basis: 'fmr',
      anchor_2br: 1852,
      coverage: 0.799,
    });
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: null }, 3).two_bedroom).toBeCloseTo(2065.6057, 3);
    // 5 BR: 4 BR's 1.49 plus 15 % of it: 2,065.61 × 1.49 × 1.15 = 3,539.42
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: null }, 5)).toMatchObject({ value: 3539 });
  });

  it('starts from the ZIP’s SAFMR where HUD publishes one, mandatory area or not (78701)', () => {
    // 2 BR SAFMR 2,780 → exp(0.8217 + 0.8989 × ln 2780) = 2,836.04; 3 BR × 1.26 = 3,573.40
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: AUSTIN_SAFMR }, 3)).toMatchObject({
      value: 3573,
      low: 2878, // × exp(−0.2164)
      high: 4447, // × exp(0.2187)
      anchor_basis: 'safmr',
      anchor_2br: 2780,
      coverage: 0.797,
    });
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: AUSTIN_SAFMR }, 0)).toMatchObject({ value: 2240 }); // × 0.79
    expect(marketRentEstimate({ fmr: TRAVIS, safmr: AUSTIN_SAFMR }, 5)).toMatchObject({ value: 4860 });
  });

  it('in a county whose median gross rent is under $800, takes HUD’s figure × the low-rent ratio where the line runs higher (Welch, WV 24801)', () => {
    // SAFMR 2 BR 1,010: the line gives exp(0.8217 + 0.8989 × ln 1010) = 1,141.42; McDowell County's
    // median gross rent is $686, so 1,010 × 1.009 = 1,019.09; 3 BR × 1.26 = 1,284.05
    const WELCH_FMR = [621, 625, 811, 1146, 1183] as const;
    const WELCH_SAFMR = [760, 770, 1010, 1330, 1340] as const;
    const schedules = { fmr: WELCH_FMR, safmr: WELCH_SAFMR };
    expect(marketRentEstimate(schedules, 3, 686)).toMatchObject({
      value: 1284,
      low: 893, // × exp(−0.3635)
      high: 1628, // × exp(0.2375)
      coverage: 0.778,
    });
    expect(marketRentEstimate(schedules, 3, 686).method).toContain('under $800');
    // the county's rent unknown or $800 and over: the line, as before
    expect(marketRentEstimate(schedules, 3, null)).toMatchObject({ value: 1438, coverage: 0.797 });
    expect(marketRentEstimate(schedules, 3, 800)).toMatchObject({ value: 1438 });
    expect(marketRentEstimate(schedules, 3).method).not.toContain('under $800');
    // never above the line: a dear ZIP in a cheap county keeps the line's lower figure
    const dear = { fmr: WELCH_FMR, safmr: [3200, 3400, 4000, 5000, 5600] as const };
    expect(marketRentEstimate(dear, 2, 686).value).toBe(marketRentEstimate(dear, 2, null).value);
  });

  it('climbs the listings’ ladder, not HUD’s, and adds 15 % of the 4-bedroom rent per bedroom above 4', () => {
    expect([0, 1, 2, 3, 4].map(bedroomRatio)).toEqual([0.79, 0.83, 1, 1.26, 1.49]);
    expect(bedroomRatio(6)).toBeCloseTo(1.49 * 1.3, 12);
  });

  it('is labelled an estimate with its method and source, crediting Zillow', () => {
    const r = marketRentEstimate({ fmr: TRAVIS, safmr: null }, 2);
    expect(r).toMatchObject({ tier: 'estimated', estimate: true, bedrooms: 2 });
    expect(r.source).toMatch(/^Estimate: U\.S\. Department of Housing and Urban Development/);
    expect(r.source).toContain('data provided by Zillow Group');
    expect(r.method).toContain('asking rent');
  });
});

describe('properties', () => {
  const schedule = fc
    .array(fc.integer({ min: 100, max: 5000 }), { minLength: 5, maxLength: 5 })
    .map((a) => a.sort((x, y) => x - y) as unknown as BedroomRents);

  it('holds its value inside its range, in whole dollars, and never falls as bedrooms rise', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.option(schedule, { nil: null }),
        fc.integer({ min: 0, max: 9 }),
        (fmr, safmr, b) => {
          const r = marketRentEstimate({ fmr, safmr }, b);
          expect(r.low).toBeLessThanOrEqual(r.value);
          expect(r.high).toBeGreaterThanOrEqual(r.value);
          expect(Number.isInteger(r.value)).toBe(true);
          expect(marketRentEstimate({ fmr, safmr }, b + 1).value).toBeGreaterThanOrEqual(r.value);
        },
      ),
    );
  });
});
