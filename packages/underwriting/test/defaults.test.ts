import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DERIVED_KEYS, derivationContext } from '../src/defaults.js';
import {
  ASSUMPTION_KEYS,
  type Assumptions,
  DEFAULTS,
  DERIVATIONS,
  type DerivationContext,
  type DerivedKey,
  deriveAssumptions,
  inferOverridden,
  type MarketInputs,
  rederive,
} from '../src/index.js';
import { API_DEFAULTS, apiDeriveAssumptions } from './support/api-defaults.js';

const austinMarket: MarketInputs = { rentPerUnit: 2_347, propertyTaxRate: 0.01535, interestRate: 0.0803 };
const austinContext = derivationContext({ factor: 1 }, austinMarket);
const austin = deriveAssumptions({ purchase_price: 450_000, factor: 1 }, austinMarket);

const market: fc.Arbitrary<MarketInputs> = fc.record({
  rentPerUnit: fc.option(fc.double({ min: 0, max: 100_000, noNaN: true })),
  propertyTaxRate: fc.option(fc.double({ min: 0, max: 0.05, noNaN: true })),
  interestRate: fc.option(fc.double({ min: 0, max: 0.25, noNaN: true })),
});
const property = fc.record({
  purchase_price: fc.double({ min: 10_000, max: 100_000_000, noNaN: true }),
  factor: fc.integer({ min: 1, max: 4 }),
});
const context: fc.Arbitrary<DerivationContext> = fc.record({
  units: fc.integer({ min: 1, max: 4 }),
  rentPerUnit: fc.option(fc.double({ min: 0, max: 100_000, noNaN: true })),
  propertyTaxRate: fc.double({ min: 0, max: 0.05, noNaN: true }),
  insuranceRate: fc.double({ min: 0, max: 0.02, noNaN: true }),
  interestRate: fc.double({ min: 0, max: 0.25, noNaN: true }),
  annualPriceAppreciation: fc.double({ min: -0.5, max: 1, noNaN: true }),
});
/** Assumptions a user might have edited anywhere: every key drawn independently. */
const editedAssumptions: fc.Arbitrary<Assumptions> = fc.record({
  ...Object.fromEntries(ASSUMPTION_KEYS.map((key) => [key, fc.double({ min: 0, max: 0.9, noNaN: true })])),
  purchase_price: fc.double({ min: 10_000, max: 10_000_000, noNaN: true }),
  rent: fc.double({ min: 0, max: 50_000, noNaN: true }),
  other_income: fc.double({ min: 0, max: 2_000, noNaN: true }),
  closing_cost: fc.double({ min: 0, max: 100_000, noNaN: true }),
  maintenance: fc.double({ min: 0, max: 50_000, noNaN: true }),
}) as fc.Arbitrary<Assumptions>;
const overriddenSet = fc.subarray(DERIVED_KEYS).map((keys) => new Set<keyof Assumptions>(keys));

describe('deriveAssumptions', () => {
  it('derives the Austin example deal of examples/austin-sfr.json', () => {
    expect(austin).toEqual({
      purchase_price: 450_000,
      closing_cost: 13_500, // 3 % × 450,000
      rent: 2_347,
      other_income: 0,
      vacancy_rate: 0.05,
      rent_annual_growth_rate: 0.03,
      other_income_annual_growth_rate: 0.02,
      property_management: 0.08 * (12 * 2_347 * 0.95), // 2,140.464
      property_management_annual_growth_rate: 0.03,
      insurance: 0.006 * 450_000, // 2,700
      insurance_annual_growth_rate: 0.04,
      property_taxes: 0.01535 * 450_000, // 6,907.50
      property_taxes_annual_growth_rate: 0.02,
      maintenance: 0.1 * 12 * 2_347, // 2,816.40
      property_maintenance_annual_growth_rate: 0.03,
      loan_to_value: 0.75,
      interest_rate: 0.0803,
      loan_term: 30,
      financing_fees: 0.01 * (0.75 * 450_000), // 3,375
      loan_processing_fees: 1_500,
      annual_price_appreciation: 0.03,
      cost_to_sell: 0.06,
      hold_period: 5,
    });
    expect(austin.property_management).toBeCloseTo(2_140.464, 9);
    expect(Object.keys(austin)).toEqual(ASSUMPTION_KEYS);
  });

  it("takes the place's appreciation when the market has one, else the model's 3 %", () => {
    const travis = { ...austinMarket, annualPriceAppreciation: 0.0472 };
    expect(deriveAssumptions({ purchase_price: 450_000, factor: 1 }, travis).annual_price_appreciation).toBe(
      0.0472,
    );
    const none = { ...austinMarket, annualPriceAppreciation: null };
    expect(deriveAssumptions({ purchase_price: 450_000, factor: 1 }, none).annual_price_appreciation).toBe(
      0.03,
    );
    // an analysis stored before the figure existed re-derives to the 3 % it was made with
    const context = derivationContext({ factor: 1 }, austinMarket);
    expect(inferOverridden(austin, context).has('annual_price_appreciation')).toBe(false);
    const moved = rederive(austin, new Set(), derivationContext({ factor: 1 }, travis));
    expect(moved.annual_price_appreciation).toBe(0.0472);
  });

  it('falls back to 1 % tax, 7 % interest and no rent without market figures', () => {
    const a = deriveAssumptions(
      { purchase_price: 200_000, factor: 3 },
      { rentPerUnit: null, propertyTaxRate: null, interestRate: null },
    );
    expect(a.property_taxes).toBe(2_000);
    expect(a.interest_rate).toBe(0.07);
    expect(a.rent).toBe(0);
    expect(a.property_management).toBe(0);
    expect(a.maintenance).toBe(0);
  });

  it('keeps the constants the API used', () => {
    expect(DEFAULTS).toEqual(API_DEFAULTS);
  });

  it('gives float for float what the API derived, on random properties and markets', () => {
    fc.assert(
      fc.property(property, market, (p, m) => {
        const derived = deriveAssumptions(p, m);
        const oracle = apiDeriveAssumptions(p, m);
        expect(derived).toEqual(oracle);
        // toEqual ignores key order; the object (and its JSON) promises the API's
        expect(Object.keys(derived)).toEqual(Object.keys(oracle));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('rederive', () => {
  it('moves closing cost, insurance, taxes and financing fees with the price unless overridden', () => {
    const moved = rederive({ ...austin, purchase_price: 400_000 }, new Set(), austinContext);
    expect(moved.closing_cost).toBe(12_000); // 3 % × 400,000
    expect(moved.insurance).toBe(0.006 * 400_000); // 2,400
    expect(moved.property_taxes).toBe(0.01535 * 400_000); // 6,140
    expect(moved.financing_fees).toBe(0.01 * (0.75 * 400_000)); // 3,000
    expect(moved.rent).toBe(2_347);

    const kept = rederive(
      { ...austin, purchase_price: 400_000, closing_cost: 9_000 },
      new Set(['closing_cost']),
      austinContext,
    );
    expect(kept.closing_cost).toBe(9_000);
    expect(kept.insurance).toBe(2_400);
  });

  it("keeps the insurance premium's fixed part when the price moves, and reads it as derived", () => {
    // a premium of $600 a year plus 0.45 % of the price: $2,625 at $450,000
    const market = { ...austinMarket, insuranceRate: 0.0045, insuranceFixed: 600 };
    const context = derivationContext({ factor: 1 }, market);
    const a = deriveAssumptions({ purchase_price: 450_000, factor: 1 }, market);
    expect(a.insurance_fixed).toBe(600);
    expect(a.insurance).toBeCloseTo(2_625, 9);
    expect(rederive({ ...a, purchase_price: 400_000 }, new Set(), context).insurance).toBeCloseTo(2_400, 9);
    expect(inferOverridden(a, context).has('insurance')).toBe(false);
    // none given, none kept: the analysis is what it was before the fixed part existed
    expect('insurance_fixed' in deriveAssumptions({ purchase_price: 450_000, factor: 1 }, austinMarket)).toBe(
      false,
    );
  });

  it('derives a tax in tiers through its tiers at any price, and reads it as derived', () => {
    // Honolulu's residential A class: 0.40 % up to $1M, 1.14 % above; the context's rate is the
    // tiers' rate at the price analysed, as the API gives it
    const property_tax_tiers = { rate: 0.004, upper_from: 1_000_000, upper_rate: 0.0114 };
    const market = {
      ...austinMarket,
      propertyTaxRate: 6_280 / 1_200_000,
      propertyTaxTiers: property_tax_tiers,
    };
    const context = derivationContext({ factor: 1 }, market);
    const a = deriveAssumptions({ purchase_price: 1_200_000, factor: 1 }, market);
    expect(a.property_tax_tiers).toEqual(property_tax_tiers);
    expect(a.property_taxes).toBeCloseTo(6_280, 9);
    expect(rederive({ ...a, purchase_price: 900_000 }, new Set(), context).property_taxes).toBeCloseTo(
      3_600,
      9,
    );
    expect(rederive({ ...a, purchase_price: 1_500_000 }, new Set(), context).property_taxes).toBeCloseTo(
      9_700,
      9,
    );
    expect(inferOverridden(a, context).has('property_taxes')).toBe(false);
    // none given, none kept: the tax follows the price as before
    expect(
      'property_tax_tiers' in deriveAssumptions({ purchase_price: 450_000, factor: 1 }, austinMarket),
    ).toBe(false);
  });

  it('moves management and maintenance with an overridden rent, and fees with the LTV', () => {
    const edited = { ...austin, rent: 3_000, vacancy_rate: 0.1, loan_to_value: 0.8 };
    const moved = rederive(edited, new Set(['rent', 'vacancy_rate', 'loan_to_value']), austinContext);
    expect(moved.property_management).toBeCloseTo(0.08 * 12 * 3_000 * 0.9, 9); // 2,592
    expect(moved.maintenance).toBeCloseTo(3_600, 9); // 10 % × 12 × 3,000
    expect(moved.financing_fees).toBeCloseTo(3_600, 9); // 1 % × 80 % × 450,000
    // not overridden, the rent goes back to the market's
    expect(rederive(edited, new Set(), austinContext)).toEqual(austin);
  });

  it('re-derives a new analysis to itself, and a new price to what the API derives at that price', () => {
    fc.assert(
      fc.property(property, market, property, (p, m, other) => {
        const a = deriveAssumptions(p, m);
        const c = derivationContext(p, m);
        expect(rederive(a, new Set(), c)).toEqual(a);
        const moved = rederive({ ...a, purchase_price: other.purchase_price }, new Set(), c);
        expect(moved).toEqual(apiDeriveAssumptions({ ...p, purchase_price: other.purchase_price }, m));
      }),
      { numRuns: 500 },
    );
  });

  it('never touches an overridden field or the price, and derives every other from its drivers', () => {
    fc.assert(
      fc.property(editedAssumptions, overriddenSet, context, (a, overridden, c) => {
        const out = rederive(a, overridden, c);
        expect(out.purchase_price).toBe(a.purchase_price);
        for (const key of DERIVED_KEYS) {
          if (overridden.has(key)) expect(out[key], key).toBe(a[key]);
          else expect(out[key], key).toBe(DERIVATIONS[key].derive(out, c));
        }
        expect(a).not.toBe(out);
      }),
      { numRuns: 1_000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(editedAssumptions, overriddenSet, context, (a, overridden, c) => {
        const once = rederive(a, overridden, c);
        expect(rederive(once, overridden, c)).toEqual(once);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('DERIVATIONS', () => {
  it('lists every assumption but the price, each driver derived before what it drives', () => {
    expect([...DERIVED_KEYS].sort()).toEqual(ASSUMPTION_KEYS.filter((k) => k !== 'purchase_price').sort());
    DERIVED_KEYS.forEach((key, position) => {
      for (const driver of DERIVATIONS[key].drivers) {
        if (driver !== 'purchase_price')
          expect(DERIVED_KEYS.indexOf(driver as DerivedKey)).toBeLessThan(position);
      }
    });
  });

  it('names as drivers exactly the assumptions a formula reads', () => {
    fc.assert(
      fc.property(editedAssumptions, context, fc.constantFrom(...ASSUMPTION_KEYS), (a, c, changed) => {
        const bumped = { ...a, [changed]: a[changed] * 1.5 + 1 };
        for (const key of DERIVED_KEYS) {
          const { drivers, derive } = DERIVATIONS[key];
          if (!drivers.includes(changed)) expect(derive(bumped, c), `${key} ← ${changed}`).toBe(derive(a, c));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('inferOverridden', () => {
  it('finds the edited fields of a stored analysis', () => {
    expect(inferOverridden(austin, austinContext)).toEqual(new Set());
    expect(inferOverridden({ ...austin, maintenance: 3_000 }, austinContext)).toEqual(
      new Set(['maintenance']),
    );
    // stale price-linked fields look like edits: kept as stored, the safe reading (one click resets them)
    expect(inferOverridden({ ...austin, purchase_price: 400_000 }, austinContext)).toEqual(
      new Set(['closing_cost', 'insurance', 'property_taxes', 'financing_fees']),
    );
    // stored to the cent, still derived
    expect(inferOverridden({ ...austin, property_management: 2_140.46 }, austinContext)).toEqual(new Set());
  });

  it('reports only overridden fields after a rederive', () => {
    fc.assert(
      fc.property(editedAssumptions, overriddenSet, context, (a, overridden, c) => {
        for (const key of inferOverridden(rederive(a, overridden, c), c)) {
          expect(overridden.has(key), key).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
