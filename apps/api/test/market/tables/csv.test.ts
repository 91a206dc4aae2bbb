import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvParser, CsvSyntaxError, parseCsv } from '../../../src/market/tables/csv.js';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields and keeps leading zeros as text', () => {
    expect(parseCsv('zip,county_fips\n00501,36103\n')).toEqual([
      ['zip', 'county_fips'],
      ['00501', '36103'],
    ]);
  });

  it('reads commas, escaped quotes and line breaks inside quoted fields', () => {
    const text = 'a,b,c\n"Austin-Round Rock, TX MSA","say ""hi""","two\nlines"\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['Austin-Round Rock, TX MSA', 'say "hi"', 'two\nlines'],
    ]);
  });

  it('keeps empty cells, including a trailing one', () => {
    expect(parseCsv('a,b,c\n1,,\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', ''],
    ]);
  });

  it('accepts CRLF, a missing final line break, blank lines and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x",y\r\n\r\n1,2')).toEqual([
      ['a', 'b'],
      ['x', 'y'],
      ['1', '2'],
    ]);
  });

  it('rejects a stray quote, text after a closing quote and an unterminated quote', () => {
    expect(() => parseCsv('a\nx"y\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"x"y\n')).toThrow(/record 2: text after a closing quote/);
    expect(() => parseCsv('a\n"xy\n')).toThrow(/unterminated/);
  });
});

/** RFC 4180 writer used to round-trip arbitrary tables. */
const toCsv = (rows: string[][]) =>
  rows
    .map((r) => r.map((f) => (/[",\n\r]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(','))
    .join('\n');

const field = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', ',', '"', '\n', '\r', 'é') });
/** Tables whose records are not a lone empty field (those are blank lines, which the reader skips). */
const table = fc
  .array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 8 })
  .map((rows) => rows.map((r) => (r.length === 1 && r[0] === '' ? ['x'] : r)));

describe('properties', () => {
  it('parse(write(table)) = table', () => {
    fc.assert(
      fc.property(table, (rows) => {
        expect(parseCsv(toCsv(rows))).toEqual(rows);
      }),
    );
  });

  it('feeding the text in any chunks gives the same records as one pass', () => {
    fc.assert(
      fc.property(table, fc.array(fc.nat(), { maxLength: 10 }), (rows, cuts) => {
        const text = toCsv(rows);
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const parser = new CsvParser();
        const out: string[][] = [];
        let prev = 0;
        for (const p of [...points, text.length]) {
          out.push(...parser.push(text.slice(prev, p)));
          prev = p;
        }
        out.push(...parser.end());
        expect(out).toEqual(parseCsv(text));
      }),
    );
  });
});
