import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BedroomRents,
  buildFmrIndex,
  type FmrRow,
  MarketDataError,
  MarketInputError,
  mandatorySafmrAreas,
  normalizePlaceName,
  parseFmrCsv,
  rentForBedrooms,
  SAFMR_ROUNDING,
  type SafmrMandatoryRow,
  splitFmrRows,
} from '../../../src/market/tables/index.js';
import { loadFixtureFiles } from './fixtures.js';

const TRAVIS: BedroomRents = [1474, 1562, 1852, 2347, 2760];

describe('rentForBedrooms', () => {
  it('reads 0–4 bedrooms straight from the schedule', () => {
    expect([0, 1, 2, 3, 4].map((b) => rentForBedrooms(TRAVIS, b))).toEqual([1474, 1562, 1852, 2347, 2760]);
  });

  it('adds 15% of the 4-bedroom rent per bedroom above 4 (HUD rule), to the whole dollar', () => {
    expect(rentForBedrooms(TRAVIS, 5)).toBe(3174); // 2760 × 1.15, not 3173.9999999999995
    expect(rentForBedrooms(TRAVIS, 6)).toBe(3588); // 2760 × 1.30
    expect(rentForBedrooms(TRAVIS, 8)).toBe(4416); // 2760 × 1.60
    expect(rentForBedrooms([1, 1, 1, 1, 2763], 5)).toBe(3177); // 2763 × 1.15 = 3177.45
    expect(rentForBedrooms([1, 1, 1, 1, 2762], 7)).toBe(4005); // 2762 × 1.45 = 4004.9 → 4005
  });

  it('rounds a Small Area FMR schedule to $10, as HUD publishes SAFMRs', () => {
    expect(rentForBedrooms([2210, 2350, 2780, 3520, 4140], 5, SAFMR_ROUNDING)).toBe(4760); // 4761
    expect(rentForBedrooms([2210, 2350, 2780, 3520, 4140], 6, SAFMR_ROUNDING)).toBe(5380); // 5382
    expect(rentForBedrooms([2210, 2350, 2780, 3520, 4140], 3, SAFMR_ROUNDING)).toBe(3520);
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

  it('above 4 bedrooms is a whole number within half a dollar of rent_4 × (1 + 0.15 × (b − 4))', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 5, max: 10 }), (s, b) => {
        const rent = rentForBedrooms(s, b);
        expect(Number.isInteger(rent)).toBe(true);
        expect(Math.abs(rent - s[4] * (1 + 0.15 * (b - 4)))).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});

/** A county row of `fmr_fy2026.csv` in area `area` with a 2 BR rent of `fmr2`. */
const row = (fips: string, area: string, fmr2: number, town?: string): FmrRow => ({
  hud_area_code: town ?? `${fips}99999`,
  state: 'MD',
  county_fips: town ? null : fips,
  fy: 2026,
  fmr_0: 1000,
  fmr_1: 1100,
  fmr_2: fmr2,
  fmr_3: 2000,
  fmr_4: 2500,
  area_name: `Area ${area}`,
  county_name: `County ${fips}`,
  town_name: town ? `Town ${town}` : null,
  metro: 1,
  fmr_area_id: area,
  name_vintage: 'FY2025',
});

describe('split FMR areas: a county whose schedule differs from its listed area is not in that area', () => {
  // Like the Washington DC area in FY2026: three counties keep the area's rents, one (Calvert) does not.
  const dc = [
    row('11001', 'DC', 2246),
    row('24031', 'DC', 2246),
    row('51059', 'DC', 2246),
    row('24009', 'DC', 2083),
  ];
  const other = [row('24001', 'CUMB', 973)];
  const designated: SafmrMandatoryRow[] = [
    {
      hud_area_code: 'DC',
      hud_area_name: 'Area DC',
      designated_year: 2023,
      implemented: '2025-01-01',
      cohort: 'x',
    },
  ];

  it('finds the odd schedule out, without any FIPS written into the code', () => {
    expect([...splitFmrRows([...dc, ...other])].map((r) => r.hud_area_code)).toEqual(['2400999999']);
  });

  it('keeps the area with the schedule that covers the most people, not the most rows', () => {
    const two = [row('05069', 'PB', 937), row('05079', 'PB', 880), row('05025', 'PB', 880)];
    const population = new Map([
      ['05069', 65_000],
      ['05079', 13_000],
      ['05025', 8_000],
    ]);
    expect([...splitFmrRows(two, population)].map((r) => r.county_fips).sort()).toEqual(['05025', '05079']);
    expect([...splitFmrRows(two)].map((r) => r.county_fips)).toEqual(['05069']); // no population: more rows win
  });

  it('spreads a county’s population over its New England towns', () => {
    const towns = [
      row('25013', 'SPR', 1734, '2501300840'),
      row('25013', 'SPR', 1734, '2501306085'),
      row('25015', 'SPR', 2004, '2501501370'),
      row('25015', 'SPR', 2004, '2501504825'),
      row('25015', 'SPR', 2004, '2501513590'),
    ];
    const population = new Map([
      ['25013', 465_000],
      ['25015', 162_000],
    ]);
    expect([...splitFmrRows(towns, population)].map((r) => r.hud_area_code)).toEqual([
      '2501501370',
      '2501504825',
      '2501513590',
    ]);
  });

  it('does not give a split county its listed area’s SAFMR designation', () => {
    const index = buildFmrIndex([...dc, ...other], designated);
    const calvert = index.forCounty('24009');
    const montgomery = index.forCounty('24031');
    expect(calvert && index.isSplit(calvert.row)).toBe(true);
    expect(calvert && index.isMandatory(calvert.row)).toBe(false);
    expect(montgomery && index.isMandatory(montgomery.row)).toBe(true);
  });
});
