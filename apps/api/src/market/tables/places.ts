/**
 * Census places (cities, towns, villages, CDPs) and how a typed city name finds one. `places.csv`
 * (apps/api/data/market, its README) lists every place of 2,500 people or more, and every place with
 * its own crime rate, with the counties it lies in and its 2020 populations.
 */
import { readTable } from './table.js';

/** One place × county row of `places.csv`. */
export interface PlaceCountyRow {
  readonly state_fips: string;
  readonly place_fips: string;
  /** The Census name: 'Germantown city', 'Nashville-Davidson metropolitan government (balance)' */
  readonly name: string;
  readonly state: string;
  readonly population: number;
  readonly county_fips: string;
  /** The place's people in this county (2020 Census). */
  readonly population_in_county: number;
  /** The county's people (2020 Census). */
  readonly county_population: number;
}

export const PLACE_COLUMNS = [
  'state_fips',
  'place_fips',
  'name',
  'state',
  'population',
  'county_fips',
  'population_in_county',
  'county_population',
] as const;

export function parsePlacesCsv(text: string, file = 'places.csv'): PlaceCountyRow[] {
  const t = readTable(file, text, PLACE_COLUMNS);
  const rows: PlaceCountyRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    rows.push({
      state_fips: t.code(r, 'state_fips', 2),
      place_fips: t.code(r, 'place_fips', 5),
      name: t.text(r, 'name'),
      state: t.text(r, 'state'),
      population: t.int(r, 'population'),
      county_fips: t.code(r, 'county_fips', 5),
      population_in_county: t.int(r, 'population_in_county'),
      county_population: t.int(r, 'county_population'),
    });
  }
  return rows;
}

/** Census name endings that say what kind of place it is, longest first. */
const PLACE_KINDS = [
  'consolidated government',
  'metropolitan government',
  'unified government',
  'metro government',
  'city and borough',
  'urban county',
  'municipality',
  'borough',
  'village',
  'city',
  'town',
  'cdp',
];

const SPELLED_OUT: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort' };

/**
 * A city name as a comparison key: lower case, no accents or punctuation, "St."/"Mt."/"Ft." spelled
 * out, so what a user types, a USPS city and a Census name meet. The Hawaiian ʻokina goes like an
 * apostrophe (USPS and the Census write "Kaneohe").
 *
 * @example cityKey('St. Petersburg') → 'saint petersburg'; cityKey('WINSTON-SALEM') → 'winston salem'
 * @example cityKey('Kāneʻohe') → 'kaneohe'
 */
export function cityKey(name: string): string {
  let key = keysByName.get(name);
  if (key === undefined) {
    // a bounded memo: a ZIP's USPS city repeats on every request, typed ones may not
    if (keysByName.size >= KEYS_MEMO_SIZE) keysByName.clear();
    key = computeCityKey(name);
    keysByName.set(name, key);
  }
  return key;
}

const KEYS_MEMO_SIZE = 16_384;
const keysByName = new Map<string, string>();

function computeCityKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`ʻʼ]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => SPELLED_OUT[w] ?? w)
    .join(' ');
}

/**
 * The keys a Census place answers to: its name without its kind ("Germantown city" → "germantown"),
 * and for a consolidated government each of its parts ("Nashville-Davidson metropolitan government
 * (balance)" → "nashville davidson", "nashville", "davidson"; "Urban Honolulu CDP" → also "honolulu").
 *
 * @example placeNameKeys('Louisville/Jefferson County metro government (balance)') → ['louisville jefferson county', 'louisville', 'jefferson county']
 * @example placeNameKeys('Boise City city') → ['boise city', 'boise']
 */
export function placeNameKeys(censusName: string): string[] {
  const withoutBalance = censusName.replace(/\(balance\)/i, '').trim();
  let base = withoutBalance.toLowerCase();
  let consolidated = false;
  for (const kind of PLACE_KINDS) {
    if (base.endsWith(` ${kind}`)) {
      base = base.slice(0, -kind.length - 1);
      consolidated = kind.includes('government') || kind === 'urban county' || kind === 'city and borough';
      break;
    }
  }
  const keys = [cityKey(base)];
  if (consolidated) keys.push(...base.split(/[-/]/).map(cityKey));
  if (keys[0]?.startsWith('urban ')) keys.push(keys[0].slice('urban '.length));
  // 'Boise City city': people say Boise
  if (withoutBalance.toLowerCase().endsWith(' city city')) keys.push(cityKey(base.slice(0, -' city'.length)));
  return [...new Set(keys.filter((k) => k !== ''))];
}
