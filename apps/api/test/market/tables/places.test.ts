import { describe, expect, it } from 'vitest';
import { cityKey, findPlace, placeNameKeys } from '../../../src/market/tables/index.js';

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
