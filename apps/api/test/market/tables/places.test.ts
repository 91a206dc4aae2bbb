import { describe, expect, it } from 'vitest';
import { cityKey, findPlace, placeNameKeys, placeWarning } from '../../../src/market/tables/index.js';

describe('a typed city finds its Census place', () => {
  it('keys a Census name without its kind, and a consolidated government by each of its parts', () => {
    expect(placeNameKeys('Germantown city')).toEqual(['germantown']);
    expect(placeNameKeys('Winston-Salem city')).toEqual(['winston salem']);
    expect(placeNameKeys('Nashville-Davidson metropolitan government (balance)')).toEqual([
      'nashville davidson',
      'nashville',
      'davidson',
    ]);
    expect(placeNameKeys('Louisville/Jefferson County metro government (balance)')).toEqual([
      'louisville jefferson county',
      'louisville',
      'jefferson county',
    ]);
    expect(placeNameKeys('Lexington-Fayette urban county')).toEqual([
      'lexington fayette',
      'lexington',
      'fayette',
    ]);
    expect(placeNameKeys('Urban Honolulu CDP')).toEqual(['urban honolulu', 'honolulu']);
    expect(placeNameKeys('Indianapolis city (balance)')).toEqual(['indianapolis']);
    expect(placeNameKeys('Boise City city')).toEqual(['boise city', 'boise']);
  });

  it('reads what people type and USPS cities the same way', () => {
    expect(cityKey('St. Petersburg')).toBe('saint petersburg');
    expect(cityKey('SAINT PETERSBURG')).toBe('saint petersburg');
    expect(cityKey('  Winston–Salem ')).toBe('winston salem');
    // Hawaiian spellings meet USPS's and the Census's (QA: "Kāneʻohe" matched no place)
    expect(cityKey('Kāneʻohe')).toBe(cityKey('KANEOHE'));
    expect(cityKey('ʻEwa Beach')).toBe(cityKey('Ewa Beach CDP'.replace(' CDP', '')));
    expect(cityKey('Coeur d’Alene')).toBe('coeur dalene');
  });

  it('takes the typed city, else the ZIP’s city, and only a place lying in the address’s county', () => {
    const place = (name: string, county_fips: string) => ({
      name,
      name_keys: placeNameKeys(name),
      county_fips,
    });
    const places = [place('Chicago city', '17031'), place('Germantown city', '47157')];
    expect(findPlace(places, '17031', ['Chicago', 'CHICAGO'])?.name).toBe('Chicago city');
    // a neighbourhood typed as the city: the ZIP's city decides
    expect(findPlace(places, '17031', ['Lincoln Park', 'CHICAGO'])?.name).toBe('Chicago city');
    // a city of that name elsewhere is not this address's
    expect(findPlace(places, '24031', ['Germantown', 'GERMANTOWN'])).toBeNull();
    expect(findPlace(places, '47157', [null, 'GERMANTOWN'])?.name).toBe('Germantown city');
  });
});

describe('a typed city that is not the ZIP’s postal city', () => {
  const place = (name: string) => ({ name, name_keys: placeNameKeys(name) });
  const midtownMemphis = { zip: '38104', city: 'MEMPHIS', county_name: 'Shelby County' };

  it('says whose grades and tax the figures are, and what to type if that is wrong (QA)', () => {
    expect(placeWarning('Germantown', midtownMemphis, place('Germantown city'))).toBe(
      "ZIP 38104's postal city is MEMPHIS, not Germantown: the crime grades and tax rate are Germantown's. If the address is not inside Germantown, type MEMPHIS.",
    );
    // a name that is no place of the county: the ZIP's city was used, or the county where it has none
    expect(placeWarning('Xyzzyville', midtownMemphis, place('Memphis city'))).toBe(
      "Xyzzyville is not a city of Shelby County with figures of its own: the crime grades and tax rate are ZIP 38104's city, Memphis.",
    );
    expect(
      placeWarning('Lyons', { zip: '67554', city: 'LYONS', county_name: 'Rice County' }, null),
    ).toBeNull();
    expect(placeWarning('Sterling', { zip: '67554', city: 'LYONS', county_name: 'Rice County' }, null)).toBe(
      "Sterling is not a city of Rice County with figures of its own: the crime grades and tax rate are Rice County's.",
    );
  });

  it('says nothing when the typed city is the postal one, however written, or none was typed', () => {
    expect(placeWarning('memphis ', midtownMemphis, place('Memphis city'))).toBeNull();
    expect(placeWarning('', midtownMemphis, place('Memphis city'))).toBeNull();
    expect(placeWarning(null, midtownMemphis, place('Memphis city'))).toBeNull();
    const stPete = { zip: '33701', city: 'SAINT PETERSBURG', county_name: 'Pinellas County' };
    expect(placeWarning('St. Petersburg', stPete, place('St. Petersburg city'))).toBeNull();
  });
});
