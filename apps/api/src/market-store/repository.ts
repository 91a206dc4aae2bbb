import { and, asc, desc, eq, getTableColumns, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { marketCounties, marketImports, marketZips } from '../db/schema.js';
import type { InterestRate, MarketCountyRow, MarketZipRow } from '../market/index.js';

/** What `lookupFromRows(zip, county, interestRate, bedrooms)` needs for one ZIP. */
export interface ZipRows {
  readonly zip: MarketZipRow;
  /** The ZIP's main county; null if the county table lacks it. */
  readonly county: MarketCountyRow | null;
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
/** "austin", "san ant", "austin, tx" (a state after the comma is optional and must be 2 letters). */
const CITY_QUERY = /^([^,]*[^\s,])\s*(?:,\s*([A-Za-z]{2})?\s*)?$/;
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
    /** The ZIP's row, its main county's row and the current interest rate; null for an unknown ZIP. */
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
        .limit(1);
      const row = rows[0];
      if (row === undefined) return null;
      return { zip: row.zip, county: row.county, interestRate: row.interestRate ?? null };
    },

    /**
     * Up to `limit` (1–50) ZIPs for an address box. Digits match a ZIP prefix, in ZIP order. Text
     * matches a city prefix, case-insensitively, optionally narrowed by a state ("Austin, TX"):
     * exact city names first, then by city, state and ZIP. Anything else matches nothing.
     *
     * @example suggest('787') → 78701 Austin TX, 78702 Austin TX, …
     */
    async suggest(query: string, limit = 8): Promise<ZipSuggestion[]> {
      const q = query.trim();
      const n = Math.max(1, Math.min(MAX_SUGGESTIONS, Math.trunc(limit) || 1));
      if (ZIP_PREFIX.test(q)) {
        return db
          .select(suggestionColumns)
          .from(marketZips)
          .where(like(marketZips.zip, likePrefix(q)))
          .orderBy(asc(marketZips.zip))
          .limit(n);
      }
      const m = CITY_QUERY.exec(q);
      const city = m?.[1]?.toLowerCase();
      if (city === undefined || /\d/.test(city)) return [];
      const state = m?.[2]?.toUpperCase();
      const lowerCity = sql`lower(${marketZips.city})`;
      return db
        .select(suggestionColumns)
        .from(marketZips)
        .where(
          and(
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
