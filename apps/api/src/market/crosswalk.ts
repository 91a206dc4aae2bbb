import { readTable } from './table.js';

/** One row of `zip_county.csv` (HUD-USPS ZIP-COUNTY crosswalk): a ZIP's share in one county. */
export interface ZipCountyRow {
  readonly zip: string;
  readonly county_fips: string;
  /** USPS preferred city name, upper case. */
  readonly city: string;
  readonly state: string;
  /** Share of the ZIP's residential addresses in this county, 0–1. */
  readonly res_ratio: number;
  /** Share of all the ZIP's addresses in this county, 0–1. */
  readonly tot_ratio: number;
}

export const ZIP_COUNTY_COLUMNS = ['zip', 'county_fips', 'city', 'state', 'res_ratio', 'tot_ratio'] as const;

export function parseZipCountyCsv(text: string, file = 'zip_county.csv'): ZipCountyRow[] {
  const t = readTable(file, text, ZIP_COUNTY_COLUMNS);
  const rows: ZipCountyRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    rows.push({
      zip: t.code(r, 'zip', 5),
      county_fips: t.code(r, 'county_fips', 5),
      city: t.text(r, 'city').trim(),
      state: t.text(r, 'state').trim(),
      res_ratio: t.num(r, 'res_ratio'),
      tot_ratio: t.num(r, 'tot_ratio'),
    });
  }
  return rows;
}

/** A ZIP's main county and how it was chosen. */
export interface MainCounty {
  readonly zip: string;
  readonly county_fips: string;
  readonly city: string;
  readonly state: string;
  /** The share that made this county the main one. */
  readonly share: number;
  /** `res_ratio` normally; `tot_ratio` for ZIPs with no residential addresses (PO-box / business ZIPs). */
  readonly share_basis: 'res_ratio' | 'tot_ratio';
  /** How many counties the ZIP spans. */
  readonly county_count: number;
}

/**
 * Picks each ZIP's main county: the row with the largest `res_ratio`; when every `res_ratio` of the
 * ZIP is 0 (no residential addresses), the row with the largest `tot_ratio`, as SOURCES.md advises.
 * Ties keep the earlier row (the file is sorted by `tot_ratio` descending within a ZIP).
 *
 * @example rows 78701→48453 (res 1.0) → { county_fips: '48453', share: 1, share_basis: 'res_ratio' }
 */
export function mainCountyByZip(rows: readonly ZipCountyRow[]): Map<string, MainCounty> {
  const byZip = new Map<string, ZipCountyRow[]>();
  for (const row of rows) {
    const list = byZip.get(row.zip);
    if (list) list.push(row);
    else byZip.set(row.zip, [row]);
  }
  const out = new Map<string, MainCounty>();
  for (const [zip, list] of byZip) {
    const hasResidential = list.some((r) => r.res_ratio > 0);
    const basis = hasResidential ? 'res_ratio' : 'tot_ratio';
    let best = list[0];
    for (const r of list) if (best === undefined || r[basis] > best[basis]) best = r;
    if (best === undefined) continue;
    out.set(zip, {
      zip,
      county_fips: best.county_fips,
      city: best.city,
      state: best.state,
      share: best[basis],
      share_basis: basis,
      county_count: list.length,
    });
  }
  return out;
}
