import fc from 'fast-check';
import {
  ASSUMPTION_BOUNDS,
  ASSUMPTION_KEYS,
  type Bound,
  CRIME_GRADES,
  type DealInput,
  type ExpenseLines,
  type LoanShape,
  OPTIONAL_INPUT_BOUNDS,
  type RehabAndRefinance,
} from '../../src/index.js';

/** The assumption keys measured in dollars: scaling all of them by k must scale every dollar output by k. */
export const DOLLAR_INPUTS = [
  'purchase_price',
  'closing_cost',
  'rent',
  'other_income',
  'property_management',
  'insurance',
  'property_taxes',
  'maintenance',
  'financing_fees',
  'loan_processing_fees',
] as const;

/**
 * Amounts of at least a cent (or exactly 0) and rates of at least 1e-9 (or exactly 0): float64 keeps
 * ~16 significant digits only above the subnormal range, and the scaling law is about money, not
 * about 5e-324. `anyDeal` still draws from the whole range for the NaN/Infinity law.
 */
const snapTiny = (floor: number) => (value: number) => (Math.abs(value) < floor ? 0 : value);
const dollars = (max: number) => fc.double({ min: 0, max, noNaN: true }).map(snapTiny(0.01));

const realistic: Partial<Record<keyof DealInput, fc.Arbitrary<number>>> = {
  purchase_price: fc.double({ min: 10_000, max: 5_000_000, noNaN: true }),
  closing_cost: dollars(100_000),
  rent: dollars(40_000),
  other_income: dollars(2_000),
  property_management: dollars(40_000),
  insurance: dollars(30_000),
  property_taxes: dollars(80_000),
  maintenance: dollars(40_000),
  financing_fees: dollars(50_000),
  loan_processing_fees: dollars(5_000),
  // lenders stop near 97 %; above 99 % the down payment is a rounding residue of price − loan
  loan_to_value: fc.double({ min: 0, max: 0.99, noNaN: true }).map(snapTiny(1e-9)),
  // likewise a sale at ~100 % cost leaves proceeds that are rounding residue
  cost_to_sell: fc.double({ min: 0, max: 0.5, noNaN: true }).map(snapTiny(1e-9)),
};

function anyInBound(bound: Bound): fc.Arbitrary<number> {
  if (bound.integer) return fc.integer({ min: bound.min, max: bound.max });
  const max = bound.maxInclusive ? bound.max : bound.max - 1e-9;
  return fc.double({ min: bound.min, max: Math.min(max, 1e12), noNaN: true, noDefaultInfinity: true });
}

function realisticInBound(bound: Bound): fc.Arbitrary<number> {
  return bound.integer ? anyInBound(bound) : anyInBound(bound).map(snapTiny(1e-9));
}

const grade = fc.constantFrom(...CRIME_GRADES, null);

/** Any deal the model accepts, money included up to $1e12: for "never NaN or Infinity". */
export const anyDeal: fc.Arbitrary<DealInput> = fc.record({
  ...Object.fromEntries(ASSUMPTION_KEYS.map((key) => [key, anyInBound(ASSUMPTION_BOUNDS[key])])),
  units: fc.integer({ min: 1, max: 4 }),
  violent_crime_grade: grade,
  property_crime_grade: grade,
}) as fc.Arbitrary<DealInput>;

/** Deals with investor-sized dollar amounts and every rate anywhere in its bounds. */
export const realisticDeal: fc.Arbitrary<DealInput> = fc.record({
  ...Object.fromEntries(
    ASSUMPTION_KEYS.map((key) => [key, realistic[key] ?? realisticInBound(ASSUMPTION_BOUNDS[key])]),
  ),
  units: fc.integer({ min: 1, max: 4 }),
  violent_crime_grade: grade,
  property_crime_grade: grade,
}) as fc.Arbitrary<DealInput>;

const between = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/**
 * Deals an investor would enter: every dollar cost a plausible share of the price or the rent, every
 * rate in a plausible range (growth −5 % to +10 %, LTV to 95 %, interest to 12 %). For laws that
 * need the price to matter, where `realisticDeal`'s extremes (100 % growth a year) make every price
 * alike.
 */
export const typicalDeal: fc.Arbitrary<DealInput> = fc
  .record({
    price: between(50_000, 2_000_000),
    rentShare: between(0.003, 0.015),
    closingShare: between(0, 0.05),
    managementShare: between(0, 0.12),
    insuranceShare: between(0.002, 0.015),
    taxShare: between(0.003, 0.03),
    maintenanceShare: between(0, 0.15),
    feeShare: between(0, 0.02),
    other_income: between(0, 300),
    vacancy_rate: between(0, 0.15),
    growth: fc.array(between(-0.05, 0.1), { minLength: 7, maxLength: 7 }),
    loan_to_value: between(0, 0.95),
    interest_rate: between(0, 0.12),
    loan_term: fc.integer({ min: 5, max: 40 }),
    loan_processing_fees: between(0, 5_000),
    cost_to_sell: between(0, 0.1),
    hold_period: fc.integer({ min: 1, max: 30 }),
    units: fc.integer({ min: 1, max: 4 }),
    violent_crime_grade: grade,
    property_crime_grade: grade,
  })
  .map((r) => {
    const rent = r.price * r.rentShare;
    const [
      rentGrowth,
      otherGrowth,
      managementGrowth,
      insuranceGrowth,
      taxGrowth,
      maintenanceGrowth,
      appreciation,
    ] = r.growth as [number, number, number, number, number, number, number];
    return {
      purchase_price: r.price,
      closing_cost: r.closingShare * r.price,
      rent,
      other_income: r.other_income,
      vacancy_rate: r.vacancy_rate,
      rent_annual_growth_rate: rentGrowth,
      other_income_annual_growth_rate: otherGrowth,
      property_management: r.managementShare * 12 * rent,
      property_management_annual_growth_rate: managementGrowth,
      insurance: r.insuranceShare * r.price,
      insurance_annual_growth_rate: insuranceGrowth,
      property_taxes: r.taxShare * r.price,
      property_taxes_annual_growth_rate: taxGrowth,
      maintenance: r.maintenanceShare * 12 * rent,
      property_maintenance_annual_growth_rate: maintenanceGrowth,
      loan_to_value: r.loan_to_value,
      interest_rate: r.interest_rate,
      loan_term: r.loan_term,
      financing_fees: r.feeShare * r.loan_to_value * r.price,
      loan_processing_fees: r.loan_processing_fees,
      annual_price_appreciation: appreciation,
      cost_to_sell: r.cost_to_sell,
      hold_period: r.hold_period,
      units: r.units,
      violent_crime_grade: r.violent_crime_grade,
      property_crime_grade: r.property_crime_grade,
    };
  });

/** The optional expense lines measured in dollars (a month): scaled with `DOLLAR_INPUTS` by the scaling law. */
export const DOLLAR_EXPENSE_INPUTS = ['hoa', 'owner_utilities'] as const;

/**
 * Any subset of the optional expense lines (issue 28 §1), each drawn by `value(key)`; a leasing fee
 * always comes with its tenancy, and a tenancy can come alone (it costs nothing then).
 */
function expenseLinesOf(
  value: (key: keyof ExpenseLines) => fc.Arbitrary<number>,
): fc.Arbitrary<ExpenseLines> {
  return fc
    .record(
      {
        capex_reserve: value('capex_reserve'),
        hoa: value('hoa'),
        hoa_annual_growth_rate: value('hoa_annual_growth_rate'),
        owner_utilities: value('owner_utilities'),
        leasing: fc.record({ leasing_fee: value('leasing_fee'), tenancy_months: value('tenancy_months') }),
        tenancy_months: value('tenancy_months'),
      },
      { requiredKeys: [] },
    )
    .map(({ leasing, ...lines }) => ({ ...lines, ...leasing }));
}

/** Expense lines of investor size: capex to 15 % of rent, dues to $1,500 and utilities to $800 a month, a fee to 1.5 months per 1–120-month tenancy. */
export const expenseLines: fc.Arbitrary<ExpenseLines> = expenseLinesOf((key) => {
  switch (key) {
    case 'capex_reserve':
      return between(0, 0.15).map(snapTiny(1e-9));
    case 'hoa':
      return dollars(1_500);
    case 'owner_utilities':
      return dollars(800);
    case 'hoa_annual_growth_rate':
      return between(-0.05, 0.1);
    case 'leasing_fee':
      return between(0, 1.5).map(snapTiny(1e-9));
    case 'tenancy_months':
      return between(1, 120);
  }
});

/** Expense lines anywhere in `OPTIONAL_INPUT_BOUNDS` (dollars to $1e12): for "never NaN or Infinity". */
export const anyExpenseLines: fc.Arbitrary<ExpenseLines> = expenseLinesOf((key) =>
  anyInBound(OPTIONAL_INPUT_BOUNDS[key]),
);

/** `deals` with any subset of `lines` added: the deals themselves are drawn as before. */
export function withExpenseLines(
  deals: fc.Arbitrary<DealInput>,
  lines: fc.Arbitrary<ExpenseLines> = expenseLines,
): fc.Arbitrary<DealInput & ExpenseLines> {
  return fc.tuple(deals, lines).map(([deal, added]) => ({ ...deal, ...added }));
}

export const anyDealWithLines = withExpenseLines(anyDeal, anyExpenseLines);
export const realisticDealWithLines = withExpenseLines(realisticDeal);
export const typicalDealWithLines = withExpenseLines(typicalDeal);

/** A typical deal with loan shapes that fit it: interest-only months within the term, a second loan below the down payment. */
export const shapedDeal: fc.Arbitrary<DealInput & LoanShape> = fc
  .record({
    deal: typicalDeal,
    io: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    points: fc.option(fc.double({ min: 0, max: 0.03, noNaN: true }), { nil: undefined }),
    second: fc.option(
      fc.record({
        share: fc.double({ min: 0, max: 0.99, noNaN: true }),
        interest_rate: fc.double({ min: 0, max: 0.1, noNaN: true }),
        term_months: fc.integer({ min: 1, max: 480 }),
        io: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        balloon: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      }),
      { nil: undefined },
    ),
  })
  .map(({ deal, io, points, second }) => {
    const shaped: DealInput & LoanShape = { ...deal };
    const months = 12 * deal.loan_term;
    if (io !== undefined) shaped.interest_only_months = Math.min(months - 1, Math.floor(io * months));
    if (points !== undefined) shaped.points = points;
    if (second !== undefined) {
      const down = deal.purchase_price * (1 - deal.loan_to_value);
      shaped.second_loan = {
        amount: second.share * down,
        interest_rate: second.interest_rate,
        term_months: second.term_months,
      };
      if (second.io !== undefined)
        shaped.second_loan.interest_only_months = Math.min(
          second.term_months - 1,
          Math.floor(second.io * second.term_months),
        );
      if (second.balloon !== undefined)
        shaped.second_loan.balloon_month = Math.max(1, Math.ceil(second.balloon * second.term_months));
    }
    return shaped;
  });

/** A typical deal with a rehab, maybe financed, maybe an after-repair value, maybe a refinance. */
export const brrrrDeal: fc.Arbitrary<DealInput & RehabAndRefinance> = fc
  .record({
    deal: typicalDeal,
    budget: fc.option(fc.double({ min: 0, max: 0.5, noNaN: true }), { nil: undefined }),
    financed: fc.option(fc.boolean(), { nil: undefined }),
    months: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    arv: fc.option(fc.double({ min: 0.8, max: 2, noNaN: true }), { nil: undefined }),
    refinance: fc.option(
      fc.record({
        month: fc.double({ min: 0, max: 1, noNaN: true }),
        loan_to_value: fc.double({ min: 0, max: 0.9, noNaN: true }),
        interest_rate: fc.double({ min: 0, max: 0.12, noNaN: true }),
        loan_term: fc.integer({ min: 5, max: 40 }),
        closing: fc.double({ min: 0, max: 0.05, noNaN: true }),
      }),
      { nil: undefined },
    ),
  })
  .map(({ deal, budget, financed, months, arv, refinance }) => {
    const shaped: DealInput & RehabAndRefinance = { ...deal };
    const M = 12 * deal.hold_period;
    if (budget !== undefined) shaped.rehab_budget = budget * deal.purchase_price;
    if (financed !== undefined) shaped.rehab_financed = financed;
    if (months !== undefined) shaped.rehab_months = Math.min(M - 1, Math.floor(months * 12));
    if (arv !== undefined) shaped.after_repair_value = arv * deal.purchase_price;
    if (refinance !== undefined && M > 1) {
      shaped.refinance = {
        month: Math.min(M - 1, Math.max(1, Math.ceil(refinance.month * (M - 1)))),
        loan_to_value: refinance.loan_to_value,
        interest_rate: refinance.interest_rate,
        loan_term: refinance.loan_term,
        closing_costs: refinance.closing * deal.purchase_price,
      };
    }
    return shaped;
  });
