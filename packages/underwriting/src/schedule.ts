import { type Loan, loanBalance, monthlyPayment } from './loan.js';
import type { Assumptions, ExpenseLines } from './types.js';

/**
 * One year of operations. Growth is stepped once a year, so every month of a year is the same
 * and a year's total is 12 × its month (underwriting-model.md, "Monthly schedule").
 */
export interface OperatingYear {
  year: number;
  gross_rent: number;
  other_income: number;
  potential_income: number;
  vacancy_loss: number;
  effective_gross_revenue: number;
  property_management: number;
  insurance: number;
  property_taxes: number;
  maintenance: number;
  /** the optional expense lines (issue 28 §1), $ this year; 0 for a line the deal does not give */
  capex_reserve: number;
  hoa: number;
  owner_utilities: number;
  leasing: number;
  expenses: number;
  net_operating_income: number;
  debt_service: number;
}

export interface ScheduleMonth extends Omit<OperatingYear, 'year'> {
  month: number;
  year: number;
  interest: number;
  principal: number;
  /** loan balance after this month's payment */
  loan_balance: number;
}

/**
 * A year-1 amount grown for year `y` with annual growth `g`.
 *
 * Formula: `A × (1 + g)^(y − 1)`.
 *
 * @example
 * grown(1000, 0.03, 3); // 1060.9 = 1000 × 1.03²
 */
export function grown(amount: number, growth: number, year: number): number {
  return amount * (1 + growth) ** (year - 1);
}

/** The loan the assumptions describe: `loan_to_value × purchase_price` at `interest_rate` over `loan_term`. */
export function loanOf(a: Assumptions): Loan {
  return {
    amount: a.loan_to_value * a.purchase_price,
    annual_rate: a.interest_rate,
    term_years: a.loan_term,
  };
}

/** Whether the deal gives any of the optional expense lines that cost money (the HOA's growth and the tenancy alone cost nothing). */
export function hasExpenseLines(a: ExpenseLines): boolean {
  return (
    a.capex_reserve !== undefined ||
    a.hoa !== undefined ||
    a.owner_utilities !== undefined ||
    a.leasing_fee !== undefined
  );
}

/** The HOA dues' growth: `hoa_annual_growth_rate`, or the maintenance growth when it is not given. */
export function hoaGrowth(a: Assumptions & ExpenseLines): number {
  return a.hoa_annual_growth_rate ?? a.property_maintenance_annual_growth_rate;
}

/**
 * Totals of one operating year `y` (income, vacancy, each expense, NOI and debt service).
 *
 * Formulas: gross_rent = 12 × rent × (1 + rent_growth)^(y−1); vacancy = vacancy_rate × potential;
 * each expense = year-1 amount × (1 + its growth)^(y−1); NOI = EGR − expenses; debt service = 12P while
 * y ≤ loan_term, else 0. The optional expense lines (README "Expense lines"), each 0 when not given:
 * capex reserve = capex_reserve × 12 × rent × (1 + maintenance growth)^(y−1); HOA = 12 × hoa ×
 * (1 + HOA growth)^(y−1); owner utilities = 12 × owner_utilities × (1 + maintenance growth)^(y−1);
 * leasing = leasing_fee × gross_rent / tenancy_months. Expenses = management + insurance + taxes +
 * maintenance + capex reserve + HOA + owner utilities + leasing, added in that order (adding a 0 is
 * exact, so a deal without the lines has the very same expenses as before they existed).
 *
 * @example
 * // rent 2,000/mo, 5 % vacancy, 6,000/yr of expenses, no growth, no loan:
 * operatingYear(deal, 1).net_operating_income; // 16,800 = 24,000 × 0.95 − 6,000
 * // plus capex 5 %, HOA $100/mo, utilities $50/mo, leasing fee half a month per 24-month tenancy:
 * // 16,800 − 1,200 − 1,200 − 600 − 500 = 13,300
 */
export function operatingYear(
  a: Assumptions & ExpenseLines,
  year: number,
  payment = monthlyPayment(loanOf(a)),
): OperatingYear {
  const gross_rent = 12 * grown(a.rent, a.rent_annual_growth_rate, year);
  const other_income = 12 * grown(a.other_income, a.other_income_annual_growth_rate, year);
  const potential_income = gross_rent + other_income;
  const vacancy_loss = a.vacancy_rate * potential_income;
  // potential × (1 − vacancy) rather than potential − loss: exact even when vacancy is ~100 %
  const effective_gross_revenue = potential_income * (1 - a.vacancy_rate);
  const property_management = grown(a.property_management, a.property_management_annual_growth_rate, year);
  const insurance = grown(a.insurance, a.insurance_annual_growth_rate, year);
  const property_taxes = grown(a.property_taxes, a.property_taxes_annual_growth_rate, year);
  const maintenance = grown(a.maintenance, a.property_maintenance_annual_growth_rate, year);
  const capex_reserve =
    a.capex_reserve === undefined
      ? 0
      : grown(a.capex_reserve * (12 * a.rent), a.property_maintenance_annual_growth_rate, year);
  const hoa = a.hoa === undefined ? 0 : 12 * grown(a.hoa, hoaGrowth(a), year);
  const owner_utilities =
    a.owner_utilities === undefined
      ? 0
      : 12 * grown(a.owner_utilities, a.property_maintenance_annual_growth_rate, year);
  const leasing =
    a.leasing_fee === undefined ? 0 : (a.leasing_fee * gross_rent) / (a.tenancy_months as number);
  const expenses =
    property_management +
    insurance +
    property_taxes +
    maintenance +
    capex_reserve +
    hoa +
    owner_utilities +
    leasing;
  return {
    year,
    gross_rent,
    other_income,
    potential_income,
    vacancy_loss,
    effective_gross_revenue,
    property_management,
    insurance,
    property_taxes,
    maintenance,
    capex_reserve,
    hoa,
    owner_utilities,
    leasing,
    expenses,
    net_operating_income: effective_gross_revenue - expenses,
    debt_service: year <= a.loan_term ? 12 * payment : 0,
  };
}

/**
 * Each year's NOI and debt service for years 1..`years`, written into `noi[y − 1]` and
 * `debtService[y − 1]`: `operatingYear`'s formulas with each growth factor stepped by one
 * multiplication a year, (1 + g)^(y−1) = (1 + g)^(y−2) × (1 + g), instead of a power. Year 1 is
 * `operatingYear`'s to the bit; later years agree to a few ulps (~1e-15 relative over 30 years).
 * Six powers a year were most of a 30-year draw's time in the simulation, which calls this. The
 * optional expense lines are added in `operatingYear`'s order, and only when the deal gives one.
 *
 * @example
 * const noi: number[] = [], debt: number[] = [];
 * yearlyIncome(deal, 5, monthlyPayment(loanOf(deal)), noi, debt);
 * noi[4]; // operatingYear(deal, 5).net_operating_income, to ~1e-15 relative
 */
export function yearlyIncome(
  a: Assumptions & ExpenseLines,
  years: number,
  payment: number,
  noi: number[],
  debtService: number[],
): void {
  const rentGrowth = 1 + a.rent_annual_growth_rate;
  const otherGrowth = 1 + a.other_income_annual_growth_rate;
  const managementGrowth = 1 + a.property_management_annual_growth_rate;
  const insuranceGrowth = 1 + a.insurance_annual_growth_rate;
  const taxGrowth = 1 + a.property_taxes_annual_growth_rate;
  const maintenanceGrowth = 1 + a.property_maintenance_annual_growth_rate;
  const occupied = 1 - a.vacancy_rate;
  // the expense lines, 0 when not given (then skipped, so a deal without them runs as before)
  const lines = hasExpenseLines(a);
  const capexYearOne = a.capex_reserve === undefined ? 0 : a.capex_reserve * (12 * a.rent);
  const hoa = a.hoa ?? 0;
  const hoaGrowthFactor = 1 + hoaGrowth(a);
  const utilities = a.owner_utilities ?? 0;
  const leasingFee = a.leasing_fee ?? 0;
  const tenancy = a.tenancy_months ?? 1;
  let hoaFactor = 1;
  let rent = 1;
  let other = 1;
  let management = 1;
  let insurance = 1;
  let taxes = 1;
  let maintenance = 1;
  for (let year = 1; year <= years; year++) {
    if (year > 1) {
      rent *= rentGrowth;
      other *= otherGrowth;
      management *= managementGrowth;
      insurance *= insuranceGrowth;
      taxes *= taxGrowth;
      maintenance *= maintenanceGrowth;
      hoaFactor *= hoaGrowthFactor;
    }
    // the same operations, in the same order, as operatingYear
    const potential = 12 * (a.rent * rent) + 12 * (a.other_income * other);
    let expenses =
      a.property_management * management +
      a.insurance * insurance +
      a.property_taxes * taxes +
      a.maintenance * maintenance;
    if (lines) {
      expenses =
        expenses +
        capexYearOne * maintenance +
        12 * (hoa * hoaFactor) +
        12 * (utilities * maintenance) +
        (leasingFee * (12 * (a.rent * rent))) / tenancy;
    }
    noi[year - 1] = potential * occupied - expenses;
    debtService[year - 1] = year <= a.loan_term ? 12 * payment : 0;
  }
}

/** Every operating year of the hold, 1..hold_period. */
export function operatingYears(a: Assumptions & ExpenseLines): OperatingYear[] {
  const payment = monthlyPayment(loanOf(a));
  const years: OperatingYear[] = [];
  for (let y = 1; y <= a.hold_period; y++) years.push(operatingYear(a, y, payment));
  return years;
}

/**
 * The month-by-month schedule of the hold (months 1..12 × hold_period): each year's totals spread
 * evenly over its months, with the loan's interest, principal and balance of that month.
 *
 * @example
 * monthlySchedule(deal)[0].net_operating_income; // year-1 NOI / 12
 */
export function monthlySchedule(a: Assumptions & ExpenseLines): ScheduleMonth[] {
  const loan = loanOf(a);
  const payment = monthlyPayment(loan);
  const months: ScheduleMonth[] = [];
  let opening = loan.amount;
  for (const year of operatingYears(a)) {
    for (let k = 1; k <= 12; k++) {
      const month = 12 * (year.year - 1) + k;
      const loan_balance = Math.min(opening, loanBalance(loan, month, payment));
      const paying = month <= 12 * loan.term_years && loan.amount > 0;
      const principal = paying ? opening - loan_balance : 0;
      months.push({
        month,
        year: year.year,
        gross_rent: year.gross_rent / 12,
        other_income: year.other_income / 12,
        potential_income: year.potential_income / 12,
        vacancy_loss: year.vacancy_loss / 12,
        effective_gross_revenue: year.effective_gross_revenue / 12,
        property_management: year.property_management / 12,
        insurance: year.insurance / 12,
        property_taxes: year.property_taxes / 12,
        maintenance: year.maintenance / 12,
        capex_reserve: year.capex_reserve / 12,
        hoa: year.hoa / 12,
        owner_utilities: year.owner_utilities / 12,
        leasing: year.leasing / 12,
        expenses: year.expenses / 12,
        net_operating_income: year.net_operating_income / 12,
        debt_service: paying ? payment : 0,
        interest: paying ? payment - principal : 0,
        principal,
        loan_balance,
      });
      opening = loan_balance;
    }
  }
  return months;
}
