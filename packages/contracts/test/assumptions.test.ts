import {
  ASSUMPTION_BOUNDS,
  ASSUMPTION_KEYS,
  type Assumptions,
  type Bound,
  CRIME_GRADES,
  type DealInput,
  type OptionalInputs,
  UNITS_BOUND,
  UnderwritingInputError,
  validateDealInput,
} from '@sfr/underwriting';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { z } from 'zod/mini';
import {
  assumptionRule,
  assumptionsSchema,
  dealInputSchema,
  enteredBound,
  fieldErrors,
  MONEY_INPUT_MAX,
  OPTIONAL_METRIC_BOUNDS,
  OPTIONAL_METRIC_KEYS,
  secondLoanSchema,
  storedAssumptionsSchema,
} from '../src/index.js';
import { exampleAssumptions, exampleDeal, exampleExpenseLines } from './fixtures.js';

/** The messages of a rejected parse, by field. */
function rejections(schema: z.ZodMiniType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return fieldErrors(result.error);
}

describe('assumptionsSchema', () => {
  test('parses to exactly the engine’s Assumptions type with its optional expense lines', () => {
    expectTypeOf<z.output<typeof assumptionsSchema>>().branded.toEqualTypeOf<Assumptions & OptionalInputs>();
    expectTypeOf<z.output<typeof dealInputSchema>>().branded.toEqualTypeOf<DealInput & OptionalInputs>();
  });

  test('keeps the optional expense lines as given, and an analysis without them without them', () => {
    const withLines = { ...exampleAssumptions, ...exampleExpenseLines };
    expect(assumptionsSchema.parse(withLines)).toEqual(withLines);
    expect(Object.keys(assumptionsSchema.parse(exampleAssumptions))).toEqual(ASSUMPTION_KEYS);
  });

  test('takes a second loan and a refinance as groups, each field within its bound', () => {
    const strategy = {
      ...exampleAssumptions,
      rehab_budget: 30_000,
      rehab_financed: false,
      rehab_months: 3,
      after_repair_value: 320_000,
      refinance: { month: 6, loan_to_value: 0.75, interest_rate: 0.07, loan_term: 30, closing_costs: 4_000 },
      second_loan: { amount: 20_000, interest_rate: 0.05, term_months: 120, balloon_month: 60 },
    };
    expect(assumptionsSchema.parse(strategy)).toEqual(strategy);
    expect(
      rejections(assumptionsSchema, {
        ...strategy,
        refinance: { ...strategy.refinance, loan_to_value: 1 },
        second_loan: { amount: 20_000, interest_rate: 0.05 },
      }),
    ).toEqual({
      'refinance.loan_to_value': 'Refinance Loan to Value must be a fraction from 0 to below 1 (0.05 = 5%)',
      'second_loan.term_months': 'Second Loan Term (months) is required',
    });
    expect(rejections(assumptionsSchema, { ...strategy, rehab_financed: 'yes' })).toEqual({
      rehab_financed: 'Rehab Financed must be true or false',
    });
    const tax = { marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 };
    expect(assumptionsSchema.parse({ ...strategy, tax }).tax).toEqual(tax);
    expect(
      rejections(assumptionsSchema, { ...strategy, tax: { ...tax, recapture_rate: 0.3, losses: 'never' } }),
    ).toEqual({
      'tax.recapture_rate': 'Depreciation Recapture Rate must be a fraction from 0 to 0.25 (0.05 = 5%)',
      'tax.losses': 'Tax Losses must be carry_forward or offset',
    });
  });

  test.each([
    ['capex_reserve', 1.5, 'CapEx Reserve must be a fraction from 0 to 1 (0.05 = 5%)'],
    ['hoa', -10, 'HOA Dues (monthly) must be at least 0'],
    ['tenancy_months', 0.5, 'Expected Tenancy must be at least 1'],
    ['leasing_fee', null, "Leasing Fee (share of a month's rent) must be a number or left out"],
    ['hoa', 'x', 'HOA Dues (monthly) must be a number or left out'],
  ])('rejects an expense line out of its bound: %s = %s', (key, value, message) => {
    expect(rejections(assumptionsSchema, { ...exampleAssumptions, [key]: value })).toEqual({
      [key]: message,
    });
  });

  test('accepts the model’s default assumptions unchanged', () => {
    expect(assumptionsSchema.parse(exampleAssumptions)).toEqual(exampleAssumptions);
  });

  test('has one field per engine assumption, in the engine’s order, then the optional lines', () => {
    expect(Object.keys(assumptionsSchema.shape)).toEqual([
      ...ASSUMPTION_KEYS,
      ...OPTIONAL_METRIC_KEYS,
      'insurance_fixed',
      'property_tax_tiers',
      'rehab_financed',
      'second_loan',
      'refinance',
      'tax',
    ]);
  });

  test.each([
    ['purchase_price', 9_999.99, 'Purchase Price must be at least 10,000'],
    ['rent', -1, 'Monthly Rent must be at least 0'],
    ['rent', MONEY_INPUT_MAX + 0.01, 'Monthly Rent must be at most 100,000,000'],
    ['insurance', 1e12, 'Insurance must be at most 100,000,000'],
    ['hold_period', 0, 'Hold Period must be a whole number from 1 to 30'],
    ['hold_period', 31, 'Hold Period must be a whole number from 1 to 30'],
    ['hold_period', 5.5, 'Hold Period must be a whole number from 1 to 30'],
    ['loan_term', 41, 'Loan Term must be a whole number from 1 to 40'],
    ['vacancy_rate', 5, 'Vacancy Rate must be a fraction from 0 to 1 (0.05 = 5%)'],
    ['cost_to_sell', -0.01, 'Cost to Sell must be a fraction from 0 to 1 (0.05 = 5%)'],
    // Loan-to-value 1 would be a loan with no down payment: the bound excludes it.
    ['loan_to_value', 1, 'Loan to Value must be a fraction from 0 to below 1 (0.05 = 5%)'],
    [
      'rent_annual_growth_rate',
      -0.51,
      'Rent Annual Growth Rate must be a fraction from -0.5 to 1 (0.05 = 5%)',
    ],
    ['rent', '2100', 'Monthly Rent must be a number'],
    ['rent', Number.NaN, 'Monthly Rent must be a number'],
    ['rent', Number.POSITIVE_INFINITY, 'Monthly Rent must be a number'],
    ['rent', null, 'Monthly Rent is required'],
    ['rent', undefined, 'Monthly Rent is required'],
  ])('rejects %s = %s with “%s”', (key, value, message) => {
    expect(rejections(assumptionsSchema, { ...exampleAssumptions, [key]: value })).toEqual({
      [key]: message,
    });
  });

  test('accepts each bound’s edges: min, and max when it is inclusive', () => {
    for (const key of ASSUMPTION_KEYS) {
      const { min, max, maxInclusive } = enteredBound(ASSUMPTION_BOUNDS[key]);
      expect(assumptionsSchema.safeParse({ ...exampleAssumptions, [key]: min }).success).toBe(true);
      expect(assumptionsSchema.safeParse({ ...exampleAssumptions, [key]: max }).success).toBe(maxInclusive);
    }
  });

  test('holds every dollar amount, the grouped terms’ too, to MONEY_INPUT_MAX; rates and terms keep the engine’s bounds', () => {
    for (const key of ASSUMPTION_KEYS) {
      const bound = ASSUMPTION_BOUNDS[key];
      expect(enteredBound(bound).max).toBe(bound.kind === 'money' ? MONEY_INPUT_MAX : bound.max);
    }
    // every optional dollar line too, through the schema itself; a stored analysis keeps them
    for (const key of OPTIONAL_METRIC_KEYS) {
      if (OPTIONAL_METRIC_BOUNDS[key].kind !== 'money') continue;
      const over = { ...exampleAssumptions, [key]: MONEY_INPUT_MAX + 0.01 };
      expect(rejections(assumptionsSchema, over), key).toEqual({
        [key]: expect.stringMatching(/must be at most 100,000,000$/),
      });
      expect(storedAssumptionsSchema.safeParse(over).success, key).toBe(true);
    }
    const loan = { amount: MONEY_INPUT_MAX, interest_rate: 0.06, term_months: 120 };
    expect(secondLoanSchema.safeParse(loan).success).toBe(true);
    expect(rejections(secondLoanSchema, { ...loan, amount: MONEY_INPUT_MAX * 10 })).toEqual({
      amount: expect.stringMatching(/must be at most 100,000,000$/),
    });
  });

  test('a stored analysis above the limit (saved before it) is still read, within the engine’s bounds', () => {
    const legacy = { ...exampleAssumptions, rent: 1e12, purchase_price: 999_999_999_999 };
    expect(storedAssumptionsSchema.parse(legacy)).toEqual(legacy);
    expect(assumptionsSchema.safeParse(legacy).success).toBe(false);
    expect(storedAssumptionsSchema.safeParse({ ...legacy, rent: Number.MAX_SAFE_INTEGER + 2 }).success).toBe(
      false,
    );
  });

  test('rejects unknown keys, so a misspelt assumption is never silently dropped', () => {
    expect(rejections(assumptionsSchema, { ...exampleAssumptions, vacancy: 0.05 })).toEqual({
      vacancy: 'Unknown field: vacancy',
    });
  });

  test("keeps a city's tax tiers, each field within its bound, and names a bad one", () => {
    const property_tax_tiers = { rate: 0.004, upper_from: 1_000_000, upper_rate: 0.0114 };
    expect(assumptionsSchema.parse({ ...exampleAssumptions, property_tax_tiers }).property_tax_tiers).toEqual(
      property_tax_tiers,
    );
    expect(
      rejections(assumptionsSchema, {
        ...exampleAssumptions,
        property_tax_tiers: { ...property_tax_tiers, upper_rate: 1.5 },
      }),
    ).toEqual({
      'property_tax_tiers.upper_rate':
        'Property Tax Rate (upper tier) must be a fraction from 0 to 1 (0.05 = 5%)',
    });
    expect(
      rejections(assumptionsSchema, {
        ...exampleAssumptions,
        property_tax_tiers: { ...property_tax_tiers, x: 1 },
      }),
    ).toEqual({ 'property_tax_tiers.x': 'Unrecognized key: "x"' });
  });

  test('reports one message per field: the first rule broken', () => {
    const result = assumptionsSchema.safeParse({ ...exampleAssumptions, hold_period: -0.5 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Hold Period must be a whole number from 1 to 30',
    ]);
  });
});

describe('assumptionRule', () => {
  test('states each bound in words', () => {
    expect(assumptionRule(ASSUMPTION_BOUNDS.hold_period)).toBe('must be a whole number from 1 to 30');
    expect(assumptionRule(ASSUMPTION_BOUNDS.vacancy_rate)).toBe('must be a fraction from 0 to 1 (0.05 = 5%)');
    expect(assumptionRule(ASSUMPTION_BOUNDS.purchase_price)).toEqual({
      tooLow: 'must be at least 10,000',
      tooHigh: 'must be at most 9,007,199,254,740,991',
    });
  });
});

describe('dealInputSchema', () => {
  test('accepts a deal with its property facts', () => {
    expect(dealInputSchema.parse(exampleDeal)).toEqual(exampleDeal);
    expect(
      dealInputSchema.parse({ ...exampleDeal, violent_crime_grade: null }).violent_crime_grade,
    ).toBeNull();
  });

  test.each([
    ['units', 0, 'Units must be a whole number from 1 to 4'],
    ['units', 5, 'Units must be a whole number from 1 to 4'],
    ['units', 2.5, 'Units must be a whole number from 1 to 4'],
    [
      'violent_crime_grade',
      'E',
      'Violent Crime Grade must be one of A+, A, A-, B+, B, B-, C+, C, C-, D+, D, D-, F, or null when unknown',
    ],
    [
      'property_crime_grade',
      undefined,
      'Property Crime Grade is required (one of A+, A, A-, B+, B, B-, C+, C, C-, D+, D, D-, F, or null when unknown)',
    ],
  ])('rejects %s = %s with “%s”', (key, value, message) => {
    expect(rejections(dealInputSchema, { ...exampleDeal, [key]: value })).toEqual({ [key]: message });
  });
});

describe('properties', () => {
  /** Values the bound allows, edges included. */
  function allowed(bound: Bound): fc.Arbitrary<number> {
    const { min, max, maxInclusive, integer } = bound;
    const top = Math.min(max, 1e12);
    const inside = integer
      ? fc.integer({ min, max: maxInclusive ? max : max - 1 })
      : fc.double({ min, max: top, noNaN: true, maxExcluded: !maxInclusive && top === max });
    return fc.oneof(
      { arbitrary: inside, weight: 4 },
      fc.constant(min),
      maxInclusive ? fc.constant(max) : inside,
    );
  }

  /** Values just outside the bound, or not numbers at all. */
  function doubtful(bound: Bound): fc.Arbitrary<unknown> {
    const { min, max } = bound;
    return fc.oneof(
      fc.constantFrom(min - 1e-9, max + 1e-9, max, min + 0.5, -0, Number.NaN, Number.POSITIVE_INFINITY),
      fc.constantFrom(null, undefined, '', '5', true, {}),
      fc.double(),
      fc.integer({ min: -100, max: 100 }),
    );
  }

  const bounds: Record<string, Bound> = {
    ...Object.fromEntries(ASSUMPTION_KEYS.map((key) => [key, enteredBound(ASSUMPTION_BOUNDS[key])])),
    units: UNITS_BOUND,
  };
  const numericKeys = Object.keys(bounds);
  const grade = fc.constantFrom(...CRIME_GRADES, null);

  const validDeal: fc.Arbitrary<DealInput> = fc.record({
    ...(Object.fromEntries(numericKeys.map((key) => [key, allowed(bounds[key] as Bound)])) as Record<
      keyof Assumptions | 'units',
      fc.Arbitrary<number>
    >),
    violent_crime_grade: grade,
    property_crime_grade: grade,
  });

  /** A valid deal with one field replaced by a doubtful value, or one unknown key added. */
  const perturbedDeal: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
    fc
      .tuple(validDeal, fc.constantFrom(...numericKeys))
      .chain(([deal, key]) => doubtful(bounds[key] as Bound).map((value) => ({ ...deal, [key]: value }))),
    fc
      .tuple(validDeal, fc.constantFrom('violent_crime_grade', 'property_crime_grade'))
      .chain(([deal, key]) =>
        fc.constantFrom('A', 'a', 'E', '', undefined, 0).map((value) => ({ ...deal, [key]: value })),
      ),
    validDeal.map((deal) => ({ ...deal, rent_growth: 0.03 })),
  );

  function engineAccepts(input: unknown): boolean {
    try {
      validateDealInput(input);
      return true;
    } catch (error) {
      if (error instanceof UnderwritingInputError) return false;
      throw error;
    }
  }

  test('every deal within the bounds is accepted, unchanged, by the schema and the engine', () => {
    fc.assert(
      fc.property(validDeal, (deal) => {
        expect(dealInputSchema.parse(deal)).toEqual(deal);
        expect(engineAccepts(deal)).toBe(true);
      }),
    );
  });

  test('any object accepted by dealInputSchema is accepted by the engine’s own validation', () => {
    const seen = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(fc.oneof(validDeal, perturbedDeal), (input) => {
        if (dealInputSchema.safeParse(input).success) {
          seen.accepted += 1;
          expect(engineAccepts(input)).toBe(true);
        } else {
          seen.rejected += 1;
        }
      }),
      { numRuns: 2_000 },
    );
    // The generator reaches both sides of every bound, so the implication is never vacuous.
    expect(seen.accepted).toBeGreaterThan(500);
    expect(seen.rejected).toBeGreaterThan(500);
  });

  test('the schema rejects whatever the engine rejects, so the web never sends a doomed request', () => {
    fc.assert(
      fc.property(perturbedDeal, (input) => {
        if (!engineAccepts(input)) expect(dealInputSchema.safeParse(input).success).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });
});
