import { and, asc, desc, eq, getTableColumns, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { marketCounties, marketImports, marketPlaces, marketZips } from '../../db/schema.js';
import type { InterestRate, MarketCountyRow, MarketPlaceRow, MarketZipRow } from '../tables/index.js';

/** What `checkZipState` and `lookupFromRows` need for one ZIP. */
export interface ZipRows {
  /** The ZIP's main county row (its city and coordinates). */
  readonly zip: MarketZipRow;
  /** Every county row of the ZIP (one per crosswalk county), main county first, then by share. */
  readonly parts: readonly MarketZipRow[];
  /** The county rows of those counties (a county the county table lacks is absent). */
  readonly counties: readonly MarketCountyRow[];
  /** The places lying in those counties (a typed city finds its own crime grades among them). */
  readonly places: readonly MarketPlaceRow[];
  /** The active import's default interest rate. */
  readonly interestRate: InterestRate | null;
}

export interface ZipSuggestion {
  readonly zipcode: string;
  readonly city: string;
  readonly state_code: string;
  readonly county_name: string | null;
  readonly lat: number | null;
  readonly lng: number | null;
}

export type MarketRepository = ReturnType<typeof marketRepository>;

const ZIP = /^\d{5}$/;
const ZIP_PREFIX = /^\d{1,5}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** "austin", "san ant", "austin, tx" (a state after the comma is optional and must be 2 letters). */
const CITY_QUERY = /^([^,]*[^\s,])\s*(?:,\s*([A-Za-z]{2})?\s*)?$/;

/** A typed city in the letters USPS writes: accents dropped, the Hawaiian ʻokina left out. */
const uspsLetters = (city: string) => city.normalize('NFD').replace(/\p{M}/gu, '').replace(/[ʻʼ]/g, '');

export const MAX_SUGGESTIONS = 50;

/** Escapes LIKE's wildcards (backslash is Postgres' default LIKE escape character). */
const likePrefix = (text: string): string => `${text.replace(/[\\%_]/g, '\\$&')}%`;

const suggestionColumns = {
  zipcode: marketZips.zip,
  city: marketZips.city,
  state_code: marketZips.state_code,
  county_name: marketZips.county_name,
  lat: marketZips.lat,
  lng: marketZips.lng,
};

/**
 * Reads the imported market tables. `db` may be a transaction. Every query is parameterised by
 * Drizzle; user text reaches SQL only as bind values.
 */
export function marketRepository(db: Database) {
  return {
    /** Every county row of the ZIP with its county, and the current interest rate; null for an unknown ZIP. */
    async findZip(zip: string): Promise<ZipRows | null> {
      if (!ZIP.test(zip)) return null;
      const rows = await db
        .select({
          zip: getTableColumns(marketZips),
          county: getTableColumns(marketCounties),
          interestRate:
            sql`(select ${marketImports.interest_rate} from ${marketImports} where ${marketImports.active} limit 1)`.mapWith(
              marketImports.interest_rate,
            ),
        })
        .from(marketZips)
        .leftJoin(marketCounties, eq(marketCounties.county_fips, marketZips.county_fips))
        .where(eq(marketZips.zip, zip))
        .orderBy(desc(marketZips.is_main), desc(marketZips.county_share), asc(marketZips.county_fips));
      const main = rows[0];
      if (main === undefined) return null;
      const places = await db
        .select()
        .from(marketPlaces)
        .where(inArray(marketPlaces.county_fips, [...new Set(rows.map((r) => r.zip.county_fips))]))
        .orderBy(asc(marketPlaces.state_fips), asc(marketPlaces.place_fips), asc(marketPlaces.county_fips));
      return {
        zip: main.zip,
        parts: rows.map((r) => r.zip),
        counties: rows.flatMap((r) => (r.county ? [r.county] : [])),
        places,
        interestRate: main.interestRate ?? null,
      };
    },

    /**
     * Up to `limit` (1–50) ZIPs for an address box, each once (its main county). Digits match a ZIP prefix, in ZIP order. Text
     * matches a city prefix, case-insensitively, optionally narrowed by a state ("Austin, TX"):
     * exact city names first, then by city, state and ZIP. Anything else matches nothing.
     *
     * @example suggest('787') → 78701 Austin TX, 78702 Austin TX, …
     */
    async suggest(query: string, limit = 8): Promise<ZipSuggestion[]> {
      const q = query.trim();
      // Postgres text cannot hold a NUL byte, and no ZIP or city has a control character
      if (CONTROL_CHARACTER.test(q)) return [];
      const n = Math.max(1, Math.min(MAX_SUGGESTIONS, Math.trunc(limit) || 1));
      if (ZIP_PREFIX.test(q)) {
        return db
          .select(suggestionColumns)
          .from(marketZips)
          .where(and(marketZips.is_main, like(marketZips.zip, likePrefix(q))))
          .orderBy(asc(marketZips.zip))
          .limit(n);
      }
      const m = CITY_QUERY.exec(q);
      // USPS writes its cities in plain letters: "Kāneʻohe" and "Peñasco" find KANEOHE and PENASCO (QA)
      const city = m?.[1] && uspsLetters(m[1]).toLowerCase();
      if (city === undefined || /\d/.test(city)) return [];
      const state = m?.[2]?.toUpperCase();
      const lowerCity = sql`lower(${marketZips.city})`;
      return db
        .select(suggestionColumns)
        .from(marketZips)
        .where(
          and(
            marketZips.is_main,
            like(lowerCity, likePrefix(city)),
            state === undefined ? undefined : eq(marketZips.state_code, state),
          ),
        )
        .orderBy(
          desc(sql`${lowerCity} = ${city}`),
          asc(lowerCity),
          asc(marketZips.state_code),
          asc(marketZips.zip),
        )
        .limit(n);
    },
  };
}
