/**
 * The optional expense lines (issue 28 §1): capex reserve, HOA dues, owner-paid utilities and the
 * leasing fee. Worked examples first, then the laws, then the CLI.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Analysis,
  analyze,
  breakEven,
  type DealInput,
  type ExpenseLines,
  maxOffer,
  monthlyPayment,
  NEW_ANALYSIS_EXPENSE_DEFAULTS,
  OPTIONAL_INPUT_BOUNDS,
  sensitivityGrid,
  simulate,
  UnderwritingInputError,
  validateDealInput,
  withDriver,
} from '../src/index.js';
import { loanOf, operatingYear } from '../src/schedule.js';
import { DealKernel } from '../src/simulate.js';
import {
  anyDealWithLines,
  DOLLAR_EXPENSE_INPUTS,
  DOLLAR_INPUTS,
  realisticDeal,
  realisticDealWithLines,
  typicalDeal,
  typicalDealWithLines,
} from './support/arbitraries.js';
import { roundDeal } from './support/deals.js';
import { engineFingerprint } from './support/fingerprint.js';
import { expectKernelMatchesAnalyze, near } from './support/kernel-check.js';
import { isDollarPath, numbers } from './support/outputs.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/expense-lines.json', import.meta.url));
/** examples/expense-lines.json: the round deal with capex 5 %, HOA $100, utilities $50, half a month's rent per 24-month tenancy. */
const withLines = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as DealInput & ExpenseLines;

/** The round deal's monthly payment: 150,000 at 6 % over 30 years = 899.3257877… */
const payment = monthlyPayment(loanOf(roundDeal));

/** The four output keys, each with the input that brings it. */
const LINE_OUTPUTS = {
  capex_reserve: 'capex_reserve_expense',
  hoa: 'hoa_expense',
  owner_utilities: 'owner_utilities_expense',
  leasing_fee: 'leasing_expense',
} as const;
type LineInput = keyof typeof LINE_OUTPUTS;
const LINE_INPUTS = Object.keys(LINE_OUTPUTS) as LineInput[];

/** The deal without the optional lines (and their growth and tenancy). */
function withoutLines(deal: DealInput & ExpenseLines): DealInput {
  const {
    capex_reserve: _c,
    hoa: _h,
    hoa_annual_growth_rate: _g,
    owner_utilities: _u,
    leasing_fee: _l,
    tenancy_months: _t,
    ...rest
  } = deal;
  return rest;
}

/** An analysis with the expense lines' keys (inputs echoed and outputs) taken out of year_1_metrics, and their rows out of hold_period. */
function withoutLineKeys(analysis: Analysis): Analysis {
  const metrics: Record<string, unknown> = { ...analysis.year_1_metrics };
  for (const key of [...Object.keys(OPTIONAL_INPUT_BOUNDS), ...Object.values(LINE_OUTPUTS)])
    delete metrics[key];
  const { expense_lines: _, ...table } = analysis.hold_period as Analysis['hold_period'] & {
    expense_lines?: unknown;
  };
  return {
    ...analysis,
    year_1_metrics: metrics as unknown as Analysis['year_1_metrics'],
    hold_period: table,
  };
}

/**
 * One line's dollars in year y, by its definition (README "Expense lines"), computed apart from the
 * engine: capex = share × 12 × rent × (1 + g_maint)^(y−1); HOA = 12 × dues × (1 + g_hoa)^(y−1), g_hoa
 * the maintenance growth when not given; utilities = 12 × bill × (1 + g_maint)^(y−1); leasing =
 * fee × 12 × rent × (1 + g_rent)^(y−1) / tenancy.
 */
function lineAmount(deal: DealInput & ExpenseLines, line: LineInput, year: number): number {
  const maintenance = (1 + deal.property_maintenance_annual_growth_rate) ** (year - 1);
  switch (line) {
    case 'capex_reserve':
      return (deal.capex_reserve ?? 0) * 12 * deal.rent * maintenance;
    case 'hoa':
      return (
        12 *
        (deal.hoa ?? 0) *
        (1 + (deal.hoa_annual_growth_rate ?? deal.property_maintenance_annual_growth_rate)) ** (year - 1)
      );
    case 'owner_utilities':
      return 12 * (deal.owner_utilities ?? 0) * maintenance;
    case 'leasing_fee':
      return (
        ((deal.leasing_fee ?? 0) * 12 * deal.rent * (1 + deal.rent_annual_growth_rate) ** (year - 1)) /
        (deal.tenancy_months ?? 1)
      );
  }
}

describe('expense lines: worked examples', () => {
  it('adds each line to year 1 of the round deal, by hand', () => {
    const y1 = analyze(withLines).year_1_metrics;
    expect(y1.capex_reserve_expense).toBe(1_200); // 5 % × 12 × 2,000
    expect(y1.hoa_expense).toBe(1_200); // 12 × 100
    expect(y1.owner_utilities_expense).toBe(600); // 12 × 50
    expect(y1.leasing_expense).toBe(500); // 0.5 × 2,000 × 12 / 24: half a month's rent every two years
    expect(y1.effective_gross_revenue).toBe(22_800); // 24,000 × 0.95
    expect(y1.total_expenses).toBe(9_500); // 6,000 + 1,200 + 1,200 + 600 + 500
    expect(y1.net_operating_income).toBe(13_300); // 22,800 − 9,500 (16,800 without the lines)
    expect(y1.cap_rate).toBeCloseTo(0.0665, 15); // 13,300 / 200,000
    expect(y1.yearly_levered_cash_flow).toBeCloseTo(13_300 - 12 * payment, 9); // 2,508.09
    expect(y1.monthly_levered_cash_flow).toBeCloseTo(209.0075456, 6); // 2,508.09 / 12
    expect(y1.levered_returns).toBeCloseTo((13_300 - 12 * payment) / 59_000, 15); // 4.25 % on 59,000
    expect(y1.dscr).toBeCloseTo(13_300 / (12 * payment), 12); // 1.2324
    expect(y1.break_even_occupancy).toBeCloseTo((9_500 + 12 * payment) / 24_000, 15); // 0.8455
    // the README's table: without the lines cap rate 8.4 %, $500.67 a month, DSCR 1.557, 83 points
    const before = analyze(roundDeal);
    expect(before.year_1_metrics.cap_rate).toBeCloseTo(0.084, 15); // 16,800 / 200,000
    expect(before.year_1_metrics.monthly_levered_cash_flow).toBeCloseTo(500.67, 2);
    expect(before.year_1_metrics.dscr).toBeCloseTo(1.557, 3);
    expect(before.summary.overall_points).toBe(83);
    expect(analyze(withLines).summary.overall_points).toBe(43); // cash-on-cash 4.25 %, XIRR 0.73 %, DSCR 1.23
    // no growth: every year of the table carries the same 9,500
    expect(analyze(withLines).hold_period.unlevered.expense).toEqual([9_500, 9_500, 9_500, 9_500, 9_500]);
    expect(analyze(withLines).hold_period.levered.expense).toEqual([9_500, 9_500, 9_500, 9_500, 9_500]);
  });

  it('grows the reserve, dues and utilities with their rates and the leasing fee with the rent', () => {
    const growing = {
      ...withLines,
      rent_annual_growth_rate: 0.05,
      property_maintenance_annual_growth_rate: 0.03,
      hoa_annual_growth_rate: 0.04,
    };
    const year3 = operatingYear(growing, 3);
    // the reserve is a dollar amount set in year 1 and grown with maintenance, not 5 % of year-3 rent
    expect(year3.capex_reserve).toBeCloseTo(1_273.08, 9); // 1,200 × 1.03²  (5 % of year-3 rent: 1,323)
    expect(year3.hoa).toBeCloseTo(1_297.92, 9); // 1,200 × 1.04²
    expect(year3.owner_utilities).toBeCloseTo(636.54, 9); // 600 × 1.03²
    expect(year3.leasing).toBeCloseTo(551.25, 9); // 0.5 × 2,000 × 1.05² × 12 / 24
    // without its own rate the HOA grows with maintenance
    const { hoa_annual_growth_rate: _, ...maintenanceRate } = growing;
    expect(operatingYear(maintenanceRate, 3).hoa).toBeCloseTo(1_273.08, 9); // 1,200 × 1.03²
    // the hold-period table's expense row carries them: year 3 = 6,000 with maintenance grown + the lines
    const expense = analyze(growing).hold_period.unlevered.expense[2] as number;
    expect(expense).toBeCloseTo(1_200 + 1_200 + 2_400 + 1_273.08 + 1_273.08 + 1_297.92 + 636.54 + 551.25, 9);
  });

  it('shows a line in year_1_metrics only when its input is given', () => {
    const keys = (deal: DealInput & ExpenseLines) => Object.keys(analyze(deal).year_1_metrics);
    const base = keys(roundDeal);
    expect(base.filter((k) => k.endsWith('_expense'))).toEqual([]);
    expect(keys({ ...roundDeal, hoa: 0 })).toEqual([
      ...base.slice(0, 26),
      'hoa',
      ...base.slice(26),
      'hoa_expense',
    ]);
    expect(keys({ ...roundDeal, tenancy_months: 30 })).toEqual([
      ...base.slice(0, 26),
      'tenancy_months',
      ...base.slice(26),
    ]);
    // a key whose value is undefined counts as not given
    expect(analyze({ ...roundDeal, capex_reserve: undefined })).toEqual(analyze(roundDeal));
    expect(Object.keys(analyze(withLines).year_1_metrics).slice(-4)).toEqual([
      'capex_reserve_expense',
      'hoa_expense',
      'owner_utilities_expense',
      'leasing_expense',
    ]);
  });

  it('refuses lines outside their bounds, and a leasing fee without a tenancy', () => {
    const error = (input: Record<string, unknown>) => {
      try {
        validateDealInput({ ...roundDeal, ...input });
      } catch (e) {
        expect(e).toBeInstanceOf(UnderwritingInputError);
        return `${(e as UnderwritingInputError).field}: ${(e as UnderwritingInputError).rule}`;
      }
      return 'accepted';
    };
    expect(error({ capex_reserve: 1.2 })).toBe('capex_reserve: must be a number ≥ 0 and ≤ 1');
    expect(error({ capex_reserve: null })).toBe('capex_reserve: must be a number ≥ 0 and ≤ 1');
    expect(error({ hoa: -1 })).toBe('hoa: must be a number ≥ 0');
    // infinity is past every number: the rule names the largest exact one
    expect(error({ owner_utilities: Number.POSITIVE_INFINITY })).toBe(
      'owner_utilities: must be a number ≥ 0 and ≤ 9007199254740991',
    );
    expect(error({ hoa: 100, hoa_annual_growth_rate: 2 })).toBe(
      'hoa_annual_growth_rate: must be a number ≥ -0.5 and ≤ 1',
    );
    expect(error({ leasing_fee: 0.5 })).toBe(
      'tenancy_months: is required with leasing_fee and must be a number ≥ 1 and ≤ 360',
    );
    expect(error({ leasing_fee: 2.5, tenancy_months: 24 })).toBe('leasing_fee: must be a number ≥ 0 and ≤ 2');
    expect(error({ leasing_fee: 0.5, tenancy_months: 0.5 })).toBe(
      'tenancy_months: must be a number ≥ 1 and ≤ 360',
    );
    expect(error({ capex: 0.05 })).toBe('capex: is not an input of the model');
    expect(error({ leasing_fee: 0.5, tenancy_months: 27.5 })).toBe('accepted');
  });

  it('moves the reserve and the leasing fee with the rent at break-even; dues and utilities stay', () => {
    const even = breakEven(withLines);
    // 12 × 0.95 r − (management + maintenance) × r / 2,000 − 0.05 × 12 r − 0.5 × 12 r / 24
    //   − (insurance + taxes + HOA + utilities) − 12P = 0:  r = (5,400 + 12P) / 9.35 = 1,731.76
    // (1,410.97 without the lines)
    expect(even.rent).toBeCloseTo((5_400 + 12 * payment) / (11.4 - 1.2 - 0.6 - 0.25), 6);
    expect(breakEven(roundDeal).rent).toBeCloseTo((3_600 + 12 * payment) / (11.4 - 1.2), 6); // 1,410.97
    // vacancy moves management only: 24,000 (1 − v) − 1,200 (1 − v) / 0.95 − 8,300 − 12P = 0
    const perOccupancy = 24_000 - 1_200 / 0.95;
    expect(even.vacancy_rate).toBeCloseTo(1 - (8_300 + 12 * payment) / perOccupancy, 12); // 16.0 %
    expect(withDriver(withLines, 'rent', 2_200).capex_reserve).toBe(0.05);
    expect(analyze(withDriver(withLines, 'rent', 2_200)).year_1_metrics.capex_reserve_expense).toBeCloseTo(
      1_320, // 5 % × 12 × 2,200
      9,
    );
  });

  it('lowers the max offer by the lines capitalised at the cash-flow yield', () => {
    // monthly cash flow ≥ 0: NOI(P) = 16,900 − 1.8 % P (insurance 0.6 %, taxes 1.2 % of the price)
    // against 12 × payment(75 % P); one dollar more turns the flow negative
    const offer = maxOffer(withLines, { monthly_levered_cash_flow: 0 });
    const price = offer.purchase_price as number;
    const perDollar = (12 * payment) / 150_000; // debt service per dollar of loan
    // 234,854 = 16,900 / 0.07196: NOI at a price of 0 over the costs per dollar of price
    expect(price).toBe(Math.floor(16_900 / (0.018 + 0.75 * perDollar)));
    const without = maxOffer(roundDeal, { monthly_levered_cash_flow: 0 }).purchase_price as number;
    // 283,492 without the lines: carrying 3,500 a year more costs $48,638 of price
    expect(without).toBe(Math.floor(20_400 / (0.018 + 0.75 * perDollar)));
  });

  it("puts the lines in every cell of the grid and in the simulation's draws", () => {
    const grid = sensitivityGrid(withLines, {
      row: 'rent',
      col: 'vacancy_rate',
      outcome: 'monthly_levered_cash_flow',
    });
    expect(grid.cells[3]?.[3]?.value).toBe(analyze(withLines).year_1_metrics.monthly_levered_cash_flow);
    const s = simulate(withLines, {}, { draws: 5 });
    expect(s.percentiles.monthly_levered_cash_flow.p50).toBe(
      analyze(withLines).year_1_metrics.monthly_levered_cash_flow,
    );
    expect(s.percentiles.levered_xirr.p50).toBeCloseTo(
      analyze(withLines).overall_returns.levered_xirr as number,
      9,
    );
  });

  it('proposes sourced defaults for a new analysis without applying them', () => {
    expect(NEW_ANALYSIS_EXPENSE_DEFAULTS.capex_reserve.value).toBe(0.05);
    expect(NEW_ANALYSIS_EXPENSE_DEFAULTS.hoa.value).toBe(0);
    expect(NEW_ANALYSIS_EXPENSE_DEFAULTS.owner_utilities.value).toBe(0);
    for (const [key, entry] of Object.entries(NEW_ANALYSIS_EXPENSE_DEFAULTS)) {
      expect(entry.reason.length, key).toBeGreaterThan(20);
      expect(entry.source.length, key).toBeGreaterThan(5);
      const bound = OPTIONAL_INPUT_BOUNDS[key as keyof ExpenseLines];
      expect(entry.value >= bound.min && entry.value <= bound.max, key).toBe(true);
    }
  });
});

describe('properties', () => {
  it("an input that omits the lines gives today's figures, bit for bit (fingerprint recorded before the lines)", () => {
    // analyze on 400 random deals, breakEven, a grid, maxOffer and the kernel on 40: see fingerprint.ts
    expect(engineFingerprint()).toBe('8e9cf16d22888ffee1b56d6875e1d54b2bd542c35720f5b34506701b00e3b470');
  });

  it('omitting the lines, or giving them as undefined, is the same analysis', () => {
    fc.assert(
      fc.property(realisticDeal, (deal) => {
        const undefinedLines: ExpenseLines = {
          capex_reserve: undefined,
          hoa: undefined,
          hoa_annual_growth_rate: undefined,
          owner_utilities: undefined,
          leasing_fee: undefined,
          tenancy_months: undefined,
        };
        expect(analyze({ ...deal, ...undefinedLines })).toEqual(analyze(deal));
      }),
      { numRuns: 200 },
    );
  });

  it('every line at 0 gives the figures of the lines omitted, bit for bit, with only the added keys more', () => {
    fc.assert(
      fc.property(
        realisticDeal,
        fc.double({ min: -0.5, max: 1, noNaN: true }),
        fc.double({ min: 1, max: 360, noNaN: true }),
        (deal, hoaGrowth, tenancy) => {
          const zero = {
            ...deal,
            capex_reserve: 0,
            hoa: 0,
            hoa_annual_growth_rate: hoaGrowth,
            owner_utilities: 0,
            leasing_fee: 0,
            tenancy_months: tenancy,
          };
          const analysis = analyze(zero);
          expect(withoutLineKeys(analysis)).toEqual(analyze(deal));
          for (const output of Object.values(LINE_OUTPUTS)) expect(analysis.year_1_metrics[output]).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('each line raises every year’s expenses and lowers NOI by exactly its amount', () => {
    fc.assert(
      fc.property(typicalDealWithLines, (deal) => {
        const full = analyze(deal);
        for (const line of LINE_INPUTS) {
          if (deal[line] === undefined) continue;
          const { [line]: _, ...rest } = deal;
          const less = analyze(rest);
          const u = full.hold_period.unlevered;
          const v = less.hold_period.unlevered;
          u.expense.forEach((expense, i) => {
            const amount = lineAmount(deal, line, i + 1);
            const scale = 1e-12 * (expense + Math.abs(u.net_operating_income[i] as number));
            expect(
              Math.abs(expense - (v.expense[i] as number) - amount),
              `${line} year ${i + 1}`,
            ).toBeLessThanOrEqual(scale + 1e-9);
            expect(
              Math.abs(
                (v.net_operating_income[i] as number) - (u.net_operating_income[i] as number) - amount,
              ),
              `${line} NOI year ${i + 1}`,
            ).toBeLessThanOrEqual(scale + 1e-9);
          });
          expect(
            near(full.year_1_metrics[LINE_OUTPUTS[line]] as number, lineAmount(deal, line, 1), 1e-12),
          ).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('scaling every dollar input by k (dues and utilities too) scales every dollar output by k and leaves rates unchanged', () => {
    fc.assert(
      fc.property(realisticDealWithLines, fc.double({ min: 1, max: 50, noNaN: true }), (deal, k) => {
        const scaled = { ...deal };
        for (const key of DOLLAR_INPUTS) scaled[key] = deal[key] * k;
        for (const key of DOLLAR_EXPENSE_INPUTS)
          if (deal[key] !== undefined) scaled[key] = (deal[key] as number) * k;
        const base = new Map(numbers(analyze(deal)));
        for (const [path, value] of numbers(analyze(scaled))) {
          const original = base.get(path) ?? Number.NaN;
          const dollar = isDollarPath(path);
          const expected = dollar ? original * k : original;
          const xirr = path.endsWith('xirr') || path === '.summary.scores.1.measure' ? 1e-8 : 0;
          const points = path === '.summary.scores.1.points' ? (1e-8 * 25) / 0.15 : 0;
          const tolerance =
            1e-9 * Math.max(1, Math.abs(expected)) +
            (dollar ? 1e-12 * scaled.purchase_price : 0) +
            xirr +
            points;
          expect(Math.abs(value - expected), path).toBeLessThanOrEqual(tolerance);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never outputs NaN or Infinity with any lines in their bounds', () => {
    fc.assert(
      fc.property(anyDealWithLines, (deal) => {
        for (const [path, value] of numbers(analyze(deal))) expect(Number.isFinite(value), path).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the kernel matches analyze with the lines: year 1 to the bit, the returns and each year to 1e-9', () => {
    fc.assert(
      fc.property(typicalDealWithLines, (deal) => expectKernelMatchesAnalyze(deal)),
      { numRuns: 500 },
    );
  });

  it("the kernel's year 1 is analyze's to the bit for any realistic deal with lines", () => {
    fc.assert(
      fc.property(realisticDealWithLines, (deal) => {
        const y1 = analyze(deal).year_1_metrics;
        const o = new DealKernel(deal.hold_period).run(deal);
        expect(o.monthly_levered_cash_flow).toBe(y1.monthly_levered_cash_flow);
        expect(o.yearly_levered_cash_flow[0]).toBe(y1.yearly_levered_cash_flow);
      }),
      { numRuns: 300 },
    );
  });

  it('break-even rent and vacancy with the lines give a year-1 cash flow of 0', () => {
    fc.assert(
      fc.property(typicalDealWithLines, (deal) => {
        const even = breakEven(deal);
        const flow = (moved: DealInput & ExpenseLines) =>
          analyze(moved).year_1_metrics.yearly_levered_cash_flow;
        const size = deal.purchase_price * 0.2 + 12 * deal.rent;
        if (even.rent !== null)
          expect(Math.abs(flow(withDriver(deal, 'rent', even.rent)))).toBeLessThan(1e-6 * size);
        if (even.vacancy_rate !== null)
          expect(Math.abs(flow(withDriver(deal, 'vacancy_rate', even.vacancy_rate)))).toBeLessThan(
            1e-6 * size,
          );
      }),
      { numRuns: 200 },
    );
  });

  it('max offer with the lines: the price meets the targets and one dollar more misses', () => {
    fc.assert(
      fc.property(typicalDealWithLines, (deal) => {
        const targets = { cash_on_cash: 0.02, dscr: 1.1 };
        const { purchase_price: price, binding } = maxOffer(deal, targets);
        if (price === null || binding === null) return;
        const at = analyze(withDriver(deal, 'purchase_price', price)).year_1_metrics;
        expect(at.levered_returns >= 0.02 && (at.dscr === null || at.dscr >= 1.1)).toBe(true);
        const above = analyze(withDriver(deal, 'purchase_price', price + 1)).year_1_metrics;
        expect(above.levered_returns < 0.02 || (above.dscr !== null && above.dscr < 1.1)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('the arbitraries with lines draw the same deals as those without (existing seeds keep their deals)', () => {
    const plain = fc.sample(typicalDeal, { seed: 7, numRuns: 20 });
    const lined = fc.sample(typicalDealWithLines, { seed: 7, numRuns: 20 });
    expect(lined.map(withoutLines)).toEqual(plain);
  });
});

describe('underwrite analyze with expense lines', () => {
  const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  it('accepts examples/expense-lines.json and prints the lines as the library does', () => {
    const result = spawnSync(process.execPath, [CLI, 'analyze', EXAMPLE], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toEqual(JSON.parse(JSON.stringify(analyze(withLines))));
    expect(output.year_1_metrics.leasing_expense).toBe(500);
    expect(output.year_1_metrics.net_operating_income).toBe(13_300);
  });

  it('exits 2 naming a line outside its bound', () => {
    const result = spawnSync(process.execPath, [CLI, 'analyze', '-'], {
      input: JSON.stringify({ ...withLines, tenancy_months: 0 }),
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('invalid input: tenancy_months: must be a number ≥ 1 and ≤ 360\n');
  });
});
