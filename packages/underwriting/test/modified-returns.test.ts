/**
 * The MIRR beside the XIRR (issue 27 §4): a worked example recomputed by hand, then the laws that
 * tie it to the XIRR and to its two rates, on plain, shaped and BRRRR deals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyze,
  type DealInput,
  defaultMirrRates,
  modifiedReturns,
  type OptionalInputs,
  UnderwritingInputError,
} from '../src/index.js';
import { brrrrDeal, shapedDeal, typicalDealWithLines } from './support/arbitraries.js';
import { roundDeal } from './support/deals.js';
import { near } from './support/kernel-check.js';

const anyShape: fc.Arbitrary<DealInput & OptionalInputs> = fc.oneof(
  typicalDealWithLines,
  shapedDeal,
  brrrrDeal,
);
const rateArb = fc.double({ min: 0, max: 0.3, noNaN: true });

describe('modifiedReturns: worked example', () => {
  it('the round deal at 6 % finance and 4 % reinvestment, as recomputed by hand', () => {
    // P = 150,000 × 0.005 / (1 − 1.005⁻³⁶⁰) = 899.33; levered month = 1,400 − P = 500.67; month 60 adds
    // 188,000 − the balance 139,581.54. Monthly rates 1.06^(1/12) − 1 and 1.04^(1/12) − 1:
    // FV⁺ = Σ 500.67 × 1.04^((60 − m)/12) + 48,418.46, PV⁻ = 59,000 → (FV⁺ / PV⁻)^(12/60) − 1
    const result = modifiedReturns(roundDeal, { finance_rate: 0.06, reinvestment_rate: 0.04 });
    expect(result.levered_mirr).toBeCloseTo(0.06688388419217484, 12);
    // unlevered: 206,000 out; 1,400 a month and 188,000 at the sale
    expect(result.unlevered_mirr).toBeCloseTo(0.06379944931964454, 12);
    expect(result).toMatchObject({ finance_rate: 0.06, reinvestment_rate: 0.04 });
  });

  it("defaults to the loan's rate for both, and names a rate outside 0–100 %", () => {
    expect(defaultMirrRates(roundDeal)).toEqual({ finance_rate: 0.06, reinvestment_rate: 0.06 });
    expect(modifiedReturns(roundDeal).levered_mirr).toBeCloseTo(0.0711809225146951, 12);
    expect(() => modifiedReturns(roundDeal, { finance_rate: -0.1, reinvestment_rate: 0.04 })).toThrow(
      UnderwritingInputError,
    );
    expect(() => modifiedReturns(roundDeal, { finance_rate: 0.05, reinvestment_rate: Number.NaN })).toThrow(
      /reinvestment_rate/,
    );
  });
});

describe('modifiedReturns: laws', () => {
  it("with both rates at the deal's XIRR, the MIRR is the XIRR (unlevered and levered)", () => {
    fc.assert(
      fc.property(anyShape, (deal) => {
        const returns = analyze(deal).overall_returns;
        for (const side of ['unlevered', 'levered'] as const) {
          const xirr = returns[`${side}_xirr`];
          if (xirr === null || xirr < 0 || xirr > 1) continue;
          const at = modifiedReturns(deal, { finance_rate: xirr, reinvestment_rate: xirr });
          expect(
            near(at[`${side}_mirr`], xirr, 1e-7, 1e-9),
            `${side}: ${at[`${side}_mirr`]} vs ${xirr}`,
          ).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  // Excel's MIRR discounts later outflows at the finance rate (the fund set aside at month 0 to meet
  // them earns it), so a higher finance rate, like a higher reinvestment rate, never lowers it
  it('a higher reinvestment rate or a higher finance rate never lowers it', () => {
    fc.assert(
      fc.property(anyShape, rateArb, rateArb, rateArb, (deal, finance, low, high) => {
        const [a, b] = low <= high ? [low, high] : [high, low];
        const lower = modifiedReturns(deal, { finance_rate: finance, reinvestment_rate: a });
        const higher = modifiedReturns(deal, { finance_rate: finance, reinvestment_rate: b });
        const lowFinance = modifiedReturns(deal, { finance_rate: a, reinvestment_rate: finance });
        const highFinance = modifiedReturns(deal, { finance_rate: b, reinvestment_rate: finance });
        for (const key of ['unlevered_mirr', 'levered_mirr'] as const) {
          if (lower[key] !== null && higher[key] !== null)
            expect(higher[key] as number).toBeGreaterThanOrEqual((lower[key] as number) - 1e-12);
          if (lowFinance[key] !== null && highFinance[key] !== null)
            expect(highFinance[key] as number).toBeGreaterThanOrEqual((lowFinance[key] as number) - 1e-12);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('never outputs NaN or Infinity: a rate or null', () => {
    fc.assert(
      fc.property(anyShape, rateArb, rateArb, (deal, finance, reinvest) => {
        const result = modifiedReturns(deal, { finance_rate: finance, reinvestment_rate: reinvest });
        for (const value of [result.unlevered_mirr, result.levered_mirr])
          expect(value === null || Number.isFinite(value)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
