import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPRECIATION_BOUNDS,
  APPRECIATION_RANGE_SIGMAS,
  appreciationAt,
  buildAppreciationIndex,
  MarketDataError,
  parseHpiCountyCsv,
} from '../../../src/market/tables/index.js';
import { loadFixtureFiles, loadFixtureMarket } from './fixtures.js';

const HEADER = 'county_fips,state,county_name,year,hpi,annual_change_pct';

/** An index that grows by `rates[i]` in year `from + i + 1`. */
function series(from: number, rates: readonly number[]): Map<number, number> {
  const index = new Map([[from, 100]]);
  rates.forEach((r, i) => {
    index.set(from + i + 1, (index.get(from + i) ?? 0) * (1 + r));
  });
  return index;
}

describe('appreciation from the FHFA county index', () => {
  // three Texas counties growing steadily at 2 %, 4 % and 6 % a year, one Ohio county alternating
  // +10 % and −2 % (30 years to 2024), and a Texas county with only 5 years of history
  const steady = (r: number) => Array.from({ length: 30 }, () => r);
  const counties = new Map<string, Map<number, number>>([
    ['48001', series(1994, steady(0.02))],
    ['48003', series(1994, steady(0.04))],
    ['48005', series(1994, steady(0.06))],
    [
      '39001',
      series(
        1994,
        Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 0.1 : -0.02)),
      ),
    ],
    ['48007', series(2019, steady(0.05).slice(0, 5))],
  ]);
  const model = appreciationAt(counties, 2024);
  // 39001's 30-year rate: (1.1 × 0.98)^(1/2) − 1 = 3.8261 %
  const ohio = Math.sqrt(1.1 * 0.98) - 1;

  it('blends half the county’s own 30-year rate with the national median county’s', () => {
    // national = median(2 %, 4 %, 6 %, 3.83 %) = (3.83 + 4) / 2 %
    const national = (ohio + 0.04) / 2;
    expect(model.national).toBeCloseTo(national, 12);
    expect(model.forCounty('48005')).toMatchObject({ level: 'county', long_run_rate: expect.any(Number) });
    expect(model.forCounty('48005')?.value).toBeCloseTo(0.5 * 0.06 + 0.5 * national, 12);
    expect(model.forCounty('48005')?.long_run_rate).toBeCloseTo(0.06, 12);
  });

  it('sets the range at ±1.55 standard deviations of the county’s annual changes', () => {
    // steady growth: no volatility, no range
    const steadyCounty = model.forCounty('48003');
    expect(steadyCounty?.volatility).toBeCloseTo(0, 12);
    expect(steadyCounty?.low).toBeCloseTo(steadyCounty?.value ?? Number.NaN, 12);
    // +10 % / −2 % alternating: mean 4 %, standard deviation 6 %
    const alternating = model.forCounty('39001');
    expect(alternating?.volatility).toBeCloseTo(0.06, 12);
    expect(APPRECIATION_RANGE_SIGMAS).toBe(1.55);
    expect(alternating?.high).toBeCloseTo((alternating?.value ?? 0) + 1.55 * 0.06, 12);
    expect(alternating?.low).toBeCloseTo((alternating?.value ?? 0) - 1.55 * 0.06, 12);
  });

  it('takes the state’s median county where the county’s own history is too short, or absent', () => {
    const national = model.national ?? 0;
    for (const fips of ['48007', '48999']) {
      const a = model.forCounty(fips);
      expect(a?.level, fips).toBe('state');
      // Texas counties with 30 years: 2 %, 4 %, 6 % → median 4 %; their volatility is 0
      expect(a?.long_run_rate).toBeCloseTo(0.04, 12);
      expect(a?.value).toBeCloseTo(0.5 * 0.04 + 0.5 * national, 12);
    }
    expect(model.forCounty('48007')?.county_cagr_10y).toBeNull();
    // a state with no county in the index has nothing
    expect(model.forCounty('06037')).toBeNull();
  });

  it('keeps the point within 1–5 % whatever the history says', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.3, max: 0.5, noNaN: true }), { minLength: 30, maxLength: 30 }),
        (rates) => {
          const m = appreciationAt(new Map([['48001', series(1994, rates)]]), 2024);
          const a = m.forCounty('48001');
          expect(a?.value).toBeGreaterThanOrEqual(APPRECIATION_BOUNDS.low);
          expect(a?.value).toBeLessThanOrEqual(APPRECIATION_BOUNDS.high);
          expect(a?.low).toBeGreaterThanOrEqual(-0.5);
          expect(a?.high).toBeLessThanOrEqual(1);
          expect(a?.low).toBeLessThanOrEqual(a?.value ?? Number.NaN);
          expect(a?.high).toBeGreaterThanOrEqual(a?.value ?? Number.NaN);
        },
      ),
    );
  });

  it('reads the real rows of the fixture: Travis 1994–2024 and the index’s latest year', async () => {
    const files = await loadFixtureFiles();
    const index = buildAppreciationIndex(files.hpiCounty);
    expect(index.year).toBe(2024);
    const travis = index.forCounty('48453');
    // Travis: HPI 1994 → 2024 per FHFA; 30-year rate 5.62 %
    expect(travis?.long_run_rate).toBeCloseTo(0.05618, 5);
    expect(travis?.vintage).toBe('FHFA county HPI, 1994–2024');
    expect(travis?.source).toMatch(/^Estimate: Federal Housing Finance Agency, House Price Index/);
  });

  it('carries the county’s appreciation into an address’s lookup, and none without the index', async () => {
    const market = await loadFixtureMarket();
    const austin = market.lookupZip('78701', 3)?.appreciation;
    expect(austin).toMatchObject({ level: 'county', year: 2024 });
    // Loving County, TX has no FHFA index: Texas's median county (Travis and Dallas)
    expect(market.lookupZip('79754', 3)?.appreciation).toMatchObject({ level: 'state' });
    // Saipan: no territory in the index
    expect(market.lookupZip('96950', 3)?.appreciation).toBeNull();
  });

  it('names the file, row and column of a bad index value', () => {
    expect(() => parseHpiCountyCsv(`${HEADER}\n48453,TX,Travis,2024,0,0\n`)).toThrow(MarketDataError);
    expect(() => parseHpiCountyCsv(`${HEADER}\n48453,TX,Travis,2024,abc,0\n`)).toThrow(/hpi/);
  });
});
