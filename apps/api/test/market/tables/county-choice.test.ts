import { describe, expect, it } from 'vitest';
import { checkZipState, chooseZipCounty, countyNameKeys } from '../../../src/market/tables/index.js';

/** A ZIP's county rows, main county first, the way `deriveZipRows` orders them. */
const part = (county_fips: string, county_name: string | null, county_share: number, is_main = false) => ({
  zip: '63101',
  county_fips,
  county_name,
  county_share,
  is_main,
  state_code: 'MO',
  county_state_code: 'MO',
});

describe('countyNameKeys', () => {
  it('ignores case, spaces, punctuation, accents and the kind of county', () => {
    expect(countyNameKeys('Travis County')).toEqual({ full: 'traviscounty', bare: 'travis' });
    expect(countyNameKeys('  TRAVIS  co. ').bare).toBe('travis');
    expect(countyNameKeys('De Kalb').bare).toBe(countyNameKeys('DeKalb County').bare);
    expect(countyNameKeys('Doña Ana County').bare).toBe('donaana');
    expect(countyNameKeys("Prince George's County, MD")).toEqual({
      full: 'princegeorgescounty',
      bare: 'princegeorges',
    });
    expect(countyNameKeys('Orleans Parish').bare).toBe('orleans');
    expect(countyNameKeys('Juneau City and Borough').bare).toBe('juneau');
    expect(countyNameKeys('Matanuska-Susitna Borough').bare).toBe('matanuskasusitna');
  });

  it('spells out St./Ste./Mt./Ft. and reads "City and County of" and "City of"', () => {
    expect(countyNameKeys('St. Louis city')).toEqual({ full: 'saintlouiscity', bare: 'saintlouis' });
    expect(countyNameKeys('Saint Louis City').full).toBe('saintlouiscity');
    expect(countyNameKeys('Ste. Genevieve County').bare).toBe('saintegenevieve');
    expect(countyNameKeys('City and County of San Francisco').bare).toBe(
      countyNameKeys('San Francisco County').bare,
    );
    expect(countyNameKeys('City of Richmond').full).toBe(countyNameKeys('Richmond city').full);
  });
});

describe('chooseZipCounty', () => {
  const stLouis = [part('29510', 'St. Louis city', 0.7, true), part('29189', 'St. Louis County', 0.3)];

  it('uses the main county when no county is typed, without a warning', () => {
    expect(chooseZipCounty(stLouis, undefined)).toMatchObject({
      part: { county_fips: '29510' },
      matched: 'main',
      warning: null,
    });
    expect(chooseZipCounty(stLouis, '  ')).toMatchObject({ matched: 'main', warning: null });
  });

  it('takes the typed county when it is one of the ZIP’s, however it is written', () => {
    expect(chooseZipCounty(stLouis, 'Saint Louis County').part.county_fips).toBe('29189');
    expect(chooseZipCounty(stLouis, 'ST LOUIS CITY')).toMatchObject({
      part: { county_fips: '29510' },
      matched: 'typed',
    });
  });

  it('prefers the exact kind of county, then the main county, then the larger share', () => {
    // "St. Louis" alone matches both without their kind: the main county wins.
    expect(chooseZipCounty(stLouis, 'St. Louis').part.county_fips).toBe('29510');
    const notMain = [
      part('1', 'Alpha County', 0.5, true),
      part('2', 'Beta County', 0.3),
      part('3', 'Beta Parish', 0.2),
    ];
    expect(chooseZipCounty(notMain, 'beta').part.county_fips).toBe('2');
    expect(chooseZipCounty(notMain, 'Beta Parish').part.county_fips).toBe('3');
  });

  it('uses the main county and names it in a warning when the typed county is not the ZIP’s', () => {
    expect(chooseZipCounty(stLouis, 'Cook County')).toEqual({
      part: stLouis[0],
      matched: 'main',
      warning:
        "The county entered (Cook County) is not one of ZIP 63101's counties (St. Louis city 70%, St. Louis County 30%); St. Louis city, where most of its addresses are, was used.",
    });
  });

  it('rejects a ZIP without rows', () => {
    expect(() => chooseZipCounty([], 'x')).toThrow(RangeError);
  });
});

describe('checkZipState', () => {
  it('accepts any of the ZIP’s states, ignoring case', () => {
    expect(checkZipState([part('29510', null, 1, true)], 'mo')).toEqual({ ok: true });
    const acrossTheLine = [
      { zip: '20041', state_code: 'DC', county_state_code: 'VA' },
      { zip: '20041', state_code: 'DC', county_state_code: 'DC' },
    ];
    expect(checkZipState(acrossTheLine, 'VA')).toEqual({ ok: true });
  });

  it('names the ZIP’s states for the 400 on state_code', () => {
    expect(checkZipState([part('29510', null, 1, true)], 'IL')).toEqual({
      ok: false,
      field: 'state_code',
      states: ['MO'],
      message: 'ZIP 63101 is in MO, not IL.',
    });
    const acrossTheLine = [{ zip: '20041', state_code: 'DC', county_state_code: 'VA' }];
    expect(checkZipState(acrossTheLine, 'MD')).toMatchObject({
      ok: false,
      message: 'ZIP 20041 is in DC or VA, not MD.',
    });
  });
});
