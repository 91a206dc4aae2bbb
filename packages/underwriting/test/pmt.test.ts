import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnderwritingInputError } from '../src/errors.js';
import { irr, npv } from '../src/irr.js';
import { ipmt, nper, pmt, ppmt } from '../src/pmt.js';

describe('pmt', () => {
  it("matches Excel's loan example (JSDoc example)", () => {
    // r = 0.08/12 = 0.0066667, (1 + r)^120 = 2.2196402
    // −0.0066667 · 10000 · 2.2196402 / (2.2196402 − 1) = −121.3275944  (Excel: −$121.33)
    expect((1 + 0.08 / 12) ** 120).toBeCloseTo(2.2196402, 7);
    expect(pmt(0.08 / 12, 10 * 12, 10000)).toBeCloseTo(-121.32759435535, 10);
  });

  it('divides evenly at a zero rate (JSDoc example)', () => {
    // −1200 / 12
    expect(pmt(0, 12, 1200)).toBe(-100);
    // −(1000 + 200) / 4: the future value is paid off too
    expect(pmt(0, 4, 1000, 200)).toBe(-300);
  });

  it("matches Excel's savings example (JSDoc example)", () => {
    // save 50 000 in 18 years at 6 %/12: −0.005·50000 / (1.005^216 − 1) = −250 / 1.93676 = −129.0811609
    expect(pmt(0.06 / 12, 18 * 12, 0, 50000)).toBeCloseTo(-129.0811608679, 9);
  });

  it('pays one period less interest when payments are at the start (type 1)', () => {
    // Excel: PMT(8%/12, 120, 10000, 0, 1) = −120.5241004 = −121.3275944 / (1 + 0.08/12)
    expect(pmt(0.08 / 12, 120, 10000, 0, 1)).toBeCloseTo(-120.524100353, 9);
    expect(pmt(0.08 / 12, 120, 10000, 0, 1)).toBeCloseTo(pmt(0.08 / 12, 120, 10000) / (1 + 0.08 / 12), 12);
  });

  it('is positive when the present value is received as payments (pv < 0)', () => {
    // Excel: PMT(10%, 5, −1000, 500, 1) = 165.3624913
    expect(pmt(0.1, 5, -1000, 500, 1)).toBeCloseTo(165.3624912703, 9);
  });

  it('stays accurate at tiny rates, where (1 + r)ⁿ − 1 cancels', () => {
    // −pv·r(1 + r)ⁿ/((1 + r)ⁿ − 1) = −(pv/n)·(1 + r(n + 1)/2 + O(r²)); r = 1e-12, n = 360, pv = 300 000
    const expected = -(300000 / 360) * (1 + (1e-12 * 361) / 2);
    expect(pmt(1e-12, 360, 300000)).toBeCloseTo(expected, 12);
  });

  it('handles negative rates and very long terms without Infinity/Infinity', () => {
    // r = −0.5: −r·pv·(1 + r)ⁿ/((1 + r)ⁿ − 1) = 0.5·100·0.5^10/(0.5^10 − 1) = −0.0488759 (Excel alike)
    expect(pmt(-0.5, 10, 100)).toBeCloseTo((0.5 * 100 * 0.5 ** 10) / (0.5 ** 10 - 1), 12);
    expect(pmt(-0.5, 10, 100)).toBeCloseTo(-0.0488758553, 10);
    // (1.05)^1e6 overflows; the payment tends to the interest alone, −0.05·100
    expect(pmt(0.05, 1e6, 100)).toBe(-5);
  });

  it('returns 0, not −0, for a loan of nothing', () => {
    expect(Object.is(pmt(0.05, 12, 0), 0)).toBe(true);
    expect(Object.is(pmt(0, 12, 0), 0)).toBe(true);
  });

  it('rejects invalid input with UnderwritingInputError', () => {
    expect(() => pmt(0.05, 0, 1000)).toThrow(/nper/);
    expect(() => pmt(0.05, -12, 1000)).toThrow(UnderwritingInputError);
    expect(() => pmt(0.05, Number.NaN, 1000)).toThrow(UnderwritingInputError);
    expect(() => pmt(-1, 12, 1000)).toThrow(/rate/);
    expect(() => pmt(Number.NaN, 12, 1000)).toThrow(UnderwritingInputError);
    expect(() => pmt(0.05, 12, Number.POSITIVE_INFINITY)).toThrow(/pv/);
    expect(() => pmt(0.05, 12, 1000, Number.NaN)).toThrow(/fv/);
    expect(() => pmt(0.05, 12, 1000, 0, 2 as 0)).toThrow(/type/);
    expect(() => pmt(0, 1e-300, Number.MAX_VALUE)).toThrow(UnderwritingInputError);
  });
});

describe('ipmt, ppmt', () => {
  it('splits the first payment into interest and principal (JSDoc examples)', () => {
    // first month of 2000 at 10 %/12: interest −2000·0.1/12 = −16.6666667; payment −92.2898527
    expect(ipmt(0.1 / 12, 1, 24, 2000)).toBeCloseTo(-16.6666666667, 9);
    expect(ppmt(0.1 / 12, 1, 24, 2000)).toBeCloseTo(-92.289852675 + 16.6666666667, 9);
    expect(ppmt(0.1 / 12, 1, 24, 2000)).toBeCloseTo(-75.6231860084, 9);
    // paid at the start, the first payment owes no interest
    expect(ipmt(0.1 / 12, 1, 24, 2000, 0, 1)).toBe(0);
  });

  it('follows the balance: interest of period k is the rate times the balance after k − 1 payments', () => {
    const loan = { amount: 300_000, annual_rate: 0.07, term_years: 30 };
    // the loan module's balance after 59 payments, times the monthly rate
    const balance59 =
      300_000 * (1 + 0.07 / 12) ** 59 +
      pmt(0.07 / 12, 360, 300_000) * (((1 + 0.07 / 12) ** 59 - 1) / (0.07 / 12));
    expect(ipmt(0.07 / 12, 60, 360, loan.amount)).toBeCloseTo(-balance59 * (0.07 / 12), 6);
    // the parts add up to the payment in every period
    for (const per of [1, 2, 180, 360]) {
      expect(ipmt(0.07 / 12, per, 360, 300_000) + ppmt(0.07 / 12, per, 360, 300_000)).toBeCloseTo(
        pmt(0.07 / 12, 360, 300_000),
        9,
      );
    }
  });

  it('rejects a period outside 1 … nper', () => {
    expect(() => ipmt(0.01, 0, 12, 1000)).toThrow(/per/);
    expect(() => ppmt(0.01, 13, 12, 1000)).toThrow(UnderwritingInputError);
  });
});

describe('nper', () => {
  it('counts the periods to repay (JSDoc examples)', () => {
    // ln(z / (z − 1000)) / ln 1.05 with z = 250/0.05 = 5000: ln(5000/4000)/ln 1.05 = 4.5735356
    expect(nper(0.05, 250, -1000)).toBeCloseTo(4.5735355704, 9);
    expect(nper(0, -100, 1000)).toBe(10);
  });

  it('inverts pmt', () => {
    expect(nper(0.08 / 12, pmt(0.08 / 12, 120, 10000), 10000)).toBeCloseTo(120, 9);
  });

  it('rejects what no number of periods solves', () => {
    // Excel NPER(12, 4500, 100000, 100000) is #NUM!
    expect(() => nper(12, 4500, 100000, 100000)).toThrow(UnderwritingInputError);
    expect(() => nper(0, 0, 1000)).toThrow(UnderwritingInputError);
  });
});

describe('properties', () => {
  const rate = fc.integer({ min: -50, max: 300 }).map((bp) => bp / 1000 / 12);
  const nper = fc.integer({ min: 1, max: 480 });
  const money = fc.integer({ min: -1e8, max: 1e8 }).map((cents) => cents / 100);
  const type = fc.constantFrom(0 as const, 1 as const);

  it('the payments repay the loan: NPV of pv, the payments and fv at the rate is 0', () => {
    fc.assert(
      fc.property(rate, nper, money, money, type, (r, n, pv, fv, t) => {
        const payment = pmt(r, n, pv, fv, t);
        // type 0: payments at t = 1 … n; type 1: at t = 0 … n − 1; fv at n
        const flows = Array<number>(n + 1).fill(0);
        flows[0] = pv;
        for (let k = 0; k < n; k++) {
          const when = t === 1 ? k : k + 1;
          flows[when] = (flows[when] as number) + payment;
        }
        flows[n] = (flows[n] as number) + fv;
        const scale = Math.abs(pv) + Math.abs(fv) + n * Math.abs(payment) + 1;
        expect(Math.abs(npv(r, flows)) / scale).toBeLessThan(1e-11);
      }),
      { numRuns: 500 },
    );
  });

  it('the rate of a level-payment loan is the rate its payment was computed at', () => {
    fc.assert(
      fc.property(rate, nper, fc.integer({ min: 100, max: 1e8 }), (r, n, pv) => {
        const payment = pmt(r, n, pv);
        const result = irr([pv, ...Array<number>(n).fill(payment)]);
        expect(result).toEqual({
          ok: true,
          rate: expect.closeTo(r, 10),
          multipleRoots: false,
          rates: [expect.closeTo(r, 10)],
        });
      }),
      { numRuns: 300 },
    );
  });

  it('scaling pv and fv by k scales the payment by k', () => {
    fc.assert(
      fc.property(rate, nper, money, money, fc.integer({ min: -1000, max: 1000 }), (r, n, pv, fv, k) => {
        const base = pmt(r, n, pv, fv);
        // relative to the amounts: payments reach ~2e9, where one ulp is 2.4e-7 (a fixed 5e-7
        // failed at 3 ulps), and pv and fv can cancel to a small payment
        const size = Math.max(1, ...[base, pv, fv].map((amount) => Math.abs(amount * k)));
        expect(Math.abs(pmt(r, n, pv * k, fv * k) - base * k)).toBeLessThanOrEqual(1e-13 * size);
      }),
      // seed 527: a one-period $1.3e9 payment off by 3 ulps
      { numRuns: 300, examples: [[0.008166666666666668, 1, -665302.18, -998463.69, -801]] },
    );
  });

  it('is continuous at a zero rate', () => {
    fc.assert(
      fc.property(nper, money, (n, pv) => {
        expect(pmt(1e-13, n, pv)).toBeCloseTo(pmt(0, n, pv), 6);
        expect(pmt(-1e-13, n, pv)).toBeCloseTo(pmt(0, n, pv), 6);
      }),
      { numRuns: 200 },
    );
  });
});
