/**
 * Fair Market Rents from HUD USER's FMR API (huduser.gov/portal/dataset/fmr-api.html).
 *
 *   GET {base}/fmr/data/{entityid}[?year=YYYY]     Authorization: Bearer {token}
 *   GET {base}/fmr/listCounties/{stateid}
 *
 * `entityid` is a county or New England town as HUD writes it (state FIPS + county FIPS + '99999'
 * for a county, e.g. 4845399999 for Travis County, TX; the 10-digit town code in New England) or a
 * metro area's code (METRO12420M12420). Without `year` HUD answers with its latest year.
 *
 * A data answer is `{ data: { county_name, counties_msa, town_name, metro_status, metro_name,
 * area_name, smallarea_status, basicdata } }`. `smallarea_status` is '1' where HUD's Small Area
 * FMRs apply; `basicdata` is then a list of rows, one per ZIP (`zip_code`) plus one for the whole
 * area (`zip_code` 'MSA level'), otherwise one object. Each row has `Efficiency`, `One-Bedroom`,
 * `Two-Bedroom`, `Three-Bedroom`, `Four-Bedroom` (dollars a month) and `year`. A county list is
 * `[{ state_code, fips_code, county_name, town_name, category }]`. Errors: 400 bad value, 401 bad
 * token, 403 not registered for the dataset, 404 no data, 406 wrong Accept, 500.
 *
 * Answers are kept in memory per entity and year (a day for 'latest', so a new fiscal year is
 * picked up); concurrent requests for the same entity share one call.
 */
import { z } from 'zod';
import { getJson, ProviderError, parseWith } from '../../outbound/client.js';
import type { BedroomRents } from '../tables/fmr.js';

const PROVIDER = 'hud';
const DAY_MS = 24 * 60 * 60 * 1_000;

export interface HudFmrArea {
  /** The entity asked for, e.g. '4845399999'. */
  entityId: string;
  /** The fiscal year of the figures, e.g. 2026 (null if HUD's answer does not say). */
  year: number | null;
  areaName: string | null;
  countyName: string | null;
  /** Whether HUD's Small Area FMRs apply in this area (`smallarea_status` '1'). */
  smallArea: boolean;
  /** The area's (county or metro) FMR for 0–4 bedrooms. */
  fmr: BedroomRents;
  /** Small Area FMRs by ZIP, when HUD lists them. */
  safmr: ReadonlyMap<string, BedroomRents>;
}

export interface HudCounty {
  /** HUD's 10-digit entity id, e.g. '4845399999' */
  fipsCode: string;
  countyName: string;
  townName: string | null;
  category: string | null;
}

/** A source of HUD Fair Market Rents: the live API below. */
export interface HudFmrProvider {
  readonly name: string;
  /** The FMR (and SAFMRs) of a county, New England town or metro area. */
  area(entityId: string): Promise<HudFmrArea>;
  /** The counties (and New England towns) of a state, by its 2-letter code. */
  counties(stateCode: string): Promise<HudCounty[]>;
}

export interface HudOptions {
  token: string;
  /** Default https://www.huduser.gov/hudapi/public */
  baseUrl?: string;
  timeoutMs?: number;
  /** A fiscal year to ask for; default HUD's latest. */
  year?: number;
  /** How long an answer for HUD's latest year is reused; default a day. */
  latestTtlMs?: number;
  /** The clock for the cache; tests move it. */
  now?: () => number;
}

/** A rent as HUD writes it: a number, or (in some answers) a numeric string. */
const rent = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);
const text = z.union([z.string(), z.number()]).transform(String);

const rowSchema = z.object({
  zip_code: text.optional(),
  Efficiency: rent,
  'One-Bedroom': rent,
  'Two-Bedroom': rent,
  'Three-Bedroom': rent,
  'Four-Bedroom': rent,
  year: text.nullish(),
});

type Row = z.output<typeof rowSchema>;

const dataSchema = z.object({
  data: z.object({
    county_name: z.string().nullish(),
    town_name: z.string().nullish(),
    metro_name: z.string().nullish(),
    area_name: z.string().nullish(),
    smallarea_status: text.nullish(),
    year: text.nullish(),
    basicdata: z.union([rowSchema, z.array(rowSchema).min(1)]),
  }),
});

const countiesSchema = z.array(
  z.object({
    fips_code: text,
    county_name: z.string(),
    town_name: z.string().nullish(),
    category: z.string().nullish(),
  }),
);

const rentsOf = (row: Row): BedroomRents => [
  row.Efficiency,
  row['One-Bedroom'],
  row['Two-Bedroom'],
  row['Three-Bedroom'],
  row['Four-Bedroom'],
];

const ZIP = /^\d{5}$/;
/** A row's ZIP, 5 digits (HUD may drop a leading zero), or null for the area's row ('MSA level'). */
function zipOf(row: Row): string | null {
  const zip = row.zip_code?.trim().padStart(5, '0');
  return zip !== undefined && ZIP.test(zip) ? zip : null;
}

function yearOf(...candidates: (string | null | undefined)[]): number | null {
  for (const candidate of candidates) {
    const year = Number(candidate);
    if (Number.isInteger(year) && year >= 2000 && year <= 2100) return year;
  }
  return null;
}

/** What `fmr/data/{entityid}` answered, as an area with its FMR and any SAFMRs. */
export function parseFmrData(entityId: string, body: unknown): HudFmrArea {
  const { data } = parseWith(PROVIDER, dataSchema, body);
  const rows = Array.isArray(data.basicdata) ? data.basicdata : [data.basicdata];
  const areaRow = rows.find((row) => zipOf(row) === null);
  if (!areaRow) {
    throw new ProviderError(PROVIDER, `the answer for ${entityId} has no area-level row`, undefined, {
      kind: 'schema',
    });
  }
  const safmr = new Map<string, BedroomRents>();
  for (const row of rows) {
    const zip = zipOf(row);
    if (zip !== null) safmr.set(zip, rentsOf(row));
  }
  const all = [...rentsOf(areaRow), ...[...safmr.values()].flat()];
  if (all.some((value) => !Number.isFinite(value) || value <= 0)) {
    throw new ProviderError(
      PROVIDER,
      `the answer for ${entityId} has a rent that is not positive`,
      undefined,
      { kind: 'schema' },
    );
  }
  return {
    entityId,
    year: yearOf(data.year, areaRow.year, rows[0]?.year),
    areaName: data.area_name || data.metro_name || null,
    countyName: data.county_name || data.town_name || null,
    smallArea: data.smallarea_status?.trim() === '1',
    fmr: rentsOf(areaRow),
    safmr,
  };
}

/** HUD's entity ids: 10 digits (county, town) or a metro code; nothing that could change the path. */
const ENTITY_ID = /^(\d{10}|METRO[0-9A-Z]{6,12})$/;
const STATE_CODE = /^[A-Z]{2}$/;

export function hudProvider(options: HudOptions): HudFmrProvider {
  const {
    token,
    baseUrl = 'https://www.huduser.gov/hudapi/public',
    timeoutMs = 4000,
    year,
    latestTtlMs = DAY_MS,
    now = Date.now,
  } = options;
  const root = baseUrl.replace(/\/+$/, '');
  // A token that is itself in HUD's error text is scrubbed from messages (getJson's `secrets`).
  const request = {
    provider: PROVIDER,
    timeoutMs,
    headers: { authorization: `Bearer ${token}` },
    secrets: [token],
  };
  // A fixed year never changes; the latest one is asked again after a day.
  const ttl = year === undefined ? latestTtlMs : Number.POSITIVE_INFINITY;
  const cache = new Map<string, { at: number; answer: Promise<unknown> }>();

  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttl) return hit.answer as Promise<T>;
    const answer = load();
    cache.set(key, { at: now(), answer });
    // a failure is not remembered: the next request asks again
    answer.catch(() => {
      if (cache.get(key)?.answer === answer) cache.delete(key);
    });
    return answer;
  }

  const url = (path: string) => {
    const target = new URL(`${root}/${path}`);
    if (year !== undefined) target.searchParams.set('year', String(year));
    return target;
  };

  return {
    name: PROVIDER,

    area(entityId) {
      if (!ENTITY_ID.test(entityId)) {
        return Promise.reject(
          new ProviderError(PROVIDER, `'${entityId}' is not a HUD entity id`, undefined, { kind: 'input' }),
        );
      }
      return cached(`data|${entityId}|${year ?? 'latest'}`, async () =>
        parseFmrData(entityId, await getJson(url(`fmr/data/${entityId}`), request)),
      );
    },

    counties(stateCode) {
      const state = stateCode.trim().toUpperCase();
      if (!STATE_CODE.test(state)) {
        return Promise.reject(
          new ProviderError(PROVIDER, `'${stateCode}' is not a state code`, undefined, { kind: 'input' }),
        );
      }
      return cached(`counties|${state}|${year ?? 'latest'}`, async () => {
        const list = parseWith(
          PROVIDER,
          countiesSchema,
          await getJson(url(`fmr/listCounties/${state}`), request),
        );
        return list.map((county) => ({
          fipsCode: county.fips_code,
          countyName: county.county_name,
          townName: county.town_name || null,
          category: county.category ?? null,
        }));
      });
    },
  };
}

/** 'Travis County' / 'travis' / 'St. Louis city' → comparable words, for matching HUD's county names. */
export function countyKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\bsaint\b/g, 'st')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(county|parish|borough|census area|municipality|municipio|city and borough)\b/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The entity id of the county named `countyName` in a state's list, if exactly one matches. */
export function findCounty(counties: readonly HudCounty[], countyName: string): HudCounty | null {
  const key = countyKey(countyName);
  if (key === '') return null;
  const matches = counties.filter(
    (county) => countyKey(county.countyName) === key && (county.townName === null || county.townName === ''),
  );
  return matches.length === 1 ? (matches[0] as HudCounty) : null;
}
