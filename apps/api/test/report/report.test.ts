/**
 * The deal report (issue 14 §4): the CSV parses back to the analysis' own numbers, and the PDF's
 * extracted text (pdftotext, Debian's poppler-utils) carries the address, rating, NOI and both DSCRs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assembleAnalysis,
  assembleScenario,
  checkFirst,
  dealInput,
  factsOf,
  formatMarketRange,
  formatMetric,
  formatMoney,
  formatRatio,
  holdPeriodOptionalFigures,
  type MarketFigure,
  type Metrics,
  measureBand,
  NOTHING_KEPT,
  negativeCashFlowChance,
  roundByKind,
  roundMetric,
  roundToCents,
  simulateAnalysis,
} from '@sfr/contracts';
import {
  deriveAssumptions,
  modifiedReturns,
  newAnalysisExpenseLines,
  type TaxInputs,
} from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import type { AnalysisFacts } from '../../src/analysis/facts.js';

import { reportCsv } from '../../src/report/csv.js';
import { dealReport, lenderDscr, rangesSection } from '../../src/report/figures.js';
import { reportPdf, winAnsi } from '../../src/report/pdf.js';
import { austin } from '../support/example-deal.js';
import { parseCsv } from './csv-reader.js';

const noFacts: AnalysisFacts = {
  hud_rent: null,
  market_rent: null,
  violent_crime_grade: null,
  property_crime_grade: null,
  market_data: { figures: {}, warnings: [] },
};

/** What a RentCast-backed analysis keeps: the live rent with its range, 15 comparables, the record. */
const liveFacts: AnalysisFacts = {
  ...noFacts,
  market_rent: 2_950,
  market_data: {
    figures: {
      rentometer_rent: {
        value: 2_950,
        source: 'RentCast long-term rent estimate (AVM)',
        vintage: '2026-11-24',
        tier: 'live',
        range: { low: 2_600, high: 3_300 },
      },
    },
    warnings: [],
    comparables: Array.from({ length: 15 }, (_, i) => ({
      address: `${4200 + 2 * i} N Sheridan Rd, Chicago, IL 60613`,
      distance_miles: 0.08 + i / 10,
      bedrooms: 2,
      bathrooms: i % 2 === 0 ? 1 : null,
      rent: 2_800 + 25 * i,
      days_on_market: 10 + i,
      last_seen: '2026-11-22',
    })),
    property_record: {
      address: '1100 Congress Ave, Austin, TX 78701',
      bedrooms: 3,
      bathrooms: 2,
      square_feet: 1_878,
      year_built: 1973,
      tax_bill: { year: 2024, total: 2_984 },
      source: 'RentCast property record',
      vintage: '2026-11-24',
    },
  },
};

/** The README's tax situation: 24 % income, 15 % gains, 25 % recapture, a fifth of the basis in land. */
const TAX: TaxInputs = {
  marginal_rate: 0.24,
  capital_gains_rate: 0.15,
  recapture_rate: 0.25,
  land_share: 0.2,
};

/**
 * A new analysis of the example deal (with the expense lines a new analysis starts with, unless
 * `lines` is false; with the after-tax returns when `tax` is given).
 */
function analysis(
  overrides: {
    hold_period?: number;
    purchase_price?: number;
    lines?: boolean;
    tax?: TaxInputs;
    /** the market rate the assumptions start from */
    interest_rate?: number;
    /** the house type's units (1–4) */
    factor?: number;
    /** a closing cost the user typed over the derived 3 % */
    closing_cost?: number;
  } = {},
  facts: AnalysisFacts = noFacts,
) {
  const property = {
    ...austin,
    purchase_price: overrides.purchase_price ?? austin.purchase_price,
    factor: overrides.factor ?? austin.factor,
  };
  const assumptions: Metrics = {
    ...deriveAssumptions(property, {
      // the rent the facts' market rent gives, as a new analysis derives it
      rentPerUnit: facts.market_rent ?? 2_347,
      propertyTaxRate: 0.01535,
      interestRate: overrides.interest_rate ?? 0.0803,
    }),
    ...(overrides.hold_period ? { hold_period: overrides.hold_period } : {}),
    ...(overrides.closing_cost ? { closing_cost: overrides.closing_cost } : {}),
    ...(overrides.lines === false ? {} : newAnalysisExpenseLines()),
    ...(overrides.tax ? { tax: overrides.tax } : {}),
  };
  return assembleAnalysis(property, assumptions, facts, NOTHING_KEPT);
}

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The PDF's text (one page's, when `page` is given), one space between words whatever the layout wrapped. */
function pdfText(pdf: Buffer, page?: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-report-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  // a page as laid out: a figure and its value on one line
  const pages = page === undefined ? [] : ['-layout', '-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', [...pages, file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
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
  it('parses back to the analysis numbers as the screen shows them, without float noise', () => {
    const deal = analysis();
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date('2026-11-24T12:00:00Z') }));
    const header = rows[0] ?? [];
    expect(header.slice(0, 9)).toEqual([
      'section',
      'key',
      'label',
      'value',
      'source',
      'vintage',
      'tier',
      'range',
      'note',
    ]);
    expect(header.slice(9)).toEqual(['year_1', 'year_2', 'year_3', 'year_4', 'year_5']);
    for (const row of rows) expect(row).toHaveLength(header.length);
    const value = (key: string) => rows.find((row) => row[1] === key)?.[3];
    expect(Number(value('net_operating_income'))).toBe(
      roundToCents(deal.year_1_metrics.net_operating_income),
    );
    expect(Number(value('interest_rate'))).toBe(0.0803);
    expect(Number(value('overall_points'))).toBe(deal.summary.overall_points);
    expect(value('address')).toBe('1100 Congress Ave, Austin, TX 78701');
    const cashflow = rows.find((row) => row[1] === 'levered:cashflow');
    expect(cashflow?.slice(9).map(Number)).toEqual(deal.hold_period.levered.cashflow.map(roundToCents));
    // every number has at most the decimals the screen shows: cents, or hundredths of a percent
    for (const row of rows) {
      for (const cell of [row[3], ...row.slice(9)]) {
        if (cell && /^-?[\d.]+$/.test(cell)) expect(cell, row[1]).toMatch(/^-?\d+(\.\d{1,4})?$/);
      }
    }
  });

  it('says "per unit" beside the market’s (and HUD’s) rent on a 2–4 unit deal, and not on a house', () => {
    const labels = (factor: number) => {
      const rows = parseCsv(
        reportCsv(dealReport(analysis({ factor }, liveFacts)), { generatedAt: new Date() }),
      );
      return rows.find((row) => row[0] === 'market_data' && row[1] === 'rentometer_rent')?.[2];
    };
    expect(labels(3)).toBe('Market Rent (per unit)');
    expect(labels(1)).toBe('Market Rent');
  });

  it("gives a market figure's range and note, and each assumption's origin, rule and range (QA: they were blank)", () => {
    const note = 'An estimate from 15 comparables within a mile.';
    const [figure] = Object.values(liveFacts.market_data.figures);
    const figures = { rentometer_rent: { ...(figure as MarketFigure), note } };
    const deal = analysis(
      { closing_cost: 9_000 },
      { ...liveFacts, market_data: { ...liveFacts.market_data, figures } },
    );
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    const header = rows[0] ?? [];
    const row = (section: string, key: string) => {
      const found = rows.find((r) => r[0] === section && r[1] === key) ?? [];
      return Object.fromEntries(header.map((column, i) => [column, found[i]]));
    };
    expect(row('market_data', 'rentometer_rent')).toMatchObject({
      range: formatMarketRange('rentometer_rent', { low: 2_600, high: 3_300 }),
      note,
    });
    expect(row('assumptions', 'closing_cost')).toMatchObject({
      value: '9000',
      tier: 'Entered',
      source: 'instead of 3 % of the purchase price',
    });
    expect(row('assumptions', 'rent_annual_growth_rate')).toMatchObject({
      value: String(deal.property.metrics.rent_annual_growth_rate),
      tier: 'Derived',
      source: 'model default',
      range: '1.00% to 6.00%',
    });
    expect(row('assumptions', 'capex_reserve')).toMatchObject({ tier: 'Default', value: '0.05' });
    // every growth rate the deal grows by is there
    for (const key of [
      'rent_annual_growth_rate',
      'other_income_annual_growth_rate',
      'property_management_annual_growth_rate',
      'insurance_annual_growth_rate',
      'property_taxes_annual_growth_rate',
      'property_maintenance_annual_growth_rate',
    ])
      expect(row('assumptions', key).value, key).toMatch(/^0(\.\d+)?$/);
  });

  it('writes a market rate as the screen reads it: a rate stored with float noise loses the noise', () => {
    const noisy = 0.07 + 0.0103; // 0.08030000000000001
    expect(String(noisy)).toBe('0.08030000000000001');
    const figure = (value: number) => ({
      value,
      source: 'A public source',
      vintage: '2026',
      tier: 'reported' as const,
    });
    const figures = {
      interest_rate: figure(noisy),
      annual_price_appreciation: figure(0.03245047212911889),
      hud_rent: figure(2347.0000000000005),
    };
    const deal = analysis({ interest_rate: noisy }, { ...noFacts, market_data: { figures, warnings: [] } });
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    const market = (key: string) => rows.find((row) => row[0] === 'market_data' && row[1] === key)?.[3];
    expect(market('interest_rate')).toBe('0.0803');
    // the loan's own rate (the assumption it fills) reads the same, not 0.08030000000000001
    const loanRate = rows.find((row) => row[0] !== 'market_data' && row[1] === 'interest_rate');
    expect(loanRate?.[3]).toBe('0.0803');
    // four decimals of a percent, as the screen and the assumption's input show it (3.245 %)
    expect(market('annual_price_appreciation')).toBe('0.03245');
    expect(market('hud_rent')).toBe('2347');
  });

  it('lists each expense line an analysis gives, with its year-1 dollars, and none it does not', () => {
    const deal = analysis();
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    const value = (key: string) => rows.find((row) => row[1] === key)?.[3];
    expect(Number(value('capex_reserve'))).toBe(0.05);
    expect(Number(value('capex_reserve_expense'))).toBe(roundToCents(0.05 * 12 * 2_347));
    expect(Number(value('leasing_expense'))).toBe(roundToCents((0.5 * 12 * 2_347) / 24));
    expect(Number(value('tenancy_months'))).toBe(24);
    expect(Number(value('hoa_expense'))).toBe(0);
    const order = rows.map((row) => row[1]);
    expect(order.indexOf('maintenance')).toBeLessThan(order.indexOf('capex_reserve'));
    expect(order.indexOf('leasing_expense')).toBeLessThan(order.indexOf('total_expenses'));

    const without = parseCsv(reportCsv(dealReport(analysis({ lines: false })), { generatedAt: new Date() }));
    expect(without.filter((row) => /capex|hoa|utilities|leasing|tenancy/.test(row[1] ?? ''))).toEqual([]);
  });

  it('lists the hold period’s expense lines and after-tax rows, year by year, as the table shows them', () => {
    const deal = analysis({ tax: TAX });
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    const years = (key: string) => rows.find((row) => row[0] === 'hold_period' && row[1] === key)?.slice(9);
    // named as part of Expense, as the table reads it, so a spreadsheet does not subtract it twice
    expect(rows.find((row) => row[1] === 'unlevered:capex_reserve')?.[2]).toBe(
      'Unlevered Expense, of which CapEx Reserve',
    );
    const lines = deal.hold_period.expense_lines;
    expect(years('unlevered:capex_reserve')?.map(Number)).toEqual(lines?.capex_reserve?.map(roundToCents));
    expect(years('levered:leasing')?.map(Number)).toEqual(lines?.leasing?.map(roundToCents));
    expect(years('levered:hoa')?.map(Number)).toEqual([0, 0, 0, 0, 0]);
    const optional = holdPeriodOptionalFigures(deal.hold_period, deal.after_tax).Levered;
    expect(years('levered:income_tax')?.map(Number)).toEqual(optional['Income Tax']?.map(roundToCents));
    // the last year holds the sale: the row's note says how much (QA)
    const note = (key: string) => rows.find((row) => row[0] === 'hold_period' && row[1] === key)?.[8];
    // the example's sale saves tax (the losses carried to it), said as a saving
    const saleTax = deal.after_tax?.sale.tax ?? 0;
    expect(saleTax).toBeLessThan(0);
    expect(note('levered:income_tax')).toBe(
      `Year 5's Income Tax includes the ${formatMoney(-saleTax)} of tax saved at the sale.`,
    );
    expect(note('levered:cashflow')).toBe('');
    const afterTax = years('levered:after-tax_cashflow')?.map(Number) ?? [];
    expect(afterTax).toEqual(optional['After-Tax Cashflow']?.map(roundToCents));
    // the years add up to the after-tax profit plus the equity (to the cents rounded away)
    const total = afterTax.reduce((sum, value) => sum + value, 0);
    expect(
      Math.abs(total - ((deal.after_tax?.levered_profit ?? 0) + (deal.after_tax?.levered_equity ?? 0))),
    ).toBeLessThan(0.05);
    const order = rows.filter((row) => row[0] === 'hold_period').map((row) => row[1]);
    expect(order.slice(order.indexOf('levered:cashflow'), order.indexOf('levered:cashflow') + 4)).toEqual([
      'levered:cashflow',
      'levered:income_tax',
      'levered:after-tax_cashflow',
      'levered:annual_return',
    ]);

    const plain = parseCsv(reportCsv(dealReport(analysis({ lines: false })), { generatedAt: new Date() }));
    expect(
      plain.filter((row) => /capex|hoa|utilities|leasing|income_tax|after-tax/.test(row[1] ?? '')),
    ).toEqual([]);
  });

  it('lists the after-tax returns as the engine gives them, rounded as shown, and none for a deal without tax', () => {
    const deal = analysis({ tax: TAX });
    const after = deal.after_tax;
    if (!after) throw new Error('expected after_tax');
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    const section = rows.filter((row) => row[0] === 'after_tax');
    // the tax situation first, so the figures below can be recomputed from the report
    expect(section[0]?.slice(1, 4)).toEqual([
      'tax',
      'Tax Situation',
      "income tax 24.00%, capital gains 15.00%, depreciation recapture 25.00%, land 20.00% of the basis; a year's loss is carried to later years",
    ]);
    const figures = section.filter((row) => row[1] !== 'tax');
    expect(Object.fromEntries(figures.map((row) => [row[1], Number(row[3])]))).toEqual({
      cost_basis: roundToCents(after.basis.cost_basis),
      land: roundToCents(after.basis.land),
      building: roundToCents(after.basis.building),
      annual_depreciation: roundToCents(after.basis.annual_depreciation),
      total_tax: roundToCents(after.total_tax),
      tax_at_sale: roundToCents(after.sale.tax),
      recapture_tax: roundToCents(after.sale.recapture_tax),
      capital_gains_tax: roundToCents(after.sale.capital_gains_tax),
      ...(after.sale.released_losses_tax === 0
        ? {}
        : { released_losses_tax: roundToCents(after.sale.released_losses_tax) }),
      after_tax_levered_profit: roundToCents(after.levered_profit),
      after_tax_levered_equity_multiple: roundToCents(after.levered_equity_multiple ?? Number.NaN),
      after_tax_levered_xirr: roundByKind('percent', after.levered_xirr ?? Number.NaN),
    });
    // the README's example: the basis is the price plus the closing cost, a fifth of it land
    const { purchase_price, closing_cost } = deal.property.metrics;
    expect(Number(section.find((row) => row[1] === 'cost_basis')?.[3])).toBe(purchase_price + closing_cost);
    expect(section.find((row) => row[1] === 'after_tax_levered_xirr')?.[2]).toBe('After-Tax Levered XIRR');
    // the after-tax returns follow the pre-tax ones
    const order = rows.map((row) => row[1]);
    expect(order.indexOf('levered_xirr')).toBeLessThan(order.indexOf('cost_basis'));

    const plain = parseCsv(reportCsv(dealReport(analysis()), { generatedAt: new Date() }));
    expect(plain.some((row) => row[0] === 'after_tax')).toBe(false);
    expect(section.find((row) => row[1] === 'capital_gains_tax')?.[2]).toBe('Capital Gains Tax');
    // the tax situation's inputs are assumptions a spreadsheet can read, one row each (QA)
    const typed = rows.filter((row) => row[0] === 'assumptions' && row[1]?.startsWith('tax.'));
    expect(typed.map((row) => [row[1], row[3], row[6]])).toEqual([
      ['tax.marginal_rate', '0.24', 'Entered'],
      ['tax.capital_gains_rate', '0.15', 'Entered'],
      ['tax.recapture_rate', '0.25', 'Entered'],
      ['tax.land_share', '0.2', 'Entered'],
      ['tax.losses', 'carry_forward', 'Entered'],
    ]);
    // a one-year hold is a short-term sale, and its line says so
    const oneYear = parseCsv(
      reportCsv(dealReport(analysis({ tax: TAX, hold_period: 1 })), { generatedAt: new Date() }),
    );
    expect(oneYear.find((row) => row[1] === 'capital_gains_tax')?.[2]).toBe(
      'Capital Gains Tax (short-term: held a year or less, at the income rate)',
    );
  });

  it('lists each scenario beside the base case, computed from its metrics, and none for a deal without', () => {
    const plain = analysis();
    const metrics = plain.property.metrics;
    const deal = {
      ...plain,
      scenarios: [
        { id: 'a'.repeat(24), name: 'Section 8', metrics: { ...metrics, rent: 2_500, vacancy_rate: 0.03 } },
      ],
    };
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    const value = (key: string) => rows.find((row) => row[1] === key)?.[3];
    expect([value('scenario_0_name'), value('scenario_1_name')]).toEqual(['Base case', 'Section 8']);
    expect(Number(value('scenario_0_monthly_levered_cash_flow'))).toBe(
      roundToCents(plain.year_1_metrics.monthly_levered_cash_flow),
    );
    const section8 = assembleScenario(deal, { metrics: { ...metrics, rent: 2_500, vacancy_rate: 0.03 } });
    expect(Number(value('scenario_1_rent'))).toBe(2_500);
    expect(Number(value('scenario_1_monthly_levered_cash_flow'))).toBe(
      roundToCents(section8.year_1_metrics.monthly_levered_cash_flow),
    );
    expect(Number(value('scenario_1_rating'))).toBe(section8.summary.overall_points);
    const without = parseCsv(reportCsv(dealReport(plain), { generatedAt: new Date() }));
    expect(without.some((row) => row[0] === 'scenarios')).toBe(false);
  });

  it('prints the scenarios as a table', async () => {
    const plain = analysis();
    const deal = {
      ...plain,
      scenarios: [
        { id: 'a'.repeat(24), name: 'Section 8', metrics: { ...plain.property.metrics, rent: 2_500 } },
      ],
    };
    const pdf = await reportPdf(dealReport(deal), { generatedAt: new Date(), analysedAt: new Date() });
    const section8 = assembleScenario(deal, deal.scenarios[0] as (typeof deal.scenarios)[0]);
    const text = pdfText(pdf);
    expect(text).toContain('Scenarios');
    expect(text).toContain('Section 8');
    expect(text).toContain(formatMoney(section8.year_1_metrics.monthly_levered_cash_flow));
  });

  it('lists the rehab, the refinance and a second loan with what they return and leave in, on page 1', async () => {
    const plain = analysis();
    const metrics = {
      ...plain.property.metrics,
      rehab_budget: 40_000,
      rehab_months: 3,
      after_repair_value: 560_000,
      refinance: { month: 9, loan_to_value: 0.75, interest_rate: 0.07, loan_term: 30, closing_costs: 6_000 },
      second_loan: { amount: 30_000, interest_rate: 0.05, term_months: 120, balloon_month: 48 },
    };
    const deal = assembleScenario(plain, { metrics });
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    const value = (key: string) => rows.find((row) => row[1] === key)?.[3];
    expect(Number(value('cash_left_in_deal'))).toBe(
      roundToCents(deal.year_1_metrics.cash_left_in_deal ?? Number.NaN),
    );
    expect(Number(value('second_loan_payoff_month'))).toBe(48);
    expect(value('refinance')).toBe(
      'month 9, 75.00% of the value, 7.00% over 30 years, $6,000.00 closing costs',
    );
    expect(value('second_loan')).toBe('$30,000.00 at 5.00% over 120 months, balloon in month 48');
    // a lender sizes on every loan's payment: the seller's too, and after the refinance the new loan's
    const m = deal.property.metrics;
    const y1 = deal.year_1_metrics;
    const taxesAndInsurance = (m.property_taxes + m.insurance) / 12;
    expect(Number(value('lender_dscr'))).toBe(
      roundMetric(
        'dscr',
        m.rent / (y1.monthly_loan_payment + (y1.second_loan_payment ?? 0) + taxesAndInsurance),
      ),
    );
    // month 10, still year 1: the year's rent, taxes and insurance; the seller's loan pays until month 48
    expect(Number(value('refinance_lender_dscr'))).toBe(
      roundMetric(
        'dscr',
        m.rent / ((y1.refinance_loan_payment ?? 0) + (y1.second_loan_payment ?? 0) + taxesAndInsurance),
      ),
    );
    const pdf = await reportPdf(dealReport(deal), { generatedAt: new Date(), analysedAt: new Date() });
    expect(pdfText(pdf, 1)).toContain('Rehab, Refinance and Seller Financing');
    expect(pdfText(pdf, 1)).toContain(
      `Cash Left in the Deal ${formatMoney(deal.year_1_metrics.cash_left_in_deal ?? 0)}`,
    );
    // a deal without them has no such section
    expect(dealReport(plain).sections.some((section) => section.key === 'rehab')).toBe(false);
  });

  it('keeps a deal with every strategy whole: no page holds only the end of page 1', async () => {
    const plain = analysis({ tax: TAX });
    const metrics = {
      ...plain.property.metrics,
      hoa: 40,
      points: 0.01,
      interest_only_months: 12,
      rehab_budget: 40_000,
      rehab_months: 3,
      after_repair_value: 560_000,
      refinance: { month: 9, loan_to_value: 0.75, interest_rate: 0.07, loan_term: 30, closing_costs: 6_000 },
      second_loan: { amount: 30_000, interest_rate: 0.05, term_months: 120, balloon_month: 48 },
    };
    const pdf = await reportPdf(dealReport(assembleScenario(plain, { metrics })), {
      generatedAt: new Date(),
      analysedAt: new Date(),
    });
    // the rehab block moves whole: its last line ran onto a page of its own, the table to page 3
    const page2 = pdfText(pdf, 2);
    expect(page2).toContain('5 Year Returns Summary');
    const rehab = `${pdfText(pdf, 1)} ${page2}`;
    expect(rehab).toContain('$30,000.00 at 5.00% over 120 months, balloon in month 48');
    expect(rehab).toContain('Lender DSCR after the refinance');
  });

  it("gives the MIRR of both sides at the loan's rate, as the engine computes it, on page 2 under the sale", async () => {
    const deal = assembleScenario(analysis(), {
      metrics: {
        ...analysis().property.metrics,
        rehab_budget: 40_000,
        rehab_months: 3,
        after_repair_value: 560_000,
        refinance: {
          month: 9,
          loan_to_value: 0.75,
          interest_rate: 0.07,
          loan_term: 30,
          closing_costs: 6_000,
        },
      },
    });
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    const value = (key: string) => rows.find((row) => row[1] === key)?.[3];
    const rate = deal.property.metrics.interest_rate;
    const expected = modifiedReturns(dealInput(deal.property, deal.property.metrics, factsOf(deal)), {
      finance_rate: rate,
      reinvestment_rate: rate,
    });
    expect(Number(value('levered_mirr'))).toBe(roundByKind('percent', expected.levered_mirr ?? Number.NaN));
    expect(Number(value('unlevered_mirr'))).toBe(
      roundByKind('percent', expected.unlevered_mirr ?? Number.NaN),
    );
    // a cash-out refinance changes the MIRR: it is this deal's, not a constant
    const plain = parseCsv(reportCsv(dealReport(analysis()), { generatedAt: new Date() }));
    expect(plain.find((row) => row[1] === 'levered_mirr')?.[3]).not.toBe(value('levered_mirr'));
    const pdf = await reportPdf(dealReport(deal), { generatedAt: new Date(), analysedAt: new Date() });
    expect(pdfText(pdf, 2)).toContain(`Levered MIRR ${formatMetric('levered_xirr', expected.levered_mirr)}`);
  });

  it("lists a live provider's comparables and the record's tax bill", () => {
    const deal = analysis({}, liveFacts);
    const rows = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date('2026-11-24T12:00:00Z') }));
    const comparables = rows.filter((row) => row[0] === 'comparables');
    expect(comparables).toHaveLength(15);
    expect(comparables[0]?.slice(1, 7)).toEqual([
      'comparable_1',
      '4200 N Sheridan Rd, Chicago, IL 60613',
      '$2,800',
      '0.08 mi; 2 bd; 1 ba; listed 10 days; seen 2026-11-22',
      '',
      'live',
    ]);
    expect(rows.find((row) => row[0] === 'property_record')?.slice(1, 7)).toEqual([
      'tax_bill',
      'Tax bill 2024',
      '2984',
      'RentCast property record',
      '2026-11-24',
      'live',
    ]);
    // no live provider: no such rows
    const offline = parseCsv(reportCsv(dealReport(analysis()), { generatedAt: new Date() }));
    expect(offline.some((row) => row[0] === 'comparables' || row[0] === 'property_record')).toBe(false);
  });

  it('quotes commas and neutralises formula-like text', () => {
    const deal = analysis();
    deal.property.street = '=HYPERLINK("x"), 2';
    const text = reportCsv(dealReport(deal), { generatedAt: new Date() });
    expect(text).toContain(`"'=HYPERLINK(""x""), 2, Austin, TX 78701"`);
  });
});

describe.skipIf(!hasPdftotext && process.env.CI !== 'true')('report PDF', () => {
  it('has real text: address, rating, year-1 NOI, both DSCRs and the expense lines; the deal on page 1, the hold on page 2, then the evidence and the assumptions', async () => {
    const deal = analysis();
    const report = dealReport(deal);
    const pdf = await reportPdf(report, {
      generatedAt: new Date('2026-11-24T12:00:00Z'),
      analysedAt: new Date('2026-11-20T09:00:00Z'),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(3);
    const text = pdfText(pdf);
    expect(text).toContain('1100 Congress Ave, Austin, TX 78701');
    expect(text).toContain(`${deal.summary.overall_points}%`);
    expect(text).toContain(deal.summary.overall_response);
    expect(text).toContain(formatMoney(deal.year_1_metrics.net_operating_income));
    expect(text).toContain('DSCR (NOI ÷ debt service)');
    const lender = lenderDscr(deal.property.metrics, deal.year_1_metrics.monthly_loan_payment);
    expect(text).toContain(formatRatio(lender ?? Number.NaN));
    expect(text).toContain('5 Year Returns Summary');
    expect(pdfText(pdf, 1)).toContain(
      `CapEx Reserve (yearly) ${formatMoney(deal.year_1_metrics.capex_reserve_expense ?? 0)}`,
    );
    // in the table an expense line reads as part of Expense, not a second deduction
    const table = pdfText(pdf, 2);
    expect(table.match(/of which CapEx Reserve -\$/g)?.length).toBe(2); // both groups
    expect(table.match(/CapEx Reserve -\$/g)?.length).toBe(2);
    expect(text).toContain('not financial, tax or legal advice');
    expect(text).toContain('Analysed 2026-11-20; generated 2026-11-24');
    // every assumption with its origin, the growth rates too (QA: the report left them out)
    // laid out page by page, a row reads across; the table starts under the evidence on page 2
    const laidOut = `${pdfText(pdf, 2)} ${pdfText(pdf, 3)}`;
    expect(laidOut).toContain('Assumptions and where they come from');
    expect(laidOut).toContain(
      `Rent Annual Growth Rate ${formatMetric('rent_annual_growth_rate', deal.property.metrics.rent_annual_growth_rate)} Derived model default`,
    );
    expect(laidOut).toContain(
      `Closing Cost ${formatMoney(deal.property.metrics.closing_cost)} Derived 3 % of the purchase price`,
    );
    expect(laidOut).toContain('Expected Tenancy 24 months Default a new lease every 2 years');
  });

  it("shows a live rent's range, its comparables and the tax bill beside ours, in three pages", async () => {
    const deal = analysis({}, liveFacts);
    const pdf = await reportPdf(dealReport(deal), { generatedAt: new Date(), analysedAt: new Date() });
    expect(pdfPages(pdf)).toBe(3);
    const text = pdfText(pdf);
    expect(text).toContain('Range $2,600.00 – $3,300.00');
    expect(text).toContain('Rent comparables and property record');
    expect(text).toContain('4228 N Sheridan Rd, Chicago, IL 60613'); // the 15th
    expect(text).toContain('listed 24 days; seen 2026-11-22');
    const ours = Math.round(deal.property.metrics.property_taxes).toLocaleString('en-US');
    expect(text).toContain(
      `Tax bill 2024: $2,984 (RentCast property record, 2026-11-24), the seller's at the current assessment. This analysis uses $${ours} a year`,
    );
    expect(text).toContain('Record: 3 bedrooms, 2 bathrooms, 1,878 sq ft, built 1973.');
  });

  it('breaks long market evidence between rows onto more pages, never a figure from its value', async () => {
    const note = 'A long note on where this figure comes from and how it was estimated. '.repeat(8);
    const figures = Object.fromEntries(
      [
        'hud_rent',
        'rentometer_rent',
        'property_tax_rate',
        'insurance_rate',
        'interest_rate',
        'annual_price_appreciation',
      ].map((key) => [
        key,
        { value: 0.05, source: 'A public source', vintage: '2026', tier: 'estimated' as const, note },
      ]),
    );
    const deal = analysis({}, { ...noFacts, market_data: { figures, warnings: [] } });
    const pdf = await reportPdf(dealReport(deal), { generatedAt: new Date(), analysedAt: new Date() });
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    const page = (n: number) => pdfText(pdf, n);
    // the deal whole on page 1: each figure beside its value
    expect(page(1)).toMatch(/Purchase Price \$450,000\.00/);
    expect(page(1)).toMatch(/Loan to Value 75\.00%/);
    expect(page(1)).toContain('Levered Returns (Cash on Cash)');
    // the table as the screen shows it: no sale proceeds before the sale is '-', not $0.00
    expect(page(2)).toMatch(/Proceeds From Sale - - - - \$/);
    // no page is a stray line or two
    for (let n = 1; n <= pages; n++) expect(page(n).split(' ').length, `page ${n}`).toBeGreaterThan(20);
  });

  it('prints the after-tax returns on page 2 under the sale and the returns, and the after-tax rows in the table', async () => {
    const deal = analysis({ tax: TAX });
    const after = deal.after_tax;
    if (!after) throw new Error('expected after_tax');
    const pdf = await reportPdf(dealReport(deal), { generatedAt: new Date(), analysedAt: new Date() });
    expect(pdfPages(pdf)).toBe(3);
    const page2 = pdfText(pdf, 2);
    expect(page2).toContain('After-Tax Returns');
    expect(page2).toContain(`After-Tax Levered XIRR ${formatMetric('levered_xirr', after.levered_xirr)}`);
    expect(page2).toContain(`After-Tax Levered Profit ${formatMoney(after.levered_profit)}`);
    expect(page2).toContain(`Cost Basis ${formatMoney(after.basis.cost_basis)}`);
    expect(page2).toContain(`Depreciation Recapture Tax ${formatMoney(after.sale.recapture_tax)}`);
    expect(page2).toContain(`Capital Gains Tax ${formatMoney(after.sale.capital_gains_tax)}`);
    expect(page2).toContain(
      `After-Tax Cashflow ${deal.metrics_for_hold_period.Levered['After-Tax Cashflow']?.[0]}`,
    );
    expect(page2).toContain('Income Tax');
    expect(page2).toMatch(/CapEx Reserve -\$/);
    // the table's last year holds the sale: the line under it says how much (QA)
    expect(page2).toContain(
      `Year 5's Income Tax includes the ${formatMoney(-after.sale.tax)} of tax saved at the sale. Year 5's After-Tax Cashflow includes the ${formatMoney(after.sale.after_tax_proceeds)} of after-tax sale proceeds.`,
    );
    // a deal without a tax situation has neither
    const plain = pdfText(
      await reportPdf(dealReport(analysis()), { generatedAt: new Date(), analysedAt: new Date() }),
    );
    expect(plain).not.toContain('After-Tax');
    expect(plain).not.toContain('Income Tax');
  });

  it('says a sale that saves tax as a saving, in the after-tax block and under the table (QA: "the -$3,069.02 tax at sale")', async () => {
    const plain = analysis({ tax: TAX });
    // no appreciation: the losses carried to the sale outweigh its gain
    const deal = assembleScenario(plain, {
      metrics: { ...plain.property.metrics, annual_price_appreciation: 0 },
    });
    const after = deal.after_tax;
    if (!after) throw new Error('expected after_tax');
    expect(after.sale.tax).toBeLessThan(0);
    const report = dealReport(deal);
    const line = report.sections
      .find((s) => s.key === 'after_tax')
      ?.lines.find((l) => l.key === 'tax_at_sale');
    // the CSV keeps the sign (a negative tax), the PDF says it in words
    expect(line).toMatchObject({
      value: roundToCents(after.sale.tax),
      text: `${formatMoney(-after.sale.tax)} saved`,
    });
    const incomeTax = report.holdPeriod.find((row) => row.group === 'Levered' && row.row === 'Income Tax');
    expect(incomeTax?.note).toBe(
      `Year 5's Income Tax includes the ${formatMoney(-after.sale.tax)} of tax saved at the sale.`,
    );
    const page2 = pdfText(await reportPdf(report, { generatedAt: new Date(), analysedAt: new Date() }), 2);
    expect(page2).toContain(`Tax at Sale ${formatMoney(-after.sale.tax)} saved`);
    expect(page2).toContain('of tax saved at the sale.');
  });

  it.each([
    ['with the expense lines and a $100,000,000 price', { purchase_price: 100_000_000 }],
    ['with the after-tax rows and a $100,000,000 price', { purchase_price: 100_000_000, tax: TAX }],
    ['with the after-tax rows at the example’s price', { tax: TAX }],
  ])('fits a 30-year hold %s whole on page 2, the sale and returns whole after it', async (_, extra) => {
    const deal = analysis({ hold_period: 30, ...extra });
    const report = dealReport(deal);
    const pdf = await reportPdf(report, { generatedAt: new Date(), analysedAt: new Date() });
    // the evidence and the assumptions after, on as many pages as they need
    expect(pdfPages(pdf)).toBeGreaterThanOrEqual(3);
    const page2 = pdfText(pdf, 2);
    expect(page2).toContain('Year 30');
    expect(page2).toContain(deal.metrics_for_hold_period.Levered['Proceeds From Sale'][29]);
    // every row of the table, its last year included, is on page 2
    for (const row of report.holdPeriod) expect(page2, `${row.group} ${row.row}`).toContain(row.row);
    expect(page2).toContain(deal.metrics_for_hold_period.Levered['Annual Return'][29]);
    expect(page2).not.toContain('Overall Returns');
    const page3 = pdfText(pdf, 3);
    expect(page3).toContain('Sale');
    expect(page3).toContain(
      `Levered XIRR ${formatMetric('levered_xirr', deal.overall_returns.levered_xirr)}`,
    );
    expect(page3.includes('After-Tax Levered XIRR')).toBe(Boolean(deal.after_tax));
    // the line under the table stays under it
    expect(page2.includes("Year 30's Income Tax includes")).toBe(Boolean(deal.after_tax));
  });

  it('says an XIRR whose 10th percentile is a total loss in words, −100 % in the CSV (QA: "N/A N/A")', () => {
    const deal = analysis({}, liveFacts);
    const simulated = simulateAnalysis(deal);
    const losing = {
      ...simulated,
      percentiles: {
        ...simulated.percentiles,
        levered_xirr: { p10: null, p50: 0.0117, p90: 0.2663, count: 8_575 },
      },
    };
    const lines = rangesSection(losing, deal).lines;
    expect(lines.find((line) => line.key === 'levered_xirr_p10')).toMatchObject({
      value: -1,
      text: 'a total loss',
    });
    expect(lines.find((line) => line.key === 'levered_xirr_p90')).toMatchObject({
      value: 0.2663,
      text: '26.63%',
    });
  });

  it('carries the ranges the results page shows: each measure’s 10th and 90th percentile, the chance of a losing year 1, what to check first', async () => {
    const deal = analysis({}, liveFacts);
    const simulation = simulateAnalysis(deal);
    const pdf = await reportPdf(dealReport(deal, simulation), {
      generatedAt: new Date(),
      analysedAt: new Date(),
    });
    const text = pdfText(pdf);
    expect(text).toContain('Ranges (10,000 simulated outcomes) Measure 10th percentile 90th percentile');
    const cashFlow = measureBand(simulation, 'monthly_levered_cash_flow');
    expect(cashFlow).not.toBeNull();
    // pdftotext reads the table column by column: the figures, then their labels
    expect(text).toContain(`90th percentile ${formatMoney(cashFlow?.low ?? Number.NaN)}`);
    expect(text).toContain(formatMoney(cashFlow?.high ?? Number.NaN));
    expect(text).toContain(
      'Monthly Levered Cash Flow Levered Returns (Cash on Cash) Debt Service Coverage Ratio',
    );
    expect(text).toContain(`Chance year-1 cash flow is negative: ${negativeCashFlowChance(simulation)}`);
    const [first] = checkFirst(simulation);
    expect(text).toContain(`Check first: ${first?.label}: ${first?.why}`);
    const pages = pdfPages(pdf);
    for (let n = 1; n <= pages; n++)
      expect(pdfText(pdf, n).split(' ').length, `page ${n}`).toBeGreaterThan(20);
  });
});

describe('report ranges in the CSV', () => {
  it('writes each band as two rows, rounded as the screen shows them', () => {
    const deal = analysis();
    const simulation = simulateAnalysis(deal);
    const rows = parseCsv(reportCsv(dealReport(deal, simulation), { generatedAt: new Date() }));
    const row = (key: string) => rows.find((r) => r[0] === 'ranges' && r[1] === key);
    const band = measureBand(simulation, 'monthly_levered_cash_flow');
    expect(row('monthly_levered_cash_flow_p10')?.[3]).toBe(String(roundToCents(band?.low ?? Number.NaN)));
    expect(row('monthly_levered_cash_flow_p90')?.[3]).toBe(String(roundToCents(band?.high ?? Number.NaN)));
    expect(Number(row('negative_cash_flow_chance')?.[3])).toBeCloseTo(
      simulation.probabilities.negative_cash_flow,
      4,
    );
    // what to check first with its swing in words, as the PDF writes it (QA: it held a field name)
    checkFirst(simulation).forEach((input, index) => {
      expect(row(`check_first_${index + 1}`)?.slice(2, 4)).toEqual([
        `Check first: ${input.label}`,
        input.why,
      ]);
    });
    // the user's own "±" is listed with what the simulation varied it over (QA: reports never said)
    const widened = { ...deal, range_widths: { rent: '300' } };
    const rent = widened.property.metrics.rent;
    const withRange = parseCsv(
      reportCsv(dealReport(widened, simulateAnalysis(widened)), { generatedAt: new Date() }),
    ).find((r) => r[0] === 'ranges' && r[1] === 'your_range_rent');
    expect(withRange?.slice(2, 4)).toEqual([
      'Your range: Monthly Rent',
      `${formatMoney(rent - 300)} to ${formatMoney(rent + 300)}`,
    ]);
    expect(rows.some((r) => r[1]?.startsWith('your_range_'))).toBe(false);
    // without a simulation (the report as it was), no ranges
    const plain = parseCsv(reportCsv(dealReport(deal), { generatedAt: new Date() }));
    expect(plain.some((r) => r[0] === 'ranges')).toBe(false);
  });
});

describe('the PDF’s text', () => {
  it('keeps what the standard fonts can write, drops an accent they cannot, and writes "?" for the rest', () => {
    expect(winAnsi('Calle Ñandú 5 🏠, São Paulo – “rear” €1')).toBe('Calle Ñandú 5 ?, São Paulo – “rear” €1');
    expect(winAnsi('Őrség ≈B, ≥ 8 %, ≤ 1.25 → ok')).toBe('Orség ~B, >= 8 %, <= 1.25 -> ok');
    expect(winAnsi('北京')).toBe('??');
    // Hawaiian addresses: the ʻokina is drawn as the quote that stands for it, the macron dropped
    expect(winAnsi('91-1001 Keaunui Dr, ʻEwa Beach, Kāneʻohe')).toBe(
      '91-1001 Keaunui Dr, ‘Ewa Beach, Kane‘ohe',
    );
  });
});

describe('the market evidence', () => {
  it('says where the user’s own value replaced a figure, and only there', () => {
    const taxFacts: AnalysisFacts = {
      ...noFacts,
      market_data: {
        figures: {
          property_tax_rate: {
            value: 0.01535,
            source: 'Census ACS',
            vintage: '2019–2023',
            tier: 'estimated',
          },
          interest_rate: {
            value: 0.0803,
            source: 'Freddie Mac PMMS',
            vintage: '2026-10-01',
            tier: 'reported',
          },
        },
        warnings: [],
      },
    };
    const base = analysis({}, taxFacts);
    const note = (deal: ReturnType<typeof analysis>, key: string) =>
      dealReport(deal).evidence.find((line) => line.key === key)?.note ?? null;
    expect(note(base, 'property_tax_rate')).toBeNull();
    const edited = assembleAnalysis(
      austin,
      { ...base.property.metrics, property_taxes: 5_800 },
      taxFacts,
      NOTHING_KEPT,
    );
    expect(note(edited, 'property_tax_rate')).toBe('You entered $5,800.00 for Property Taxes instead.');
    expect(note(edited, 'interest_rate')).toBeNull();
  });
});
