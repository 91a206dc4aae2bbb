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

/** One county of a ZIP, with the ZIP's shares of addresses in it. */
export interface ZipCountyPart {
  readonly zip: string;
  readonly county_fips: string;
  /** USPS preferred city name of the ZIP, upper case. */
  readonly city: string;
  /** USPS preferred state of the ZIP. */
  readonly state: string;
  readonly res_ratio: number;
  readonly tot_ratio: number;
  /** `res_ratio` normally; `tot_ratio` for ZIPs with no residential addresses (PO-box / business ZIPs). */
  readonly share_basis: 'res_ratio' | 'tot_ratio';
  /** This part's ratio on `share_basis`. */
  readonly share: number;
  /** The ZIP's main county: the largest share (ties keep the earlier crosswalk row). */
  readonly is_main: boolean;
  /** How many counties the ZIP spans. */
  readonly county_count: number;
}

/**
 * Every county of every ZIP, main county first, then by share (largest first). The main county is
 * the row with the largest `res_ratio`; when every `res_ratio` of the ZIP is 0 (no residential
 * addresses), the largest `tot_ratio`, as SOURCES.md advises. Ties keep the earlier row (the file is
 * sorted by `tot_ratio` descending within a ZIP).
 *
 * @example 78730 rows Travis (res 0.4) and Williamson (res 0.6) → [Williamson main 0.6, Travis 0.4]
 */
export function zipCountyParts(rows: readonly ZipCountyRow[]): Map<string, ZipCountyPart[]> {
  const byZip = new Map<string, ZipCountyRow[]>();
  for (const row of rows) {
    const list = byZip.get(row.zip);
    if (list) list.push(row);
    else byZip.set(row.zip, [row]);
  }
  const out = new Map<string, ZipCountyPart[]>();
  for (const [zip, list] of byZip) {
    const basis = list.some((r) => r.res_ratio > 0) ? 'res_ratio' : 'tot_ratio';
    let main = list[0];
    for (const r of list) if (main === undefined || r[basis] > main[basis]) main = r;
    const ordered = [...list].sort((a, b) => (a === main ? -1 : b === main ? 1 : b[basis] - a[basis]));
    out.set(
      zip,
      ordered.map((r) => ({
        zip,
        county_fips: r.county_fips,
        city: r.city,
        state: r.state,
        res_ratio: r.res_ratio,
        tot_ratio: r.tot_ratio,
        share_basis: basis,
        share: r[basis],
        is_main: r === main,
        county_count: list.length,
      })),
    );
  }
  return out;
}
