import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BedroomRents,
  buildFmrIndex,
  MarketDataError,
  MarketInputError,
  mandatorySafmrAreas,
  normalizePlaceName,
  parseFmrCsv,
  rentForBedrooms,
} from '../../src/market/index.js';
import { loadFixtureFiles } from './fixtures.js';

const TRAVIS: BedroomRents = [1474, 1562, 1852, 2347, 2760];

describe('rentForBedrooms', () => {
  it('reads 0–4 bedrooms straight from the schedule', () => {
    expect([0, 1, 2, 3, 4].map((b) => rentForBedrooms(TRAVIS, b))).toEqual([1474, 1562, 1852, 2347, 2760]);
  });

  it('adds 15% of the 4-bedroom rent per bedroom above 4 (HUD rule)', () => {
    expect(rentForBedrooms(TRAVIS, 5)).toBeCloseTo(3174, 9); // 2760 × 1.15
    expect(rentForBedrooms(TRAVIS, 6)).toBeCloseTo(3588, 9); // 2760 × 1.30
    expect(rentForBedrooms(TRAVIS, 8)).toBeCloseTo(4416, 9); // 2760 × 1.60
  });

  it('rejects a bedroom count that is negative, fractional, too large or NaN', () => {
    for (const b of [-1, 2.5, 11, Number.NaN])
      expect(() => rentForBedrooms(TRAVIS, b)).toThrow(MarketInputError);
  });
});

describe('parseFmrCsv', () => {
  it('types each column, keeps codes as text and empty cells as null', () => {
    const [row] = parseFmrCsv(
      'hud_area_code,state,county_fips,fy,fmr_0,fmr_1,fmr_2,fmr_3,fmr_4,area_name,county_name,town_name,metro,fmr_area_id,name_vintage\n' +
        '0911037070,CT,,2026,1286,1477,1865,2236,2537,"Hartford-West Hartford-East Hartford, CT MSA",Capitol Planning Region,Hartford town,1,METRO25540M25540,FY2026\n',
    );
    expect(row).toEqual({
      hud_area_code: '0911037070',
      state: 'CT',
      county_fips: null,
      fy: 2026,
      fmr_0: 1286,
      fmr_1: 1477,
      fmr_2: 1865,
      fmr_3: 2236,
      fmr_4: 2537,
      area_name: 'Hartford-West Hartford-East Hartford, CT MSA',
      county_name: 'Capitol Planning Region',
      town_name: 'Hartford town',
      metro: 1,
      fmr_area_id: 'METRO25540M25540',
      name_vintage: 'FY2026',
    });
  });

  it('names the file, row and column of a bad cell', () => {
    const text =
      'hud_area_code,state,county_fips,fy,fmr_0,fmr_1,fmr_2,fmr_3,fmr_4,area_name,county_name,town_name,metro,fmr_area_id,name_vintage\n4845399999,TX,48453,2026,1474,n/a,1852,2347,2760,x,y,,1,M,FY2025\n';
    expect(() => parseFmrCsv(text)).toThrow(
      new MarketDataError('fmr_fy2026.csv', 1, 'fmr_1', '"n/a" is not a number'),
    );
    expect(() => parseFmrCsv('zip,fmr_0\n')).toThrow(/missing column\(s\): hud_area_code, state/);
  });
});

describe('normalizePlaceName', () => {
  it('strips New England town suffixes so towns match USPS city names', () => {
    expect(normalizePlaceName('Southbridge Town city')).toBe('SOUTHBRIDGE');
    expect(normalizePlaceName('Hartford town')).toBe('HARTFORD');
    expect(normalizePlaceName('Saint Albans city')).toBe(normalizePlaceName('ST. ALBANS'));
  });
});

const files = await loadFixtureFiles();

describe('buildFmrIndex (fixtures)', () => {
  const index = buildFmrIndex(files.fmr, files.safmrMandatory);

  it('uses the county row outside New England', () => {
    const c = index.forCounty('48453');
    expect(c?.basis).toBe('county');
    expect(c?.row.fmr_3).toBe(2347);
  });

  it('matches a New England ZIP to its town by USPS city name', () => {
    expect(index.forZip('25027', 'FITCHBURG')?.row.hud_area_code).toBe('2502723875');
    expect(index.forZip('25027', 'SOUTHBRIDGE')).toMatchObject({
      basis: 'town',
      row: { hud_area_code: '2502763345' },
    });
  });

  it('falls back to the schedule most of the county’s towns share (3 of 4 Worcester towns), lowest code first', () => {
    const c = index.forZip('25027', 'JEFFERSON');
    expect(c?.basis).toBe('county_mode');
    expect(c?.row.hud_area_code).toBe('2502702760'); // Auburn: first of the Worcester-schedule towns
    expect(c?.row.fmr_3).toBe(2548);
    expect(index.forCounty('25027')?.row.hud_area_code).toBe('2502702760');
  });

  it('maps a territory county without its own row to the territory’s single row (MP → 69999)', () => {
    expect(index.forCounty('69110')).toMatchObject({
      basis: 'territory',
      row: { hud_area_code: '6999999999' },
    });
    expect(index.forCounty('99999')).toBeNull();
  });

  it('treats Cleveland as mandatory although its FMR rows carry the FY2025 area ID', () => {
    expect(mandatorySafmrAreas(files.safmrMandatory).has('METRO17460M17460')).toBe(true);
    const cuyahoga = index.forCounty('39035');
    expect(cuyahoga?.row.fmr_area_id).toBe('METRO17460M17460');
    expect(cuyahoga && index.isMandatory(cuyahoga.row)).toBe(true);
    const travis = index.forCounty('48453');
    expect(travis && index.isMandatory(travis.row)).toBe(false);
  });
});

describe('properties', () => {
  const schedule = fc
    .array(fc.integer({ min: 1, max: 5000 }), { minLength: 5, maxLength: 5 })
    .map((a) => a.sort((x, y) => x - y) as unknown as BedroomRents);

  it('rent never falls as bedrooms rise, for a non-decreasing schedule', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 0, max: 9 }), (s, b) => {
        expect(rentForBedrooms(s, b + 1)).toBeGreaterThanOrEqual(rentForBedrooms(s, b));
      }),
    );
  });

  it('scaling the schedule by k scales every bedroom rent by k', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.integer({ min: 0, max: 10 }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        (s, b, k) => {
          const scaled = s.map((v) => v * k) as unknown as BedroomRents;
          expect(rentForBedrooms(scaled, b)).toBeCloseTo(rentForBedrooms(s, b) * k, 6);
        },
      ),
    );
  });
});
