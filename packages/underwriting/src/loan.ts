import { UnderwritingInputError } from './errors.js';

/** A fixed-rate, fully amortising loan with monthly payments. */
export interface Loan {
  /** principal, $ */
  amount: number;
  /** nominal annual rate as a fraction, compounded monthly */
  annual_rate: number;
  /** whole years */
  term_years: number;
}

/**
 * The monthly rate `annual_rate / 12`. Rates under 1e-15 a month count as 0: they change no payment
 * by a millionth of a cent, and at subnormal sizes `(1 + i)` can no longer be computed.
 */
function monthlyRate(loan: Loan): number {
  const i = loan.annual_rate / 12;
  return i < 1e-15 ? 0 : i;
}

/**
 * Throws `UnderwritingInputError` unless the loan is one the formulas below hold for: a finite amount
 * ≥ 0, a finite rate ≥ 0 and a term of more than 0 years (else a payment of Infinity, or a negative
 * rate read as 0, would pass on as a figure). Cheap enough for the engine's every call.
 */
function checkLoan(loan: Loan): void {
  if (!(Number.isFinite(loan.amount) && loan.amount >= 0)) {
    throw new UnderwritingInputError('amount', 'must be a finite number of dollars, 0 or more');
  }
  if (!(Number.isFinite(loan.annual_rate) && loan.annual_rate >= 0)) {
    throw new UnderwritingInputError('annual_rate', 'must be a finite fraction, 0 or more');
  }
  if (!(Number.isFinite(loan.term_years) && loan.term_years > 0)) {
    throw new UnderwritingInputError('term_years', 'must be a finite number of years above 0');
  }
}

export interface AmortizationRow {
  /** payment number, 1..n */
  month: number;
  payment: number;
  interest: number;
  principal: number;
  /** balance after this payment */
  balance: number;
}

/**
 * Monthly payment of a fully amortising loan.
 *
 * Formula: `P = L × i / (1 − (1 + i)^−n)` with `i = annual_rate / 12` and `n = 12 × term_years`;
 * `L / n` when `i = 0`; `0` when `L = 0`.
 *
 * @example
 * monthlyPayment({ amount: 300_000, annual_rate: 0.07, term_years: 30 }); // 1995.9074855375 ($1,995.91)
 */
export function monthlyPayment(loan: Loan): number {
  checkLoan(loan);
  const n = 12 * loan.term_years;
  const i = monthlyRate(loan);
  if (loan.amount === 0) return 0;
  if (i === 0) return loan.amount / n;
  // 1 − (1+i)^−n as −expm1(−n·log1p(i)): exact for tiny rates, where 1 + i rounds to 1.
  return (loan.amount * i) / -Math.expm1(-n * Math.log1p(i));
}

/**
 * Balance outstanding after `k` monthly payments.
 *
 * Formula: `B(k) = L(1+i)^k − P((1+i)^k − 1) / i` (`L − P·k` when `i = 0`), and `B(k) = 0` for
 * `k ≥ n`. It is computed in the equivalent form `B(k) = P(1 − (1+i)^−(n−k)) / i`, the present value
 * of the payments still due, which never subtracts two large numbers, so it stays accurate even at a
 * 100 % rate over 40 years.
 *
 * @example
 * loanBalance({ amount: 300_000, annual_rate: 0.07, term_years: 30 }, 60); // 282394.7695733 (after 5 years)
 */
export function loanBalance(loan: Loan, k: number, payment = monthlyPayment(loan)): number {
  checkLoan(loan);
  if (!(Number.isFinite(k) && k >= 0)) {
    throw new UnderwritingInputError('k', 'must be a number of payments, 0 or more');
  }
  const n = 12 * loan.term_years;
  if (loan.amount === 0 || k >= n) return 0;
  if (k <= 0) return loan.amount;
  const i = monthlyRate(loan);
  const remaining = n - k;
  if (i === 0) return payment * remaining;
  return (payment * -Math.expm1(-remaining * Math.log1p(i))) / i;
}

/**
 * The full amortisation schedule, one row per payment: interest on the opening balance,
 * principal = payment − interest. Balances come from `loanBalance`, so the schedule and the
 * closed form always agree and the last balance is exactly 0.
 *
 * @example
 * amortizationSchedule({ amount: 1200, annual_rate: 0, term_years: 1 })[0];
 * // { month: 1, payment: 100, interest: 0, principal: 100, balance: 1100 }
 */
export function amortizationSchedule(loan: Loan): AmortizationRow[] {
  const n = 12 * loan.term_years;
  const payment = monthlyPayment(loan);
  const rows: AmortizationRow[] = [];
  if (loan.amount === 0) return rows;
  let opening = loan.amount;
  for (let month = 1; month <= n; month++) {
    // never above last month's: the closed form can wobble by an ulp where a payment exceeds the interest
    const balance = Math.min(opening, loanBalance(loan, month, payment));
    const principal = opening - balance;
    rows.push({ month, payment, interest: payment - principal, principal, balance });
    opening = balance;
  }
  return rows;
}
