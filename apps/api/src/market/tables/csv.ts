/**
 * RFC 4180 CSV reader: comma-separated fields, fields optionally wrapped in double quotes, `""` for a
 * literal quote inside a quoted field, and commas or line breaks allowed inside quotes. Records end
 * with `\n` or `\r\n`. Blank lines are skipped.
 *
 * `CsvParser` is incremental (feed it chunks of any size, e.g. from a stream); `parseCsv` is the
 * one-shot form. Both return every field as a string: typing happens in the file parsers.
 *
 * @example parseCsv('a,b\n"x, y","say ""hi"""\n') → [['a', 'b'], ['x, y', 'say "hi"']]
 */

export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';

  constructor(
    readonly record: number,
    readonly rule: string,
  ) {
    super(`record ${record}: ${rule}`);
  }
}

const COMMA = 44;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const BOM = 0xfeff;

type State = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted';

export class CsvParser {
  private state: State = 'fieldStart';
  /** Text of the current field so far (possibly carried over from an earlier chunk). */
  private field = '';
  private record: string[] = [];
  /** Records completed by the current `push`. */
  private done: string[][] = [];
  /** 1-based number of the record being read, for error messages. */
  private recordNumber = 1;
  private started = false;

  /** Parses `chunk` and returns the records it completed. */
  push(chunk: string): string[][] {
    let i = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) i = 1;
    }
    const n = chunk.length;
    while (i < n) {
      switch (this.state) {
        case 'fieldStart': {
          if (chunk.charCodeAt(i) === QUOTE) {
            this.state = 'quoted';
            i += 1;
          } else {
            this.state = 'unquoted';
          }
          break;
        }
        case 'unquoted': {
          const start = i;
          let c = 0;
          while (i < n) {
            c = chunk.charCodeAt(i);
            if (c === COMMA || c === LF) break;
            if (c === QUOTE) throw new CsvSyntaxError(this.recordNumber, 'a quote inside an unquoted field');
            i += 1;
          }
          this.field += chunk.slice(start, i);
          if (i < n) {
            i += 1;
            if (c === COMMA) this.endField();
            else this.endRecord(true);
          }
          break;
        }
        case 'quoted': {
          const close = chunk.indexOf('"', i);
          if (close === -1) {
            this.field += chunk.slice(i);
            i = n;
          } else {
            this.field += chunk.slice(i, close);
            i = close + 1;
            this.state = 'quoteInQuoted';
          }
          break;
        }
        case 'quoteInQuoted': {
          const c = chunk.charCodeAt(i);
          i += 1;
          if (c === QUOTE) {
            this.field += '"';
            this.state = 'quoted';
          } else if (c === COMMA) {
            this.endField();
          } else if (c === LF) {
            this.endRecord(false);
          } else if (c !== CR) {
            throw new CsvSyntaxError(this.recordNumber, 'text after a closing quote');
          }
          break;
        }
      }
    }
    return this.take();
  }

  /** Ends the input and returns the last record, if any (a file need not end with a line break). */
  end(): string[][] {
    if (this.state === 'quoted') throw new CsvSyntaxError(this.recordNumber, 'unterminated quoted field');
    if (this.state !== 'fieldStart' || this.record.length > 0) this.endRecord(this.state === 'unquoted');
    return this.take();
  }

  private take(): string[][] {
    const out = this.done;
    this.done = [];
    return out;
  }

  private endField(): void {
    this.record.push(this.field);
    this.field = '';
    this.state = 'fieldStart';
  }

  private endRecord(unquoted: boolean): void {
    let last = this.field;
    if (unquoted && last.charCodeAt(last.length - 1) === CR) last = last.slice(0, -1);
    this.record.push(last);
    const blank = this.record.length === 1 && last === '';
    if (!blank) this.done.push(this.record);
    this.field = '';
    this.record = [];
    this.state = 'fieldStart';
    this.recordNumber += 1;
  }
}

/** Parses a whole CSV text into records (header included). */
export function parseCsv(text: string): string[][] {
  const parser = new CsvParser();
  const out = parser.push(text);
  for (const r of parser.end()) out.push(r);
  return out;
}
