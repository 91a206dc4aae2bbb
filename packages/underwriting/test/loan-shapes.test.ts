/**
 * Loan shapes (issue 28 §3): an interest-only start, points and a second loan (seller financing)
 * with a balloon. Worked example first, then the laws, then the CLI.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amortizingPayment,
  analyze,
  breakEven,
  type DealInput,
  type ExpenseLines,
  financingOf,
  type LoanShape,
  maxOffer,
  type ShapedLoan,
  sensitivityGrid,
  shapedBalance,
  shapedPayment,
  simulate,
  UnderwritingInputError,
  validateDealInput,
  valueAt,
  withDriver,
} from '../src/index.js';
import { hasMonthlyInputs } from '../src/loan-shape.js';
import { DealKernel } from '../src/simulate.js';
import { shapedDeal, typicalDeal } from './support/arbitraries.js';
import { roundDeal } from './support/deals.js';
import { near } from './support/kernel-check.js';
import { numbers } from './support/outputs.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/seller-financing.json', import.meta.url));
/**
 * examples/seller-financing.json: the round deal ($200,000, NOI $16,800 a year, no growth) with the
 * bank's 75 % loan at 6 % interest-only for 12 months, one point, and the seller carrying $30,000 at
 * 5 % amortised over 30 years with a balloon at month 36.
 */
const sellerFinanced = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as DealInput & LoanShape;

/** The new output keys, each with the input that brings it. */
const SHAPE_OUTPUTS = [
  'points_cost',
  'amortizing_loan_payment',
  'second_loan_payment',
  'second_loan_amortizing_payment',
  'second_loan_payoff_month',
  'second_loan_payoff',
];

/** Payment of L at monthly rate i over n months, written out (not the engine's form). */
const annuity = (L: number, i: number, n: number) => (L * i) / (1 - (1 + i) ** -n);
/** Balance after k payments P of a loan L at monthly rate i, the model doc's B(k) form. */
const balanceAfter = (L: number, i: number, P: number, k: number) =>
  L * (1 + i) ** k - (P * ((1 + i) ** k - 1)) / i;

/** Every number of an analysis but the loan shapes' echoed inputs and figures, by path. */
function figures(analysis: ReturnType<typeof analyze>): Map<string, number> {
  const skip =
    /^\.year_1_metrics\.(interest_only_months|points|second_loan|points_cost|amortizing_loan_payment|second_loan_)/;
  return new Map(numbers(analysis).filter(([path]) => !skip.test(path)));
}

/** Two analyses agree to the cent (and rates to 1e-9) on every figure they share, and have the same figures. */
function expectSameToTheCent(a: ReturnType<typeof analyze>, b: ReturnType<typeof analyze>): void {
  const left = figures(a);
  const right = figures(b);
  expect([...left.keys()]).toEqual([...right.keys()]);
  for (const [path, value] of left) {
    const other = right.get(path) as number;
    expect(Math.abs(value - other), path).toBeLessThanOrEqual(0.005 + 1e-9 * Math.abs(other));
  }
  expect(a.overall_returns.levered_xirr === null).toBe(b.overall_returns.levered_xirr === null);
  expect(a.summary.overall_points).toBe(b.summary.overall_points);
  expect(a.summary.overall_color).toBe(b.summary.overall_color);
}

describe('loan shapes: worked example (seller financing with a balloon)', () => {
  const a = analyze(sellerFinanced);
  const y1 = a.year_1_metrics;
  const i1 = 0.06 / 12;
  const i2 = 0.05 / 12;
  const amortizing = annuity(150_000, i1, 348); // 910.51: 150,000 over the 348 months after the 12 interest-only ones
  const second = annuity(30_000, i2, 360); // 161.05
  const balloon = balanceAfter(30_000, i2, second, 36); // 28,603.08
  const firstAtSale = balanceAfter(150_000, i1, amortizing, 48); // 141,316.92: 48 amortising payments by month 60

  it('closes with the points added and the seller’s loan taken off the cash', () => {
    expect(y1.points_cost).toBe(1_500); // 1 % × 150,000
    // 50,000 down + 6,000 closing + 1,500 fees + 1,500 processing + 1,500 points − 30,000 from the seller
    expect(y1.total_cost_to_close).toBe(30_500);
    expect(a.overall_returns.levered_equity).toBe(30_500);
    expect(y1.down_payment).toBe(50_000); // the price less the bank's loan, as before
  });

  it('pays interest only, then amortises; the seller’s loan pays alongside until its balloon', () => {
    expect(y1.monthly_loan_payment).toBe(750); // 150,000 × 0.5 %
    expect(y1.amortizing_loan_payment).toBeCloseTo(amortizing, 9);
    expect(y1.amortizing_loan_payment).toBeCloseTo(910.51, 2);
    expect(y1.second_loan_payment).toBeCloseTo(second, 9);
    expect(y1.second_loan_payment).toBeCloseTo(161.05, 2);
    expect(y1.second_loan_amortizing_payment).toBeUndefined(); // it amortises from month 1
    expect(y1.second_loan_payoff_month).toBe(36);
    expect(y1.second_loan_payoff).toBeCloseTo(balloon, 6);
    expect(y1.second_loan_payoff).toBeCloseTo(28_603.08, 2);
    const l = a.hold_period.levered;
    expect(l.mortgage[0]).toBeCloseTo(12 * 750 + 12 * second, 9); // 10,932.56
    expect(l.mortgage[1]).toBeCloseTo(12 * amortizing + 12 * second, 9); // 12,858.64
    expect(l.mortgage[2]).toBeCloseTo(12 * amortizing + 12 * second, 9);
    expect(l.mortgage[3]).toBeCloseTo(12 * amortizing, 9); // 10,926.08: the seller is paid off
    expect(l.loan_payoff).toEqual([0, 0, y1.second_loan_payoff, 0, l.loan_payoff[4]]);
    expect(l.loan_payoff[4]).toBeCloseTo(firstAtSale, 6); // 141,316.92
    expect(l.cashflow[2]).toBeCloseTo(16_800 - 12 * amortizing - 12 * second - balloon, 6); // −24,661.72
    expect(l.cashflow[4]).toBeCloseTo(16_800 - 12 * amortizing + 188_000 - firstAtSale, 6); // 52,556.99
    // equity: value less both balances (the seller's while it is owed)
    expect(l.equity_accumulated[0]).toBeCloseTo(200_000 - 150_000 - balanceAfter(30_000, i2, second, 12), 6);
    expect(l.equity_accumulated[3]).toBeCloseTo(200_000 - balanceAfter(150_000, i1, amortizing, 36), 6);
  });

  it('reads year 1 from months 1–12 of both loans', () => {
    const debt = 12 * 750 + 12 * second;
    expect(y1.yearly_levered_cash_flow).toBeCloseTo(16_800 - debt, 9); // 5,867.44
    expect(y1.levered_returns).toBeCloseTo((16_800 - debt) / 30_500, 12); // 19.2 % (10.2 % without the shapes)
    expect(y1.dscr).toBeCloseTo(16_800 / debt, 12); // 1.537
    expect(y1.break_even_occupancy).toBeCloseTo((6_000 + debt) / 24_000, 12);
  });

  it('takes the XIRR of the actual monthly flows, the balloon in month 36', () => {
    const flows: number[] = [];
    for (let m = 1; m <= 60; m++) {
      const debt = (m <= 12 ? 750 : amortizing) + (m <= 36 ? second : 0);
      flows.push(1_400 - debt - (m === 36 ? balloon : 0) + (m === 60 ? 188_000 - firstAtSale : 0));
    }
    const total = flows.reduce((s, f) => s + f, 0);
    expect(a.overall_returns.levered_profit).toBeCloseTo(total - 30_500, 6); // 13,077.99
    const r = a.overall_returns.levered_xirr as number;
    expect(r).toBeCloseTo(0.0766398, 6);
    const npv = flows.reduce((s, f, k) => s + f / (1 + r) ** ((k + 1) / 12), -30_500);
    expect(Math.abs(npv)).toBeLessThan(1e-6);
    expect(a.summary.overall_points).toBe(84); // 83 without the shapes
    // the unlevered side does not see the loans: bit for bit the plain deal's
    expect(a.overall_returns.unlevered_xirr).toBe(analyze(roundDeal).overall_returns.unlevered_xirr);
  });

  it('shows the shapes’ figures only when their inputs are given', () => {
    const keys = (deal: DealInput & LoanShape) =>
      Object.keys(analyze(deal).year_1_metrics).filter((k) => SHAPE_OUTPUTS.includes(k));
    expect(keys(roundDeal)).toEqual([]);
    expect(keys({ ...roundDeal, points: 0 })).toEqual(['points_cost']);
    // a payment "after interest-only" only when there are interest-only months
    expect(keys({ ...roundDeal, interest_only_months: 0 })).toEqual([]);
    expect(keys({ ...roundDeal, interest_only_months: 1 })).toEqual(['amortizing_loan_payment']);
    // the seller's loan amortises from month 1: no payment "after interest-only" until it has some
    expect(keys(sellerFinanced)).toEqual(
      SHAPE_OUTPUTS.filter((key) => key !== 'second_loan_amortizing_payment'),
    );
    const secondWithInterestOnly = { ...sellerFinanced.second_loan, interest_only_months: 6 } as never;
    expect(keys({ ...sellerFinanced, second_loan: secondWithInterestOnly })).toEqual(SHAPE_OUTPUTS);
    expect(analyze({ ...roundDeal, second_loan: undefined, points: undefined })).toEqual(analyze(roundDeal));
  });

  it('refuses shapes outside their bounds with the field and the rule', () => {
    const error = (input: Record<string, unknown>) => {
      try {
        validateDealInput({ ...roundDeal, ...input });
      } catch (e) {
        expect(e).toBeInstanceOf(UnderwritingInputError);
        return `${(e as UnderwritingInputError).field}: ${(e as UnderwritingInputError).rule}`;
      }
      return 'accepted';
    };
    const loan = { amount: 30_000, interest_rate: 0.05, term_months: 360 };
    expect(error({ interest_only_months: 360 })).toBe(
      "interest_only_months: must be a whole number from 0 to 359 (fewer than the loan's 360 months)",
    );
    expect(error({ interest_only_months: 1.5 })).toMatch(/^interest_only_months: must be a whole number/);
    expect(error({ points: 0.2 })).toBe('points: must be a number ≥ 0 and ≤ 0.1');
    expect(error({ second_loan: 30_000 })).toBe(
      'second_loan: must be an object { amount, interest_rate, term_months, interest_only_months?, balloon_month? }',
    );
    expect(error({ second_loan: { ...loan, amount: 50_000 } })).toBe(
      'second_loan.amount: must be a number ≥ 0 and < the down payment ($50,000), so some of the price is paid in cash',
    );
    expect(error({ second_loan: { ...loan, term_months: 0 } })).toBe(
      'second_loan.term_months: must be a whole number ≥ 1 and ≤ 480',
    );
    expect(error({ second_loan: { amount: 1 } })).toBe(
      'second_loan.interest_rate: is required and must be a number ≥ 0 and ≤ 1',
    );
    expect(error({ second_loan: { ...loan, balloon_month: 361 } })).toBe(
      "second_loan.balloon_month: must be a whole number from 1 to 360 (within the second loan's term)",
    );
    expect(error({ second_loan: { ...loan, interest_only_months: 360 } })).toBe(
      "second_loan.interest_only_months: must be a whole number from 0 to 359 (fewer than the second loan's term in months)",
    );
    expect(error({ second_loan: { ...loan, rate: 0.05 } })).toBe(
      'second_loan.rate: is not an input of the model',
    );
    expect(error({ second_loan: { ...loan, interest_only_months: 60, balloon_month: 60 } })).toBe('accepted');
  });

  it('runs the decision tools on the shaped deal', () => {
    const offer = maxOffer(sellerFinanced, { cash_on_cash: 0.15 });
    const price = offer.purchase_price as number;
    const at = (p: number) => analyze(withDriver(sellerFinanced, 'purchase_price', p)).year_1_metrics;
    expect(at(price).levered_returns).toBeGreaterThanOrEqual(0.15);
    expect(at(price + 1).levered_returns).toBeLessThan(0.15);
    // the seller's loan keeps its share of the price (15 %)
    expect(withDriver(sellerFinanced, 'purchase_price', 100_000).second_loan?.amount).toBe(15_000);
    const even = breakEven(sellerFinanced);
    const flowAt = (rent: number) =>
      analyze(withDriver(sellerFinanced, 'rent', rent)).year_1_metrics.yearly_levered_cash_flow;
    expect(Math.abs(flowAt(even.rent as number))).toBeLessThan(1e-6);
    const grid = sensitivityGrid(sellerFinanced, {
      row: 'loan_to_value',
      col: 'rent',
      outcome: 'cash_on_cash',
    });
    expect(grid.cells[3]?.[3]?.value).toBe(analyze(sellerFinanced).year_1_metrics.levered_returns);
    // at 90 % LTV the down payment (20,000) is below the seller's 30,000: those cells are out of range
    expect(grid.rows[6]?.value).toBeCloseTo(0.9, 12);
    expect(grid.cells[6]?.every((cell) => cell === null)).toBe(true);
    const s = simulate(sellerFinanced, { rent: { low: 1_900, high: 2_100 } }, { draws: 50 });
    expect(s.percentiles.levered_xirr.count).toBe(50);
    const still = simulate(sellerFinanced, {}, { draws: 3 });
    expect(still.percentiles.levered_xirr.p50).toBe(analyze(sellerFinanced).overall_returns.levered_xirr);
    expect(still.percentiles.monthly_levered_cash_flow.p50).toBe(y1.monthly_levered_cash_flow);
  });
});

describe('JSDoc examples of loan-shape.ts', () => {
  it('amortizingPayment, shapedPayment, shapedBalance, financingOf and valueAt', () => {
    const io60: ShapedLoan = {
      amount: 150_000,
      annual_rate: 0.06,
      term_months: 360,
      interest_only_months: 60,
    };
    expect(amortizingPayment(io60)).toBeCloseTo(966.4521, 4); // 150,000 at 0.5 % over 300 months
    expect(shapedPayment(io60, 1)).toBe(750);
    expect(shapedPayment(io60, 61)).toBe(amortizingPayment(io60));
    expect(shapedBalance(io60, 60)).toBe(150_000);
    expect(shapedBalance(io60, 360)).toBe(0);
    expect(financingOf({ ...roundDeal, interest_only_months: 12 }, 60).debt_service[0]).toBe(750);
    expect(valueAt({ ...roundDeal, annual_price_appreciation: 0.03 }, 24)).toBeCloseTo(212_180, 9);
    expect(valueAt({ ...roundDeal, after_repair_value: 260_000, rehab_months: 4 }, 16)).toBe(260_000);
  });
});

describe('properties', () => {
  it('interest_only_months 0 and points 0 give the figures of omitting them, to the cent', () => {
    fc.assert(
      fc.property(typicalDeal, (deal) => {
        expectSameToTheCent(analyze({ ...deal, interest_only_months: 0, points: 0 }), analyze(deal));
      }),
      { numRuns: 200 },
    );
  });

  it('a second loan of amount 0 changes nothing, to the cent, whatever its rate, term, interest-only months and balloon', () => {
    fc.assert(
      fc.property(
        typicalDeal,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 480 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (deal, rate, term, share) => {
          const second_loan = {
            amount: 0,
            interest_rate: rate,
            term_months: term,
            interest_only_months: Math.floor(share * (term - 1)),
            balloon_month: Math.max(1, Math.ceil(share * term)),
          };
          expectSameToTheCent(analyze({ ...deal, second_loan }), analyze(deal));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a shaped loan rolls forward month by month: B(m) = B(m−1)(1 + i) − payment(m), level through the interest-only months, 0 at the term', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1_000, max: 2_000_000, noNaN: true }),
        fc.double({ min: 0, max: 0.15, noNaN: true }),
        fc.integer({ min: 1, max: 480 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amount, annual_rate, term, share) => {
          const loan: ShapedLoan = {
            amount,
            annual_rate,
            term_months: term,
            interest_only_months: Math.floor(share * (term - 1)),
          };
          const i = annual_rate / 12 < 1e-15 ? 0 : annual_rate / 12;
          let principal = 0;
          for (let m = 1; m <= term; m++) {
            const before = shapedBalance(loan, m - 1);
            const after = shapedBalance(loan, m);
            expect(Math.abs(before * (1 + i) - shapedPayment(loan, m) - after)).toBeLessThan(1e-7 * amount);
            if (m <= loan.interest_only_months) expect(after).toBe(amount);
            expect(after).toBeLessThanOrEqual(before + 1e-9 * amount);
            principal += before - after;
          }
          expect(shapedBalance(loan, term)).toBe(0);
          expect(Math.abs(principal - amount)).toBeLessThan(1e-9 * amount);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cash to close is the plain deal’s plus the points less the second loan, and the levered profit is the sum of the flows less it', () => {
    fc.assert(
      fc.property(shapedDeal, (deal) => {
        const a = analyze(deal);
        const { interest_only_months: _i, points: _p, second_loan: _s, ...plain } = deal;
        const expected =
          analyze(plain).year_1_metrics.total_cost_to_close +
          (deal.points ?? 0) * deal.loan_to_value * deal.purchase_price -
          (deal.second_loan?.amount ?? 0);
        expect(near(a.year_1_metrics.total_cost_to_close, expected, 1e-12, 1e-6)).toBe(true);
        const l = a.hold_period.levered;
        const total = l.cashflow.reduce((s, f) => s + f, 0);
        const scale = deal.purchase_price * 10;
        expect(near(a.overall_returns.levered_profit, total - expected, 1e-9, 1e-9 * scale)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('never outputs NaN or Infinity with loan shapes', () => {
    fc.assert(
      fc.property(shapedDeal, (deal) => {
        for (const [path, value] of numbers(analyze(deal))) expect(Number.isFinite(value), path).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("the simulation's kernel computes shaped deals from analyze's parts: its outcome is analyze's, bit for bit", () => {
    fc.assert(
      // a draw with no shape at all runs the kernel's own yearly path, a few ulps from analyze's by design
      fc.property(shapedDeal.filter(hasMonthlyInputs), (deal) => {
        const a = analyze(deal);
        const o = new DealKernel(deal.hold_period).run(deal);
        expect(o.monthly_levered_cash_flow).toBe(a.year_1_metrics.monthly_levered_cash_flow);
        expect(o.cash_on_cash).toBe(a.year_1_metrics.levered_returns);
        expect(o.dscr).toBe(a.year_1_metrics.dscr);
        expect(o.levered_xirr).toBe(a.overall_returns.levered_xirr);
        expect(o.unlevered_xirr).toBe(a.overall_returns.unlevered_xirr);
        expect(o.profit).toBe(a.overall_returns.levered_profit);
        expect(o.equity_multiple).toBe(a.overall_returns.levered_equity_multiple);
        expect(o.cap_rate).toBe(a.year_1_metrics.cap_rate);
        expect(o.yearly_levered_cash_flow).toEqual(a.hold_period.levered.rental_cashflow);
      }),
      { numRuns: 100 },
    );
  });

  it('max offer with shapes: the price meets the targets and one dollar more misses', () => {
    fc.assert(
      fc.property(shapedDeal, (deal) => {
        const targets = { cash_on_cash: 0.02, dscr: 1.1 };
        const { purchase_price: price, binding } = maxOffer(deal, targets);
        if (price === null || binding === null) return;
        const at = analyze(withDriver(deal, 'purchase_price', price)).year_1_metrics;
        expect(at.levered_returns >= 0.02 && (at.dscr === null || at.dscr >= 1.1)).toBe(true);
        const above = analyze(withDriver(deal, 'purchase_price', price + 1)).year_1_metrics;
        expect(above.levered_returns < 0.02 || (above.dscr !== null && above.dscr < 1.1)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('break-even rent with shapes gives a year-1 cash flow of 0', () => {
    fc.assert(
      fc.property(shapedDeal, (deal) => {
        const even = breakEven(deal);
        const size = deal.purchase_price * 0.2 + 12 * deal.rent;
        if (even.rent !== null) {
          const flow = analyze(withDriver(deal, 'rent', even.rent)).year_1_metrics.yearly_levered_cash_flow;
          expect(Math.abs(flow)).toBeLessThan(1e-6 * size);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('underwrite with loan shapes', () => {
  const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  const run = (args: string[], input?: unknown) =>
    spawnSync(process.execPath, [CLI, ...args], {
      encoding: 'utf8',
      ...(input !== undefined && { input: JSON.stringify(input) }),
    });

  it('analyze accepts examples/seller-financing.json and prints what the library returns', () => {
    const result = run(['analyze', EXAMPLE]);
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toEqual(JSON.parse(JSON.stringify(analyze(sellerFinanced))));
    expect(output.year_1_metrics.second_loan_payoff_month).toBe(36);
    expect(output.year_1_metrics.total_cost_to_close).toBe(30_500);
  });

  it('max-offer and simulate pass the shapes through', () => {
    const targets = { cash_on_cash: 0.15 };
    const offer = run(['max-offer', '-'], { ...sellerFinanced, targets });
    expect(offer.status).toBe(0);
    expect(JSON.parse(offer.stdout)).toEqual(JSON.parse(JSON.stringify(maxOffer(sellerFinanced, targets))));
    const spreads = { rent: { low: 1_900, high: 2_100 } };
    const sim = run(['simulate', '-', '--draws', '20'], { ...sellerFinanced, spreads });
    expect(sim.status).toBe(0);
    expect(JSON.parse(sim.stdout)).toEqual(
      JSON.parse(JSON.stringify(simulate(sellerFinanced, spreads, { draws: 20 }))),
    );
  });

  it('exits 2 naming a shape outside its bound', () => {
    const result = run(['analyze', '-'], {
      ...sellerFinanced,
      second_loan: { ...sellerFinanced.second_loan, balloon_month: 0 },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "invalid input: second_loan.balloon_month: must be a whole number from 1 to 360 (within the second loan's term)\n",
    );
  });
});

// keep ExpenseLines in the accepted type: a deal with lines and shapes together
const _both: DealInput & ExpenseLines & LoanShape = { ...roundDeal, hoa: 100, points: 0.01 };
void _both;
