/**
 * The month-by-month schedule (issue 28 §7): worked examples first, then the laws that tie it to
 * `analyze` (each year's months sum to the hold-period table; the levered column is the XIRR's
 * series), on the plain path and the month-by-month one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapedMonthlyFlows } from '../src/analyze.js';
import {
  analyze,
  type DealInput,
  investmentReturns,
  monthlyScheduleOf,
  type OptionalInputs,
  SCHEDULE_COLUMNS,
  type ScheduleRow,
  scheduleColumns,
  scheduleCsv,
  UnderwritingInputError,
} from '../src/index.js';
import { npv } from '../src/irr.js';
import { brrrrDeal, shapedDeal, typicalDeal, typicalDealWithLines } from './support/arbitraries.js';
import { roundDeal } from './support/deals.js';
import { near } from './support/kernel-check.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/brrrr.json', import.meta.url));
const brrrr = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as DealInput & OptionalInputs;

const sum = (rows: readonly ScheduleRow[], key: keyof ScheduleRow) =>
  rows.reduce((total, row) => total + ((row[key] as number | undefined) ?? 0), 0);

describe('monthlyScheduleOf: worked examples', () => {
  it('the round deal: 60 months of 1,400 NOI, 750 of month-1 interest, the sale in month 60', () => {
    const rows = monthlyScheduleOf(roundDeal);
    expect(rows).toHaveLength(60);
    const first = rows[0] as ScheduleRow;
    expect(first.month).toBe(1);
    expect(first.year).toBe(1);
    expect(first.gross_rent).toBeCloseTo(2_000, 9); // 24,000 / 12
    expect(first.vacancy_loss).toBeCloseTo(100, 9); // 5 % of 2,000
    expect(first.effective_gross_revenue).toBeCloseTo(1_900, 9);
    expect(first.total_expenses).toBeCloseTo(500, 9); // 6,000 / 12
    expect(first.net_operating_income).toBeCloseTo(1_400, 9);
    expect(first.loan_interest).toBeCloseTo(750, 9); // 150,000 × 0.5 %
    expect(first.loan_payment).toBeCloseTo(899.33, 2); // 150,000 at 6 % over 30 years
    expect(first.loan_principal).toBeCloseTo(149.33, 2);
    expect(first.loan_balance).toBeCloseTo(150_000 - 149.33, 2);
    expect(first.sale_proceeds).toBe(0);
    const last = rows[59] as ScheduleRow;
    expect(last.year).toBe(5);
    expect(last.sale_proceeds).toBeCloseTo(188_000, 6); // 200,000 × (1 − 6 %)
    expect(last.loan_payoff).toBeCloseTo(last.loan_balance, 9);
    expect(last.levered_cash_flow).toBeCloseTo(1_400 - 899.33 + 188_000 - last.loan_balance, 2);
    // no expense lines, second loan or refinance: their columns are left out
    expect(Object.keys(first)).toEqual(scheduleColumns(rows).map((column) => column.key));
    expect(scheduleColumns(rows)).toHaveLength(21); // of SCHEDULE_COLUMNS' 28
    expect(SCHEDULE_COLUMNS).toHaveLength(28);
    expect(Object.keys(first)).not.toContain('hoa');
    expect(Object.keys(first)).not.toContain('refinance_cash');
    expect(Object.keys(first)).not.toContain('second_loan_balance');
  });

  it('the BRRRR example: 4 rehab months of −300, the refinance in month 6, the new loan after it', () => {
    const rows = monthlyScheduleOf(brrrr);
    const rehab = rows[3] as ScheduleRow;
    expect(rehab.gross_rent).toBe(0);
    expect(rehab.property_management).toBe(0);
    expect(rehab.insurance).toBeCloseTo(100, 9);
    expect(rehab.net_operating_income).toBeCloseTo(-300, 9); // −(1,200 + 2,400) / 12
    expect((rows[4] as ScheduleRow).net_operating_income).toBeCloseTo(1_400, 9);
    const refinance = rows[5] as ScheduleRow;
    expect(refinance.refinance_cash).toBeCloseTo(63_960.53, 2); // 180,000 − 112,039.47 − 4,000
    expect(refinance.loan_payment).toBeCloseTo(825.49, 2); // the old loan's last payment
    expect(refinance.loan_balance).toBeCloseTo(180_000, 6); // the new loan
    expect((rows[6] as ScheduleRow).loan_payment).toBeCloseTo(1_137.72, 2);
    expect((rows[6] as ScheduleRow).loan_interest).toBeCloseTo(975, 6); // 180,000 × 6.5 % / 12
    expect((rows[4] as ScheduleRow).refinance_cash).toBe(0);
    // year-1 Cashflow row: −1,779.25 + 63,960.53
    expect(sum(rows.slice(0, 12), 'levered_cash_flow')).toBeCloseTo(62_181.28, 2);
    expect((rows[59] as ScheduleRow).sale_proceeds).toBeCloseTo(225_600, 6); // 240,000 × 0.94
  });

  it('a second loan has its columns, paid off at its balloon month', () => {
    const deal = {
      ...roundDeal,
      second_loan: { amount: 20_000, interest_rate: 0.05, term_months: 360, balloon_month: 24 },
    };
    const rows = monthlyScheduleOf(deal);
    const balloon = rows[23] as ScheduleRow;
    expect(balloon.second_loan_payment).toBeGreaterThan(0);
    expect(balloon.loan_payoff).toBeCloseTo(balloon.second_loan_balance as number, 9);
    expect((rows[24] as ScheduleRow).second_loan_payment).toBe(0);
    expect((rows[24] as ScheduleRow).second_loan_balance).toBe(0);
    expect(balloon.debt_service).toBeCloseTo(
      balloon.loan_payment + (balloon.second_loan_payment as number),
      9,
    );
  });

  it('interest-only months repay no principal', () => {
    const rows = monthlyScheduleOf({ ...roundDeal, interest_only_months: 12 });
    expect((rows[11] as ScheduleRow).loan_principal).toBe(0);
    expect((rows[11] as ScheduleRow).loan_interest).toBeCloseTo(750, 9);
    expect((rows[12] as ScheduleRow).loan_principal).toBeGreaterThan(0);
  });

  it('validates the deal as analyze does', () => {
    expect(() => monthlyScheduleOf({ ...roundDeal, hold_period: 0 })).toThrow(UnderwritingInputError);
  });
});

describe('scheduleCsv', () => {
  it('writes one header and one line a month, labels or keys, rounded when asked', () => {
    const rows = monthlyScheduleOf(roundDeal);
    const lines = scheduleCsv(rows, { decimals: 2 }).split('\n');
    expect(lines).toHaveLength(62); // header, 60 months, the final newline's empty string
    expect(lines[0]).toBe(
      scheduleColumns(rows)
        .map((column) => column.label)
        .join(','),
    );
    expect(lines[1]?.startsWith('1,1,2000.00,0.00,100.00,1900.00,')).toBe(true);
    expect(lines[60]?.startsWith('60,5,2000.00,')).toBe(true);
    expect(lines[61]).toBe('');
    const keyed = scheduleCsv(rows, { header: 'key' }).split('\n');
    expect(keyed[0]?.split(',')[0]).toBe('month');
    // unrounded: every digit, read back to the same float
    expect(Number(keyed[60]?.split(',').at(-1))).toBe((rows[59] as ScheduleRow).levered_cash_flow);
  });

  it('labels every column, without commas', () => {
    for (const column of SCHEDULE_COLUMNS) expect(column.label).not.toMatch(/[",\n]/);
    expect(new Set(SCHEDULE_COLUMNS.map((column) => column.key)).size).toBe(SCHEDULE_COLUMNS.length);
  });
});

/** Each year's months against the analysis's hold-period table and returns. */
function expectAgreesWithAnalyze(deal: DealInput & OptionalInputs): void {
  const analysis = analyze(deal);
  const rows = monthlyScheduleOf(deal);
  const { unlevered: u, levered: l } = analysis.hold_period;
  expect(rows).toHaveLength(12 * deal.hold_period);
  for (let y = 1; y <= deal.hold_period; y++) {
    const months = rows.slice(12 * (y - 1), 12 * y);
    const scale = Math.max(1, Math.abs(u.revenue[y - 1] as number), Math.abs(l.cashflow[y - 1] as number));
    const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * scale + 1e-9);
    close(sum(months, 'effective_gross_revenue'), u.revenue[y - 1] as number);
    close(sum(months, 'total_expenses'), u.expense[y - 1] as number);
    close(sum(months, 'net_operating_income'), u.net_operating_income[y - 1] as number);
    close(sum(months, 'debt_service'), l.mortgage[y - 1] as number);
    close(sum(months, 'loan_payoff'), l.loan_payoff[y - 1] as number);
    close(sum(months, 'sale_proceeds'), l.proceeds_from_sale[y - 1] as number);
    close(sum(months, 'unlevered_cash_flow'), u.cashflow[y - 1] as number);
    close(sum(months, 'levered_cash_flow'), l.cashflow[y - 1] as number);
  }
  for (const row of rows) {
    // the lines add up, and the first loan's payment splits into interest and principal
    const lines =
      row.property_management +
      row.insurance +
      row.property_taxes +
      row.maintenance +
      (row.capex_reserve ?? 0) +
      (row.hoa ?? 0) +
      (row.owner_utilities ?? 0) +
      (row.leasing ?? 0);
    expect(near(lines, row.total_expenses, 1e-9, 1e-9)).toBe(true);
    expect(near(row.loan_interest + row.loan_principal, row.loan_payment, 1e-9, 1e-9)).toBe(true);
    expect(near(row.loan_payment + (row.second_loan_payment ?? 0), row.debt_service, 1e-9, 1e-9)).toBe(true);
  }
  // the levered and unlevered columns are the series of the XIRRs, to the bit
  const r = analysis.overall_returns;
  const levered = investmentReturns(
    r.levered_equity,
    rows.map((row) => row.levered_cash_flow),
  );
  expect(levered.xirr).toBe(r.levered_xirr);
  expect(levered.profit).toBe(r.levered_profit);
  const unlevered = investmentReturns(
    r.unlevered_equity,
    rows.map((row) => row.unlevered_cash_flow),
  );
  expect(unlevered.xirr).toBe(r.unlevered_xirr);
  if (r.levered_xirr !== null && !r.levered_xirr_multiple_roots) {
    // NPV of (−equity, month 1..M) at the XIRR's monthly rate is ~0, against the discounted flows' size
    const monthly = (1 + r.levered_xirr) ** (1 / 12) - 1;
    const flows = [-r.levered_equity, ...rows.map((row) => row.levered_cash_flow)];
    const value = npv(monthly, flows);
    const scale = flows.reduce((total, flow, t) => total + Math.abs(flow) / (1 + monthly) ** t, 0) + 1;
    expect(Math.abs(value)).toBeLessThan(1e-6 * scale);
  }
}

describe('properties', () => {
  it('agrees with analyze on plain deals, with and without the expense lines', () => {
    fc.assert(fc.property(typicalDeal, expectAgreesWithAnalyze), { numRuns: 60 });
    fc.assert(fc.property(typicalDealWithLines, expectAgreesWithAnalyze), { numRuns: 40 });
  });

  it('agrees with analyze on shaped and BRRRR deals', () => {
    fc.assert(fc.property(shapedDeal, expectAgreesWithAnalyze), { numRuns: 60 });
    fc.assert(fc.property(brrrrDeal, expectAgreesWithAnalyze), { numRuns: 60 });
    expectAgreesWithAnalyze(brrrr);
  });

  it('its levered and unlevered columns are shapedMonthlyFlows, to the bit', () => {
    fc.assert(
      fc.property(fc.oneof(shapedDeal, brrrrDeal), (deal) => {
        const rows = monthlyScheduleOf(deal);
        const flows = shapedMonthlyFlows(deal);
        expect(rows.map((row) => row.levered_cash_flow)).toEqual(flows.levered);
        expect(rows.map((row) => row.unlevered_cash_flow)).toEqual(flows.unlevered);
      }),
      { numRuns: 40 },
    );
  });

  it('the first loan balance never rises between refinances and is paid off at the sale', () => {
    fc.assert(
      fc.property(fc.oneof(typicalDeal, shapedDeal), (deal) => {
        const rows = monthlyScheduleOf(deal);
        let before = Number.POSITIVE_INFINITY;
        for (const row of rows) {
          expect(row.loan_balance).toBeLessThanOrEqual(before + 1e-6);
          before = row.loan_balance;
        }
        const last = rows[rows.length - 1] as ScheduleRow;
        expect(last.loan_payoff).toBeGreaterThanOrEqual(last.loan_balance - 1e-9);
      }),
      { numRuns: 40 },
    );
  });
});
