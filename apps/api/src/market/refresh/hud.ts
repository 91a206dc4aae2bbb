/**
 * HUD's yearly workbooks (xlsx, or the same columns as CSV) turned into the market files' own
 * formats (`fmr_fy<YYYY>.csv`, `safmr_fy<YYYY>.csv`, SOURCES.md §1–2), with every row checked.
 *
 * FMRs by county/town, `FY27_FMRs.xlsx` (HUD USER, Datasets → Fair Market Rents): `stusps`, `state`,
 * `hud_area_code` (the FMR area ID), `countyname`, `county_town_name`, `metro`, `hud_area_name`,
 * `fips` (10 digits), `pop20xx`, `fmr_0` … `fmr_4`. Small Area FMRs, `fy2027_safmrs.xlsx`: `ZIP Code`,
 * `HUD Area Code`, `HUD Metro Fair Market Rent Area Name`, `SAFMR 0BR` … `SAFMR 4BR` (each beside
 * its 90 % and 110 % payment-standard columns, which are not kept). Headers are matched without
 * case, line breaks or repeated spaces.
 */
import { readSheet } from 'read-excel-file/node';
import { parseCsv } from '../tables/csv.js';
import {
  FMR_COLUMNS,
  type FmrRow,
  parseFmrCsv,
  parseSafmrCsv,
  SAFMR_COLUMNS,
  type SafmrRow,
} from '../tables/fmr.js';

/** A refresh input that cannot be used, said so an operator knows what to fix. */
export class RefreshError extends Error {
  override readonly name = 'RefreshError';
}

type Cell = string | number | boolean | Date | null | undefined;

/** The rows of a workbook's first sheet, or of a CSV, as cells. */
export async function readRows(bytes: Buffer, name: string): Promise<Cell[][]> {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b; // 'PK': an xlsx is a zip file
  if (zip || /\.xlsx$/i.test(name)) {
    try {
      return (await readSheet(bytes)) as Cell[][];
    } catch (e) {
      throw new RefreshError(
        `${name} is not a readable xlsx workbook: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }
  return parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, ''));
}

const normalise = (header: Cell) =>
  String(header ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Column positions by normalised header; a missing required one is a `RefreshError`. */
function columns<K extends string>(
  header: readonly Cell[],
  wanted: Readonly<Record<K, readonly string[]>>,
  name: string,
  optional: readonly NoInfer<K>[] = [],
): Record<K, number> {
  const at = new Map(header.map((h, i) => [normalise(h), i] as const));
  const out = {} as Record<K, number>;
  const missing: string[] = [];
  for (const key of Object.keys(wanted) as K[]) {
    const index = wanted[key].map((h) => at.get(h)).find((i) => i !== undefined);
    if (index === undefined) {
      if (!optional.includes(key)) missing.push(wanted[key][0] ?? key);
      out[key] = -1;
    } else out[key] = index;
  }
  if (missing.length > 0) {
    throw new RefreshError(
      `${name} lacks the column(s) ${missing.join(', ')}; is it HUD's workbook for the year?`,
    );
  }
  return out;
}

const text = (cell: Cell) => (cell === null || cell === undefined ? '' : String(cell).trim());
/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const field = (value: string | number) => {
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
const csv = (header: readonly string[], rows: readonly (readonly (string | number)[])[]) =>
  `${[header, ...rows].map((r) => r.map(field).join(',')).join('\n')}\n`;

export interface ConvertedFile<Row> {
  /** the market file's name, `fmr_fy2027.csv` */
  readonly name: string;
  readonly text: string;
  /** the file parsed back by the market layer's own parser */
  readonly rows: readonly Row[];
}

const FMR_HEADERS = {
  fips: ['fips', 'fips2010', 'fips code'],
  state: ['stusps', 'state_alpha', 'state alpha'],
  area_id: ['hud_area_code', 'hud area code', 'fmr_code'],
  area_name: ['hud_area_name', 'hud area name', 'areaname'],
  county: ['countyname', 'county name', 'cntyname'],
  town: ['county_town_name', 'county town name'],
  metro: ['metro'],
  fmr_0: ['fmr_0', 'fmr0'],
  fmr_1: ['fmr_1', 'fmr1'],
  fmr_2: ['fmr_2', 'fmr2'],
  fmr_3: ['fmr_3', 'fmr3'],
  fmr_4: ['fmr_4', 'fmr4'],
} as const;

/**
 * HUD's FMRs by county/town → `fmr_fy<fy>.csv`: `hud_area_code` is HUD's 10-digit `fips`, zero-padded;
 * `county_fips` its first five digits where it ends in 99999 (a county row); names from the
 * workbook's own year.
 */
export function fmrFile(rows: readonly Cell[][], fy: number, name: string): ConvertedFile<FmrRow> {
  const [header = [], ...body] = rows;
  const c = columns(header, FMR_HEADERS, name, ['town']);
  const out = body
    .filter((r) => text(r[c.fips]) !== '')
    .map((r) => {
      const code = text(r[c.fips]).padStart(10, '0');
      return [
        code,
        text(r[c.state]),
        code.endsWith('99999') ? code.slice(0, 5) : '',
        fy,
        text(r[c.fmr_0]),
        text(r[c.fmr_1]),
        text(r[c.fmr_2]),
        text(r[c.fmr_3]),
        text(r[c.fmr_4]),
        text(r[c.area_name]),
        text(r[c.county]),
        c.town < 0 ? '' : text(r[c.town]),
        text(r[c.metro]) === '1' ? 1 : 0,
        text(r[c.area_id]),
        `FY${fy}`,
      ];
    });
  const file = `fmr_fy${fy}.csv`;
  const converted = csv(FMR_COLUMNS, out);
  return { name: file, text: converted, rows: parseFmrCsv(converted, file) };
}

const bedroomHeaders = (b: number) => [`safmr ${b}br`, `safmr_${b}`, `safmr${b}br`];
const SAFMR_HEADERS = {
  zip: ['zip code', 'zip', 'zipcode', 'zip_code'],
  area: ['hud area code', 'hud_area_code'],
  safmr_0: bedroomHeaders(0),
  safmr_1: bedroomHeaders(1),
  safmr_2: bedroomHeaders(2),
  safmr_3: bedroomHeaders(3),
  safmr_4: bedroomHeaders(4),
} as const;

/**
 * HUD's Small Area FMRs → `safmr_fy<fy>.csv`, one row per ZIP. HUD lists a ZIP once per FMR area it
 * reaches; the first listing is kept (the shared FY2026 file did the same) and `duplicates` counts
 * the others.
 */
export function safmrFile(
  rows: readonly Cell[][],
  fy: number,
  name: string,
): ConvertedFile<SafmrRow> & { readonly duplicates: number } {
  const [header = [], ...body] = rows;
  const c = columns(header, SAFMR_HEADERS, name, ['area']);
  const seen = new Set<string>();
  let duplicates = 0;
  const out: string[][] = [];
  for (const r of body) {
    const zip = text(r[c.zip]).padStart(5, '0');
    if (zip === '00000') continue;
    if (seen.has(zip)) {
      duplicates += 1;
      continue;
    }
    seen.add(zip);
    out.push([zip, ...[c.safmr_0, c.safmr_1, c.safmr_2, c.safmr_3, c.safmr_4].map((i) => text(r[i]))]);
  }
  const file = `safmr_fy${fy}.csv`;
  const converted = csv(SAFMR_COLUMNS, out);
  return { name: file, text: converted, rows: parseSafmrCsv(converted, file), duplicates };
}
