import {
  type AfterTaxResult,
  afterTax,
  type LoanCosts,
  type TaxableDeal,
  type TaxableYear,
  taxableDealOf,
} from './after-tax.js';
import { loanBalance, monthlyPayment } from './loan.js';
import { type Financing, financingOf, hasMonthlyInputs, valueAt } from './loan-shape.js';
import { rate } from './rating.js';
import { investmentReturns, type ReturnSummary } from './returns.js';
import { type Sale, saleAt } from './sale.js';
import { hasExpenseLines, loanOf, type OperatingYear, operatingYears } from './schedule.js';
import type {
  AfterTaxFigures,
  AnalysisWithOptionalInputs,
  DealInput,
  ExpenseLineFigures,
  ExpenseLineRows,
  ExpenseLines,
  HoldPeriodTable,
  LoanShapeFigures,
  OptionalInputs,
  OverallReturns,
  RehabAndRefinanceFigures,
  TaxInputs,
  Year1Figures,
} from './types.js';
import { validateDealInput } from './validate.js';

/** `a / b`, or null when `b` is 0 (or so near it that the ratio overflows): no value rather than Infinity. */
function ratio(a: number, b: number): number | null {
  const value = a / b;
  return Number.isFinite(value) ? value : null;
}

/**
 * Runs the whole model of underwriting-model.md on one deal: year-1 metrics, the sale, the
 * hold-period table, overall returns (with the XIRR of the monthly flows) and the analyst rating.
 * Validates first, so any input outside the model's bounds throws `UnderwritingInputError`.
 *
 * Year-1 cash flows are operating cash flows (NOI, NOI − debt service): the sale is never part of
 * them, even on a one-year hold, so cash-on-cash stays a yield on the equity.
 *
 * The optional expense lines (`ExpenseLines`: capex reserve, HOA, owner utilities, leasing fee)
 * add to every year's expenses, and each given line's year-1 dollars appear in `year_1_metrics`
 * (`capex_reserve_expense`, `hoa_expense`, `owner_utilities_expense`, `leasing_expense`); an input
 * without them gives the very same analysis, key for key and bit for bit, as before they existed.
 * So do the loan shapes (`LoanShape`: interest-only months, points, a second loan) and the rehab and
 * refinance (`RehabAndRefinance`): a deal with any of them is computed month by month
 * (`analyzeShaped`), with their figures (`LoanShapeFigures`, `RehabAndRefinanceFigures`) in
 * `year_1_metrics`. A deal with any expense line also gets each line's dollars by year in
 * `hold_period.expense_lines`. With `tax` (`TaxInputs`, issue 28 §4) the result adds `after_tax`:
 * depreciation, each year's tax and after-tax cash flow, the tax at the sale and the after-tax
 * levered returns (`afterTax`; README, "After-tax returns (issue 28 §4)"); `tax` is not echoed in
 * `year_1_metrics`, and without it there is no `after_tax` key.
 *
 * @example
 * const { summary, overall_returns } = analyze(exampleDeal);
 * summary.overall_points;       // whole number 0–100
 * overall_returns.levered_xirr; // e.g. 0.0912, or null when no rate exists
 */
export function analyze(input: DealInput & OptionalInputs): AnalysisWithOptionalInputs {
  return analyzeValid(validateDealInput(input));
}

/**
 * `analyze` of a deal already inside its bounds (not validated again): the break-even search's
 * steps on a deal with loan shapes run through it.
 */
export function analyzeValid(deal: DealInput & OptionalInputs): AnalysisWithOptionalInputs {
  const { tax } = deal;
  if (tax !== undefined) {
    // the tax inputs are not figures of the deal: kept out of the echo in year_1_metrics
    const { tax: _, ...untaxed } = deal;
    return hasMonthlyInputs(untaxed) ? analyzeShaped(untaxed, tax) : analyzePlain(untaxed, tax);
  }
  return hasMonthlyInputs(deal) ? analyzeShaped(deal) : analyzePlain(deal);
}

/** The model of a deal without loan shapes, rehab or refinance: every year spread evenly over its months. */
function analyzePlain(deal: DealInput & OptionalInputs, tax?: TaxInputs): AnalysisWithOptionalInputs {
  const loan = loanOf(deal);
  const payment = monthlyPayment(loan);
  const years = operatingYears(deal);
  const M = 12 * deal.hold_period;
  const sale = saleAt(
    deal.purchase_price,
    deal.annual_price_appreciation,
    deal.cost_to_sell,
    deal.hold_period,
  );
  const loanPayoff = loanBalance(loan, M, payment);

  const total_acquisition = deal.purchase_price + deal.closing_cost;
  const down_payment = deal.purchase_price - loan.amount;
  const total_cost_to_close =
    down_payment + deal.closing_cost + deal.financing_fees + deal.loan_processing_fees;

  const year1 = years[0] as OperatingYear; // hold_period ≥ 1 is validated
  const yearlyLevered = year1.net_operating_income - year1.debt_service;
  const figures: Year1Figures & ExpenseLineFigures = {
    total_acquisition,
    effective_gross_revenue: year1.effective_gross_revenue,
    total_expenses: year1.expenses,
    net_operating_income: year1.net_operating_income,
    loan_amount: loan.amount,
    down_payment,
    total_cost_to_close,
    monthly_loan_payment: payment,
    monthly_unlevered_cash_flow: year1.net_operating_income / 12,
    yearly_unlevered_cash_flow: year1.net_operating_income,
    monthly_levered_cash_flow: yearlyLevered / 12,
    yearly_levered_cash_flow: yearlyLevered,
    unlevered_returns: year1.net_operating_income / total_acquisition,
    levered_returns: yearlyLevered / total_cost_to_close,
    cap_rate: year1.net_operating_income / deal.purchase_price,
    dscr: loan.amount === 0 ? null : ratio(year1.net_operating_income, year1.debt_service),
    gross_rent_multiplier: ratio(deal.purchase_price, 12 * deal.rent),
    break_even_occupancy: ratio(year1.expenses + year1.debt_service, year1.potential_income),
    rent_to_price: deal.rent / deal.purchase_price,
  };
  addExpenseLineFigures(figures, deal, year1);

  const table: AnalysisWithOptionalInputs['hold_period'] = holdPeriodTable(
    deal,
    years,
    sale.proceeds_from_sale,
    loanPayoff,
    total_acquisition,
    total_cost_to_close,
  );
  if (hasExpenseLines(deal)) table.expense_lines = expenseLineRows(deal, years);
  const unlevered = investmentReturns(
    total_acquisition,
    monthlyFlows(years, (y) => y.net_operating_income, sale.proceeds_from_sale),
  );
  const levered = investmentReturns(
    total_cost_to_close,
    monthlyFlows(years, (y) => y.net_operating_income - y.debt_service, sale.proceeds_from_sale - loanPayoff),
  );

  const analysis = analysisOf(deal, figures, sale, unlevered, levered, table);
  if (tax !== undefined) analysis.after_tax = afterTaxFigures(afterTax(taxableDealOf(deal), tax));
  return analysis;
}

/** Each expense line's year-1 dollars, only when its input is given: an input without them keeps its shape. */
function addExpenseLineFigures(figures: ExpenseLineFigures, deal: ExpenseLines, year1: OperatingYear): void {
  if (deal.capex_reserve !== undefined) figures.capex_reserve_expense = year1.capex_reserve;
  if (deal.hoa !== undefined) figures.hoa_expense = year1.hoa;
  if (deal.owner_utilities !== undefined) figures.owner_utilities_expense = year1.owner_utilities;
  if (deal.leasing_fee !== undefined) figures.leasing_expense = year1.leasing;
}

/** The analysis of a deal from its year-1 figures, sale, returns and table (both paths of `analyze`). */
function analysisOf(
  deal: DealInput & OptionalInputs,
  figures: Year1Figures & ExpenseLineFigures,
  sale: Sale,
  unlevered: ReturnSummary,
  levered: ReturnSummary,
  table: AnalysisWithOptionalInputs['hold_period'],
): AnalysisWithOptionalInputs {
  return {
    // Object.assign, not a spread: V8 spreads this 45-key object ~25× slower (52 µs against 2 µs)
    year_1_metrics: Object.assign({}, deal, figures),
    sale_assumptions: {
      sale_price_appreciation: sale.sale_price,
      sale_month: 12 * deal.hold_period,
      hold_period: deal.hold_period,
      annual_price_appreciation: deal.annual_price_appreciation,
      cost_to_sell: deal.cost_to_sell,
    },
    overall_returns: overallReturns(unlevered, levered),
    hold_period: table,
    summary: rate({
      levered_returns: figures.levered_returns,
      levered_xirr: levered.xirr,
      dscr: figures.dscr,
      cap_rate: figures.cap_rate,
      violent_crime_grade: deal.violent_crime_grade,
      property_crime_grade: deal.property_crime_grade,
    }),
  };
}

/** Each expense line the deal gives, its dollars in each year of `years` (the terms of that year's expense). */
function expenseLineRows(deal: ExpenseLines, years: readonly OperatingYear[]): ExpenseLineRows {
  const rows: ExpenseLineRows = {};
  if (deal.capex_reserve !== undefined) rows.capex_reserve = years.map((year) => year.capex_reserve);
  if (deal.hoa !== undefined) rows.hoa = years.map((year) => year.hoa);
  if (deal.owner_utilities !== undefined) rows.owner_utilities = years.map((year) => year.owner_utilities);
  if (deal.leasing_fee !== undefined) rows.leasing = years.map((year) => year.leasing);
  return rows;
}

/** `afterTax`'s result as `analyze`'s `after_tax`: the years as columns, one number per hold year like `hold_period`. */
function afterTaxFigures(result: AfterTaxResult): AfterTaxFigures {
  const column = (key: keyof AfterTaxFigures['years']) => result.years.map((year) => year[key]);
  return {
    basis: result.basis,
    years: {
      interest: column('interest'),
      depreciation: column('depreciation'),
      loan_costs: column('loan_costs'),
      taxable_income: column('taxable_income'),
      losses_used: column('losses_used'),
      suspended_losses: column('suspended_losses'),
      tax: column('tax'),
      pre_tax_cash_flow: column('pre_tax_cash_flow'),
      after_tax_cash_flow: column('after_tax_cash_flow'),
    },
    sale: result.sale,
    total_tax: result.total_tax,
    levered_equity: result.returns.equity,
    levered_profit: result.returns.profit,
    levered_equity_multiple: result.returns.equity_multiple,
    levered_xirr: result.returns.xirr,
    levered_xirr_multiple_roots: result.returns.multiple_roots,
  };
}

/**
 * The `TaxableDeal` of a deal on the month-by-month path, from `analyzeShaped`'s own months
 * (README, "After-tax returns (issue 28 §4)", "From a shaped deal"):
 * - cost basis = price + closing cost + rehab budget (financed or not);
 * - placed in service in the month the rehab ends, month `rehab_months` of the hold (January
 *   without a rehab), whatever its year: no depreciation before it;
 * - each year's interest = Σ over its months and every loan (the first, the refinance's new loan
 *   after it, the second) of payment − principal, as `monthlyScheduleOf`'s `loan_interest`;
 * - loan costs: the first loan's financing and processing fees and points over its term, their
 *   rest deducted in the refinance's year when refinanced (else at the sale); the refinance's
 *   closing costs over its term from its year; the second loan has no costs;
 * - the monthly levered flows without the sale and its payoff (balloons and the refinance's cash,
 *   which is a loan's proceeds and not income, included); each year's pre-tax cash flow is theirs
 *   as the table adds them (NOI − debt service − balloons + refinance cash);
 * - the sale at its price, selling costs and every loan's balance paid off at month M.
 */
function shapedTaxableDeal(
  deal: DealInput & OptionalInputs,
  years: readonly OperatingYear[],
  financing: Financing,
  sale: Sale,
  operating: readonly number[],
  levered_equity: number,
): TaxableDeal {
  const M = 12 * years.length;
  const k = deal.refinance?.month;
  const monthly: number[] = [];
  const taxYears: TaxableYear[] = [];
  let firstOpening = financing.first_amount;
  let secondOpening = financing.second_amount;
  for (const year of years) {
    let interest = 0;
    let debt = 0;
    let payoff = 0;
    let refinance = 0;
    for (let j = 0; j < 12; j++) {
      const i = 12 * (year.year - 1) + j;
      const m = i + 1;
      const firstPaid = financing.first_debt_service[i] as number;
      const firstBalance = financing.first_balance[i] as number;
      // in the refinance month the old loan is repaid to its balance; the new loan's amount opens the next
      const repaidTo = m === k ? financing.refinance_payoff : firstBalance;
      if (firstPaid !== 0) interest += firstPaid - (firstOpening - repaidTo);
      firstOpening = firstBalance;
      const secondPaid = financing.second_debt_service[i] as number;
      const secondBalance = financing.second_balance[i] as number;
      if (secondPaid !== 0) interest += secondPaid - (secondOpening - secondBalance);
      secondOpening = secondBalance;
      const paid = financing.debt_service[i] as number;
      const off = m === M ? 0 : (financing.payoff[i] as number); // the sale's payoff is the sale's
      const cash = financing.refinance_cash[i] as number;
      debt += paid;
      payoff += off;
      refinance += cash;
      monthly.push((operating[i] as number) - off + cash);
    }
    taxYears.push({
      net_operating_income: year.net_operating_income,
      // never below 0: payment − principal of a loan at ~0 % can wobble by an ulp
      interest: Math.max(0, interest),
      levered_cash_flow: year.net_operating_income - debt - payoff + refinance,
    });
  }
  const refinanceYear = k === undefined ? undefined : Math.ceil(k / 12);
  const first: LoanCosts = {
    amount: deal.financing_fees + deal.loan_processing_fees + financing.points_cost,
    term_years: deal.loan_term,
  };
  if (refinanceYear !== undefined) first.paid_off_in_year = refinanceYear;
  const loan_costs: LoanCosts[] = [first];
  if (deal.refinance !== undefined) {
    loan_costs.push({
      amount: deal.refinance.closing_costs,
      term_years: deal.refinance.loan_term,
      first_year: refinanceYear as number,
    });
  }
  return {
    cost_basis: deal.purchase_price + deal.closing_cost + (deal.rehab_budget ?? 0),
    placed_in_service_month: Math.max(1, deal.rehab_months ?? 0),
    years: taxYears,
    sale: {
      price: sale.sale_price,
      cost_to_sell: sale.selling_costs,
      loan_payoff: financing.payoff[M - 1] as number,
    },
    levered_equity,
    loan_costs,
    monthly_levered_cash_flows: monthly,
  };
}

/** The month-end flows of the hold: each year's annual flow spread over its 12 months, plus `atSale` in the last. */
function monthlyFlows(
  years: readonly OperatingYear[],
  annual: (y: OperatingYear) => number,
  atSale: number,
): number[] {
  const flows: number[] = [];
  for (const year of years) {
    const monthly = annual(year) / 12;
    for (let k = 0; k < 12; k++) flows.push(monthly);
  }
  flows[flows.length - 1] = (flows[flows.length - 1] ?? 0) + atSale;
  return flows;
}

/** The rows of an empty hold-period table. */
function emptyTable(): HoldPeriodTable {
  return {
    unlevered: {
      revenue: [],
      expense: [],
      net_operating_income: [],
      proceeds_from_sale: [],
      cashflow: [],
      annual_return: [],
    },
    levered: {
      revenue: [],
      expense: [],
      mortgage: [],
      rental_cashflow: [],
      loan_payoff: [],
      proceeds_from_sale: [],
      equity_accumulated: [],
      cashflow: [],
      annual_return: [],
    },
  };
}

/**
 * The model of a deal with loan shapes (issue 28 §3) or rehab and refinance inputs (§2), month by
 * month. Each month's income and expenses are its year's / 12 (as `monthlyFlows`), except rehab
 * months (`rentedYear`); its debt service, payoffs and refinance cash are the loans' of that month
 * (`financingOf`); the hold-period table sums the months of each year. Cash to close adds the points
 * and a rehab paid in cash and subtracts the second loan; the second loan's balloon is a levered
 * outflow in its month (that year's Loan Payoff); the refinance's net cash is a levered flow in its
 * month (that year's Cashflow); the sale is at `valueAt(deal, M)`; year-1 figures read months 1–12.
 */
function analyzeShaped(deal: DealInput & OptionalInputs, tax?: TaxInputs): AnalysisWithOptionalInputs {
  const M = 12 * deal.hold_period;
  const {
    years,
    rehabMonths,
    financing,
    sale,
    total_acquisition,
    down_payment,
    total_cost_to_close,
    no_loan: noLoan,
    levered: { flows: leveredFlows, yearDebt, yearPayoff, yearRefinance, operating },
  } = shapedDealOf(deal);

  const year1 = years[0] as OperatingYear;
  const debt1 = yearDebt[0] as number;
  const yearlyLevered = year1.net_operating_income - debt1;
  const figures: Year1Figures & ExpenseLineFigures & LoanShapeFigures & RehabAndRefinanceFigures = {
    total_acquisition,
    effective_gross_revenue: year1.effective_gross_revenue,
    total_expenses: year1.expenses,
    net_operating_income: year1.net_operating_income,
    loan_amount: financing.first_amount,
    down_payment,
    total_cost_to_close,
    monthly_loan_payment: financing.first_payment,
    monthly_unlevered_cash_flow: year1.net_operating_income / 12,
    yearly_unlevered_cash_flow: year1.net_operating_income,
    monthly_levered_cash_flow: yearlyLevered / 12,
    yearly_levered_cash_flow: yearlyLevered,
    unlevered_returns: year1.net_operating_income / total_acquisition,
    levered_returns: yearlyLevered / total_cost_to_close,
    cap_rate: year1.net_operating_income / deal.purchase_price,
    dscr: noLoan ? null : ratio(year1.net_operating_income, debt1),
    gross_rent_multiplier: ratio(deal.purchase_price, 12 * deal.rent),
    break_even_occupancy: ratio(year1.expenses + debt1, year1.potential_income),
    rent_to_price: deal.rent / deal.purchase_price,
  };
  addExpenseLineFigures(figures, deal, year1);
  if (deal.points !== undefined) figures.points_cost = financing.points_cost;
  // a payment "after interest-only" is news only when there are interest-only months
  if (deal.interest_only_months) figures.amortizing_loan_payment = financing.amortizing_payment;
  if (deal.second_loan !== undefined) {
    figures.second_loan_payment = financing.second_payment;
    if (deal.second_loan.interest_only_months) {
      figures.second_loan_amortizing_payment = financing.second_amortizing_payment;
    }
    figures.second_loan_payoff_month = financing.second_payoff_month;
    figures.second_loan_payoff = financing.second_payoff;
  }
  if (deal.refinance !== undefined) {
    const k = deal.refinance.month;
    const returned = financing.refinance_cash[k - 1] as number;
    const leftIn = total_cost_to_close - returned;
    // the operating levered cash flow of the 12 months after the refinance, annualised if the sale comes first
    const after = operating.slice(k, Math.min(k + 12, M));
    const afterFlow = (after.reduce((sum, flow) => sum + flow, 0) * 12) / after.length;
    figures.refinance_value = financing.refinance_value;
    figures.refinance_loan_amount = financing.refinance_amount;
    figures.refinance_payoff = financing.refinance_payoff;
    figures.refinance_loan_payment = financing.refinance_payment;
    figures.cash_invested = total_cost_to_close;
    figures.cash_returned_at_refinance = returned;
    figures.cash_left_in_deal = leftIn;
    figures.cash_on_cash_on_cash_left_in = leftIn > 0 ? ratio(afterFlow, leftIn) : null;
    figures.no_cash_left_in = !(leftIn > 0);
  }

  const table: AnalysisWithOptionalInputs['hold_period'] = emptyTable();
  const last = years.length;
  for (const year of years) {
    const y = year.year;
    const value =
      deal.after_repair_value === undefined
        ? deal.purchase_price * (1 + deal.annual_price_appreciation) ** y
        : valueAt(deal, 12 * y);
    addTableYear(table, year, {
      debtService: yearDebt[y - 1] as number,
      saleProceeds: y === last ? sale.proceeds_from_sale : 0,
      loanPayoff: yearPayoff[y - 1] as number,
      refinanceCash: yearRefinance[y - 1] as number,
      equity: value - (financing.balance[12 * y - 1] as number),
      unleveredEquity: total_acquisition,
      leveredEquity: total_cost_to_close,
    });
  }

  const unlevered = investmentReturns(total_acquisition, shapedUnleveredFlows(years, rehabMonths, sale));
  // the rehab months' years (rentedYear): no capex reserve or leasing in those months
  if (hasExpenseLines(deal)) table.expense_lines = expenseLineRows(deal, years);
  // the year the refinance's cash comes out, so the table's Cashflow can be read from its rows
  if (deal.refinance !== undefined) table.refinance_cash = [...yearRefinance];
  const levered = investmentReturns(total_cost_to_close, leveredFlows);
  const analysis = analysisOf(deal, figures, sale, unlevered, levered, table);
  if (tax !== undefined) {
    const taxable = shapedTaxableDeal(deal, years, financing, sale, operating, total_cost_to_close);
    analysis.after_tax = afterTaxFigures(afterTax(taxable, tax));
  }
  return analysis;
}

/**
 * What every figure of a deal with loan shapes or a rehab is built from: its years (rehab months
 * taken out), loans month by month, sale, cash to close and levered flows. `analyzeShaped` builds
 * the analysis from it; the simulation's kernel reads only the figures a draw needs.
 */
export interface ShapedDeal {
  years: OperatingYear[];
  rehabMonths: number;
  financing: Financing;
  sale: Sale;
  total_acquisition: number;
  down_payment: number;
  total_cost_to_close: number;
  /** neither loan nor a refinance: DSCR is null */
  no_loan: boolean;
  levered: ShapedFlows;
}

/**
 * The parts of a deal with loan shapes or a rehab (see `analyzeShaped` for the model). Cash to close
 * adds the points and a rehab paid in cash and subtracts the second loan; the sale is at
 * `valueAt(deal, M)` when an after-repair value is given.
 */
export function shapedDealOf(deal: DealInput & OptionalInputs): ShapedDeal {
  const M = 12 * deal.hold_period;
  const rehabMonths = deal.rehab_months ?? 0;
  const years = operatingYears(deal).map((year) => rentedYear(year, rehabMonths));
  const financing = financingOf(deal, M);
  const sale =
    deal.after_repair_value === undefined
      ? saleAt(deal.purchase_price, deal.annual_price_appreciation, deal.cost_to_sell, deal.hold_period)
      : saleOf(valueAt(deal, M), deal.cost_to_sell);
  const rehab = deal.rehab_budget ?? 0;
  const total_acquisition =
    rehab === 0 ? deal.purchase_price + deal.closing_cost : deal.purchase_price + deal.closing_cost + rehab;
  const down_payment = deal.purchase_price - loanOf(deal).amount;
  const rehabInCash = deal.rehab_financed === true ? 0 : rehab;
  const total_cost_to_close =
    down_payment +
    deal.closing_cost +
    deal.financing_fees +
    deal.loan_processing_fees +
    financing.points_cost -
    financing.second_amount +
    rehabInCash;
  return {
    years,
    rehabMonths,
    financing,
    sale,
    total_acquisition,
    down_payment,
    total_cost_to_close,
    no_loan: financing.first_amount === 0 && financing.second_amount === 0 && deal.refinance === undefined,
    levered: shapedLeveredFlows(years, financing, sale.proceeds_from_sale, rehabMonths),
  };
}

/** A shaped deal's unlevered monthly flows (months 1..M, the sale in the last). */
export function shapedUnleveredFlows(
  years: readonly OperatingYear[],
  rehabMonths: number,
  sale: Sale,
): number[] {
  return rehabMonths === 0
    ? monthlyFlows(years, (y) => y.net_operating_income, sale.proceeds_from_sale)
    : unleveredMonths(years, rehabMonths, sale.proceeds_from_sale);
}

/**
 * The unlevered and levered monthly flows (months 1..M, the sale in the last) of a deal with loan
 * shapes or a rehab, as `analyze` builds them.
 *
 * @example
 * shapedMonthlyFlows(brrrrDeal).levered[4]; // month 5's levered flow (the refinance's cash, if it is then)
 */
export function shapedMonthlyFlows(deal: DealInput & OptionalInputs): {
  unlevered: number[];
  levered: number[];
} {
  const { years, rehabMonths, sale, levered } = shapedDealOf(deal);
  return { unlevered: shapedUnleveredFlows(years, rehabMonths, sale), levered: levered.flows };
}

/** A sale at `salePrice`: selling costs `cost_to_sell × price`, proceeds the rest (as `saleAt`). */
function saleOf(salePrice: number, costToSell: number): Sale {
  const selling_costs = costToSell * salePrice;
  return { sale_price: salePrice, selling_costs, proceeds_from_sale: salePrice - selling_costs };
}

/** The fixed costs still paid in a rehab month, $ for the year: insurance, taxes, HOA dues, owner utilities. */
function carryingCosts(year: OperatingYear): number {
  return year.insurance + year.property_taxes + year.hoa + year.owner_utilities;
}

/**
 * NOI of month m of `year` (whose months are all alike but for rehab): the year's / 12, or in a rehab
 * month (m ≤ rehab months) no income and only the carrying costs.
 */
function monthNoi(plain: OperatingYear, m: number, rehabMonths: number): number {
  return m <= rehabMonths ? -carryingCosts(plain) / 12 : plain.net_operating_income / 12;
}

/**
 * The year with its rehab months taken out (issue 28 §2): in the `v` of its months that fall in the
 * first `rehabMonths` of the hold there is no rent, other income or vacancy, and no management,
 * maintenance, capex reserve or leasing (they follow rent the house does not earn); insurance,
 * taxes, HOA dues and owner utilities are paid in full. So each income and rent-following figure is
 * the year's × (12 − v) / 12. The year itself when none of its months is a rehab month. It keeps
 * `plain`, the year as let, for the monthly flows.
 */
function rentedYear(year: OperatingYear, rehabMonths: number): OperatingYear & { plain?: OperatingYear } {
  const vacant = Math.min(12, Math.max(0, rehabMonths - 12 * (year.year - 1)));
  if (vacant === 0) return year;
  const f = (12 - vacant) / 12;
  const effective_gross_revenue = year.effective_gross_revenue * f;
  const property_management = year.property_management * f;
  const maintenance = year.maintenance * f;
  const capex_reserve = year.capex_reserve * f;
  const leasing = year.leasing * f;
  const expenses =
    property_management +
    year.insurance +
    year.property_taxes +
    maintenance +
    capex_reserve +
    year.hoa +
    year.owner_utilities +
    leasing;
  return {
    ...year,
    gross_rent: year.gross_rent * f,
    other_income: year.other_income * f,
    potential_income: year.potential_income * f,
    vacancy_loss: year.vacancy_loss * f,
    effective_gross_revenue,
    property_management,
    maintenance,
    capex_reserve,
    leasing,
    expenses,
    net_operating_income: effective_gross_revenue - expenses,
    plain: year,
  };
}

/** The unlevered monthly flows of a deal with rehab months: each month's NOI (`monthNoi`), the sale in the last. */
function unleveredMonths(years: readonly OperatingYear[], rehabMonths: number, atSale: number): number[] {
  const flows: number[] = [];
  for (const year of years) {
    const plain = (year as { plain?: OperatingYear }).plain ?? year;
    for (let k = 1; k <= 12; k++) flows.push(monthNoi(plain, 12 * (year.year - 1) + k, rehabMonths));
  }
  flows[flows.length - 1] = (flows[flows.length - 1] ?? 0) + atSale;
  return flows;
}

/**
 * A shaped deal's levered monthly flows (month m at index m − 1), each year's debt service, loan
 * payoffs and refinance cash, and each month's operating levered flow (NOI − debt service).
 */
export interface ShapedFlows {
  flows: number[];
  yearDebt: number[];
  yearPayoff: number[];
  yearRefinance: number[];
  operating: number[];
}

/**
 * The levered flows of a deal with loan shapes or a rehab: month m of year y is its NOI (the year's
 * / 12, or the carrying costs in a rehab month) − debt service_m − payoff_m + refinance cash_m, plus
 * the sale's proceeds in month M (`financingOf` gives the loans' months).
 *
 * @example
 * shapedLeveredFlows(operatingYears(deal), financingOf(deal, 60), saleAt(…).proceeds_from_sale, 0).flows[0];
 * // year-1 NOI / 12 − month 1's payments
 */
export function shapedLeveredFlows(
  years: readonly OperatingYear[],
  financing: Financing,
  proceeds: number,
  rehabMonths: number,
): ShapedFlows {
  const M = 12 * years.length;
  const flows: number[] = [];
  const operating: number[] = [];
  const yearDebt: number[] = [];
  const yearPayoff: number[] = [];
  const yearRefinance: number[] = [];
  for (const year of years) {
    const plain = (year as { plain?: OperatingYear }).plain ?? year;
    let debt = 0;
    let payoff = 0;
    let refinance = 0;
    for (let k = 1; k <= 12; k++) {
      const m = 12 * (year.year - 1) + k;
      const noi = monthNoi(plain, m, rehabMonths);
      const paid = financing.debt_service[m - 1] as number;
      const off = financing.payoff[m - 1] as number;
      const cash = financing.refinance_cash[m - 1] as number;
      debt += paid;
      payoff += off;
      refinance += cash;
      operating.push(noi - paid);
      flows.push(noi - paid - off + cash + (m === M ? proceeds : 0));
    }
    yearDebt.push(debt);
    yearPayoff.push(payoff);
    yearRefinance.push(refinance);
  }
  return { flows, yearDebt, yearPayoff, yearRefinance, operating };
}

function overallReturns(unlevered: ReturnSummary, levered: ReturnSummary): OverallReturns {
  return {
    unlevered_equity: unlevered.equity,
    unlevered_equity_multiple: unlevered.equity_multiple,
    unlevered_profit: unlevered.profit,
    unlevered_xirr: unlevered.xirr,
    levered_equity: levered.equity,
    levered_equity_multiple: levered.equity_multiple,
    levered_profit: levered.profit,
    levered_xirr: levered.xirr,
    unlevered_xirr_multiple_roots: unlevered.multiple_roots,
    levered_xirr_multiple_roots: levered.multiple_roots,
  };
}

function holdPeriodTable(
  deal: DealInput,
  years: readonly OperatingYear[],
  proceeds: number,
  payoff: number,
  unleveredEquity: number,
  leveredEquity: number,
): HoldPeriodTable {
  const loan = loanOf(deal);
  const payment = monthlyPayment(loan);
  const last = years.length;
  const table = emptyTable();
  for (const year of years) {
    const value = deal.purchase_price * (1 + deal.annual_price_appreciation) ** year.year;
    addTableYear(table, year, {
      debtService: year.debt_service,
      saleProceeds: year.year === last ? proceeds : 0,
      loanPayoff: year.year === last ? payoff : 0,
      refinanceCash: 0,
      equity: value - loanBalance(loan, 12 * year.year, payment),
      unleveredEquity,
      leveredEquity,
    });
  }
  return table;
}

/** What a hold-period year adds to its operating year: the loans, the sale and the equity. */
interface TableYearFlows {
  debtService: number;
  saleProceeds: number;
  loanPayoff: number;
  /** a refinance's net cash out that year (levered only) */
  refinanceCash: number;
  /** the value that year less the loans' balance */
  equity: number;
  /** what each column's annual return is a share of */
  unleveredEquity: number;
  leveredEquity: number;
}

/** One year's column of the hold-period table, for the plain and the shaped model alike. */
function addTableYear(table: HoldPeriodTable, year: OperatingYear, flows: TableYearFlows): void {
  const { unlevered: u, levered: l } = table;
  const unleveredCash = year.net_operating_income + flows.saleProceeds;
  const rentalCash = year.net_operating_income - flows.debtService;
  const leveredCash = rentalCash + flows.saleProceeds - flows.loanPayoff + flows.refinanceCash;

  u.revenue.push(year.effective_gross_revenue);
  u.expense.push(year.expenses);
  u.net_operating_income.push(year.net_operating_income);
  u.proceeds_from_sale.push(flows.saleProceeds);
  u.cashflow.push(unleveredCash);
  u.annual_return.push(unleveredCash / flows.unleveredEquity);

  l.revenue.push(year.effective_gross_revenue);
  l.expense.push(year.expenses);
  l.mortgage.push(flows.debtService);
  l.rental_cashflow.push(rentalCash);
  l.loan_payoff.push(flows.loanPayoff);
  l.proceeds_from_sale.push(flows.saleProceeds);
  l.equity_accumulated.push(flows.equity);
  l.cashflow.push(leveredCash);
  l.annual_return.push(leveredCash / flows.leveredEquity);
}
