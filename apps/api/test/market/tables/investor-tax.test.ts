import { describe, expect, it } from 'vitest';
import {
  INVESTOR_TAX_LABEL,
  INVESTOR_TAX_RULES,
  type InvestorTaxRule,
  investorTaxRate,
  investorTaxRule,
  STATES_50_DC,
} from '../../../src/market/tables/index.js';

const rule = (state: string, county = ''): InvestorTaxRule => {
  const r = investorTaxRule(state, county);
  if (r === null) throw new Error(`no rule for ${state}`);
  return r;
};

describe('the investor tax table', () => {
  it('has exactly one state row for each of the 50 states and DC', () => {
    const stateRows = INVESTOR_TAX_RULES.filter((r) => !r.county_fips).map((r) => r.state);
    expect([...stateRows].sort()).toEqual([...STATES_50_DC].sort());
    expect(STATES_50_DC).toHaveLength(51);
  });

  it('gives every row its rule, a derivation, an official source URL and the date it was read', () => {
    for (const r of INVESTOR_TAX_RULES) {
      expect(r.rule.length, r.state).toBeGreaterThan(30);
      expect(r.derivation.length, r.state).toBeGreaterThan(10);
      expect(r.source_url, r.state).toMatch(/^https?:\/\/[^\s]+\.[a-z]{2,}/);
      expect(r.source_title.length, r.state).toBeGreaterThan(5);
      expect(r.read, r.state).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.kinds.length, r.state).toBeGreaterThan(0);
    }
  });

  it('covers at least the states the issue names, each with a difference', () => {
    for (const state of ['TX', 'FL', 'CA', 'GA', 'AZ', 'OH', 'MI', 'IN', 'AL', 'SC', 'IL', 'NY']) {
      expect(rule(state).kinds, state).not.toContain('no_difference');
    }
    expect(rule('NC').kinds).toEqual(['no_difference']);
    expect(rule('TN').kinds).toEqual(['no_difference']);
    expect(rule('PA').kinds).toEqual(['local_option']);
  });

  it('dates a territory without a rule by the ACS alone, and a state by its rules too (QA: "state rules read n/a")', () => {
    const territory = investorTaxRate(0.0042, 120_000, null);
    expect(territory.value).toBe(0.0042);
    expect(territory.vintage).not.toMatch(/n\/a|state rules/);
    expect(territory.rule).toBe(
      'No state rule is researched for this territory; the ACS rate is used unchanged.',
    );
    expect(investorTaxRate(0.01535, 487_600, rule('TX')).vintage).toMatch(
      /; state rules read \d{4}-\d{2}-\d{2}$/,
    );
  });

  it('says so when a state has no difference, and then leaves the ACS rate unchanged', () => {
    for (const r of INVESTOR_TAX_RULES.filter((x) => x.kinds.includes('no_difference'))) {
      expect(r.rule, r.state).toMatch(/^No difference for a rental: /);
      expect(investorTaxRate(0.0123, 300_000, r).value).toBe(0.0123);
    }
  });

  it('prefers a county row to its state row, and has none for a territory', () => {
    expect(rule('IL', '17031').county_fips).toBe('17031');
    expect(rule('IL', '17019').county_fips).toBeUndefined();
    expect(rule('PA', '42101').exemption?.amount).toBe(50_000);
    expect(investorTaxRule('PR', '72001')).toBeNull();
    expect(investorTaxRule(null, '69110')).toBeNull();
  });
});

describe('a rule that depends on the building (Ohio: 4 or more units are commercial)', () => {
  it('keeps the 10% non-business credit for 1 to 3 units and drops both rollbacks for 4', () => {
    for (const units of [1, 2, 3]) {
      expect(investorTaxRule('OH', '39035', units)).toMatchObject({ multiplier: 1.03 });
      expect(investorTaxRule('OH', '39035', units)?.beyond_residential).toBeUndefined();
    }
    const fourplex = investorTaxRule('OH', '39035', 4);
    expect(fourplex).toMatchObject({ multiplier: 1.143, beyond_residential: true, state: 'OH' });
    expect(fourplex?.rule).toMatch(/^A building of 4 or more units is commercial property in Ohio/);
    // 1 ÷ (1 − 0.10 − 0.025) against (1 − 0.10) ÷ (1 − 0.10 − 0.025)
    expect(investorTaxRate(0.02, 150_000, fourplex).value).toBeCloseTo(0.02 * 1.143, 12);
    // Tennessee: two or more rental units are commercial, assessed at 40 % against 25 %
    expect(investorTaxRule('TN', '47157', 1)?.beyond_residential).toBeUndefined();
    expect(investorTaxRule('TN', '47157', 2)).toMatchObject({
      multiplier: 1.6,
      city_scale: 1.6,
      beyond_residential: true,
      kinds: ['rental_classification'],
    });
    // a state without such a rule is the same for every building
    expect(investorTaxRule('AL', '01073', 4)).toBe(investorTaxRule('AL', '01073', 1));
  });
});

describe('investorTaxRate', () => {
  it('doubles Alabama’s rate: rentals are assessed at 20% against 10%', () => {
    expect(investorTaxRate(0.004, 200_000, rule('AL')).value).toBeCloseTo(0.008, 12);
  });

  it('undoes an exemption on part of the bill (Travis County, TX)', () => {
    // 0.01535 / (1 − 0.5 × 40,000 / 487,600) × 1.15
    expect(investorTaxRate(0.01535, 487_600, rule('TX')).value).toBeCloseTo(0.018407526, 8);
  });

  it('caps a share-of-value exemption at its dollar amount (Idaho: 50% up to $125,000)', () => {
    expect(investorTaxRate(0.005, 200_000, rule('ID')).value).toBeCloseTo(
      0.005 / (1 - 100_000 / 200_000),
      12,
    );
    expect(investorTaxRate(0.005, 400_000, rule('ID')).value).toBeCloseTo(
      0.005 / (1 - 125_000 / 400_000),
      12,
    );
  });

  it('adds a credit back before the class ratio (Mississippi: $300 credit, 15% against 10%)', () => {
    expect(investorTaxRate(0.006, 150_000, rule('MS')).value).toBeCloseTo((0.006 + 300 / 150_000) * 1.5, 12);
  });

  it('applies a floor (California: a purchase is taxed at 1% plus voter debt) and a cap (Indiana: 2%)', () => {
    expect(investorTaxRate(0.0068, 800_000, rule('CA')).value).toBe(0.011);
    expect(investorTaxRate(0.0125, 800_000, rule('CA')).value).toBe(0.0125);
    expect(investorTaxRate(0.012, 150_000, rule('IN')).value).toBe(0.02);
  });

  it('adds a levy only rentals pay (Michigan: 18 school mills on half the value)', () => {
    expect(investorTaxRate(0.012, 250_000, rule('MI')).value).toBeCloseTo(0.012 * 1.25 + 0.009, 12);
  });

  it('leaves the exemption out, and says so, when the county’s median value is suppressed', () => {
    const r = investorTaxRate(0.0168, null, rule('TX'));
    expect(r.value).toBeCloseTo(0.0168 * 1.15, 12);
    expect(r.rule).toContain('median home value is suppressed');
  });

  it('is never below the ACS rate and carries its label, rule and source', () => {
    const r = investorTaxRate(0.009, 250_000, rule('DC')); // DC: 0.85% flat, the ACS rate is higher
    expect(r).toMatchObject({
      value: 0.009,
      label: INVESTOR_TAX_LABEL,
      owner_rate: 0.009,
      state: 'DC',
      tier: 'estimated',
      rule_read: '2026-11-24',
    });
    expect(r.source).toMatch(/^Estimate: U\.S\. Census Bureau/);
    expect(investorTaxRate(0.0123, 200_000, null)).toMatchObject({
      value: 0.0123,
      state: null,
      rule_source_url: null,
    });
  });
});
