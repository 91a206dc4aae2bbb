import { CsvSyntaxError, parseCsv } from './csv.js';
import { MarketDataError } from './errors.js';

/**
 * A parsed CSV with a header, read by column name. Every accessor checks the cell and throws a
 * `MarketDataError` naming the file, the 1-based data row and the column, so a malformed file is
 * reported precisely instead of producing NaN downstream.
 */
export interface Table {
  readonly file: string;
  readonly rowCount: number;
  /** Raw cell text ('' for an empty cell). */
  text(row: number, column: string): string;
  /** Cell text, or null when empty (or equal to one of the file's missing markers, e.g. `NA`). */
  optText(row: number, column: string): string | null;
  /** Finite number; throws when empty or not numeric. */
  num(row: number, column: string): number;
  /** Finite number, or null when missing. */
  optNum(row: number, column: string): number | null;
  /** Integer; throws when empty or not an integer. */
  int(row: number, column: string): number;
  /** Integer, or null when missing. */
  optInt(row: number, column: string): number | null;
  /** Text made of exactly `digits` digits (FIPS, ZIP), kept as a string to keep leading zeros. */
  code(row: number, column: string, digits: number): string;
}

export interface TableOptions {
  /** Cell values that mean "missing" besides the empty string (crime_place.csv uses `NA`). */
  readonly missing?: readonly string[];
}

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Parses `text` and checks that the header holds every column in `columns`. */
export function readTable(
  file: string,
  text: string,
  columns: readonly string[],
  options: TableOptions = {},
): Table {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw new MarketDataError(file, e.record - 1, null, e.rule);
    throw e;
  }
  const header = records[0];
  if (header === undefined) throw new MarketDataError(file, 0, null, 'the file is empty (no header row)');
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    index.set(name.trim(), i);
  });
  const absent = columns.filter((c) => !index.has(c));
  if (absent.length > 0) throw new MarketDataError(file, 0, null, `missing column(s): ${absent.join(', ')}`);
  const missing = new Set(['', ...(options.missing ?? [])]);
  const rows = records.slice(1);

  const raw = (row: number, column: string): string => {
    const col = index.get(column);
    const record = rows[row];
    if (col === undefined || record === undefined) {
      throw new MarketDataError(file, row + 1, column, 'no such cell');
    }
    if (record.length !== header.length) {
      throw new MarketDataError(
        file,
        row + 1,
        null,
        `has ${record.length} fields, header has ${header.length}`,
      );
    }
    return record[col] ?? '';
  };
  const fail = (row: number, column: string, rule: string): never => {
    throw new MarketDataError(file, row + 1, column, rule);
  };
  const optNum = (row: number, column: string): number | null => {
    const s = raw(row, column).trim();
    if (missing.has(s)) return null;
    if (!NUMBER.test(s)) return fail(row, column, `"${s}" is not a number`);
    return Number(s);
  };
  const optInt = (row: number, column: string): number | null => {
    const v = optNum(row, column);
    if (v !== null && !Number.isInteger(v)) return fail(row, column, `${v} is not an integer`);
    return v;
  };

  return {
    file,
    rowCount: rows.length,
    text: raw,
    optText: (row, column) => {
      const s = raw(row, column);
      return missing.has(s.trim()) ? null : s;
    },
    optNum,
    num: (row, column) => optNum(row, column) ?? fail(row, column, 'is empty'),
    optInt,
    int: (row, column) => optInt(row, column) ?? fail(row, column, 'is empty'),
    code: (row, column, digits) => {
      const s = raw(row, column).trim();
      if (s.length !== digits || !/^\d+$/.test(s))
        return fail(row, column, `"${s}" is not a ${digits}-digit code`);
      return s;
    },
  };
}
