/**
 * The deal report as a PDF a lender or partner can read: property, the rating and its breakdown,
 * the year-1 pro forma and the loan with both DSCRs on page 1; the hold-period table, the sale and
 * the returns (after tax too, when the deal gives its tax situation) on page 2; then the market
 * evidence (each figure's source, vintage, tier, range and note), every assumption with its origin
 * (derived, a default, or entered), rule and range, a live provider's comparables,
 * the disclaimer and the data vintages, breaking between rows onto as many pages as they need,
 * never inside one. Written with PDFKit in the standard Helvetica fonts, so every word is real,
 * selectable text (docs/decisions/0007-deal-reports.md).
 */
import { DISCLAIMER, EXPENSE_PART_PREFIX, isExpensePart } from '@sfr/contracts';
import PDFDocument from 'pdfkit';
import type { DealReport, HoldPeriodReportRow, ReportLine, ReportSection } from './figures.js';

const PAGE = { width: 612, height: 792, margin: 40 } as const; // US Letter, in points
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';

/** The rating colours as the web shows them (styles.css --rating-*), printable on white. */
const RATING_INK: Record<string, string> = {
  Green: '#1b7a3a',
  'Light-Green': '#5b8f1f',
  Yellow: '#9a7400',
  'Red Orange': '#c2410c',
  Red: '#b91c1c',
};

/** What WinAnsi (Windows-1252) holds beyond Latin-1: its 0x80–0x9F punctuation and letters. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const inWinAnsi = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

/**
 * Letters outside WinAnsi that US addresses use, drawn as the quote that stands for them: Hawaiian
 * place names spell the ʻokina (U+02BB) as ‘ where a font lacks it (ʻEwa Beach, Kāneʻohe).
 */
const SPELLED_AS_QUOTES: Record<string, string> = { ʻ: '‘', ʼ: '’', ʹ: "'" };

/**
 * The standard PDF fonts write WinAnsi text only: the few symbols the report uses outside it are
 * spelled in ASCII so a PDF reader and pdftotext show them right, the ʻokina as a quote, a letter
 * outside it loses its accent ("ő" → "o"), and anything else a user typed (an emoji in a street)
 * becomes "?" rather than the garbage its bytes would draw.
 */
export function winAnsi(text: string): string {
  const spelled = text
    .replaceAll('≈', '~')
    .replaceAll('≥', '>=')
    .replaceAll('≤', '<=')
    .replaceAll('→', '->')
    .replace(/[ʻʼʹ]/g, (quote) => SPELLED_AS_QUOTES[quote] ?? quote);
  let out = '';
  for (const char of spelled) {
    if (inWinAnsi(char) || char === '\n') out += char;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(inWinAnsi) ? base : '?';
    }
  }
  return out;
}

type Doc = PDFKit.PDFDocument;

const BOTTOM = PAGE.height - PAGE.margin;

/** `top`, or the top of a new page when `height` more would not fit above the bottom margin. */
function roomFor(doc: Doc, top: number, height: number): number {
  if (top + height <= BOTTOM) return top;
  doc.addPage();
  return PAGE.margin;
}

function heading(doc: Doc, text: string, x: number, at: number, width: number): number {
  // a heading never ends a page: it keeps a line of what it heads below it
  const y = roomFor(doc, at, 30);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(winAnsi(text), x, y, { width });
  const below = doc.y + 2;
  doc
    .moveTo(x, below)
    .lineTo(x + width, below)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return below + 4;
}

/** Label on the left, value on the right, one line each; returns the y below the block. */
function figureBlock(doc: Doc, title: string, lines: ReportLine[], x: number, y: number, width: number) {
  let top = heading(doc, title, x, y, width);
  doc.fontSize(8);
  for (const line of lines) {
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(winAnsi(line.label), x, top, { width: width * 0.62 });
    const labelBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(winAnsi(line.text), x + width * 0.62, top, { width: width * 0.38, align: 'right' });
    top = Math.max(labelBottom, doc.y) + 1.5;
  }
  return top + 6;
}

/** The height figureBlock will take for `lines` in a column `width` wide (its heading included). */
function figureBlockHeight(doc: Doc, lines: ReportLine[], width: number): number {
  doc.font('Helvetica').fontSize(8);
  const rows = lines.map((line) =>
    Math.max(
      doc.heightOfString(winAnsi(line.label), { width: width * 0.62 }),
      doc.heightOfString(winAnsi(line.text), { width: width * 0.38 }),
    ),
  );
  return 30 + rows.reduce((total, height) => total + height + 1.5, 0) + 6;
}

/**
 * The ranges section as a table (measure, 10th and 90th percentile) kept on one page, then the
 * chance of a losing year 1 and the inputs to check first.
 */
function rangesBlock(doc: Doc, ranges: ReportSection, y: number): number {
  const bands = ranges.lines.filter((line) => line.key.endsWith('_p10'));
  const notes = ranges.lines.filter((line) => !/_p(10|90)$/.test(line.key));
  const rowHeight = 11;
  let top = heading(
    doc,
    ranges.title,
    PAGE.margin,
    roomFor(doc, y, 40 + (bands.length + notes.length + 2) * rowHeight),
    CONTENT_WIDTH,
  );
  const columns = [PAGE.margin, PAGE.margin + 220, PAGE.margin + 330];
  doc.fontSize(7.5).font('Helvetica-Bold').fillColor(MUTED);
  ['Measure', '10th percentile', '90th percentile'].forEach((title, index) => {
    doc.text(title, columns[index], top, { width: 105, align: index === 0 ? 'left' : 'right' });
  });
  top += rowHeight;
  doc.fontSize(8);
  for (const low of bands) {
    const high = ranges.lines.find((line) => line.key === low.key.replace(/_p10$/, '_p90'));
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(winAnsi(low.label.replace(/, 10th percentile$/, '')), columns[0], top, { width: 215 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(winAnsi(low.text), columns[1], top, { width: 105, align: 'right' });
    doc.text(winAnsi(high?.text ?? ''), columns[2], top, { width: 105, align: 'right' });
    top += rowHeight;
  }
  top += 4;
  for (const note of notes) {
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(winAnsi(`${note.label}: `), PAGE.margin, top, { continued: true, width: CONTENT_WIDTH });
    doc.font('Helvetica-Bold').fillColor(INK).text(winAnsi(note.text));
    top = doc.y + 1.5;
  }
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      winAnsi(
        'Each default assumption varies within its own range (10th to 90th percentile, from its source and tier); the values you typed stay exact unless you gave them a range of your own (listed above), except a rehab budget and after-repair value, which are estimates however they were typed and vary by default. 8 in 10 outcomes fall between the two columns.',
      ),
      PAGE.margin,
      top + 2,
      { width: CONTENT_WIDTH },
    );
  return doc.y + 10;
}

/**
 * The scenarios (issue 28 §6) as a table: one column per scenario, the base case first, a row per
 * figure, kept on one page.
 */
function scenariosBlock(doc: Doc, scenarios: ReportSection, y: number): number {
  const byCase = new Map<string, ReportSection['lines']>();
  for (const line of scenarios.lines) {
    const caseKey = /^scenario_(\d+)_/.exec(line.key)?.[1] ?? '0';
    byCase.set(caseKey, [...(byCase.get(caseKey) ?? []), line]);
  }
  const cases = [...byCase.values()];
  const rows = (cases[0] ?? []).slice(1); // the first line of each case is its name
  const rowHeight = 11;
  let top = heading(
    doc,
    scenarios.title,
    PAGE.margin,
    roomFor(doc, y, 40 + (rows.length + 2) * rowHeight),
    CONTENT_WIDTH,
  );
  const labelWidth = 130;
  const width = (CONTENT_WIDTH - labelWidth) / Math.max(cases.length, 1);
  const x = (index: number) => PAGE.margin + labelWidth + index * width;
  doc.fontSize(7.5).font('Helvetica-Bold').fillColor(INK);
  cases.forEach((lines, index) => {
    doc.text(winAnsi(lines[0]?.text ?? ''), x(index), top, {
      width: width - 4,
      align: 'right',
      height: rowHeight * 2,
    });
  });
  top += rowHeight * 2;
  for (const [row, line] of rows.entries()) {
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(winAnsi(line.label), PAGE.margin, top, { width: labelWidth - 4 });
    doc.font('Helvetica-Bold').fillColor(INK);
    cases.forEach((lines, index) => {
      doc.text(winAnsi(lines[row + 1]?.text ?? ''), x(index), top, { width: width - 4, align: 'right' });
    });
    top += rowHeight;
  }
  return top + 10;
}

function section(report: DealReport, key: string) {
  const found = report.sections.find((s) => s.key === key);
  if (!found) throw new Error(`report has no ${key} section`);
  return found;
}

function ratingBlock(doc: Doc, report: DealReport, x: number, y: number, width: number): number {
  let top = heading(doc, 'SFR Analyst Rating', x, y, width);
  const ink = RATING_INK[report.rating.color] ?? INK;
  doc
    .circle(x + 22, top + 22, 20)
    .fillColor(ink)
    .fill();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#ffffff')
    .text(`${report.rating.points}%`, x + 2, top + 16, { width: 40, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(ink)
    .text(winAnsi(`${report.rating.color}: ${report.rating.response}`), x + 50, top + 4, {
      width: width - 50,
    });
  top = Math.max(doc.y, top + 44) + 4;
  doc.fontSize(8);
  for (const score of report.rating.scores) {
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(winAnsi(score.label), x, top, { width: width * 0.6 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(`${score.points} of ${score.maxPoints} points`, x + width * 0.6, top, {
        width: width * 0.4,
        align: 'right',
      });
    top = doc.y + 1.5;
  }
  return top + 6;
}

/** The live provider's comparables and property record (page 2); the y below it. */
function liveEvidenceBlock(doc: Doc, live: NonNullable<DealReport['live']>, y: number): number {
  let top = heading(doc, 'Rent comparables and property record', PAGE.margin, y, CONTENT_WIDTH);
  doc.font('Helvetica').fontSize(7.5).fillColor(INK);
  for (const line of live.lines) {
    top = roomFor(doc, top, doc.heightOfString(winAnsi(line), { width: CONTENT_WIDTH }));
    doc.text(winAnsi(line), PAGE.margin, top, { width: CONTENT_WIDTH });
    top = doc.y + 2;
  }
  if (live.comparables.length === 0) return top + 6;
  const columns = [
    { title: 'Address', width: CONTENT_WIDTH - 330, align: 'left' as const },
    { title: 'Distance', width: 50, align: 'right' as const },
    { title: 'Beds', width: 35, align: 'right' as const },
    { title: 'Baths', width: 35, align: 'right' as const },
    { title: 'Rent', width: 55, align: 'right' as const },
    { title: 'Listed', width: 155, align: 'right' as const },
  ];
  const row = (cells: string[], font: string, ink: string) => {
    top = roomFor(doc, top, 12);
    let x = PAGE.margin;
    let bottom = top;
    cells.forEach((text, i) => {
      const column = columns[i] ?? { width: 50, align: 'right' as const };
      doc
        .font(font)
        .fillColor(ink)
        .text(winAnsi(text), x, top, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    top = bottom + 1.5;
  };
  row(
    columns.map((c) => c.title),
    'Helvetica-Bold',
    MUTED,
  );
  for (const c of live.comparables) {
    row([c.address, c.distance, c.bedrooms, c.bathrooms, c.rent, c.listed], 'Helvetica', INK);
  }
  return top + 6;
}

/**
 * A table across the page under its heading: the second column in bold, the last one muted; a
 * row moves whole to the next page, with the columns' titles again.
 */
function tableBlock(
  doc: Doc,
  title: string,
  columns: readonly { title: string; width: number }[],
  rows: readonly string[][],
  y: number,
): number {
  const header = (at: number) => {
    doc.fontSize(7.5).font('Helvetica-Bold').fillColor(MUTED);
    let x = PAGE.margin;
    for (const column of columns) {
      doc.text(column.title, x, at, { width: column.width });
      x += column.width;
    }
    return doc.y + 2;
  };
  let top = header(heading(doc, title, PAGE.margin, y, CONTENT_WIDTH));
  for (const row of rows) {
    const cells = row.map(winAnsi);
    doc.fontSize(7.5).font('Helvetica');
    const height = Math.max(
      ...cells.map((text, i) => doc.heightOfString(text, { width: (columns[i]?.width ?? 60) - 4 })),
    );
    const at = roomFor(doc, top, height + 2);
    if (at !== top) top = header(at);
    let bottom = top;
    let x = PAGE.margin;
    cells.forEach((text, i) => {
      const column = columns[i] ?? { width: 60 };
      doc
        .font(i === 1 ? 'Helvetica-Bold' : 'Helvetica')
        .fillColor(i === columns.length - 1 ? MUTED : INK)
        .text(text, x, top, { width: column.width - 4 });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    top = bottom + 2;
  }
  return top + 6;
}

function evidenceBlock(doc: Doc, report: DealReport, y: number): number {
  const columns = [
    { title: 'Figure', width: 110 },
    { title: 'Value', width: 70 },
    { title: 'Tier', width: 55 },
    { title: 'Source, vintage, range and note', width: CONTENT_WIDTH - 235 },
  ];
  const rows = report.evidence.map((line) => [
    line.label,
    line.text,
    line.tier ?? '',
    [line.source, line.vintage, line.range && `Range ${line.range}`, line.note].filter(Boolean).join('. '),
  ]);
  return tableBlock(doc, 'Market evidence', columns, rows, y);
}

/** Every assumption with its origin (derived, a default, or entered) and the range the ranges vary it over. */
function assumptionsBlock(doc: Doc, report: DealReport, y: number): number {
  const columns = [
    { title: 'Assumption', width: 140 },
    { title: 'Value', width: 70 },
    { title: 'Origin', width: 50 },
    { title: 'Rule or default, and the range the ranges vary it over', width: CONTENT_WIDTH - 260 },
  ];
  const rows = report.assumptions.map((line) => [
    line.label,
    line.text,
    line.origin,
    [line.basis, line.range && `Ranges vary it ${line.range}`].filter(Boolean).join('. '),
  ]);
  return tableBlock(doc, 'Assumptions and where they come from', columns, rows, y);
}

/** Shrinks the font until the widest cell fits its column (a 100-million-dollar deal still fits). */
function fittingSize(doc: Doc, texts: string[], width: number, start: number): number {
  let size = start;
  doc.font('Helvetica');
  while (size > 4.5 && texts.some((t) => doc.fontSize(size).widthOfString(t) > width)) size -= 0.25;
  return size;
}

/**
 * Years as columns, up to ten a block; longer holds stack blocks of ten years. The whole table
 * stays on its page: when a long hold with the optional rows (issue 28) would run past the bottom,
 * the lines close up and, if need be, the font shrinks.
 */
function holdPeriodTable(doc: Doc, rows: HoldPeriodReportRow[], y: number): number {
  const notes = rows.flatMap((row) => (row.note === null ? [] : [row.note]));
  const note = notes.length === 0 ? null : notes.join(' ');
  const years = rows[0]?.values.length ?? 0;
  let top = heading(doc, `${years} Year Returns Summary`, PAGE.margin, y, CONTENT_WIDTH);
  const labelWidth = 96;
  const perBlock = Math.min(10, Math.max(5, years));
  const columnWidth = (CONTENT_WIDTH - labelWidth) / perBlock;
  const widest = fittingSize(
    doc,
    rows.flatMap((row) => row.texts),
    columnWidth - 4,
    7,
  );
  // each block: the years' line, a caption per group, the rows, and half a line after it
  const blocks = Math.ceil(years / perBlock);
  const groups = new Set(rows.map((row) => row.group)).size;
  const lines = blocks * (1 + groups + rows.length + 0.5);
  // the note under the table keeps its room on the page
  const noteHeight = note === null ? 0 : tableNoteHeight(doc, note) + 6;
  const lineHeight = Math.min(widest + 2.5, (BOTTOM - top - 4 - noteHeight) / Math.max(lines, 1));
  const size = Math.min(widest, lineHeight - 1.25);
  for (let first = 0; first < years; first += perBlock) {
    const last = Math.min(years, first + perBlock);
    doc.font('Helvetica-Bold').fontSize(size).fillColor(MUTED).text('Year', PAGE.margin, top);
    for (let year = first; year < last; year++) {
      const x = PAGE.margin + labelWidth + (year - first) * columnWidth;
      doc.text(`Year ${year + 1}`, x, top, { width: columnWidth - 4, align: 'right' });
    }
    top += lineHeight;
    let group = '';
    for (const row of rows) {
      if (row.group !== group) {
        group = row.group;
        const caption = group === 'Unlevered' ? 'Without the use of a loan' : 'With the use of a loan';
        doc
          .font('Helvetica-Bold')
          .fontSize(size)
          .fillColor(INK)
          .text(`${group} (${caption})`, PAGE.margin, top, { lineBreak: false });
        top += lineHeight;
      }
      // an expense line is part of Expense above it: indented and led by 'of which'
      const part = isExpensePart(row.row);
      doc
        .font('Helvetica')
        .fontSize(size)
        .fillColor(MUTED)
        .text(part ? `${EXPENSE_PART_PREFIX} ${row.row}` : row.row, PAGE.margin + (part ? 12 : 6), top, {
          lineBreak: false,
        });
      for (let year = first; year < last; year++) {
        const x = PAGE.margin + labelWidth + (year - first) * columnWidth;
        doc
          .fillColor(INK)
          .text(row.texts[year] ?? '', x, top, { width: columnWidth - 4, align: 'right', lineBreak: false });
      }
      top += lineHeight;
    }
    top += lineHeight / 2;
  }
  return note === null ? top + 4 : tableNote(doc, note, top + 4);
}

const NOTE_SIZE = 7.5;

function tableNoteHeight(doc: Doc, note: string): number {
  return doc.font('Helvetica').fontSize(NOTE_SIZE).heightOfString(winAnsi(note), { width: CONTENT_WIDTH });
}

/** A line under a table, read with it (the table leaves it room). */
function tableNote(doc: Doc, note: string, y: number): number {
  const top = roomFor(doc, y, tableNoteHeight(doc, note));
  doc.fillColor(MUTED).text(winAnsi(note), PAGE.margin, top, { width: CONTENT_WIDTH });
  return doc.y + 6;
}

export interface PdfMeta {
  generatedAt: Date;
  analysedAt: Date;
}

/** Writes the report and resolves with the PDF's bytes. */
export function reportPdf(report: DealReport, meta: PdfMeta): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: {
      Title: `${report.title}: ${report.address}`,
      Author: 'SFR Analyst',
      Subject: 'Single-family rental underwriting',
      CreationDate: meta.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // page 1: the deal
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(winAnsi(report.address), PAGE.margin, PAGE.margin);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`${report.title}. Analysed ${isoDate(meta.analysedAt)}; generated ${isoDate(meta.generatedAt)}.`);
  const columnWidth = (CONTENT_WIDTH - 20) / 2;
  const left = PAGE.margin;
  const right = PAGE.margin + columnWidth + 20;
  const top = doc.y + 10;
  // one block per section of the report, under the section's own title
  const block = (key: string, x: number, y: number) => {
    const { title, lines } = section(report, key);
    return figureBlock(doc, title, lines, x, y, columnWidth);
  };
  let leftY = block('property', left, top);
  let rightY = ratingBlock(doc, report, right, top, columnWidth);
  const belowTop = Math.max(leftY, rightY);
  leftY = block('acquisition', left, belowTop);
  leftY = block('income', left, leftY);
  leftY = block('expenses', left, leftY);
  rightY = block('loan', right, belowTop);
  rightY = block('cash_flow', right, rightY);
  // the rehab, refinance and seller's loan: under the column with room for the whole block, else
  // at the top of page 2 (a block run past the bottom left a page holding its last line alone)
  const rehab = report.sections.find((s) => s.key === 'rehab');
  let rehabOnPage2 = false;
  if (rehab) {
    const height = figureBlockHeight(doc, rehab.lines, columnWidth);
    if (rightY + height <= BOTTOM) rightY = block('rehab', right, rightY);
    else if (leftY + height <= BOTTOM) leftY = block('rehab', left, leftY);
    else rehabOnPage2 = true;
  }

  // page 2: over the hold
  doc.addPage();
  let y: number = PAGE.margin;
  if (rehab && rehabOnPage2) y = figureBlock(doc, rehab.title, rehab.lines, PAGE.margin, y, columnWidth);
  y = holdPeriodTable(doc, report.holdPeriod, y);
  // the sale and the returns, and the after-tax returns (issue 28 §4) when the deal gives its tax
  // situation: the basis and the tax under the sale, the after-tax profit, multiple and XIRR under
  // the pre-tax ones; kept whole, on the next page when a long hold's table leaves too little room
  const afterTax = report.sections.find((s) => s.key === 'after_tax');
  const isReturn = (line: ReportLine) => line.key.startsWith('after_tax_levered_');
  // the MIRR under the sale: the returns' column is the longer one
  const leftBlocks: [string, ReportLine[]][] = [
    [section(report, 'sale').title, section(report, 'sale').lines],
    [section(report, 'mirr').title, section(report, 'mirr').lines],
  ];
  const rightBlocks: [string, ReportLine[]][] = [
    [section(report, 'returns').title, section(report, 'returns').lines],
  ];
  if (afterTax) {
    leftBlocks.push(['Depreciation and Tax', afterTax.lines.filter((line) => !isReturn(line))]);
    rightBlocks.push([afterTax.title, afterTax.lines.filter(isReturn)]);
  }
  const columnHeight = (blocks: [string, ReportLine[]][]) =>
    blocks.reduce((total, [, lines]) => total + figureBlockHeight(doc, lines, columnWidth), 0);
  y = roomFor(doc, y, Math.max(columnHeight(leftBlocks), columnHeight(rightBlocks)));
  let saleBottom = y;
  for (const [title, lines] of leftBlocks)
    saleBottom = figureBlock(doc, title, lines, left, saleBottom, columnWidth);
  let returnsBottom = y;
  for (const [title, lines] of rightBlocks)
    returnsBottom = figureBlock(doc, title, lines, right, returnsBottom, columnWidth);
  y = Math.max(saleBottom, returnsBottom);
  // the ranges, when the report has them, across the page under the sale and the returns
  if (report.sections.some((s) => s.key === 'ranges')) y = rangesBlock(doc, section(report, 'ranges'), y);
  if (report.sections.some((s) => s.key === 'scenarios'))
    y = scenariosBlock(doc, section(report, 'scenarios'), y);

  // then the evidence, flowing onto as many pages as it needs
  y = evidenceBlock(doc, report, y);
  y = assumptionsBlock(doc, report, y);
  if (report.live) y = liveEvidenceBlock(doc, report.live, y);
  y = heading(doc, 'Disclaimer and data', PAGE.margin, y, CONTENT_WIDTH);
  doc.font('Helvetica').fontSize(7.5).fillColor(MUTED).text(winAnsi(DISCLAIMER), PAGE.margin, y, {
    width: CONTENT_WIDTH,
  });
  const vintages = report.evidence
    .filter((line) => line.vintage)
    .map((line) => `${line.label}: ${line.source}, ${line.vintage}`);
  if (vintages.length > 0)
    doc.moveDown(0.5).text(winAnsi(`Data vintages. ${vintages.join('; ')}.`), { width: CONTENT_WIDTH });
  doc.end();
  return done;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
