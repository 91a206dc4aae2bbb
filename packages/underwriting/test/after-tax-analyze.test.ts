/**
 * After-tax returns through `analyze` (issue 28 §4) and the hold-period rows of the expense lines
 * (issue 28 §1): the README's analyze-level worked example to the cent, a BRRRR deal's basis,
 * placed-in-service month and loan costs, then the laws (zero rates give the pre-tax figures on
 * plain and shaped deals, depreciation follows Pub 946 Table A-6, no NaN or Infinity), then the CLI.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnalysisWithOptionalInputs,
  analyze,
  type DealInput,
  type ExpenseLines,
  monthlyScheduleOf,
  type OptionalInputs,
  type RehabAndRefinance,
  type TaxInputs,
  UnderwritingInputError,
} from '../src/index.js';
import { shapedBalance, shapedPayment } from '../src/loan-shape.js';
import { operatingYears } from '../src/schedule.js';
import {
  anyDealWithLines,
  brrrrDeal,
  expenseLines,
  shapedDeal,
  typicalDeal,
  typicalDealWithLines,
} from './support/arbitraries.js';
import { roundDeal } from './support/deals.js';
import { numbers } from './support/outputs.js';

/** Hand-computed figures are written to the cent: within half a cent. */
const cents = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(0.005);

const example = (name: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url)), 'utf8'),
  ) as DealInput & OptionalInputs;

const TAX: TaxInputs = {
  marginal_rate: 0.24,
  capital_gains_rate: 0.15,
  recapture_rate: 0.25,
  land_share: 0.2,
};

/** The after-tax figures, which the test expects to be there. */
const afterTaxOf = (analysis: AnalysisWithOptionalInputs) => {
  const figures = analysis.after_tax;
  if (figures === undefined) throw new Error('no after_tax');
  return figures;
};

describe('the worked example through analyze (examples/after-tax.json: the round deal, 24 % / 15 % / 25 %, 20 % land)', () => {
  const deal = example('after-tax.json');
  const result = analyze(deal);
  const a = afterTaxOf(result);

  it('is the round deal with tax, and its pre-tax figures are unchanged', () => {
    expect(deal.tax).toEqual(TAX);
    const { tax: _, ...plain } = deal;
    expect(plain).toEqual(roundDeal);
    const { after_tax: __, ...pre } = result;
    expect(pre).toEqual(analyze(roundDeal));
    expect('tax' in result.year_1_metrics).toBe(false); // the tax inputs are not echoed
    expect('after_tax' in analyze(roundDeal)).toBe(false);
  });

  it('depreciates 80 % of price + closing over 27.5 years, 11.5 months in the first and last years', () => {
    expect(a.basis.cost_basis).toBe(206_000); // 200,000 + 6,000
    expect(a.basis.land).toBe(41_200); // 0.2 × 206,000
    expect(a.basis.building).toBe(164_800);
    cents(a.basis.annual_depreciation, 5_992.73); // 164,800 / 27.5
    [5_743.03, 5_992.73, 5_992.73, 5_992.73, 5_743.03].forEach((d, i) => {
      cents(a.years.depreciation[i] as number, d); // × 11.5/330, × 12/330, …, × 11.5/330
    });
  });

  it('deducts the interest of each year and the loan fees over 30 years, the rest at the sale', () => {
    // 12 × 899.33 − principal paid: 10,791.91 − (150,000 − 148,157.98) = 8,949.89, then
    // 10,791.91 − (148,157.98 − 146,202.35) = 8,836.28, … (the loan's balance each December)
    [8_949.89, 8_836.28, 8_715.66, 8_587.6, 8_451.65].forEach((interest, i) => {
      cents(a.years.interest[i] as number, interest);
    });
    expect(a.years.loan_costs).toEqual([100, 100, 100, 100, 2_600]); // 3,000 / 30; 3,000 − 400
  });

  it('taxes NOI − interest − depreciation − loan costs at 24 %', () => {
    // year 1: 16,800 − 8,949.89 − 5,743.03 − 100 = 2,007.08; year 5: 16,800 − 8,451.65 − 5,743.03 − 2,600 = 5.32
    [2_007.08, 1_870.99, 1_991.61, 2_119.67, 5.32].forEach((income, i) => {
      cents(a.years.taxable_income[i] as number, income);
    });
    [481.7, 449.04, 477.99, 508.72, 1.28].forEach((tax, i) => {
      cents(a.years.tax[i] as number, tax); // 0.24 × the taxable income
    });
    expect(a.years.losses_used).toEqual([0, 0, 0, 0, 0]);
    expect(a.years.suspended_losses).toEqual([0, 0, 0, 0, 0]);
    // pre-tax 16,800 − 10,791.91 = 6,008.09 a year; after tax 6,008.09 − 481.70 = 5,526.39 in year 1
    for (const flow of a.years.pre_tax_cash_flow) cents(flow, 6_008.09);
    cents(a.years.after_tax_cash_flow[0] as number, 5_526.39);
    cents(a.years.after_tax_cash_flow[4] as number, 6_006.81);
  });

  it('taxes the whole gain at sale as unrecaptured §1250 gain when it is less than the depreciation', () => {
    const { sale } = a;
    expect(sale.amount_realized).toBe(188_000); // 200,000 − 12,000
    cents(sale.accumulated_depreciation, 29_464.24); // 164,800 × 59 / 330
    cents(sale.adjusted_basis, 176_535.76); // 206,000 − 29,464.24
    cents(sale.gain, 11_464.24); // 188,000 − 176,535.76
    cents(sale.unrecaptured_1250_gain, 11_464.24); // min(11,464.24, 29,464.24)
    expect(sale.capital_gain).toBe(0);
    cents(sale.recapture_tax, 2_866.06); // 0.25 × 11,464.24
    cents(sale.tax, 2_866.06);
    cents(sale.loan_payoff, 139_581.54); // the balance after 60 payments, as hold_period's loan payoff
    expect(sale.loan_payoff).toBe(result.hold_period.levered.loan_payoff[4]);
    cents(sale.pre_tax_proceeds, 48_418.46); // 188,000 − 139,581.54
    cents(sale.after_tax_proceeds, 45_552.4); // 48,418.46 − 2,866.06
  });

  it('gives the after-tax profit, multiple and XIRR on the same equity', () => {
    // 481.70 + 449.04 + 477.99 + 508.72 + 1.28 + 2,866.06
    cents(a.total_tax, 4_784.78);
    expect(a.levered_equity).toBe(59_000); // 50,000 + 6,000 + 3,000
    cents(a.levered_profit, 14_674.13); // pre-tax 19,458.92 − 4,784.78
    cents(a.levered_profit, result.overall_returns.levered_profit - a.total_tax);
    expect(a.levered_equity_multiple).toBeCloseTo(1.248714, 6); // 73,674.13 / 59,000
    expect(a.levered_xirr).toBeCloseTo(0.056942, 6); // pre-tax 0.074339
    expect(a.levered_xirr_multiple_roots).toBe(false);
  });
});

describe('a BRRRR deal (examples/brrrr.json) with tax', () => {
  const deal = { ...example('brrrr.json'), tax: TAX };
  const a = afterTaxOf(analyze(deal));

  it('adds the rehab to the basis and depreciates from the month the rehab ends', () => {
    expect(deal.rehab_months).toBe(4);
    expect(a.basis.cost_basis).toBe(184_500); // 150,000 + 4,500 closing + 30,000 rehab
    cents(a.basis.building, 147_600); // 0.8 × 184,500
    // placed in service in April (month 4): 8.5 months in year 1, Table A-6 2.576 %
    cents(a.years.depreciation[0] as number, (147_600 * 8.5) / 330);
    cents(a.years.depreciation[1] as number, 147_600 / 27.5);
  });

  it("deducts the purchase loan's fees in the refinance year and the refinance's closing costs over its term", () => {
    // refinanced in month 6 (year 1): 1,125 + 1,500 of fees, all in year 1; 4,000 over 30 years from year 1
    cents(a.years.loan_costs[0] as number, 2_625 + 4_000 / 30);
    cents(a.years.loan_costs[1] as number, 4_000 / 30);
    cents(a.years.loan_costs[4] as number, 4_000 - (4 * 4_000) / 30); // the rest at the sale
  });

  it("deducts the interest of both loans, as the monthly schedule's interest column adds it", () => {
    const rows = monthlyScheduleOf(deal);
    for (let y = 1; y <= 5; y++) {
      const interest = rows.filter((r) => r.year === y).reduce((sum, r) => sum + r.loan_interest, 0);
      expect(a.years.interest[y - 1]).toBeCloseTo(interest, 6);
    }
  });

  it('does not tax the cash out at the refinance: it is in the year’s cash flow, not its taxable income', () => {
    const pre = analyze(deal);
    expect(pre.year_1_metrics.cash_returned_at_refinance as number).toBeGreaterThan(0);
    const y = a.years;
    // taxable income = NOI − interest − depreciation − loan costs, the refinance's cash nowhere in it
    cents(
      y.taxable_income[0] as number,
      (pre.hold_period.unlevered.net_operating_income[0] as number) -
        (y.interest[0] as number) -
        (y.depreciation[0] as number) -
        (y.loan_costs[0] as number),
    );
    // the year's cash flow carries it, as the Cashflow row does
    expect(y.pre_tax_cash_flow[0]).toBe(pre.hold_period.levered.cashflow[0]);
    expect(y.tax[0]).toBe(0); // a loss year (rehab, fees): suspended
  });
});

describe('seller financing (examples/seller-financing.json) with tax', () => {
  const a = afterTaxOf(analyze({ ...example('seller-financing.json'), tax: TAX }));

  it("adds the second loan's interest to the bank's, and the points to the bank loan's costs", () => {
    // year 1: the bank's 12 × 750 interest only, and the seller's 12 × 161.05 less the principal it repaid
    const seller = { amount: 30_000, annual_rate: 0.05, term_months: 360, interest_only_months: 0 };
    const sellerInterest = 12 * shapedPayment(seller, 1) - (30_000 - shapedBalance(seller, 12));
    cents(sellerInterest, 1_489.95); // 1,932.56 − 442.61
    cents(a.years.interest[0] as number, 9_000 + sellerInterest);
    // years 4–5: the seller was paid off in month 36, only the bank's interest
    cents(a.years.loan_costs[0] as number, 4_500 / 30); // 1,500 + 1,500 fees + 1,500 points over 30 years
    cents(a.years.loan_costs[4] as number, 4_500 - (4 * 4_500) / 30);
    // the balloon (month 36) is in year 3's cash flow, not its taxable income
    expect(a.years.pre_tax_cash_flow[2] as number).toBeLessThan(-24_000); // 16,800 − 12,858.64 − 28,603.08
    expect(a.years.taxable_income[2] as number).toBeGreaterThan(0);
  });
});

/** Pub 946 Table A-6, percent of the basis, years 1–9 (3.636 % a year after the first), by month placed in service. */
const TABLE_A6_YEAR_1 = [3.485, 3.182, 2.879, 2.576, 2.273, 1.97, 1.667, 1.364, 1.061, 0.758, 0.455, 0.152];

/**
 * The table's percent of a hold of `years` (≤ 9) for a house placed in service in month `month` of
 * the hold, in a year before the sale's: the first row's percent that year, 3.636 a year after, and
 * 11.5/12 of it in the year of sale (December, mid-month).
 */
function tableA6Share(month: number, years: number): number {
  const placedYear = Math.ceil(month / 12);
  let percent = TABLE_A6_YEAR_1[(month - 1) % 12] as number;
  for (let y = placedYear + 1; y < years; y++) percent += 3.636;
  return percent + (3.636 * 11.5) / 12;
}

const rateTo = (max: number) =>
  fc.double({ min: 0, max, noNaN: true }).map((value) => (value < 1e-9 ? 0 : value));

const taxInputs: fc.Arbitrary<TaxInputs> = fc.record(
  {
    marginal_rate: rateTo(0.6),
    capital_gains_rate: rateTo(0.6),
    recapture_rate: rateTo(0.25),
    land_share: rateTo(0.9),
    losses: fc.constantFrom('carry_forward' as const, 'offset' as const),
  },
  { requiredKeys: ['marginal_rate', 'capital_gains_rate', 'recapture_rate', 'land_share'] },
);

const zeroRates = (tax: TaxInputs): TaxInputs => ({
  ...tax,
  marginal_rate: 0,
  capital_gains_rate: 0,
  recapture_rate: 0,
});

/** Shaped deals of both kinds, with or without expense lines. */
const anyShapedDeal: fc.Arbitrary<DealInput & OptionalInputs> = fc
  .tuple(fc.oneof(shapedDeal, brrrrDeal), fc.option(expenseLines, { nil: undefined }))
  .map(([deal, lines]) => ({ ...deal, ...lines }));

/**
 * The pre-tax levered flow of each year without the sale: the Cashflow row, less in the last year the
 * sale's proceeds and the loans' balances it repays (the monthly schedule's last payoff; a balloon
 * earlier that year stays in).
 */
function preTaxYears(deal: DealInput & OptionalInputs, analysis: AnalysisWithOptionalInputs): number[] {
  const l = analysis.hold_period.levered;
  const salePayoff = monthlyScheduleOf(deal).at(-1)?.loan_payoff as number;
  return l.cashflow.map((flow, i) =>
    i === l.cashflow.length - 1 ? flow - (l.proceeds_from_sale[i] as number) + salePayoff : flow,
  );
}

/** Within `rel` of `expected`, relative to `scale` (a dollar size of the deal). */
const near = (actual: number, expected: number, scale: number, rel = 1e-9) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * scale);

describe('properties', () => {
  it("with every rate 0, a plain deal's after-tax figures are its pre-tax ones, bit for bit", () => {
    fc.assert(
      fc.property(typicalDealWithLines, taxInputs, (deal, tax) => {
        const result = analyze({ ...deal, tax: zeroRates(tax) });
        const a = afterTaxOf(result);
        const o = result.overall_returns;
        expect(a.years.tax.every((t) => t === 0)).toBe(true);
        expect(a.total_tax).toBe(0);
        expect(a.years.after_tax_cash_flow).toEqual(result.hold_period.levered.rental_cashflow);
        expect(a.levered_equity).toBe(o.levered_equity);
        expect(a.levered_profit).toBe(o.levered_profit);
        expect(a.levered_equity_multiple).toBe(o.levered_equity_multiple);
        expect(a.levered_xirr).toBe(o.levered_xirr);
        expect(a.levered_xirr_multiple_roots).toBe(o.levered_xirr_multiple_roots);
      }),
      { numRuns: 200 },
    );
  });

  it("with every rate 0, a shaped deal's after-tax flows, profit, multiple and XIRR are its pre-tax ones", () => {
    fc.assert(
      fc.property(anyShapedDeal, taxInputs, (deal, tax) => {
        const result = analyze({ ...deal, tax: zeroRates(tax) });
        const a = afterTaxOf(result);
        const o = result.overall_returns;
        const scale = deal.purchase_price * 10 * deal.hold_period;
        expect(a.total_tax).toBe(0);
        const pre = preTaxYears(deal, result);
        a.years.after_tax_cash_flow.forEach((flow, i) => {
          near(flow, pre[i] as number, scale);
        });
        expect(a.levered_equity).toBe(o.levered_equity);
        near(a.levered_profit, o.levered_profit, scale);
        if (o.levered_equity_multiple === null) expect(a.levered_equity_multiple).toBeNull();
        else
          near(
            a.levered_equity_multiple as number,
            o.levered_equity_multiple,
            1 + Math.abs(o.levered_equity_multiple),
          );
        // the same monthly flows but for the last one's float rounding: the same rate where there is one
        if (o.levered_xirr !== null && !o.levered_xirr_multiple_roots) {
          expect(Math.abs((a.levered_xirr as number) - o.levered_xirr)).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('after-tax profit is the pre-tax profit less every tax, on plain and shaped deals', () => {
    fc.assert(
      fc.property(fc.oneof(typicalDealWithLines, anyShapedDeal), taxInputs, (deal, tax) => {
        const result = analyze({ ...deal, tax });
        const a = afterTaxOf(result);
        near(
          a.levered_profit,
          result.overall_returns.levered_profit - a.total_tax,
          deal.purchase_price * 10 * deal.hold_period,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('depreciation over the hold is the building × the Table A-6 percentages of those years (plain: January)', () => {
    fc.assert(
      fc.property(typicalDeal, taxInputs, (deal, tax) => {
        const years = Math.min(Math.max(deal.hold_period, 2), 9);
        const a = afterTaxOf(analyze({ ...deal, hold_period: years, tax }));
        const total = a.years.depreciation.reduce((sum, d) => sum + d, 0);
        expect(a.basis.cost_basis).toBe(deal.purchase_price + deal.closing_cost);
        // the table rounds 100 / 27.5 = 3.63636… down to 3.636: < 0.004 % of the building over 9 years
        near(total, (a.basis.building * tableA6Share(1, years)) / 100, a.basis.building, 4e-5);
        near(total, a.sale.accumulated_depreciation, a.basis.building);
      }),
      { numRuns: 200 },
    );
  });

  it('depreciation of a BRRRR deal starts in the month its rehab ends, in year 1 or later, on price + closing + rehab', () => {
    fc.assert(
      fc.property(brrrrDeal, fc.integer({ min: 0, max: 40 }), taxInputs, (base, rehab, tax) => {
        const years = Math.min(Math.max(base.hold_period, 5), 9); // placed in service by year 4
        const deal: DealInput & RehabAndRefinance = { ...base, hold_period: years, rehab_months: rehab };
        if (deal.refinance !== undefined && deal.refinance.month >= 12 * years) delete deal.refinance;
        const a = afterTaxOf(analyze({ ...deal, tax }));
        expect(a.basis.cost_basis).toBe(deal.purchase_price + deal.closing_cost + (deal.rehab_budget ?? 0));
        const month = Math.max(1, rehab);
        const total = a.years.depreciation.reduce((sum, d) => sum + d, 0);
        near(total, (a.basis.building * tableA6Share(month, years)) / 100, a.basis.building, 4e-5);
        // nothing before the year it is placed in service
        for (let y = 1; y < Math.ceil(month / 12); y++) expect(a.years.depreciation[y - 1]).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('never outputs NaN or Infinity, on any deal and any shaped deal with tax', () => {
    fc.assert(
      fc.property(fc.oneof(anyDealWithLines, anyShapedDeal), taxInputs, (deal, tax) => {
        for (const [path, value] of numbers(afterTaxOf(analyze({ ...deal, tax })))) {
          expect(Number.isFinite(value), path).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('validation of tax', () => {
  it('names the field and the rule', () => {
    const fails = (tax: unknown, field: string, rule: string) =>
      expect(() => analyze({ ...roundDeal, tax: tax as TaxInputs })).toThrow(
        new UnderwritingInputError(field, rule),
      );
    fails({ ...TAX, marginal_rate: 0.7 }, 'tax.marginal_rate', 'must be a number ≥ 0 and ≤ 0.6');
    fails({ ...TAX, recapture_rate: 0.3 }, 'tax.recapture_rate', 'must be a number ≥ 0 and ≤ 0.25');
    fails({ ...TAX, state_rate: 0.05 }, 'tax.state_rate', 'is not an input of the tax model');
    fails(
      null,
      'tax',
      'must be an object with marginal_rate, capital_gains_rate, recapture_rate and land_share',
    );
  });
});

/** The expense lines' rows: `hold_period.expense_lines`, absent without lines. */
describe('hold_period.expense_lines', () => {
  const LINES = ['capex_reserve', 'hoa', 'owner_utilities', 'leasing'] as const;
  const inputOf = {
    capex_reserve: 'capex_reserve',
    hoa: 'hoa',
    owner_utilities: 'owner_utilities',
    leasing: 'leasing_fee',
  } as const;

  it('the worked example: each line by year (examples/expense-lines.json)', () => {
    const rows = analyze(example('expense-lines.json')).hold_period.expense_lines;
    expect(rows).toEqual({
      capex_reserve: [1_200, 1_200, 1_200, 1_200, 1_200], // 0.05 × 12 × 2,000
      hoa: [1_200, 1_200, 1_200, 1_200, 1_200], // 12 × 100
      owner_utilities: [600, 600, 600, 600, 600], // 12 × 50
      leasing: [500, 500, 500, 500, 500], // 0.5 × 2,000 × 12 / 24
    });
  });

  it('is absent without lines, and only the lines given are there', () => {
    expect('expense_lines' in analyze(roundDeal).hold_period).toBe(false);
    expect('expense_lines' in analyze({ ...roundDeal, tenancy_months: 24 }).hold_period).toBe(false);
    expect(Object.keys(analyze({ ...roundDeal, hoa: 50 }).hold_period.expense_lines ?? {})).toEqual(['hoa']);
  });

  it("equals operatingYear's lines on plain deals and sums to no more than each year's expense", () => {
    fc.assert(
      fc.property(typicalDealWithLines, (deal: DealInput & ExpenseLines) => {
        const { hold_period } = analyze(deal);
        const rows = hold_period.expense_lines;
        const given = LINES.filter((line) => deal[inputOf[line]] !== undefined);
        if (given.length === 0) {
          expect(rows).toBeUndefined();
          return;
        }
        expect(Object.keys(rows ?? {}).sort()).toEqual([...given].sort());
        const years = operatingYears(deal);
        years.forEach((year, i) => {
          let sum = 0;
          for (const line of given) {
            expect(rows?.[line]?.[i]).toBe(year[line]);
            sum += year[line];
          }
          expect(sum).toBeLessThanOrEqual((hold_period.levered.expense[i] as number) * (1 + 1e-12));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('sums the months on shaped deals (no capex reserve or leasing in rehab months)', () => {
    fc.assert(
      fc.property(
        fc
          .tuple(fc.oneof(shapedDeal, brrrrDeal), expenseLines)
          .map(([deal, lines]) => ({ ...deal, ...lines })),
        (deal) => {
          const { hold_period } = analyze(deal);
          const rows = hold_period.expense_lines;
          const given = LINES.filter((line) => deal[inputOf[line]] !== undefined);
          if (given.length === 0) {
            expect(rows).toBeUndefined();
            return;
          }
          const months = monthlyScheduleOf(deal);
          for (let y = 1; y <= deal.hold_period; y++) {
            let sum = 0;
            for (const line of given) {
              const value = rows?.[line]?.[y - 1] as number;
              const monthly = months.filter((r) => r.year === y).reduce((s, r) => s + (r[line] as number), 0);
              near(value, monthly, 1 + Math.abs(monthly));
              sum += value;
            }
            expect(sum).toBeLessThanOrEqual((hold_period.levered.expense[y - 1] as number) * (1 + 1e-12));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('underwrite analyze with tax', () => {
  it('prints after_tax for examples/after-tax.json, as the library computes it', () => {
    const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
    const file = fileURLToPath(new URL('../../../examples/after-tax.json', import.meta.url));
    const result = spawnSync(process.execPath, [cli, 'analyze', file], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(Object.keys(output)).toEqual([
      'year_1_metrics',
      'sale_assumptions',
      'overall_returns',
      'hold_period',
      'summary',
      'after_tax',
    ]);
    expect(output.after_tax).toEqual(
      JSON.parse(JSON.stringify(analyze(example('after-tax.json')).after_tax)),
    );
    expect(output.after_tax.sale.recapture_tax).toBeCloseTo(2_866.06, 2);
  });
});
