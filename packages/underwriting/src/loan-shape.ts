/**
 * Loan shapes (issue 28 §3): a loan that pays interest only for its first months and then
 * amortises over the rest of its term, points, and a second loan paid off at a balloon month or the
 * sale. Month by month, because an interest-only start or a balloon makes the years uneven.
 * README, "Loan shapes (issue 28 §3)".
 */
import { loanBalance, monthlyPayment } from './loan.js';
import { loanOf } from './schedule.js';
import type { Assumptions, LoanShape, RehabAndRefinance } from './types.js';

/** A fixed-rate monthly loan that may pay interest only for its first `interest_only_months`. */
export interface ShapedLoan {
  /** principal, $ */
  amount: number;
  /** nominal annual rate, compounded monthly */
  annual_rate: number;
  /** whole months of the term */
  term_months: number;
  /** whole months of interest-only payments, 0 to term_months − 1 */
  interest_only_months: number;
}

/** `annual_rate / 12`, with rates under 1e-15 a month as 0 (as loan.ts). */
function monthlyRate(loan: ShapedLoan): number {
  const i = loan.annual_rate / 12;
  return i < 1e-15 ? 0 : i;
}

/**
 * The payment once the loan amortises: the whole amount over the months left after the
 * interest-only ones, `L × i / (1 − (1 + i)^−(n − k))` (`L / (n − k)` at 0 %); 0 without a loan. With
 * k = 0 and a term of whole years it is `monthlyPayment`'s, to the bit.
 *
 * @example
 * amortizingPayment({ amount: 150_000, annual_rate: 0.06, term_months: 360, interest_only_months: 60 });
 * // 966.4521… = 150,000 at 0.5 % a month over the 300 months left
 */
export function amortizingPayment(loan: ShapedLoan): number {
  const n = loan.term_months - loan.interest_only_months;
  const i = monthlyRate(loan);
  if (loan.amount === 0) return 0;
  if (i === 0) return loan.amount / n;
  return (loan.amount * i) / -Math.expm1(-n * Math.log1p(i));
}

/**
 * The payment of month `m` (1-based): the interest `L × i` while m ≤ k, then `amortizingPayment`
 * until the term's end, then 0.
 *
 * @example
 * shapedPayment(io60, 1);  // 750 = 150,000 × 0.06 / 12
 * shapedPayment(io60, 61); // 966.4521…
 */
export function shapedPayment(loan: ShapedLoan, m: number, amortizing = amortizingPayment(loan)): number {
  if (loan.amount === 0 || m > loan.term_months || m < 1) return 0;
  return m <= loan.interest_only_months ? loan.amount * monthlyRate(loan) : amortizing;
}

/**
 * The balance after month `m`'s payment: the amount through the interest-only months, then the
 * present value of the amortising payments still due, `P(1 − (1 + i)^−(n − m)) / i` (`P × (n − m)`
 * at 0 %), and 0 from the term's end.
 *
 * @example
 * shapedBalance(io60, 60);  // 150,000: nothing repaid yet
 * shapedBalance(io60, 360); // 0
 */
export function shapedBalance(loan: ShapedLoan, m: number, amortizing = amortizingPayment(loan)): number {
  if (loan.amount === 0 || m >= loan.term_months) return 0;
  if (m <= loan.interest_only_months) return loan.amount;
  const remaining = loan.term_months - m;
  const i = monthlyRate(loan);
  if (i === 0) return amortizing * remaining;
  return (amortizing * -Math.expm1(-remaining * Math.log1p(i))) / i;
}

/** Whether the deal gives any loan shape (a key given as `undefined` is not given). */
export function hasLoanShape(deal: LoanShape): boolean {
  return (
    deal.interest_only_months !== undefined || deal.points !== undefined || deal.second_loan !== undefined
  );
}

/** Whether the deal gives any rehab or refinance input (issue 28 §2). */
export function hasRehab(deal: RehabAndRefinance): boolean {
  return (
    deal.rehab_budget !== undefined ||
    deal.rehab_financed !== undefined ||
    deal.rehab_months !== undefined ||
    deal.after_repair_value !== undefined ||
    deal.refinance !== undefined
  );
}

/** Whether the deal needs the month-by-month path: any loan shape, rehab or refinance input. */
export function hasMonthlyInputs(deal: LoanShape & RehabAndRefinance): boolean {
  return hasLoanShape(deal) || hasRehab(deal);
}

/** The rehab dollars added to the first loan: the budget when `rehab_financed`, else 0. */
export function financedRehab(deal: RehabAndRefinance): number {
  return deal.rehab_financed === true ? (deal.rehab_budget ?? 0) : 0;
}

/**
 * The property's value at the end of month `m`. Without an after-repair value: the price grown
 * from the purchase, `price × (1 + g)^(m/12)` (the model's `price × (1 + g)^y` at each year's end).
 * With one: the purchase price until the rehab is done, then `ARV × (1 + g)^((m − r)/12)` from the
 * end of the rehab's `r` months.
 *
 * @example
 * valueAt({ ...roundDeal, annual_price_appreciation: 0.03 }, 24); // 212,180 = 200,000 × 1.03²
 * valueAt({ ...roundDeal, after_repair_value: 260_000, rehab_months: 4 }, 16); // 260,000 (no growth)
 */
export function valueAt(deal: Assumptions & RehabAndRefinance, m: number): number {
  const g = 1 + deal.annual_price_appreciation;
  if (deal.after_repair_value === undefined) return deal.purchase_price * g ** (m / 12);
  const r = deal.rehab_months ?? 0;
  if (m < r) return deal.purchase_price;
  return deal.after_repair_value * g ** ((m - r) / 12);
}

/** The financing of a shaped deal over the hold, month by month (index m − 1 for month m). */
export interface Financing {
  /** both loans' payments in each month 1..M */
  debt_service: number[];
  /** loans paid off in each month: the second loan's balance in its payoff month, both balances at the sale (month M) */
  payoff: number[];
  /** both loans' balance after each month's payment (before the sale's payoff; 0 after a balloon) */
  balance: number[];
  /** the first loan's payment in each month (the new loan's after a refinance) */
  first_debt_service: number[];
  /** the first loan's balance after each month's payment, before the sale's payoff; the new loan's amount in the refinance month */
  first_balance: number[];
  /** the second loan's payment in each month (0 without one, and after its payoff month) */
  second_debt_service: number[];
  /** the second loan's balance after each month's payment, before its payoff in its payoff month; 0 after it */
  second_balance: number[];
  /** the first loan's month-1 and amortising payments */
  first_payment: number;
  amortizing_payment: number;
  /** points × the first loan's amount, $ at closing */
  points_cost: number;
  /** the first loan's amount (LTV × price, plus a financed rehab) */
  first_amount: number;
  /** the net cash of a refinance in each month (new loan − old balance − closing costs; 0 in other months) */
  refinance_cash: number[];
  /** the refinance: the value, new loan, old balance paid off and new payment (0 without one) */
  refinance_value: number;
  refinance_amount: number;
  refinance_payoff: number;
  refinance_payment: number;
  /** the second loan's amount (0 without one), month-1 and amortising payments, payoff month and amount */
  second_amount: number;
  second_payment: number;
  second_amortizing_payment: number;
  second_payoff_month: number;
  second_payoff: number;
}

/**
 * The deal's loans month by month over a hold of `M` months. The first loan is `loanOf(deal)`, plus
 * a financed rehab, with `interest_only_months` (0 when not given) of interest-only payments; with
 * neither, its payments and balances are `monthlyPayment`'s and `loanBalance`'s to the bit. A
 * refinance at the end of month k (after its payment) replaces it by a new loan of
 * `refinance.loan_to_value × valueAt(deal, k)`, fully amortising over `refinance.loan_term`, which
 * pays off the old balance and the closing costs; the rest is `refinance_cash[k − 1]`. The second loan pays until its
 * payoff month, min(balloon_month, M), or its term's end if earlier; its balance then is paid off in
 * that month (at M, with the first loan's, as the sale's loan payoff).
 *
 * @example
 * financingOf({ ...roundDeal, interest_only_months: 12 }, 60).debt_service[0]; // 750 = 150,000 × 0.5 %
 */
export function financingOf(deal: Assumptions & LoanShape & RehabAndRefinance, M: number): Financing {
  const plainLoan = loanOf(deal);
  const rehab = financedRehab(deal);
  const base = rehab === 0 ? plainLoan : { ...plainLoan, amount: plainLoan.amount + rehab };
  const io = deal.interest_only_months ?? 0;
  const first: ShapedLoan = {
    amount: base.amount,
    annual_rate: base.annual_rate,
    term_months: 12 * base.term_years,
    interest_only_months: io,
  };
  const plain = io === 0 && rehab === 0;
  const firstAmortizing = plain ? monthlyPayment(base) : amortizingPayment(first);
  const given = deal.second_loan;
  const second: ShapedLoan = {
    amount: given?.amount ?? 0,
    annual_rate: given?.interest_rate ?? 0,
    term_months: given?.term_months ?? 1,
    interest_only_months: given?.interest_only_months ?? 0,
  };
  const secondAmortizing = amortizingPayment(second);
  const payoffMonth = Math.min(given?.balloon_month ?? M, M);

  const refinance = deal.refinance;
  const k = refinance?.month ?? M + 1;
  const refinance_value = refinance === undefined ? 0 : valueAt(deal, k);
  const next: ShapedLoan = {
    amount: refinance === undefined ? 0 : refinance.loan_to_value * refinance_value,
    annual_rate: refinance?.interest_rate ?? 0,
    term_months: 12 * (refinance?.loan_term ?? 1),
    interest_only_months: 0,
  };
  const nextPayment = amortizingPayment(next);
  let refinance_payoff = 0;

  const debt_service: number[] = [];
  const payoff: number[] = [];
  const balance: number[] = [];
  const refinance_cash: number[] = [];
  const first_debt_service: number[] = [];
  const first_balance: number[] = [];
  const second_debt_service: number[] = [];
  const second_balance: number[] = [];
  let second_payoff = 0;
  for (let m = 1; m <= M; m++) {
    let firstPayment: number;
    let firstBalance: number;
    if (m > k) {
      // the new loan, from the month after the refinance
      firstPayment = shapedPayment(next, m - k, nextPayment);
      firstBalance = shapedBalance(next, m - k, nextPayment);
    } else {
      firstPayment = plain
        ? m <= first.term_months
          ? firstAmortizing
          : 0
        : shapedPayment(first, m, firstAmortizing);
      firstBalance = plain ? loanBalance(base, m, firstAmortizing) : shapedBalance(first, m, firstAmortizing);
    }
    let cash = 0;
    if (m === k && refinance !== undefined) {
      // the new loan pays off the old balance and the closing costs; the rest goes to the investor
      refinance_payoff = firstBalance;
      cash = next.amount - firstBalance - refinance.closing_costs;
      firstBalance = next.amount;
    }
    refinance_cash.push(cash);
    const secondPayment = m <= payoffMonth ? shapedPayment(second, m, secondAmortizing) : 0;
    const secondBalance = m <= payoffMonth ? shapedBalance(second, m, secondAmortizing) : 0;
    let paidOff = 0;
    if (m === payoffMonth) {
      second_payoff = secondBalance;
      paidOff += secondBalance;
    }
    if (m === M) paidOff += firstBalance;
    debt_service.push(firstPayment + secondPayment);
    first_debt_service.push(firstPayment);
    first_balance.push(firstBalance);
    second_debt_service.push(secondPayment);
    second_balance.push(secondBalance);
    payoff.push(paidOff);
    balance.push(firstBalance + (m < payoffMonth ? secondBalance : m === M ? secondBalance : 0));
  }
  return {
    debt_service,
    payoff,
    balance,
    first_debt_service,
    first_balance,
    second_debt_service,
    second_balance,
    first_payment: shapedPayment(first, 1, firstAmortizing),
    amortizing_payment: firstAmortizing,
    points_cost: (deal.points ?? 0) * base.amount,
    first_amount: base.amount,
    refinance_cash,
    refinance_value,
    refinance_amount: next.amount,
    refinance_payoff,
    refinance_payment: nextPayment,
    second_amount: second.amount,
    second_payment: shapedPayment(second, 1, secondAmortizing),
    second_amortizing_payment: secondAmortizing,
    second_payoff_month: Math.min(payoffMonth, second.term_months),
    second_payoff,
  };
}
