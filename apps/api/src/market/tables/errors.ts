/**
 * A market data file that cannot be read as documented in SOURCES.md. `row` is the 1-based data
 * row (0 = the header or the file as a whole) and `column` the column name, when known.
 */
export class MarketDataError extends Error {
  override readonly name = 'MarketDataError';

  constructor(
    readonly file: string,
    readonly row: number,
    readonly column: string | null,
    readonly rule: string,
  ) {
    super(`${file}${row > 0 ? ` row ${row}` : ''}${column ? ` column ${column}` : ''}: ${rule}`);
  }
}

/** A lookup argument outside its bounds (`field` names it, `rule` says what it must be). */
export class MarketInputError extends Error {
  override readonly name = 'MarketInputError';

  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
  }
}
