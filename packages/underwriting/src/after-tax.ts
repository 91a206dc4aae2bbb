/**
 * After-tax returns of a levered rental (issue 28 §4): depreciation of the building (MACRS
 * residential rental property, GDS, 27.5 years straight line, mid-month convention), the tax of
 * each year on NOI less interest, depreciation and amortised loan costs, passive losses carried
 * forward, and the tax at sale (unrecaptured §1250 gain and capital gain). Pure, and independent of
 * `analyze`: `afterTax(taxableDealOf(deal), tax)` or a `TaxableDeal` built from `analyze`'s own
 * figures (`analyze` does, given `tax`). README, "After-tax returns (issue 28 §4)".
 */
import type { Bound } from './bounds.js';
import { UnderwritingInputError } from './errors.js';
import { loanBalance, monthlyPayment } from './loan.js';
import { investmentReturns, type ReturnSummary } from './returns.js';
import { saleAt } from './sale.js';
import { loanOf, operatingYears } from './schedule.js';
import type { AfterTaxSale, DealInput, ExpenseLines, TaxInputs } from './types.js';
import { checkBound, validateTaxInputs } from './validate.js';

// The tax inputs' type, bounds and check live beside the deal's (types.ts, bounds.ts, validate.ts),
// since `validateDealInput` checks `tax` too; re-exported here for callers of this module.
export { TAX_INPUT_BOUNDS } from './bounds.js';
export type { AfterTaxSale, LossTreatment, TaxInputs } from './types.js';
export { validateTaxInputs } from './validate.js';

/** The hold as the tax model needs it: what `analyze` already knows (`taxableDealOf` builds it from a deal). */
export interface TaxableDeal {
  /** the IRS's cost basis, land included: price + capitalised closing costs (+ rehab), $ */
  cost_basis: number;
  /**
   * month of the hold (1 to 12 × years; 1–12 is tax year 1) in which the house is placed in service
   * (ready and available for rent); 1 when omitted. Hold year y is tax year y and the hold starts in
   * January (README, "After-tax returns"). A month after year 1 (a long rehab): no depreciation before it.
   */
  placed_in_service_month?: number;
  /** each operating year of the hold, pre-tax, the sale excluded; hold year 1 first */
  years: readonly TaxableYear[];
  /** the sale at the end of the last year, $ */
  sale: { price: number; cost_to_sell: number; loan_payoff: number };
  /** cash invested at closing (positive), $ */
  levered_equity: number;
  /** each loan's fees and points, amortised over its term; one loan or several (a second loan, a refinance) */
  loan_costs?: LoanCosts | readonly LoanCosts[];
  /**
   * the pre-tax levered flow of each month 1..12 × years, the sale excluded, when the months of a
   * year are uneven (an interest-only start, a refinance, a balloon); each year's tax is then taken
   * out of its months in twelfths. Omitted: each year's `levered_cash_flow` / 12, as `analyze` does.
   */
  monthly_levered_cash_flows?: readonly number[];
}

/**
 * One loan's costs (points, origination and processing fees): deducted straight line over its term,
 * `amount / term_years` a year from `first_year`, and the unamortised rest in the year it is paid
 * off (Pub 527: a loan paid off early, by a sale or a refinance with another lender).
 */
export interface LoanCosts {
  /** $ */
  amount: number;
  /** the loan's term in years, 1–40 (a fraction for a term in months) */
  term_years: number;
  /** hold year the loan starts (a refinance's year); 1 when omitted */
  first_year?: number;
  /** hold year the loan is paid off (a refinance or a balloon); the sale year when omitted or later */
  paid_off_in_year?: number;
}

export interface TaxableYear {
  net_operating_income: number;
  /** mortgage interest paid in the year */
  interest: number;
  /** pre-tax levered cash flow of the year: NOI − debt service */
  levered_cash_flow: number;
}

export interface AfterTaxYear {
  year: number;
  net_operating_income: number;
  interest: number;
  depreciation: number;
  /** amortised loan costs deducted this year (the unamortised rest in the year of the sale) */
  loan_costs: number;
  /** NOI − interest − depreciation − loan costs; negative is a tax loss */
  taxable_income: number;
  /** suspended losses of earlier years set against this year's income (`carry_forward`) */
  losses_used: number;
  /** suspended losses at the end of the year, carried into the next (`carry_forward`) */
  suspended_losses: number;
  /** marginal_rate × (taxable income − losses used); never negative with `carry_forward`, a saving when negative with `offset` */
  tax: number;
  pre_tax_cash_flow: number;
  /** pre-tax cash flow − tax */
  after_tax_cash_flow: number;
}

export interface AfterTaxResult {
  basis: {
    cost_basis: number;
    /** land_share × cost basis */
    land: number;
    /** cost basis − land: what is depreciated */
    building: number;
    /** a full year's depreciation, building / 27.5 */
    annual_depreciation: number;
  };
  years: AfterTaxYear[];
  sale: AfterTaxSale;
  /** Σ yearly tax + tax at sale */
  total_tax: number;
  /** after-tax levered equity, profit, equity multiple and XIRR (the package's `investmentReturns`) */
  returns: ReturnSummary;
}

/** GDS recovery period of residential rental property (Pub 946, Table A-6), years. */
export const RESIDENTIAL_RECOVERY_YEARS = 27.5;
const RECOVERY_MONTHS = 12 * RESIDENTIAL_RECOVERY_YEARS;

/**
 * The largest dollar figure a deal may carry: far above any of `analyze`'s (a price of 2^53 − 1
 * doubling for 30 years is ~1e25), and far enough below float64's limit that no sum of 30 years
 * of them, taxed, can overflow.
 */
const MAX_DOLLARS = 1e30;
const money: Bound = { min: 0, max: MAX_DOLLARS, maxInclusive: true, integer: false, kind: 'money' };

/** A signed dollar figure (NOI, a cash flow): finite and at most `MAX_DOLLARS` either way. */
function checkDollars(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_DOLLARS) {
    throw new UnderwritingInputError(field, 'must be a finite number from -1e+30 to 1e+30');
  }
  return value;
}

/** Checks a `TaxableDeal` (every figure finite, money ≥ 0, a month of the hold) and returns its placed-in-service month. */
function checkTaxableDeal(deal: TaxableDeal): number {
  if (typeof deal !== 'object' || deal === null)
    throw new UnderwritingInputError('deal', 'must be an object');
  checkBound('deal.cost_basis', deal.cost_basis, money);
  if (!Array.isArray(deal.years) || deal.years.length === 0) {
    throw new UnderwritingInputError('deal.years', 'must be a non-empty array of operating years');
  }
  const month = deal.placed_in_service_month ?? 1;
  checkBound('deal.placed_in_service_month', month, {
    min: 1,
    max: 12 * deal.years.length,
    maxInclusive: true,
    integer: true,
    kind: 'count',
  });
  deal.years.forEach((year, i) => {
    checkDollars(`deal.years[${i}].net_operating_income`, year?.net_operating_income);
    checkBound(`deal.years[${i}].interest`, year?.interest, money);
    checkDollars(`deal.years[${i}].levered_cash_flow`, year?.levered_cash_flow);
  });
  checkBound('deal.sale.price', deal.sale?.price, money);
  checkBound('deal.sale.cost_to_sell', deal.sale?.cost_to_sell, money);
  checkBound('deal.sale.loan_payoff', deal.sale?.loan_payoff, money);
  checkBound('deal.levered_equity', deal.levered_equity, money);
  const years = deal.years.length;
  loanCostList(deal.loan_costs).forEach((costs, i) => {
    const field = Array.isArray(deal.loan_costs) ? `deal.loan_costs[${i}]` : 'deal.loan_costs';
    const holdYear = (max: number): Bound => ({
      min: 1,
      max,
      maxInclusive: true,
      integer: true,
      kind: 'years',
    });
    checkBound(`${field}.amount`, costs?.amount, money);
    checkBound(`${field}.term_years`, costs?.term_years, { ...holdYear(40), integer: false });
    const first = checkBound(`${field}.first_year`, costs.first_year ?? 1, holdYear(years));
    if (costs.paid_off_in_year !== undefined) {
      checkBound(`${field}.paid_off_in_year`, costs.paid_off_in_year, {
        ...holdYear(Number.MAX_SAFE_INTEGER),
        min: first,
      });
    }
  });
  const monthly = deal.monthly_levered_cash_flows;
  if (monthly !== undefined) {
    if (!Array.isArray(monthly) || monthly.length !== 12 * years) {
      throw new UnderwritingInputError(
        'deal.monthly_levered_cash_flows',
        `must be an array of 12 × ${years} = ${12 * years} monthly flows`,
      );
    }
    monthly.forEach((flow, i) => {
      checkDollars(`deal.monthly_levered_cash_flows[${i}]`, flow);
    });
  }
  return month;
}

/**
 * Depreciation of each tax year 1..`years` of a building placed in service in month `month` of the
 * hold (1–12: year 1; 13 is January of year 2, …) and sold in December of year `years`: MACRS GDS
 * residential rental property, 27.5 years straight line, mid-month convention at both ends (Pub
 * 946, Table A-6 and "dispositions").
 *
 * The building is in service from the middle of month `month` (month `month − ½`, counting months
 * from 1 January of year 1) to the middle of December of the sale year (`12 × years − ½`) or the
 * end of the 330-month recovery period, if earlier. Year y's depreciation is `basis × (months of
 * that span inside year y) / 330`: a full year is basis / 27.5 (3.636 %), the year placed in
 * service (12 − its month + ½) / 12 of that (Table A-6: January 3.485 %, … December 0.152 %) and
 * the years before it nothing, the year of the sale 11.5 / 12 of it (3.485 %).
 *
 * @example
 * depreciationSchedule(164_800, 1, 5);
 * // [5743.03, 5992.73, 5992.73, 5992.73, 5743.03]: 164,800 × 11.5/330, × 12/330 (three years), × 11.5/330
 */
export function depreciationSchedule(basis: number, month: number, years: number): number[] {
  const start = month - 0.5;
  const end = Math.min(12 * years - 0.5, start + RECOVERY_MONTHS);
  const schedule: number[] = [];
  for (let y = 1; y <= years; y++) {
    const months = Math.max(0, Math.min(end, 12 * y) - Math.max(start, 12 * (y - 1)));
    schedule.push((basis * months) / RECOVERY_MONTHS);
  }
  return schedule;
}

/** `loan_costs` as a list (none, one or several loans). */
function loanCostList(costs: TaxableDeal['loan_costs']): readonly LoanCosts[] {
  if (costs === undefined) return [];
  return Array.isArray(costs) ? costs : [costs as LoanCosts];
}

/**
 * The loan costs deducted in each hold year 1..`years`, every loan added: `amount / term_years` a
 * year from its first year while its term runs (a part of it in a term's last, partial year), and
 * in the year it is paid off (its `paid_off_in_year`, else the sale) whatever is still unamortised,
 * so each loan deducts its whole `amount` during the hold.
 *
 * @example
 * loanCostSchedule({ amount: 3_000, term_years: 30 }, 5); // [100, 100, 100, 100, 2600]
 * // refinanced in year 3 (the old loan's rest deducted then), the new loan's 2,000 from year 4:
 * loanCostSchedule([{ amount: 3_000, term_years: 30, paid_off_in_year: 3 }, { amount: 2_000, term_years: 20, first_year: 4 }], 5);
 * // [100, 100, 2800, 100, 1900]
 */
export function loanCostSchedule(costs: TaxableDeal['loan_costs'], years: number): number[] {
  const schedule = new Array<number>(years).fill(0);
  for (const loan of loanCostList(costs)) {
    const first = loan.first_year ?? 1;
    const last = Math.min(loan.paid_off_in_year ?? years, years);
    let deducted = 0;
    for (let y = first; y <= last; y++) {
      // the share of year y inside the term: 1, a fraction in the term's last year, then 0
      const share = Math.min(1, Math.max(0, loan.term_years - (y - first)));
      const amount =
        y === last ? Math.max(0, loan.amount - deducted) : (loan.amount * share) / loan.term_years;
      schedule[y - 1] = (schedule[y - 1] as number) + amount;
      deducted += amount;
    }
  }
  return schedule;
}

/**
 * The after-tax cash flows and returns of a levered hold.
 *
 * Each year: taxable income = NOI − interest − depreciation − loan costs; tax = marginal_rate ×
 * (taxable income − suspended losses used), with a loss suspended and carried forward
 * (`carry_forward`, the default) or, with `offset`, tax = marginal_rate × taxable income, negative
 * in a loss year; after-tax cash flow = levered cash flow − tax.
 *
 * At the sale: amount realized = price − cost to sell; adjusted basis = cost basis − accumulated
 * depreciation; gain = amount realized − adjusted basis; unrecaptured §1250 gain = min(gain,
 * accumulated depreciation), taxed at recapture_rate; the rest of the gain at capital_gains_rate (a
 * loss at marginal_rate, a saving); a one-year hold is a short-term sale, its whole gain at
 * marginal_rate; suspended losses still unused are released at marginal_rate.
 * After-tax proceeds = amount realized − loan payoff − tax at sale.
 *
 * Returns: each year's after-tax flow spread over its 12 months, the after-tax proceeds added in the
 * last month, and `investmentReturns(levered_equity, those flows)`: the same XIRR (and rule for
 * several roots) as `analyze`. With every rate 0 the flows are the pre-tax flows exactly.
 *
 * Throws `UnderwritingInputError` for rates outside `TAX_INPUT_BOUNDS` or a deal figure that is not
 * finite (money < 0, a placed-in-service month outside the hold).
 *
 * @example
 * // the worked example of README "After-tax returns (issue 28 §4)": cost basis 206,000, 20 % land, January, 5 years,
 * // NOI 13,000 … 19,000, interest 9,000 … 8,460, sale at 230,000, 24 % / 15 % / 25 %
 * const result = afterTax(example, { marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 });
 * result.years.map((y) => y.tax); // [0, 0, 0, 393.31, 527.27]
 * result.sale.tax;                // 8,896.06 = 0.25 × 29,464.24 + 0.15 × 10,200
 * result.returns.profit;          // 33,683.36 = 102,500 − 59,000 − 9,816.64 of tax
 */
export function afterTax(deal: TaxableDeal, tax: TaxInputs): AfterTaxResult {
  const rates = validateTaxInputs(tax);
  const month = checkTaxableDeal(deal);
  const n = deal.years.length;
  const m = rates.marginal_rate;
  const land = rates.land_share * deal.cost_basis;
  const building = deal.cost_basis - land;
  const depreciation = depreciationSchedule(building, month, n);
  const loanCosts = loanCostSchedule(deal.loan_costs, n);

  const years: AfterTaxYear[] = [];
  let suspended = 0;
  let accumulated = 0;
  let totalTax = 0;
  for (let i = 0; i < n; i++) {
    const { net_operating_income, interest, levered_cash_flow } = deal.years[i] as TaxableYear;
    const yearDepreciation = depreciation[i] as number;
    const yearLoanCosts = loanCosts[i] as number;
    accumulated += yearDepreciation;
    const taxable = net_operating_income - interest - yearDepreciation - yearLoanCosts;
    let used = 0;
    let yearTax: number;
    if (rates.losses === 'offset') {
      yearTax = m * taxable + 0; // + 0: a zero rate on a loss gives 0, not −0
    } else if (taxable < 0) {
      suspended -= taxable;
      yearTax = 0;
    } else {
      used = Math.min(suspended, taxable);
      suspended -= used;
      yearTax = m * (taxable - used);
    }
    totalTax += yearTax;
    years.push({
      year: i + 1,
      net_operating_income,
      interest,
      depreciation: yearDepreciation,
      loan_costs: yearLoanCosts,
      taxable_income: taxable,
      losses_used: used,
      suspended_losses: suspended,
      tax: yearTax,
      pre_tax_cash_flow: levered_cash_flow,
      after_tax_cash_flow: levered_cash_flow - yearTax,
    });
  }

  const { price, cost_to_sell, loan_payoff } = deal.sale;
  // price − cost to sell, then − payoff: the very operations of analyze's sale flow
  const amount_realized = price - cost_to_sell;
  const adjusted_basis = deal.cost_basis - accumulated;
  const gain = amount_realized - adjusted_basis;
  // bought in January and sold in December of the same year: held a year or less, a short-term
  // sale (IRC §1222, Pub 544), whose whole gain is ordinary income: no §1250 split, no capital gains rate
  const short_term = n === 1;
  const unrecaptured = gain > 0 && !short_term ? Math.min(gain, accumulated) : 0;
  const capital_gain = gain - unrecaptured;
  const recapture_tax = rates.recapture_rate * unrecaptured;
  const capital_gains_tax =
    capital_gain >= 0 && !short_term ? rates.capital_gains_rate * capital_gain : m * capital_gain + 0;
  const released_losses_tax = -m * suspended + 0;
  const saleTax = recapture_tax + capital_gains_tax + released_losses_tax;
  const pre_tax_proceeds = amount_realized - loan_payoff;
  const after_tax_proceeds = pre_tax_proceeds - saleTax;
  totalTax += saleTax;

  // as analyze's monthlyFlows: each year's flow / 12 in each of its months (or the months given,
  // less a twelfth of the year's tax each), the sale in the last
  const flows: number[] = [];
  const monthlyPreTax = deal.monthly_levered_cash_flows;
  for (const year of years) {
    const monthly = year.after_tax_cash_flow / 12;
    for (let k = 0; k < 12; k++) {
      flows.push(
        monthlyPreTax === undefined ? monthly : (monthlyPreTax[flows.length] as number) - year.tax / 12,
      );
    }
  }
  flows[flows.length - 1] = (flows[flows.length - 1] as number) + after_tax_proceeds;

  return {
    basis: {
      cost_basis: deal.cost_basis,
      land,
      building,
      annual_depreciation: building / RESIDENTIAL_RECOVERY_YEARS,
    },
    years,
    sale: {
      price,
      cost_to_sell,
      amount_realized,
      cost_basis: deal.cost_basis,
      accumulated_depreciation: accumulated,
      adjusted_basis,
      gain,
      short_term,
      unrecaptured_1250_gain: unrecaptured,
      capital_gain,
      recapture_tax,
      capital_gains_tax,
      released_losses: suspended,
      released_losses_tax,
      tax: saleTax,
      loan_payoff,
      pre_tax_proceeds,
      after_tax_proceeds,
    },
    total_tax: totalTax,
    returns: finiteReturns(investmentReturns(deal.levered_equity, flows)),
  };
}

/**
 * The returns with a multiple or an XIRR too large for float64 as null, never Infinity: only flows
 * of a fraction of a cent (equity of 5e-324) get there, and `analyze`'s own `ratio` reads such a
 * ratio as null too.
 */
function finiteReturns(returns: ReturnSummary): ReturnSummary {
  if (returns.equity_multiple !== null && !Number.isFinite(returns.equity_multiple)) {
    returns.equity_multiple = null;
  }
  if (returns.xirr !== null && !Number.isFinite(returns.xirr)) returns.xirr = null;
  return returns;
}

/**
 * The `TaxableDeal` of a validated plain deal (no loan shapes, rehab or refinance: `analyze` builds a
 * shaped deal's from its own months), from the engine's own pieces: cost basis = price + closing
 * cost (purchase closing costs are capitalised); each year's NOI, its
 * interest (debt service − the balance paid down that year) and NOI − debt service; the sale of
 * `saleAt` and the balance `loanBalance` at month 12 × hold; `analyze`'s levered equity (same
 * operations, so the pre-tax flows are `analyze`'s to the bit); financing fees + loan processing
 * fees amortised over the loan term.
 *
 * @example
 * afterTax(taxableDealOf(deal), tax).returns.xirr; // the after-tax levered XIRR of `analyze(deal)`
 * taxableDealOf(roundDeal).years[0].interest;     // 8,949.89: 12 × 899.33 − (150,000 − 148,157.98)
 */
export function taxableDealOf(
  deal: DealInput & ExpenseLines,
  options: { placed_in_service_month?: number } = {},
): TaxableDeal {
  const loan = loanOf(deal);
  const payment = monthlyPayment(loan);
  const sale = saleAt(
    deal.purchase_price,
    deal.annual_price_appreciation,
    deal.cost_to_sell,
    deal.hold_period,
  );
  const down_payment = deal.purchase_price - loan.amount;
  let opening = loan.amount;
  const years = operatingYears(deal).map((year) => {
    const closing = loanBalance(loan, 12 * year.year, payment);
    // never below 0: where the payment barely exceeds the interest the closed form can wobble by an ulp
    const interest = Math.max(0, year.debt_service - (opening - closing));
    opening = closing;
    return {
      net_operating_income: year.net_operating_income,
      interest,
      levered_cash_flow: year.net_operating_income - year.debt_service,
    };
  });
  return {
    cost_basis: deal.purchase_price + deal.closing_cost,
    placed_in_service_month: options.placed_in_service_month ?? 1,
    years,
    sale: {
      price: sale.sale_price,
      cost_to_sell: sale.selling_costs,
      loan_payoff: loanBalance(loan, 12 * deal.hold_period, payment),
    },
    levered_equity: down_payment + deal.closing_cost + deal.financing_fees + deal.loan_processing_fees,
    loan_costs: {
      amount: deal.financing_fees + deal.loan_processing_fees,
      term_years: deal.loan_term,
    },
  };
}
