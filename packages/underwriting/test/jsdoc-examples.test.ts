import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { derivationContext } from '../src/defaults.js';
import {
  amortizationSchedule,
  analyze,
  annualize,
  atPrice,
  breakEven,
  DEFAULTS,
  type DealInput,
  deriveAssumptions,
  inferOverridden,
  investmentReturns,
  loanBalance,
  maxOffer,
  monthlyPayment,
  newAnalysisExpenseLines,
  rate,
  rederive,
  saleAt,
  sensitivityGrid,
  taxByTiers,
  withDriver,
} from '../src/index.js';
import { offerMeasure, validateOfferTargets } from '../src/offer.js';
import { gradeScore, linearPoints } from '../src/rating.js';
import { grown, operatingYear } from '../src/schedule.js';
import { driverValue } from '../src/sensitivity.js';
import { roundDeal } from './support/deals.js';

// Each case re-asserts the @example in the JSDoc of the export it names.
describe('JSDoc examples of the model modules', () => {
  it('monthlyPayment, loanBalance, amortizationSchedule', () => {
    const loan = { amount: 300_000, annual_rate: 0.07, term_years: 30 };
    expect(monthlyPayment(loan)).toBeCloseTo(1995.9074855375, 9);
    expect(loanBalance(loan, 60)).toBeCloseTo(282394.7695733, 6);
    expect(amortizationSchedule({ amount: 1200, annual_rate: 0, term_years: 1 })[0]).toEqual({
      month: 1,
      payment: 100,
      interest: 0,
      principal: 100,
      balance: 1100,
    });
  });

  it('grown and operatingYear', () => {
    expect(grown(1000, 0.03, 3)).toBeCloseTo(1060.9, 10);
    const deal = { ...roundDeal, loan_to_value: 0 };
    expect(operatingYear(deal, 1).net_operating_income).toBeCloseTo(16_800, 9);
  });

  it('saleAt', () => {
    const sale = saleAt(400_000, 0.03, 0.06, 5);
    expect(sale.sale_price).toBeCloseTo(463709.62972, 6);
    expect(sale.selling_costs).toBeCloseTo(27822.5777832, 6);
    expect(sale.proceeds_from_sale).toBeCloseTo(435887.0519368, 6);
  });

  it('annualize and investmentReturns', () => {
    expect(annualize(0.01)).toBeCloseTo(0.12682503013196977, 14);
    const r = investmentReturns(1000, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1100]);
    expect(r.profit).toBeCloseTo(100, 9);
    expect(r.equity_multiple).toBeCloseTo(1.1, 12);
    expect(r.xirr).toBeCloseTo(0.1, 12);
    expect(r.multiple_roots).toBe(false);
  });

  it('gradeScore, linearPoints and rate', () => {
    expect(gradeScore('A+')).toBe(1);
    expect(gradeScore('C')).toBeCloseTo(5 / 12, 15);
    expect(gradeScore(null)).toBe(0.5);
    expect(linearPoints(0.05, 0, 0.1, 25)).toBe(12.5);
    const rating = rate({
      levered_returns: 0.05,
      levered_xirr: 0.15,
      dscr: 1.25,
      cap_rate: 0.055,
      violent_crime_grade: 'A+',
      property_crime_grade: 'A+',
    });
    expect(rating.overall_points).toBe(70); // 12.5 + 25 + 10 + 7.5 + 15
    expect(rating.overall_color).toBe('Light-Green');
  });
});

describe('JSDoc examples of the decision tools', () => {
  const austin = JSON.parse(
    readFileSync(new URL('../../../examples/austin-sfr.json', import.meta.url), 'utf8'),
  ) as DealInput;
  const market = { rentPerUnit: 2_347, propertyTaxRate: 0.01535, interestRate: 0.0803 };
  const context = derivationContext({ factor: 1 }, market);

  it('DEFAULTS, derivationContext, deriveAssumptions, rederive, inferOverridden', () => {
    expect(DEFAULTS.closingCostShare * 450_000).toBe(13_500);
    expect(
      derivationContext({ factor: 2 }, { rentPerUnit: 1_500, propertyTaxRate: null, interestRate: 0.065 }),
    ).toEqual({
      units: 2,
      rentPerUnit: 1_500,
      propertyTaxRate: 0.01,
      insuranceRate: 0.006,
      interestRate: 0.065,
      annualPriceAppreciation: 0.03,
    });
    const a = deriveAssumptions({ purchase_price: 450_000, factor: 1 }, market);
    expect(a).toMatchObject({ rent: 2_347, closing_cost: 13_500, insurance: 2_700, financing_fees: 3_375 });
    expect(a.property_management).toBeCloseTo(2_140.464, 9);
    expect(a.property_taxes).toBeCloseTo(6_907.5, 9);
    expect(a.maintenance).toBeCloseTo(2_816.4, 9);
    expect(rederive({ ...a, purchase_price: 400_000 }, new Set(), context).closing_cost).toBe(12_000);
    const kept = rederive(
      { ...a, purchase_price: 400_000, closing_cost: 9_000 },
      new Set(['closing_cost']),
      context,
    );
    expect(kept.closing_cost).toBe(9_000);
    expect(inferOverridden({ ...a, maintenance: 3_000 }, context)).toEqual(new Set(['maintenance']));
  });

  it('newAnalysisExpenseLines, kept by rederive', () => {
    const lines = newAnalysisExpenseLines();
    expect(lines).toEqual({
      capex_reserve: 0.05,
      hoa: 0,
      owner_utilities: 0,
      leasing_fee: 0.5,
      tenancy_months: 24,
    });
    const a = { ...deriveAssumptions({ purchase_price: 450_000, factor: 1 }, market), ...lines };
    // a new price re-derives the costs that follow it and leaves the lines as given
    expect(rederive({ ...a, purchase_price: 400_000 }, new Set(), context)).toMatchObject(lines);
  });

  it('atPrice and withDriver', () => {
    expect(atPrice(austin, 400_000)).toMatchObject({
      closing_cost: 12_000,
      insurance: 2_400,
      property_taxes: 6_140,
      financing_fees: 3_000,
    });
    expect(atPrice({ ...austin, insurance_fixed: 900 }, 400_000).insurance).toBeCloseTo(2_500, 9);
    const property_tax_tiers = { rate: 0.004, upper_from: 1_000_000, upper_rate: 0.0114 };
    expect(taxByTiers(property_tax_tiers, 1_200_000)).toBeCloseTo(6_280, 9);
    const honolulu = { ...austin, purchase_price: 1_200_000, property_taxes: 6_280, property_tax_tiers };
    expect(atPrice(honolulu, 900_000).property_taxes).toBeCloseTo(3_600, 9);
    expect(withDriver(austin, 'rent', 2_600).maintenance).toBeCloseTo(3_120, 9);
    expect(withDriver(austin, 'vacancy_rate', 0.1).property_management).toBeCloseTo(2_027.808, 9);
  });

  it('maxOffer, validateOfferTargets and offerMeasure', () => {
    const offer = maxOffer(austin, { cash_on_cash: 0.08, dscr: 1.25 });
    expect(offer.purchase_price).toBe(196_052);
    expect(offer.binding).toBe('cash_on_cash');
    expect(offer.measures.cash_on_cash).toBeCloseTo(0.0800011811, 10);
    expect(offer.measures.dscr).toBeCloseTo(1.3565371294, 10);
    expect(analyze(atPrice(austin, 196_053)).year_1_metrics.levered_returns).toBeCloseTo(0.0799993, 7);
    expect(() => validateOfferTargets({ cash_on_cash: 8 })).toThrow(
      'targets.cash_on_cash: must be a fraction from -1 to 1 (0.08 = 8 %)',
    );
    expect(offerMeasure(analyze(austin), 'dscr')).toBeCloseTo(12_191.436 / 29_802.2088755, 9); // 0.40907
  });

  it('driverValue, sensitivityGrid and breakEven', () => {
    expect(driverValue(austin, 'rent', -0.1)).toBeCloseTo(2_112.3, 9);
    expect(driverValue(austin, 'interest_rate', 0.005)).toBeCloseTo(0.0853, 15);
    const grid = sensitivityGrid(austin, {
      row: 'purchase_price',
      col: 'rent',
      outcome: 'monthly_levered_cash_flow',
    });
    expect(grid.rows[0]?.value).toBe(382_500);
    expect(grid.cells[3]?.[3]?.value).toBeCloseTo(-1_467.56, 2);
    expect(grid.cells[0]?.[6]?.value).toBeCloseTo(-702.46, 2);
    const be = breakEven(austin);
    expect(be.rent).toBeCloseTo(4_243.08, 2);
    expect(be.rent).toBeCloseTo(39_409.70887552148 / 9.288, 6);
    expect(be.vacancy_rate).toBeNull();
    expect(be.interest_rate).toBeCloseTo(0.005417, 6);
  });
});
