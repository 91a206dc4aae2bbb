/**
 * Which of a ZIP's counties an address is in, from the county the user typed, and whether the
 * typed state matches the ZIP at all. Pure functions over the ZIP's rows (one per county).
 */

/** What county choice needs from a ZIP row. */
export interface CountyCandidate {
  readonly zip: string;
  readonly county_fips: string;
  readonly county_name: string | null;
  readonly is_main: boolean;
  /** Share of the ZIP's addresses in this county (residential, else all). */
  readonly county_share: number;
}

const SUFFIXES = [
  'city and borough',
  'census area',
  'planning region',
  'municipality',
  'municipio',
  'borough',
  'parish',
  'county',
  'city',
];

/**
 * Two comparison keys for a county name, lower case without accents, punctuation or spaces, with
 * "St."/"Ste."/"Mt."/"Ft." spelled out: `full` keeps the kind of county ("richmondcity"), `bare`
 * drops it ("richmond") so that "Travis", "Travis County" and "TRAVIS CO." all meet.
 *
 * @example countyNameKeys('St. Louis city') → { full: 'saintlouiscity', bare: 'saintlouis' }
 * @example countyNameKeys('City and County of San Francisco') → { full: 'sanfrancisco', bare: 'sanfrancisco' }
 * @example countyNameKeys("Prince George's County, MD") → { full: 'princegeorgescounty', bare: 'princegeorges' }
 */
export function countyNameKeys(name: string): CountyNameKeys {
  let keys = keysByName.get(name);
  if (keys === undefined) {
    // a bounded memo: the ZIP rows' ~3,200 county names repeat on every request, typed ones may not
    if (keysByName.size >= KEYS_MEMO_SIZE) keysByName.clear();
    keys = Object.freeze(computeCountyNameKeys(name));
    keysByName.set(name, keys);
  }
  return keys;
}

interface CountyNameKeys {
  readonly full: string;
  readonly bare: string;
}

const KEYS_MEMO_SIZE = 8_192;
const keysByName = new Map<string, CountyNameKeys>();

function computeCountyNameKeys(name: string): CountyNameKeys {
  let s = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/,\s*[a-z]{2}\s*$/, '') // a trailing ", TX"
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  s = s
    .replace(/^city and county of /, '')
    .replace(/^county of /, '')
    .replace(/^city of (.+)$/, '$1 city');
  s = s.replace(/\bco$/, 'county');
  const words = s
    .split(' ')
    .map((w) => ({ st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort' })[w] ?? w)
    .join(' ');
  let bare = words;
  for (const suffix of SUFFIXES) {
    if (bare.endsWith(` ${suffix}`)) {
      bare = bare.slice(0, -suffix.length - 1);
      break;
    }
  }
  return { full: words.replace(/ /g, ''), bare: bare.replace(/ /g, '') };
}

export interface CountyChoice<T extends CountyCandidate> {
  /** The ZIP row of the chosen county. */
  readonly part: T;
  /** `typed`: the typed county is one of the ZIP's; `main`: the ZIP's main county (nothing typed, or no match). */
  readonly matched: 'typed' | 'main';
  /** Set when a county was typed that the ZIP does not reach, naming the county used instead. */
  readonly warning: string | null;
}

const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The county that decides FMR area, SAFMR, crime and tax for an address in a ZIP: the typed county
 * when it is one of the ZIP's counties (exact name first, then without "County"/"Parish"/… ; several
 * matches prefer the main county, then the larger share), else the ZIP's main county with a warning.
 *
 * @example ZIP 78730 (Williamson 60% main, Travis 40%), typed "travis" → Travis, matched 'typed'
 * @example Same ZIP, typed "Cook County" → Williamson, warning naming Williamson County
 */
export function chooseZipCounty<T extends CountyCandidate>(
  parts: readonly T[],
  typedCounty?: string | null,
): CountyChoice<T> {
  const main = parts.find((p) => p.is_main) ?? parts[0];
  if (main === undefined) throw new RangeError('a ZIP has at least one county');
  const typed = typedCounty?.trim() ? countyNameKeys(typedCounty) : null;
  if (typed === null) return { part: main, matched: 'main', warning: null };
  const rank = (a: T, b: T) => Number(b.is_main) - Number(a.is_main) || b.county_share - a.county_share;
  const keyed = parts
    .filter((p) => p.county_name)
    .map((p) => ({ p, k: countyNameKeys(p.county_name ?? '') }));
  const exact = keyed.filter(({ k }) => k.full === typed.full).map(({ p }) => p);
  const loose = keyed.filter(({ k }) => k.bare === typed.bare).map(({ p }) => p);
  const hit = (exact.length > 0 ? exact : loose).sort(rank)[0];
  if (hit) return { part: hit, matched: 'typed', warning: null };
  const mainName = main.county_name ?? `county ${main.county_fips}`;
  const all = parts.map((p) => `${p.county_name ?? p.county_fips} ${pct(p.county_share)}`).join(', ');
  return {
    part: main,
    matched: 'main',
    warning: `The county entered (${typedCounty?.trim()}) is not one of ZIP ${main.zip}'s counties (${all}); ${mainName}, where most of its addresses are, was used.`,
  };
}

/** What the state check needs from a ZIP row. */
export interface StateCandidate {
  readonly zip: string;
  /** USPS state of the ZIP. */
  readonly state_code: string;
  /** State of the row's county (a ZIP can cross a state line). */
  readonly county_state_code: string | null;
}

export type ZipStateCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly field: 'state_code';
      readonly states: readonly string[];
      readonly message: string;
    };

/**
 * Whether `stateCode` is a state of the ZIP (its USPS state or a state of one of its counties),
 * case-insensitively. The wiring answers 400 on `state_code` with `message` when it is not.
 *
 * @example checkZipState(rows of 78701, 'IL') → { ok: false, states: ['TX'], message: 'ZIP 78701 is in TX, not IL.' }
 */
export function checkZipState(parts: readonly StateCandidate[], stateCode: string): ZipStateCheck {
  const states = [
    ...new Set(parts.flatMap((p) => [p.state_code, p.county_state_code ?? p.state_code])),
  ].sort();
  const wanted = stateCode.trim().toUpperCase();
  if (states.includes(wanted)) return { ok: true };
  const zip = parts[0]?.zip ?? '';
  return {
    ok: false,
    field: 'state_code',
    states,
    message: `ZIP ${zip} is in ${states.join(' or ')}, not ${wanted || 'an empty state'}.`,
  };
}
