/**
 * The deal report as CSV for spreadsheets (RFC 4180): one row per figure, numbers unformatted but
 * rounded as the screen rounds them (fractions stay fractions; dollars to the cent, a rate to the
 * decimals shown, never float noise), the hold-period rows one column per year.
 */
import { EXPENSE_PART_PREFIX, isExpensePart } from '@sfr/contracts';
import type { DealReport } from './figures.js';

/** Quotes a cell when it holds a comma, a quote or a line break; a leading = + - @ is neutralised. */
function cell(value: number | string | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // spreadsheet formula injection: text that starts like a formula is read as text
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The columns before the years: what every row may fill. */
export const CSV_COLUMNS = ['section', 'key', 'label', 'value', 'source', 'vintage', 'tier', 'range', 'note'];

/**
 * Header `section,key,label,value,source,vintage,tier,range,note,year_1..year_N`: year-1 figures
 * fill `value`; market evidence and the assumptions fill the evidence columns too (an assumption's
 * `tier` is where it comes from: Derived, Default, Entered or Scenario, and `source` its rule); hold-period
 * rows fill the year columns, and `note` where the row needs one (the sale's tax in the last year).
 */
export function reportCsv(report: DealReport, meta: { generatedAt: Date }): string {
  const years = report.holdPeriod[0]?.values.length ?? 0;
  const yearColumns = Array.from({ length: years }, (_, i) => `year_${i + 1}`);
  const width = CSV_COLUMNS.length + years;
  const rows: (number | string | null)[][] = [
    [...CSV_COLUMNS, ...yearColumns],
    ['report', 'generated_at', 'Generated', meta.generatedAt.toISOString()],
    ['report', 'address', 'Address', report.address],
  ];
  for (const section of report.sections) {
    for (const line of section.lines) rows.push([section.key, line.key, line.label, line.value]);
  }
  for (const line of report.evidence) {
    rows.push([
      'market_data',
      line.key,
      line.label,
      line.value,
      line.source,
      line.vintage,
      line.tier,
      line.range,
      line.note,
    ]);
  }
  for (const line of report.assumptions) {
    rows.push(['assumptions', line.key, line.label, line.value, line.basis, null, line.origin, line.range]);
  }
  report.live?.comparables.forEach((row, i) => {
    const detail = `${row.distance}; ${row.bedrooms} bd; ${row.bathrooms} ba; ${row.listed}`;
    rows.push(['comparables', `comparable_${i + 1}`, row.address, row.rent, detail, null, 'live']);
  });
  const bill = report.live?.taxBill;
  if (bill) {
    rows.push([
      'property_record',
      'tax_bill',
      `Tax bill ${bill.year}`,
      bill.total,
      bill.source,
      bill.vintage,
      'live',
    ]);
  }
  rows.push(['rating', 'overall_points', 'Rating points', report.rating.points]);
  rows.push(['rating', 'overall_color', 'Rating colour', report.rating.color]);
  for (const score of report.rating.scores) {
    rows.push(['rating', `score:${score.label}`, `${score.label} points`, score.points]);
  }
  for (const row of report.holdPeriod) {
    const key = `${row.group.toLowerCase()}:${row.row.toLowerCase().replaceAll(' ', '_')}`;
    // an expense line is part of Expense, as the table says: a spreadsheet must not subtract it twice
    const label = isExpensePart(row.row)
      ? `${row.group} Expense, ${EXPENSE_PART_PREFIX} ${row.row}`
      : `${row.group} ${row.row}`;
    const evidence = CSV_COLUMNS.slice(3).map((column) => (column === 'note' ? row.note : null));
    rows.push(['hold_period', key, label, ...evidence, ...row.values]);
  }
  return `${rows
    .map((row) => {
      const padded = [...row, ...Array<null>(Math.max(0, width - row.length)).fill(null)];
      return padded.map(cell).join(',');
    })
    .join('\r\n')}\r\n`;
}
