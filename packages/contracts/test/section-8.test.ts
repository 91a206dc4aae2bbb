import { analyze, DERIVATIONS, type DerivationContext, type DerivedKey, rederive } from '@sfr/underwriting';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assembleAnalysis, NOTHING_KEPT } from '../src/assemble.js';
import type { Metrics } from '../src/assumptions.js';
import {
  type ComparedAnalysis,
  compareScenarios,
  HQS_DELAY_MONTHS,
  PAYMENT_STANDARD_SHARE,
  SECTION_8_CAVEATS,
  SECTION_8_MESSAGES,
  SECTION_8_TENANCY_MONTHS,
  section8Defaults,
  section8Edits,
  section8Scenario,
  section8Vacancy,
  UTILITY_ALLOWANCE_DEFAULTS,
  UTILITY_ALLOWANCE_SOURCES,
  utilityAllowanceDefault,
  validateSection8Terms,
} from '../src/section-8.js';
import { exampleAssumptions, exampleDeal, exampleProperty } from './fixtures.js';

/** Travis County (Austin), 3 BR: FY FMR $2,347 (apps/api/src/market/tables/hud-rent.ts's example). */
const TRAVIS_3BR = 2_347;

const market: Metrics = { ...exampleAssumptions, rent: 2_100, tenancy_months: 24, leasing_fee: 0.5 };

function edits(hud_rent: number | null, terms = section8Defaults(3), units = 1, metrics = market) {
  return section8Edits({ hud_rent, units, bedrooms: 3, metrics }, terms);
}

describe('utility allowance defaults', () => {
  test('each value is the median of the three schedules, within their spread', () => {
    for (const row of UTILITY_ALLOWANCE_DEFAULTS) {
      const totals = UTILITY_ALLOWANCE_SOURCES.map((s) => s.totals[row.bedrooms] as number).sort(
        (x, y) => x - y,
      );
      expect(row.value).toBe(totals[1]);
      expect(row.low).toBe(totals[0]);
      expect(row.high).toBe(totals[2]);
    }
  });

  test('rise with bedrooms; more than 5 bedrooms take the 5-bedroom row', () => {
    const values = UTILITY_ALLOWANCE_DEFAULTS.map((row) => row.value);
    expect(values).toEqual([...values].sort((x, y) => x - y));
    expect(utilityAllowanceDefault(3).value).toBe(252);
    expect(utilityAllowanceDefault(8)).toEqual(utilityAllowanceDefault(5));
    expect(section8Defaults(3)).toEqual({
      payment_standard_share: 1,
      tenant_pays_utilities: true,
      utility_allowance: 252,
    });
  });
});

describe('validateSection8Terms', () => {
  test('accepts the defaults and the 90 % and 110 % bounds', () => {
    expect(validateSection8Terms(section8Defaults(2)).ok).toBe(true);
    for (const share of [PAYMENT_STANDARD_SHARE.min, PAYMENT_STANDARD_SHARE.max]) {
      expect(validateSection8Terms({ ...section8Defaults(2), payment_standard_share: share })).toEqual({
        ok: true,
        terms: { ...section8Defaults(2), payment_standard_share: share },
      });
    }
  });

  test('refuses a share outside 90–110 % with one sentence', () => {
    for (const share of [0.89, 1.11, 0, 1.5]) {
      expect(validateSection8Terms({ ...section8Defaults(2), payment_standard_share: share })).toEqual({
        ok: false,
        errors: [SECTION_8_MESSAGES.shareRange],
      });
    }
  });

  test('names every missing or wrong field, and refuses unknown keys', () => {
    const result = validateSection8Terms({ payment_standard_share: '1', utility_allowance: -5 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain(SECTION_8_MESSAGES.shareRequired);
    expect(result.errors).toContain(SECTION_8_MESSAGES.tenantPaysRequired);
    expect(result.errors).toContain(SECTION_8_MESSAGES.allowanceRange);
    expect(validateSection8Terms({ ...section8Defaults(1), rent: 3 }).ok).toBe(false);
  });

  test('section8Edits throws on terms outside the rule instead of computing them', () => {
    expect(() => edits(TRAVIS_3BR, { ...section8Defaults(3), payment_standard_share: 1.2 })).toThrow(
      RangeError,
    );
  });
});

describe('section8Edits', () => {
  test('Travis County 3 BR at 100 %: the FMR less the default 3 BR allowance', () => {
    const result = edits(TRAVIS_3BR);
    expect(result).not.toBeNull();
    if (!result) return;
    expect(result.metrics.rent).toBe(2_347 - 252); // 2,095
    expect(result.basis).toMatchObject({
      hud_rent: 2_347,
      payment_standard: 2_347,
      utility_allowance: 252,
      contract_rent_per_unit: 2_095,
      rent: 2_095,
      market_rent: 2_100,
      tenancy_months: { market: 24, section_8: 36 },
    });
    expect(result.basis.sentences[0]).toBe(
      'Payment standard: 100% of the HUD rent of $2,347.00 = $2,347.00 a month.',
    );
    expect(result.basis.sentences[1]).toContain(
      'utility allowance of $252.00: the rent is $2,095.00 a month.',
    );
    expect(result.basis.caveats).toEqual([...SECTION_8_CAVEATS]);
    expect(result.basis.caveats[0]).toMatch(/982\.507/);
    // the rent it compares with is the base case's, which may be the user's own (QA: "the market's")
    expect(result.basis.sentences).toContain(
      "Rent $2,095.00 a month against the base case's $2,100.00 (-$5.00).",
    );
    expect(result.basis.sentences.some((s) => s.startsWith('Above the base case'))).toBe(false);
  });

  test('a voucher rent above the base case’s says the housing authority must find it reasonable', () => {
    const low = edits(TRAVIS_3BR, section8Defaults(3), 1, { ...market, rent: 1_800 });
    expect(low?.basis.sentences).toContain(
      "Rent $2,095.00 a month against the base case's $1,800.00 (+$295.00).",
    );
    expect(low?.basis.sentences.find((s) => s.startsWith('Above the base case'))).toMatch(
      /reasonable .*982\.507/,
    );
  });

  test('the rent’s ± the scenario keeps: the payment standard’s ±10 % and half the allowance schedules’ spread', () => {
    // ±10 % of $2,347 = $235, half of $252–$296 = $22: a voucher's rent is not exact (QA)
    expect(edits(TRAVIS_3BR)?.basis.rent_width).toBe(257);
    // the owner paying the utilities: no allowance deducted, only the standard's band
    expect(
      edits(TRAVIS_3BR, { ...section8Defaults(3), tenant_pays_utilities: false })?.basis.rent_width,
    ).toBe(235);
    // a duplex: each unit's
    expect(edits(TRAVIS_3BR, section8Defaults(3), 2)?.basis.rent_width).toBe(514);
  });

  test('90 % and 110 % of the FMR, to the dollar, as the payment-standard band rounds', () => {
    const low = edits(TRAVIS_3BR, { ...section8Defaults(3), payment_standard_share: 0.9 });
    const high = edits(TRAVIS_3BR, { ...section8Defaults(3), payment_standard_share: 1.1 });
    expect(low?.basis.payment_standard).toBe(2_112); // 2,112.3
    expect(high?.basis.payment_standard).toBe(2_582); // 2,581.7
    expect(low?.metrics.rent).toBe(2_112 - 252);
    expect(high?.metrics.rent).toBe(2_582 - 252);
  });

  test('null without a HUD rent', () => {
    expect(edits(null)).toBeNull();
    expect(edits(0)).toBeNull();
    expect(edits(Number.NaN)).toBeNull();
  });

  test('when the owner pays the utilities the rent is the whole payment standard and the allowance is a cost', () => {
    const result = edits(TRAVIS_3BR, { ...section8Defaults(3), tenant_pays_utilities: false }, 2, {
      ...market,
      owner_utilities: 40,
    });
    expect(result?.metrics.rent).toBe(2 * 2_347);
    expect(result?.metrics.owner_utilities).toBe(40 + 2 * 252);
    expect(result?.basis.utility_allowance).toBe(0);
    expect(result?.basis.owner_utilities).toEqual({ market: 40, section_8: 544 });
  });

  test('rent is units × contract rent, never negative, a whole number of dollars', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 10_000, noNaN: true }),
        fc.double({ min: 0.9, max: 1.1, noNaN: true }),
        fc.double({ min: 0, max: 2_000, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        (hud, share, allowance, tenantPays, units) => {
          const terms = {
            payment_standard_share: share,
            tenant_pays_utilities: tenantPays,
            utility_allowance: allowance,
          };
          const one = edits(hud, terms, 1);
          const many = edits(hud, terms, units);
          if (!one || !many) return false;
          return (
            one.metrics.rent >= 0 &&
            Number.isInteger(one.metrics.rent) &&
            many.metrics.rent === units * one.metrics.rent &&
            many.basis.contract_rent_per_unit === one.metrics.rent
          );
        },
      ),
    );
  });

  test('an allowance above the payment standard gives rent 0 and says so', () => {
    const result = edits(300, { ...section8Defaults(3), utility_allowance: 400 });
    expect(result?.metrics.rent).toBe(0);
    expect(result?.basis.sentences[1]).toContain('the allowance is at least the payment standard');
  });

  test('leaves every other metric as the market has it (management and maintenance are the caller’s to rederive)', () => {
    const result = edits(TRAVIS_3BR);
    if (!result) throw new Error('expected a scenario');
    const { rent, vacancy_rate, tenancy_months, ...rest } = result.metrics;
    const { rent: _r, vacancy_rate: _v, tenancy_months: _t, ...marketRest } = market;
    expect(rest).toEqual(marketRest);
    expect(result.metrics.property_management).toBe(market.property_management);
  });

  test('keeps a longer market tenancy, and adds none to metrics without one', () => {
    expect(
      edits(TRAVIS_3BR, section8Defaults(3), 1, { ...market, tenancy_months: 60 })?.metrics.tenancy_months,
    ).toBe(60);
    const { tenancy_months: _t, leasing_fee: _l, ...plain } = market;
    const result = edits(TRAVIS_3BR, section8Defaults(3), 1, plain);
    expect(result?.metrics.tenancy_months).toBeUndefined();
    expect(result?.basis.tenancy_months).toBeUndefined();
    // the vacancy still spreads over the voucher tenancy against the 24-month default
    expect(result?.metrics.vacancy_rate).toBe(section8Vacancy(0.05, 24, SECTION_8_TENANCY_MONTHS));
  });
});

describe('section8Vacancy', () => {
  test('5 % over 24 months becomes 4.67 % over 36 months with the HQS delay', () => {
    const downtime = (0.05 * 24) / 0.95 + HQS_DELAY_MONTHS;
    expect(section8Vacancy(0.05, 24, 36)).toBe(Math.round((downtime / (36 + downtime)) * 10_000) / 10_000);
    expect(section8Vacancy(0.05, 24, 36)).toBe(0.0467);
  });

  test('the same tenancy costs the inspection delay: higher than the market', () => {
    expect(section8Vacancy(0.05, 24, 24)).toBeGreaterThan(0.05);
  });

  test('stays a fraction from 0 to 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.double({ min: 1, max: 360, noNaN: true }),
        (v, t) => {
          const s8 = section8Vacancy(v, t, Math.max(t, 36));
          return s8 >= 0 && s8 < 1;
        },
      ),
    );
  });
});

function compared(
  cashFlow: number,
  coc: number,
  xirr: number | null,
  multiple: number | null,
): ComparedAnalysis {
  return {
    year_1_metrics: { monthly_levered_cash_flow: cashFlow, levered_returns: coc },
    overall_returns: { levered_xirr: xirr, levered_equity_multiple: multiple },
  };
}

describe('compareScenarios', () => {
  test('says which wins on the levered XIRR and by how much, with the other figures beside it', () => {
    const result = compareScenarios(
      { name: 'Market', analysis: compared(120, 0.021, 0.103, 1.62) },
      { name: 'Section 8', analysis: compared(185.5, 0.033, 0.115, 1.71) },
    );
    expect(result.winner).toBe('Section 8');
    expect(result.decided_by).toBe('levered_xirr');
    expect(result.sentence).toBe(
      'Section 8 wins by 1.20 percentage points of levered XIRR (11.50% against 10.30%). ' +
        'Beside it (Section 8 then Market): year-1 monthly levered cash flow $185.50 against $120.00; ' +
        'cash-on-cash return 3.30% against 2.10%; equity multiple 1.71x against 1.62x.',
    );
  });

  test('names a figure that disagrees with the verdict', () => {
    const result = compareScenarios(
      { name: 'Market', analysis: compared(200, 0.04, 0.11, 1.7) },
      { name: 'Section 8', analysis: compared(150, 0.03, 0.12, 1.75) },
    );
    expect(result.winner).toBe('Section 8');
    expect(result.sentence).toContain(
      'Market is ahead on year-1 monthly levered cash flow and cash-on-cash return.',
    );
  });

  test('falls back to the monthly cash flow without an XIRR, and reads N/A', () => {
    const result = compareScenarios(
      { name: 'Market', analysis: compared(120, 0.021, null, null) },
      { name: 'Section 8', analysis: compared(100, 0.018, 0.1, 1.5) },
    );
    expect(result.decided_by).toBe('monthly_levered_cash_flow');
    expect(result.winner).toBe('Market');
    expect(result.sentence).toMatch(
      /^Market wins by \$20\.00 a month of year-1 levered cash flow \(\$120\.00 against \$100\.00\)\./,
    );
    expect(result.sentence).toContain('levered XIRR N/A against 10.00%');
  });

  test('even when the deciding figure is the same as shown', () => {
    const result = compareScenarios(
      { name: 'A', analysis: compared(100, 0.02, 0.1, 1.5) },
      { name: 'B', analysis: compared(100.001, 0.02, 0.100_001, 1.5) },
    );
    expect(result.winner).toBeNull();
    expect(result.sentence).toMatch(/^A and B are even on levered XIRR \(10\.00% against 10\.00%\)\./);
  });

  test('on the engine: the Section 8 scenario of the example deal against its market scenario', () => {
    const context: DerivationContext = {
      units: 1,
      rentPerUnit: 2_100,
      propertyTaxRate: 0.01,
      insuranceRate: 0.006,
      interestRate: 0.07,
      annualPriceAppreciation: 0.03,
    };
    const scenario = edits(TRAVIS_3BR);
    if (!scenario) throw new Error('expected a scenario');
    // only what follows rent is derived again: management and maintenance (the rest is the scenario's)
    const kept = new Set(
      (Object.keys(DERIVATIONS) as DerivedKey[]).filter(
        (key) => key !== 'property_management' && key !== 'maintenance',
      ),
    );
    const rederived = rederive(scenario.metrics, kept, context);
    expect(rederived.vacancy_rate).toBe(0.0467);
    expect(rederived.maintenance).toBeCloseTo(0.1 * 12 * 2_095, 9);
    const facts = {
      units: 1,
      violent_crime_grade: exampleDeal.violent_crime_grade,
      property_crime_grade: exampleDeal.property_crime_grade,
    };
    const marketAnalysis = analyze({ ...market, ...facts });
    const section8Analysis = analyze({ ...rederived, ...facts });
    const result = compareScenarios(
      { name: 'Market', analysis: marketAnalysis },
      { name: 'Section 8', analysis: section8Analysis },
    );
    // rent 2,095 against 2,100 but vacancy 4.67 % against 5 % and fewer leasing fees: Section 8 ahead
    expect(result.winner).toBe('Section 8');
    expect(result.figures.every((f) => f.a !== null && f.b !== null)).toBe(true);
  });
});

describe('section8Scenario', () => {
  const facts = {
    hud_rent: TRAVIS_3BR,
    market_rent: 2_100,
    violent_crime_grade: null,
    property_crime_grade: null,
    market_data: { figures: {}, warnings: [] },
  };
  const property = { ...exampleProperty, num_bedrooms: 3 };
  const derived = { ...market, property_management: 0.08 * 12 * 2_100 * 0.95, maintenance: 0.1 * 12 * 2_100 };

  test('takes the HUD rent, house type and bedrooms of the analysis, and rederives what follows the rent', () => {
    const analysis = assembleAnalysis(property, derived, facts, NOTHING_KEPT);
    const scenario = section8Scenario(analysis, section8Defaults(3));
    expect(scenario?.metrics.rent).toBe(2_095);
    expect(scenario?.metrics.property_management).toBeCloseTo(
      0.08 * 12 * 2_095 * (1 - (scenario?.metrics.vacancy_rate ?? 0)),
      9,
    );
    expect(scenario?.metrics.maintenance).toBeCloseTo(0.1 * 12 * 2_095, 9);
    expect(scenario?.metrics.insurance).toBe(derived.insurance);
  });

  test('keeps management and maintenance the user set', () => {
    const set = { ...derived, property_management: 1_200, maintenance: 4_000 };
    const scenario = section8Scenario(
      assembleAnalysis(property, set, facts, NOTHING_KEPT),
      section8Defaults(3),
    );
    expect([scenario?.metrics.property_management, scenario?.metrics.maintenance]).toEqual([1_200, 4_000]);
  });

  test('is null without a HUD rent', () => {
    const analysis = assembleAnalysis(property, derived, { ...facts, hud_rent: null }, NOTHING_KEPT);
    expect(section8Scenario(analysis, section8Defaults(3))).toBeNull();
  });
});
