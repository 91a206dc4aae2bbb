/**
 * The tax and interest-rate ranges' calibration (`validate:market` runs them on the shipped data):
 * worked by hand on small cases, so a wrong quantile or a wrong held-out split shows.
 */
import { describe, expect, it } from 'vitest';
import {
  COUNTY_TAX_RANGE,
  quantile,
  type TaxEvidenceCase,
  validateRateBand,
  validateTaxEstimate,
} from '../../../src/market/tables/index.js';

const city = (state: string, ratio: number): TaxEvidenceCase => ({
  state,
  city: `${state} ${ratio}`,
  city_rate: 0.01 * ratio,
  county_estimate: 0.01,
});

describe('quantile', () => {
  it('interpolates between closest ranks, as the simulation’s percentiles do', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.1)).toBeCloseTo(1.4, 12);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([7], 0.9)).toBe(7);
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });
});

describe('the county tax estimate against the cities’ own rates', () => {
  it('scores the ratios, fits the 10th–90th percentile, and holds each state out of its own fit', () => {
    // TX 0.9, 1.0, 1.1, 1.2, 1.3; OH 0.5 and 2.0 (far outside what Texas says)
    const cases = [0.9, 1.0, 1.1, 1.2, 1.3]
      .map((r) => city('TX', r))
      .concat([city('OH', 0.5), city('OH', 2)]);
    const v = validateTaxEstimate(cases);
    expect(v.cities).toBe(7);
    expect(v.states).toBe(2);
    expect(v.median_ratio).toBeCloseTo(1.1, 12);
    // within ±15 %: 0.9, 1.0, 1.1 (1.2 and 1.3 are over 1.15)
    expect(v.within_15).toBeCloseTo(3 / 7, 12);
    // sorted 0.5 0.9 1.0 1.1 1.2 1.3 2.0: h = 0.6 → 0.5 + 0.6 × 0.4 = 0.74; h = 5.4 → 1.3 + 0.4 × 0.7 = 1.58
    expect(v.fitted.low).toBeCloseTo(0.74, 12);
    expect(v.fitted.high).toBeCloseTo(1.58, 12);
    // Ohio left out: Texas's band 0.94–1.26 holds neither 0.5 nor 2.0; Texas left out: Ohio's band
    // 0.65–1.85 holds all five of Texas's cities. 5 of 7 held
    expect(v.held_out_holds).toBeCloseTo(5 / 7, 12);
    // the shipped ×0.88–×1.42 holds the five Texans; the old judgment ×0.95–×1.2 held 1.0, 1.1, 1.2
    expect(COUNTY_TAX_RANGE).toEqual({ low: 0.88, high: 1.42 });
    expect(v.shipped_holds).toBeCloseTo(5 / 7, 12);
    expect(v.judgment_holds).toBeCloseTo(3 / 7, 12);
    expect(v.furthest[0]).toBe("OH 0.5, OH: 0.50 % against the county's 1.00 % (×0.50)");
  });

  it('leaves out a city without a county estimate, and refuses to score nothing', () => {
    const one = validateTaxEstimate([city('TX', 1), { ...city('TX', 1.2), county_estimate: 0 }]);
    expect(one.cities).toBe(1);
    // one state: nothing to hold out
    expect(one.held_out_holds).toBeNull();
    expect(() => validateTaxEstimate([])).toThrow(/no city/);
  });
});

describe('the interest rate’s band over the weeks to closing', () => {
  // 20 weeks before 2013 rising 0.1 point a week, then 20 weeks after falling 0.05 a week
  const week = (i: number) => new Date(Date.UTC(2012, 6, 6) + i * 7 * 86_400_000).toISOString().slice(0, 10);
  const rows = Array.from({ length: 40 }, (_, i) => ({
    date: week(i),
    rate_30y: i < 26 ? 6 + 0.1 * i : 8.5 - 0.05 * (i - 25),
  }));

  it('takes each change over 8 weekly rows, fits its 10th–90th percentile and scores each period on the other', () => {
    const v = validateRateBand(rows, { down: 0.0033, up: 0.0037 });
    expect(v.changes).toBe(32);
    expect(v.first).toBe(week(0));
    expect(v.last).toBe(week(39));
    // changes from week i: up to week 17 a rise of 0.8 point; weeks 18–25 straddle the turn
    // (3.35 − 0.15 i points: 0.65 … −0.4); from week 26 (2013-01-04) a fall of 0.4
    const early = v.held_out.find((h) => h.period === 'before 2013-01-01');
    const late = v.held_out.find((h) => h.period === 'from 2013-01-01');
    expect([early?.changes, late?.changes]).toEqual([26, 6]);
    // fitted on the 2013 falls alone (−0.4 to −0.4), the band holds only week 25's −0.4 of 2012's
    expect(early?.holds).toBeCloseTo(1 / 26, 12);
    // fitted on 2012 (10th percentile −0.025 point), it holds none of 2013's falls
    expect(late?.holds).toBe(0);
    // the shipped −0.33 / +0.37 point holds weeks 20–24 (0.35, 0.2, 0.05, −0.1, −0.25)
    expect(v.shipped_holds).toBeCloseTo(5 / 32, 12);
    expect(v.fitted.up).toBeCloseTo(0.008, 12);
  });

  it('refuses a history shorter than the weeks to close', () => {
    expect(() => validateRateBand(rows.slice(0, 8), { down: 0, up: 0 })).toThrow(/fewer than 9/);
  });
});
