/**
 * The deal report (issue 14 §4): the CSV parses back to the analysis' own numbers, and the PDF's
 * extracted text (pdftotext, Debian's poppler-utils) carries the address, rating, NOI and both DSCRs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMoney, formatRatio } from '@sfr/contracts';
import { deriveAssumptions } from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import type { AnalysisFacts } from '../../src/analysis/facts.js';
import { computeAnalysis } from '../../src/analysis/service.js';
import { reportCsv } from '../../src/report/csv.js';
import { dealReport, lenderDscr } from '../../src/report/figures.js';
import { reportPdf } from '../../src/report/pdf.js';
import { parseCsv } from './csv-reader.js';

const austin = {
  street: '1100 Congress Ave',
  city: 'Austin',
  zipcode: '78701',
  state_code: 'TX',
  county_name: 'Travis County',
  num_bedrooms: 3,
  num_bathrooms: 2,
  purchase_price: 450_000,
  factor: 1,
};

const noFacts: AnalysisFacts = {
  hud_rent: null,
  market_rent: null,
  violent_crime_grade: null,
  property_crime_grade: null,
  market_data: { figures: {}, warnings: [] },
};

function analysis(overrides: { hold_period?: number; purchase_price?: number } = {}) {
  const property = { ...austin, purchase_price: overrides.purchase_price ?? austin.purchase_price };
  const assumptions = {
    ...deriveAssumptions(property, { rentPerUnit: 2_347, propertyTaxRate: 0.01535, interestRate: 0.0803 }),
    ...(overrides.hold_period ? { hold_period: overrides.hold_period } : {}),
  };
  return computeAnalysis(property, assumptions, noFacts);
}

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-report-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  // one space between words, whatever the layout wrapped
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function pdfPages(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-report-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

describe('lenderDscr', () => {
  it('divides gross monthly rent by principal, interest, taxes and insurance', () => {
    // 2,347 / (2,481.11 + 6,907.50 / 12 + 2,700 / 12) = 2,347 / 3,281.735 = 0.715170…
    expect(lenderDscr({ rent: 2_347, property_taxes: 6_907.5, insurance: 2_700 }, 2_481.11)).toBeCloseTo(
      0.71517,
      5,
    );
  });
  it('is null without a loan', () => {
    expect(lenderDscr({ rent: 2_000, property_taxes: 1, insurance: 1 }, 0)).toBeNull();
  });
});

describe('report CSV', () => {
  it('parses back to the analysis numbers, unformatted', () => {
    const deal = analysis();
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date('2026-11-24T12:00:00Z') }));
    const header = rows[0] ?? [];
    expect(header.slice(0, 7)).toEqual(['section', 'key', 'label', 'value', 'source', 'vintage', 'tier']);
    expect(header.slice(7)).toEqual(['year_1', 'year_2', 'year_3', 'year_4', 'year_5']);
    for (const row of rows) expect(row).toHaveLength(header.length);
    const value = (key: string) => rows.find((row) => row[1] === key)?.[3];
    expect(Number(value('net_operating_income'))).toBe(deal.year_1_metrics.net_operating_income);
    expect(Number(value('interest_rate'))).toBe(0.0803);
    expect(Number(value('overall_points'))).toBe(deal.summary.overall_points);
    expect(value('address')).toBe('1100 Congress Ave, Austin, TX 78701');
    const cashflow = rows.find((row) => row[1] === 'levered:cashflow');
    expect(cashflow?.slice(7).map(Number)).toEqual(deal.hold_period.levered.cashflow);
  });

  it('quotes commas and neutralises formula-like text', () => {
    const deal = analysis();
    deal.property.street = '=HYPERLINK("x"), 2';
    const text = reportCsv(dealReport(deal), { generatedAt: new Date() });
    expect(text).toContain(`"'=HYPERLINK(""x""), 2, Austin, TX 78701"`);
  });
});

describe.skipIf(!hasPdftotext && process.env.CI !== 'true')('report PDF', () => {
  it('has real text: address, rating, year-1 NOI and both DSCRs, on two pages', async () => {
    const deal = analysis();
    const report = dealReport(deal);
    const pdf = await reportPdf(report, {
      generatedAt: new Date('2026-11-24T12:00:00Z'),
      analysedAt: new Date('2026-11-20T09:00:00Z'),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain('1100 Congress Ave, Austin, TX 78701');
    expect(text).toContain(`${deal.summary.overall_points}%`);
    expect(text).toContain(deal.summary.overall_response);
    expect(text).toContain(formatMoney(deal.year_1_metrics.net_operating_income));
    expect(text).toContain('DSCR (NOI ÷ debt service)');
    const lender = lenderDscr(deal.property.metrics, deal.year_1_metrics.monthly_loan_payment);
    expect(text).toContain(formatRatio(lender ?? Number.NaN));
    expect(text).toContain('5 Year Returns Summary');
    expect(text).toContain('not financial, tax or legal advice');
    expect(text).toContain('Analysed 2026-11-20; generated 2026-11-24');
  });

  it('fits a 30-year hold and a $100,000,000 price on two pages', async () => {
    const deal = analysis({ hold_period: 30, purchase_price: 100_000_000 });
    const pdf = await reportPdf(dealReport(deal), { generatedAt: new Date(), analysedAt: new Date() });
    expect(pdfPages(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain('Year 30');
    expect(text).toContain(deal.metrics_for_hold_period.Levered['Proceeds From Sale'][29]);
  });
});
