/**
 * A second, deliberately plain implementation of underwriting-model.md, used only to produce the
 * golden expected files. It is written from the model document alone, like a spreadsheet: one row
 * per month, the loan balance carried forward row by row, yearly figures summed by loops, and the
 * XIRR found by scanning a fine grid of monthly rates for sign changes and bisecting each one.
 *
 * It shares nothing with the engine in src/ except the type declarations of the output shape.
 */
import type { Analysis, DealInput, HoldPeriodTable, Rating, RatingColor, Score } from '../../src/types.js';

/** One spreadsheet row: everything that happens in month `month`. */
export interface MonthRow {
  month: number;
  year: number;
  gross_rent: number;
  other_income: number;
  potential_income: number;
  vacancy_loss: number;
  effective_gross_revenue: number;
  management: number;
  insurance: number;
  taxes: number;
  maintenance: number;
  expenses: number;
  net_operating_income: number;
  opening_balance: number;
  interest: number;
  principal: number;
  debt_service: number;
  closing_balance: number;
  /** NOI, plus the sale proceeds in the last month */
  unlevered_cash_flow: number;
  /** NOI − debt service, plus proceeds − payoff in the last month */
  levered_cash_flow: number;
}

export interface ReferenceLoan {
  loan_amount: number;
  monthly_rate: number;
  term_months: number;
  payment: number;
}

export interface IrrResult {
  /** annual rate, or null when no monthly rate solves the flows */
  xirr: number | null;
  multipleRoots: boolean;
  /** every monthly root found, ascending */
  monthlyRoots: number[];
}

/** The grades from best to worst; the grade score is (12 − index) / 12. */
const GRADES = ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'F'];

export function gradeScore(grade: string | null): number {
  if (grade === null) return 0.5;
  const index = GRADES.indexOf(grade);
  if (index < 0) throw new Error(`unknown crime grade ${grade}`);
  return (12 - index) / 12;
}

export function referenceLoan(deal: DealInput): ReferenceLoan {
  const loan_amount = deal.loan_to_value * deal.purchase_price;
  const monthly_rate = deal.interest_rate / 12;
  const term_months = 12 * deal.loan_term;
  let payment: number;
  if (loan_amount === 0) {
    payment = 0;
  } else if (monthly_rate === 0) {
    payment = loan_amount / term_months;
  } else {
    payment = (loan_amount * monthly_rate) / (1 - (1 + monthly_rate) ** -term_months);
  }
  return { loan_amount, monthly_rate, term_months, payment };
}

/** The sale price after `years` of appreciation, compounded one year at a time. */
function appreciatedPrice(deal: DealInput, years: number): number {
  let price = deal.purchase_price;
  for (let y = 1; y <= years; y++) price = price * (1 + deal.annual_price_appreciation);
  return price;
}

/** The whole monthly sheet, months 1..12 × hold_period. */
export function monthlySheet(deal: DealInput): MonthRow[] {
  const months = 12 * deal.hold_period;
  const loan = referenceLoan(deal);
  const salePrice = appreciatedPrice(deal, deal.hold_period);
  const proceeds = salePrice - deal.cost_to_sell * salePrice;

  const rows: MonthRow[] = [];
  // Year factors, carried from one year to the next like a spreadsheet column.
  let rentFactor = 1;
  let otherFactor = 1;
  let managementFactor = 1;
  let insuranceFactor = 1;
  let taxesFactor = 1;
  let maintenanceFactor = 1;
  let balance = loan.loan_amount;

  for (let m = 1; m <= months; m++) {
    const year = Math.ceil(m / 12);
    if (m > 1 && (m - 1) % 12 === 0) {
      // first month of a new year: step every growth factor once
      rentFactor = rentFactor * (1 + deal.rent_annual_growth_rate);
      otherFactor = otherFactor * (1 + deal.other_income_annual_growth_rate);
      managementFactor = managementFactor * (1 + deal.property_management_annual_growth_rate);
      insuranceFactor = insuranceFactor * (1 + deal.insurance_annual_growth_rate);
      taxesFactor = taxesFactor * (1 + deal.property_taxes_annual_growth_rate);
      maintenanceFactor = maintenanceFactor * (1 + deal.property_maintenance_annual_growth_rate);
    }
    const gross_rent = deal.rent * rentFactor;
    const other_income = deal.other_income * otherFactor;
    const potential_income = gross_rent + other_income;
    const vacancy_loss = deal.vacancy_rate * potential_income;
    const effective_gross_revenue = potential_income - vacancy_loss;
    const management = (deal.property_management / 12) * managementFactor;
    const insurance = (deal.insurance / 12) * insuranceFactor;
    const taxes = (deal.property_taxes / 12) * taxesFactor;
    const maintenance = (deal.maintenance / 12) * maintenanceFactor;
    const expenses = management + insurance + taxes + maintenance;
    const net_operating_income = effective_gross_revenue - expenses;

    const opening_balance = balance;
    let interest = 0;
    let principal = 0;
    let debt_service = 0;
    if (loan.loan_amount > 0 && m <= loan.term_months) {
      debt_service = loan.payment;
      interest = opening_balance * loan.monthly_rate;
      principal = debt_service - interest;
      balance = opening_balance - principal;
      if (m === loan.term_months) balance = 0; // B(k) = 0 for k ≥ n
    }
    const closing_balance = balance;

    let unlevered_cash_flow = net_operating_income;
    let levered_cash_flow = net_operating_income - debt_service;
    if (m === months) {
      unlevered_cash_flow = unlevered_cash_flow + proceeds;
      levered_cash_flow = levered_cash_flow + proceeds - closing_balance;
    }

    rows.push({
      month: m,
      year,
      gross_rent,
      other_income,
      potential_income,
      vacancy_loss,
      effective_gross_revenue,
      management,
      insurance,
      taxes,
      maintenance,
      expenses,
      net_operating_income,
      opening_balance,
      interest,
      principal,
      debt_service,
      closing_balance,
      unlevered_cash_flow,
      levered_cash_flow,
    });
  }
  return rows;
}

/**
 * Sign of the NPV at monthly rate j of flows cf[0..M] (cf[0] at month 0). For j < 0 the NPV is
 * multiplied by (1+j)^M > 0 so nothing overflows near j = −1; the sign is unchanged.
 */
function scaledNpv(cf: number[], j: number): number {
  const last = cf.length - 1;
  if (j < 0) {
    // Σ cf[m] (1+j)^(M−m), Horner from month 0
    const w = 1 + j;
    let acc = cf[0] ?? 0;
    for (let m = 1; m <= last; m++) acc = acc * w + (cf[m] ?? 0);
    return acc;
  }
  // Σ cf[m] (1+j)^(−m), Horner from month M
  const v = 1 / (1 + j);
  let acc = cf[last] ?? 0;
  for (let m = last - 1; m >= 0; m--) acc = acc * v + (cf[m] ?? 0);
  return acc;
}

function bisect(cf: number[], lo: number, hi: number): number {
  let fLo = scaledNpv(cf, lo);
  for (let k = 0; k < 300; k++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    const fMid = scaledNpv(cf, mid);
    if (fMid === 0) return mid;
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else {
      hi = mid;
    }
  }
  return (lo + hi) / 2;
}

/**
 * XIRR of an initial investment `equity` at month 0 and monthly flows `flows[0]` = month 1 …:
 * every monthly rate j in (−1, 100] where Σ CF_m (1+j)^−m = E, found on a grid of 1 + j spaced
 * 5e-5 apart in ln(1 + j) (j from −0.999999 to 100), each sign change bisected to machine
 * precision. With several roots, the one shown is found by walking from 0 the way the NPV at 0
 * points (README "Several XIRRs"): when the sum of the flows has the opposite sign to the first
 * flow (an outlay that makes a profit), the lowest positive root; otherwise the negative root
 * nearest 0; if there is none that way, the root nearest 0.
 */
export function monthlyXirr(equity: number, flows: number[]): IrrResult {
  const cf = [-equity, ...flows];
  const lowX = Math.log(1e-6);
  const highX = Math.log(101);
  const step = 5e-5;
  const count = Math.ceil((highX - lowX) / step);
  const roots: number[] = [];
  let prevJ = Number.NaN;
  let prevF = 0;
  for (let k = 0; k <= count; k++) {
    // make j = 0 an exact grid point
    const x = k === count ? highX : lowX + k * step;
    const j = Math.abs(x) < step / 2 ? 0 : Math.exp(x) - 1;
    const f = scaledNpv(cf, j);
    if (f === 0) {
      roots.push(j);
    } else if (!Number.isNaN(prevJ) && prevF !== 0 && Math.sign(f) !== Math.sign(prevF)) {
      roots.push(bisect(cf, prevJ, j));
    }
    prevJ = j;
    prevF = f;
  }
  if (roots.length === 0) return { xirr: null, multipleRoots: false, monthlyRoots: [] };
  let total = 0;
  for (const a of cf) total += a;
  const lead = Math.sign(cf.find((a) => a !== 0) ?? 0);
  const upward = Math.sign(total) !== lead;
  // roots are ascending: the lowest positive one, or the highest negative one
  const positive = roots.filter((j) => j > 0);
  const negative = roots.filter((j) => j < 0);
  let chosen: number | undefined = roots.includes(0) ? 0 : upward ? positive[0] : negative.at(-1);
  if (chosen === undefined) {
    for (const j of roots) if (chosen === undefined || Math.abs(j) < Math.abs(chosen)) chosen = j;
  }
  const best = chosen === undefined ? null : (1 + chosen) ** 12 - 1;
  return { xirr: best, multipleRoots: roots.length > 1, monthlyRoots: roots };
}

function scoreOf(
  name: Score['name'],
  label: string,
  measure: number | null,
  floor: number,
  cap: number,
  max_points: number,
  pointsWhenNull: number,
): Score {
  let points: number;
  if (measure === null) {
    points = pointsWhenNull;
  } else {
    let fraction = (measure - floor) / (cap - floor);
    if (fraction < 0) fraction = 0;
    if (fraction > 1) fraction = 1;
    points = max_points * fraction;
  }
  return { name, label, measure, floor, cap, max_points, points };
}

const BANDS: { min: number; color: RatingColor; response: string }[] = [
  { min: 80, color: 'Green', response: 'Strong investment: the numbers clear every threshold.' },
  { min: 65, color: 'Light-Green', response: 'Good investment: solid returns with minor weak spots.' },
  { min: 50, color: 'Yellow', response: 'Fair investment: workable, but check the weak scores.' },
  {
    min: 35,
    color: 'Red Orange',
    response: 'Weak investment: returns do not justify the risk at this price.',
  },
  { min: 0, color: 'Red', response: 'Poor investment: the numbers do not work at this price.' },
];

/** The reference analysis of one deal, in exactly the engine's output shape. */
export function referenceAnalyze(deal: DealInput): Analysis {
  const rows = monthlySheet(deal);
  const months = rows.length;
  const hold = deal.hold_period;
  const loan = referenceLoan(deal);

  const total_acquisition = deal.purchase_price + deal.closing_cost;
  const down_payment = deal.purchase_price - loan.loan_amount;
  const total_cost_to_close =
    down_payment + deal.closing_cost + deal.financing_fees + deal.loan_processing_fees;

  const salePrice = appreciatedPrice(deal, hold);
  const proceeds = salePrice - deal.cost_to_sell * salePrice;
  const lastRow = rows[months - 1];
  if (lastRow === undefined) throw new Error('hold_period must be at least 1');
  const payoff = lastRow.closing_balance;

  // ---- yearly sums, by loops over the rows of each year
  const table: HoldPeriodTable = {
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
  let year1PotentialIncome = 0;
  let year1DebtService = 0;
  let year1UnleveredOperating = 0;
  let year1LeveredOperating = 0;
  for (let y = 1; y <= hold; y++) {
    let revenue = 0;
    let expense = 0;
    let noi = 0;
    let mortgage = 0;
    let potential = 0;
    let yearEndBalance = 0;
    for (const row of rows) {
      if (row.year !== y) continue;
      revenue += row.effective_gross_revenue;
      expense += row.expenses;
      noi += row.net_operating_income;
      mortgage += row.debt_service;
      potential += row.potential_income;
      yearEndBalance = row.closing_balance;
    }
    const isLast = y === hold;
    const yearProceeds = isLast ? proceeds : 0;
    const yearPayoff = isLast ? payoff : 0;
    const rental = noi - mortgage;
    const unleveredCash = noi + yearProceeds;
    const leveredCash = rental + yearProceeds - yearPayoff;

    table.unlevered.revenue.push(revenue);
    table.unlevered.expense.push(expense);
    table.unlevered.net_operating_income.push(noi);
    table.unlevered.proceeds_from_sale.push(yearProceeds);
    table.unlevered.cashflow.push(unleveredCash);
    table.unlevered.annual_return.push(unleveredCash / total_acquisition);

    table.levered.revenue.push(revenue);
    table.levered.expense.push(expense);
    table.levered.mortgage.push(mortgage);
    table.levered.rental_cashflow.push(rental);
    table.levered.loan_payoff.push(yearPayoff);
    table.levered.proceeds_from_sale.push(yearProceeds);
    table.levered.equity_accumulated.push(appreciatedPrice(deal, y) - yearEndBalance);
    table.levered.cashflow.push(leveredCash);
    table.levered.annual_return.push(leveredCash / total_cost_to_close);

    if (y === 1) {
      year1PotentialIncome = potential;
      year1DebtService = mortgage;
      // operating cash flows of year 1, without the sale (see the golden README section)
      year1UnleveredOperating = noi;
      year1LeveredOperating = rental;
    }
  }

  const y1Revenue = table.unlevered.revenue[0] ?? 0;
  const y1Expense = table.unlevered.expense[0] ?? 0;
  const y1Noi = table.unlevered.net_operating_income[0] ?? 0;
  const hasLoan = loan.loan_amount > 0;

  const levered_returns = year1LeveredOperating / total_cost_to_close;
  const cap_rate = y1Noi / deal.purchase_price;
  const dscr = hasLoan ? y1Noi / year1DebtService : null;

  // ---- overall returns
  let unleveredSum = 0;
  let leveredSum = 0;
  const unleveredFlows: number[] = [];
  const leveredFlows: number[] = [];
  for (const row of rows) {
    unleveredSum += row.unlevered_cash_flow;
    leveredSum += row.levered_cash_flow;
    unleveredFlows.push(row.unlevered_cash_flow);
    leveredFlows.push(row.levered_cash_flow);
  }
  const unleveredIrr = monthlyXirr(total_acquisition, unleveredFlows);
  const leveredIrr = monthlyXirr(total_cost_to_close, leveredFlows);

  // ---- rating
  const neighbourhood = (gradeScore(deal.violent_crime_grade) + gradeScore(deal.property_crime_grade)) / 2;
  const scores: Score[] = [
    scoreOf('cash_flow', 'Cash flow (year-1 cash-on-cash)', levered_returns, 0, 0.1, 25, 0),
    scoreOf('return', 'Return (levered XIRR)', leveredIrr.xirr, 0, 0.15, 25, 0),
    scoreOf('safety', 'Safety (DSCR)', dscr, 1.0, 1.5, 20, 20),
    scoreOf('yield', 'Yield (cap rate)', cap_rate, 0.03, 0.08, 15, 0),
    scoreOf('neighbourhood', 'Neighbourhood (crime grades)', neighbourhood, 0, 11 / 12, 15, 0),
  ];
  let pointSum = 0;
  for (const s of scores) pointSum += s.points;
  const overall_points = Math.round(pointSum);
  const band = BANDS.find((b) => overall_points >= b.min) ?? BANDS[BANDS.length - 1];
  if (band === undefined) throw new Error('no rating band');
  const summary: Rating = {
    overall_points,
    overall_color: band.color,
    overall_response: band.response,
    scores,
  };

  return {
    year_1_metrics: {
      total_acquisition,
      effective_gross_revenue: y1Revenue,
      total_expenses: y1Expense,
      net_operating_income: y1Noi,
      loan_amount: loan.loan_amount,
      down_payment,
      total_cost_to_close,
      monthly_loan_payment: loan.payment,
      monthly_unlevered_cash_flow: year1UnleveredOperating / 12,
      yearly_unlevered_cash_flow: year1UnleveredOperating,
      monthly_levered_cash_flow: year1LeveredOperating / 12,
      yearly_levered_cash_flow: year1LeveredOperating,
      unlevered_returns: year1UnleveredOperating / total_acquisition,
      levered_returns,
      cap_rate,
      dscr,
      gross_rent_multiplier: deal.rent === 0 ? null : deal.purchase_price / (12 * deal.rent),
      break_even_occupancy:
        year1PotentialIncome === 0 ? null : (y1Expense + year1DebtService) / year1PotentialIncome,
      rent_to_price: deal.rent / deal.purchase_price,
      ...deal,
    },
    sale_assumptions: {
      sale_price_appreciation: salePrice,
      sale_month: 12 * hold,
      hold_period: hold,
      annual_price_appreciation: deal.annual_price_appreciation,
      cost_to_sell: deal.cost_to_sell,
    },
    overall_returns: {
      unlevered_equity: total_acquisition,
      unlevered_equity_multiple: total_acquisition === 0 ? null : unleveredSum / total_acquisition,
      unlevered_profit: unleveredSum - total_acquisition,
      unlevered_xirr: unleveredIrr.xirr,
      levered_equity: total_cost_to_close,
      levered_equity_multiple: total_cost_to_close === 0 ? null : leveredSum / total_cost_to_close,
      levered_profit: leveredSum - total_cost_to_close,
      levered_xirr: leveredIrr.xirr,
      unlevered_xirr_multiple_roots: unleveredIrr.multipleRoots,
      levered_xirr_multiple_roots: leveredIrr.multipleRoots,
    },
    hold_period: table,
    summary,
  };
}
