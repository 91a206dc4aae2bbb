import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnderwritingInputError } from '../src/errors.js';
import { irr } from '../src/irr.js';
import { type DatedFlow, type RateResult, xirr, xnpv } from '../src/xirr.js';

const flows = (...pairs: [date: string, amount: number][]): DatedFlow[] =>
  pairs.map(([date, amount]) => ({ amount, date }));

/** |rate − expected| ≤ 1e-6, the precision the model promises */
function expectRate(result: RateResult, expected: number): void {
  expect(result.ok).toBe(true);
  if (result.ok) expect(Math.abs(result.rate - expected)).toBeLessThanOrEqual(1e-6);
}

const excelExample = flows(
  ['2008-01-01', -10000],
  ['2008-03-01', 2750],
  ['2008-10-30', 4250],
  ['2009-02-15', 3250],
  ['2009-04-01', 2750],
);

/** Excel's first Newton step from 0.1 on Σ aᵢ(1 + r)^(−tᵢ), tᵢ = days/365 from the first date */
function excelFirstStep(f: DatedFlow[]): number {
  const start = Date.parse(f[0]?.date as string);
  let value = 0;
  let slope = 0;
  for (const { amount, date } of f) {
    const t = (Date.parse(date as string) - start) / 86_400_000 / 365;
    value += amount * 1.1 ** -t;
    slope -= t * amount * 1.1 ** (-t - 1);
  }
  return 0.1 - value / slope;
}

describe('xnpv', () => {
  it("matches Excel's XNPV example (JSDoc example)", () => {
    // −10000 + 2750/1.09^(60/365) + 4250/1.09^(303/365) + 3250/1.09^(411/365) + 2750/1.09^(456/365)
    // = −10000 + 2711.5 + 3960.9 + 2955.9 + 2458.3 = 2086.65 (Excel: 2086.65)
    expect(xnpv(0.09, excelExample)).toBeCloseTo(2086.647602, 6);
  });

  it('discounts to the earliest date whatever the order', () => {
    expect(xnpv(0.09, [...excelExample].reverse())).toBeCloseTo(2086.647602, 6);
  });

  it('counts actual days over 365: one leap year of 366 days is 366/365 years', () => {
    // −100 on 2020-01-01, 110 on 2021-01-01: 110/1.1^(366/365) − 100
    const value = xnpv(0.1, flows(['2020-01-01', -100], ['2021-01-01', 110]));
    expect(value).toBeCloseTo(110 / 1.1 ** (366 / 365) - 100, 12);
  });

  it('rejects invalid input with UnderwritingInputError', () => {
    expect(() => xnpv(0.1, [])).toThrow(UnderwritingInputError);
    expect(() => xnpv(-1, excelExample)).toThrow(/rate/);
    expect(() => xnpv(Number.NaN, excelExample)).toThrow(UnderwritingInputError);
    expect(() => xnpv(0.1, flows(['2021-02-30', 1]))).toThrow(/flows\[0\]\.date/);
    expect(() => xnpv(0.1, flows(['2021-01-01', 1], ['2021-01-02', Number.NaN]))).toThrow(
      /flows\[1\]\.amount/,
    );
  });
});

describe('xirr', () => {
  it("matches Excel's XIRR documentation example (JSDoc example)", () => {
    // Excel: XIRR(values, dates, 0.1) = 0.373362535 (37.34 %)
    expectRate(xirr(excelExample), 0.3733625);
    expect(xirr(excelExample)).toEqual({
      ok: true,
      rate: expect.closeTo(0.3733625335, 10),
      multipleRoots: false,
      rates: [expect.closeTo(0.3733625335, 10)],
    });
    expect(xnpv(0.3733625335188314, excelExample)).toBeCloseTo(0, 8);
  });

  it('solves quarterly deposits with one payout', () => {
    // −1000 on 2010-01-01, 04-01, 07-01, 10-01 (0, 90, 181, 273 days), +4300 on 2011-01-01 (365)
    expectRate(
      xirr(
        flows(
          ['2010-01-01', -1000],
          ['2010-04-01', -1000],
          ['2010-07-01', -1000],
          ['2010-10-01', -1000],
          ['2011-01-01', 4300],
        ),
      ),
      0.1212676,
    );
  });

  it("falls back to the bracketed search when Excel's Newton from 0.1 leaves (−1, ∞)", () => {
    const f = flows(['2021-08-03', -99995], ['2021-08-09', 97642]);
    // Excel's first step: NPV(0.1) = −99995 + 97642·1.1^(−6/365) = −2506.6, NPV′(0.1) = −1459.1,
    // so r₁ = 0.1 − 1.718 = −1.618, outside (−1, ∞)
    expect(excelFirstStep(f)).toBeLessThan(-1);
    // the true rate: (97642/99995)^(365/6) − 1
    expect((97642 / 99995) ** (365 / 6) - 1).toBeCloseTo(-0.765099, 6);
    expectRate(xirr(f), -0.765099);
  });

  it('solves flows whose first flow is positive', () => {
    // 55600 − 51094.83·(1 + r)^(−30/365) = 0 → 1 + r = (51094.83/55600)^(365/30)
    const f = flows(['2021-11-24', 55600], ['2021-12-24', -51094.83]);
    expectRate(xirr(f), -0.6423076);
    expect((51094.83 / 55600) ** (365 / 30) - 1).toBeCloseTo(-0.6423076, 6);
  });

  it('solves a rate near −1', () => {
    // −134.09 + 40.86·(1 + r)^(−63/365) = 0 → 1 + r = (40.86/134.09)^(365/63) = 0.0010231
    const f = flows(['2021-06-09', -134.09], ['2021-08-11', 40.86]);
    expectRate(xirr(f), -0.9989769);
    expect((40.86 / 134.09) ** (365 / 63) - 1).toBeCloseTo(-0.9989769, 7);
  });

  it('reports same-sign, never the guess, when all flows have one sign', () => {
    expect(xirr(flows(['2021-01-01', -100], ['2021-06-01', -100]))).toEqual({
      ok: false,
      reason: 'same-sign',
    });
    expect(xirr(flows(['2021-01-01', 100], ['2021-06-01', 100]))).toEqual({ ok: false, reason: 'same-sign' });
    expect(xirr(flows(['2021-01-01', 100]))).toEqual({ ok: false, reason: 'same-sign' });
    expect(xirr(flows(['2021-01-01', 0], ['2021-06-01', 0]))).toEqual({ ok: false, reason: 'same-sign' });
  });

  it('reports no-root when equal and opposite flows on one date net to nothing', () => {
    expect(xirr(flows(['2021-01-01', -100], ['2021-01-01', 100]))).toEqual({ ok: false, reason: 'no-root' });
    // after netting only +5 is left: NPV = 5·v^t > 0 for every rate
    expect(xirr(flows(['2021-01-01', -100], ['2021-01-01', 100], ['2022-01-01', 5]))).toEqual({
      ok: false,
      reason: 'no-root',
    });
  });

  it('nets flows on the same date before solving', () => {
    const split = xirr(flows(['2021-01-01', -100], ['2021-01-01', -50], ['2022-01-01', 165]));
    const netted = xirr(flows(['2021-01-01', -150], ['2022-01-01', 165]));
    expect(split).toEqual(netted);
    // 165/150 = 1.1 over exactly 365 days
    expectRate(netted, 0.1);
  });

  it('equals the periodic irr when the dates are exactly 365 days apart', () => {
    // 2021, 2022, 2023 are not leap years, so each gap is one ACT/365F year
    const periodic = [-1000, 300, 400, 500];
    const dated = xirr(
      flows(['2021-01-01', -1000], ['2022-01-01', 300], ['2023-01-01', 400], ['2024-01-01', 500]),
    );
    const one = { ok: true, rate: expect.closeTo(0.0889633947, 10), multipleRoots: false };
    expect(dated).toEqual({ ...one, rates: [expect.closeTo(0.0889633947, 10)] });
    expect(irr(periodic)).toEqual({ ...one, rates: [expect.closeTo(0.0889633947, 10)] });
  });

  it('lists every rate and flags several rates', () => {
    // −100 + 230(1+r)^−1 − 132(1+r)^−2 on whole 365-day years: rates 0.1 and 0.2; a loss (Σ = −2)
    // points below 0, where there is none, so the one nearest 0
    const result = xirr(flows(['2021-01-01', -100], ['2022-01-01', 230], ['2023-01-01', -132]));
    expect(result).toEqual({
      ok: true,
      rate: expect.closeTo(0.1, 10),
      multipleRoots: true,
      rates: [expect.closeTo(0.1, 10), expect.closeTo(0.2, 10)],
    });
    // with a profit (−108 at the end: rates −0.1 and 0.2) it shows the rate above 0
    const profit = xirr(flows(['2021-01-01', -100], ['2022-01-01', 210], ['2023-01-01', -108]));
    expect(profit).toMatchObject({
      rate: expect.closeTo(0.2, 10),
      rates: [expect.closeTo(-0.1, 10), expect.closeTo(0.2, 10)],
    });
  });

  it('accepts Date values and counts them by their UTC day, ignoring the time', () => {
    const asDates = excelExample.map(({ amount, date }) => ({
      amount,
      date: new Date(`${date as string}T15:45:00Z`),
    }));
    expect(xirr(asDates)).toEqual(xirr(excelExample));
  });

  it('reads years 0000–0099 as written and knows the leap years', () => {
    // 0004 is a leap year: 0004-01-01 → 0005-01-01 is 366 days
    const early = xirr(flows(['0004-01-01', -100], ['0005-01-01', 110]));
    expectRate(early, 1.1 ** (365 / 366) - 1);
    expect(() => xirr(flows(['2020-02-29', -1], ['2021-01-01', 2]))).not.toThrow();
    expect(() => xirr(flows(['2000-02-29', -1], ['2021-01-01', 2]))).not.toThrow();
    expect(() => xirr(flows(['2100-02-29', -1], ['2101-01-01', 2]))).toThrow(/flows\[0\]\.date/);
  });

  it('rejects invalid input with UnderwritingInputError naming the flow', () => {
    const bad = (date: unknown, amount: unknown = 1) =>
      xirr([{ amount: -1, date: '2021-01-01' }, { amount, date } as DatedFlow]);
    expect(() => xirr([])).toThrow(UnderwritingInputError);
    expect(() => bad('2021-02-30')).toThrow(/flows\[1\]\.date/);
    expect(() => bad('2021-13-01')).toThrow(UnderwritingInputError);
    expect(() => bad('2021-00-10')).toThrow(UnderwritingInputError);
    expect(() => bad('2021/01/01')).toThrow(UnderwritingInputError);
    expect(() => bad('21-01-01')).toThrow(UnderwritingInputError);
    expect(() => bad('2021-01-01T00:00:00Z')).toThrow(UnderwritingInputError);
    expect(() => bad('2021-1a-01')).toThrow(UnderwritingInputError);
    expect(() => bad(new Date(Number.NaN))).toThrow(UnderwritingInputError);
    expect(() => bad(20210101)).toThrow(UnderwritingInputError);
    expect(() => bad('2021-06-01', Number.NaN)).toThrow(/flows\[1\]\.amount/);
    expect(() => bad('2021-06-01', Number.POSITIVE_INFINITY)).toThrow(UnderwritingInputError);
    expect(() => bad('2021-06-01', '5')).toThrow(UnderwritingInputError);
  });
});

describe('properties', () => {
  const DAY = 86_400_000;
  /** a day between 1990 and 2060 as 'YYYY-MM-DD' */
  const isoDay = fc
    .integer({ min: 7305, max: 32872 })
    .map((day) => new Date(day * DAY).toISOString().slice(0, 10));
  const cents = (max: number) => fc.integer({ min: -max, max }).map((c) => c / 100);
  const datedFlows = fc.array(fc.record({ amount: cents(1e8), date: isoDay }), {
    minLength: 1,
    maxLength: 40,
  });
  /** deal-like: an outlay, monthly flows from the next month on, a sale at the end */
  const deal = fc
    .tuple(
      fc.integer({ min: 7305, max: 25000 }),
      fc.integer({ min: 1e5, max: 1e8 }),
      fc.array(fc.integer({ min: -2e5, max: 5e5 }), { minLength: 1, maxLength: 120 }),
      fc.integer({ min: 0, max: 2e8 }),
    )
    .map(([startDay, outlay, monthly, sale]) => {
      const start = new Date(startDay * DAY);
      const result: DatedFlow[] = [{ amount: -outlay / 100, date: start.toISOString().slice(0, 10) }];
      monthly.forEach((c, m) => {
        const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m + 1, 1));
        result.push({
          amount: (c + (m === monthly.length - 1 ? sale : 0)) / 100,
          date: date.toISOString().slice(0, 10),
        });
      });
      return result;
    });

  /** XNPV at `rate` over Σ |aᵢ|·(1 + r)^(−tᵢ), in log space so rates near −1 cannot overflow */
  function relativeXnpv(rate: number, f: DatedFlow[]): number {
    const days = f.map(({ date }) => Date.parse(date as string) / DAY);
    const start = Math.min(...days);
    const logs = f.map(({ amount }, i) =>
      amount === 0
        ? Number.NEGATIVE_INFINITY
        : Math.log(Math.abs(amount)) - (((days[i] as number) - start) / 365) * Math.log1p(rate),
    );
    const top = Math.max(...logs);
    let sum = 0;
    let size = 0;
    f.forEach(({ amount }, i) => {
      const term = Math.exp((logs[i] as number) - top);
      sum += Math.sign(amount) * term;
      size += term;
    });
    return sum / size;
  }

  it('XNPV at the returned rate is ~0 relative to the size of the discounted flows', () => {
    fc.assert(
      fc.property(fc.oneof(datedFlows, deal), (f) => {
        const result = xirr(f);
        if (!result.ok) return;
        // Rounding r to float64 (half an ulp, ≤ 1.2e-16 below r = 1) moves ln(1 + r) by up to
        // 1.2e-16/(1 + r), and the relative XNPV by that times the span in years: near r = −1 that
        // is all the precision float64 has.
        const days = f.map(({ date }) => Date.parse(date as string) / DAY);
        const span = (Math.max(...days) - Math.min(...days)) / 365;
        const representable = (span * 1.2e-16 * Math.max(1, Math.abs(result.rate))) / (1 + result.rate);
        expect(Math.abs(relativeXnpv(result.rate, f))).toBeLessThan(1e-9 + representable);
      }),
      { numRuns: 500 },
    );
  });

  it('never returns NaN, Infinity or a rate ≤ −1', () => {
    fc.assert(
      fc.property(fc.oneof(datedFlows, deal), (f) => {
        const result = xirr(f);
        if (result.ok) {
          expect(Number.isFinite(result.rate)).toBe(true);
          expect(result.rate).toBeGreaterThan(-1);
        } else {
          expect(['same-sign', 'no-root']).toContain(result.reason);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of the flows, to the bit', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(datedFlows, deal)
          .chain((f) => fc.tuple(fc.constant(f), fc.shuffledSubarray(f, { minLength: f.length }))),
        ([f, shuffled]) => {
          expect(xirr(shuffled)).toEqual(xirr(f));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('scaling every amount by k > 0 leaves the rate unchanged', () => {
    fc.assert(
      fc.property(deal, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (f, k) => {
        const base = xirr(f);
        const scaled = xirr(f.map(({ amount, date }) => ({ amount: amount * k, date })));
        expect(scaled.ok).toBe(base.ok);
        if (base.ok && scaled.ok) {
          expect(Math.abs(scaled.rate - base.rate)).toBeLessThanOrEqual(
            1e-9 * Math.max(1, Math.abs(base.rate)),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a 'YYYY-MM-DD' string and the Date at its UTC midnight are the same day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -719_528, max: 2_932_896 - 4000 }), // 0000-01-01 … 9999-12-31, less the gap
        fc.integer({ min: 1, max: 4000 }),
        (day, gap) => {
          const first = new Date(day * DAY);
          const iso = first.toISOString().slice(-24, -14);
          const later = new Date((day + gap) * DAY);
          const asStrings = xnpv(0.07, [
            { amount: -100, date: iso },
            { amount: 120, date: later.toISOString().slice(-24, -14) },
          ]);
          const asDates = xnpv(0.07, [
            { amount: -100, date: first },
            { amount: 120, date: later },
          ]);
          expect(asStrings).toBe(asDates);
          expect(asStrings).toBe(-100 + 120 * Math.exp((-Math.log1p(0.07) * gap) / 365));
        },
      ),
      { numRuns: 300 },
    );
  });
});
