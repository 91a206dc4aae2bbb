import { UnderwritingInputError } from './errors.js';

/**
 * The payment per period of a loan or annuity, compatible with Excel's `PMT`:
 *
 *   pmt = −r·(pv·(1 + r)ⁿ + fv) / ((1 + r·type)·((1 + r)ⁿ − 1))     (r ≠ 0)
 *   pmt = −(pv + fv) / n                                             (r = 0)
 *
 * with r the rate per period, n = `nper` periods, `type` 0 for payments at the end of each period
 * and 1 for the start. Cash paid out is negative, as in Excel: borrowing 10 000 (pv > 0) gives a
 * negative payment. Computed as −r·(pv + (pv + fv)/g) / (1 + r·type) with g = (1 + r)ⁿ − 1 taken
 * as `expm1(n·log1p(r))`, which is the same quantity without the cancellation of (1 + r)ⁿ − 1 at
 * tiny rates or the Infinity/Infinity of a huge n; it tends to the r = 0 formula as r → 0.
 *
 * Throws `UnderwritingInputError` when a number is not finite, the rate is ≤ −1, `nper` ≤ 0,
 * `type` is not 0 or 1, or the payment is too large for float64.
 *
 * @example
 * pmt(0.08 / 12, 10 * 12, 10000); // → −121.32759435… (Excel: PMT(8%/12, 10*12, 10000) = −$121.33)
 * // r = 0.0066667, (1 + r)^120 = 2.2196402, −0.0066667·10000·2.2196402 / 1.2196402 = −121.3276
 * pmt(0, 12, 1200); // → −100   (no interest: −1200 / 12)
 * pmt(0.06 / 12, 18 * 12, 0, 50000); // → −129.0811608… (save 50 000 in 18 years; Excel doc example)
 */
export function pmt(rate: number, nper: number, pv: number, fv = 0, type: 0 | 1 = 0): number {
  if (!Number.isFinite(rate) || rate <= -1) {
    throw new UnderwritingInputError('rate', 'must be a finite number above -1');
  }
  if (!Number.isFinite(nper) || nper <= 0) {
    throw new UnderwritingInputError('nper', 'must be a finite number above 0');
  }
  if (!Number.isFinite(pv)) throw new UnderwritingInputError('pv', 'must be a finite number');
  if (!Number.isFinite(fv)) throw new UnderwritingInputError('fv', 'must be a finite number');
  if (type !== 0 && type !== 1) throw new UnderwritingInputError('type', 'must be 0 (end) or 1 (start)');
  let payment: number;
  if (rate === 0) {
    payment = -(pv + fv) / nper;
  } else {
    const growthLessOne = Math.expm1(nper * Math.log1p(rate));
    payment = (-rate * (pv + (pv + fv) / growthLessOne)) / (1 + rate * type);
  }
  if (!Number.isFinite(payment)) {
    throw new UnderwritingInputError('pmt', 'the payment is too large for float64');
  }
  // −0 only when pv + fv = 0; a payment of nothing is 0
  return payment === 0 ? 0 : payment;
}

function checkAnnuity(rate: number, nper: number, pv: number, fv: number, type: number): void {
  if (!Number.isFinite(rate) || rate <= -1) {
    throw new UnderwritingInputError('rate', 'must be a finite number above -1');
  }
  if (!Number.isFinite(nper) || nper <= 0) {
    throw new UnderwritingInputError('nper', 'must be a finite number above 0');
  }
  if (!Number.isFinite(pv)) throw new UnderwritingInputError('pv', 'must be a finite number');
  if (!Number.isFinite(fv)) throw new UnderwritingInputError('fv', 'must be a finite number');
  if (type !== 0 && type !== 1) throw new UnderwritingInputError('type', 'must be 0 (end) or 1 (start)');
}

/**
 * The interest part of payment number `per` (1 … nper) of a loan or annuity, compatible with
 * Excel's `IPMT` (and numpy-financial's `ipmt`), signs as in {@link pmt}:
 *
 *   ipmt = −r·B(per − 1)                    (type 0, payments at the end of each period)
 *   ipmt = −r·B(per − 1) / (1 + r), 0 for per = 1   (type 1, payments at the start)
 *
 * where B(k) = pv·(1 + r)ᵏ + pmt·(1 + r·type)·((1 + r)ᵏ − 1)/r is the balance after k periods
 * (pv + k·pmt at r = 0) and pmt = `pmt(rate, nper, pv, fv, type)`.
 *
 * Throws `UnderwritingInputError` for the inputs `pmt` refuses and for `per` outside 1 … nper.
 *
 * @example
 * ipmt(0.1 / 12, 1, 24, 2000); // → −16.6666667   (first month: −2000 · 0.1/12)
 * ipmt(0.1 / 12, 1, 24, 2000, 0, 1); // → 0   (the first payment, made at once, owes no interest)
 */
export function ipmt(rate: number, per: number, nper: number, pv: number, fv = 0, type: 0 | 1 = 0): number {
  checkAnnuity(rate, nper, pv, fv, type);
  if (!Number.isFinite(per) || per < 1 || per > nper) {
    throw new UnderwritingInputError('per', 'must be a period from 1 to nper');
  }
  if (type === 1 && per === 1) return 0;
  if (rate === 0) return 0;
  const payment = pmt(rate, nper, pv, fv, type);
  const k = per - 1;
  const growthLessOne = Math.expm1(k * Math.log1p(rate));
  const balance = pv * (1 + growthLessOne) + (payment * (1 + rate * type) * growthLessOne) / rate;
  const interest = type === 1 ? (-balance * rate) / (1 + rate) : -balance * rate;
  if (!Number.isFinite(interest)) {
    throw new UnderwritingInputError('ipmt', 'the interest is too large for float64');
  }
  return interest === 0 ? 0 : interest;
}

/**
 * The principal part of payment number `per`, compatible with Excel's `PPMT`:
 * `ppmt = pmt − ipmt`, so the two parts always add up to the payment.
 *
 * Throws as {@link ipmt} does.
 *
 * @example
 * ppmt(0.1 / 12, 1, 24, 2000); // → −75.6231860   (−92.2898527 payment − (−16.6666667) interest)
 */
export function ppmt(rate: number, per: number, nper: number, pv: number, fv = 0, type: 0 | 1 = 0): number {
  return pmt(rate, nper, pv, fv, type) - ipmt(rate, per, nper, pv, fv, type);
}

/**
 * The number of periods for a loan or annuity to reach `fv`, compatible with Excel's `NPER`:
 *
 *   nper = ln((z − fv) / (pv + z)) / ln(1 + r),  z = pmt·(1 + r·type)/r     (r ≠ 0)
 *   nper = −(pv + fv) / pmt                                                (r = 0)
 *
 * It can be negative or fractional, as in Excel. Throws `UnderwritingInputError` when a number is
 * not finite, the rate is ≤ −1, `type` is not 0 or 1, or no number of periods solves it (Excel's
 * #NUM!: the logarithm's argument is not positive, or a zero payment at a zero rate).
 *
 * @example
 * nper(0.05, 250, -1000); // → 4.5735356   (ln(5000 / 4000) / ln 1.05: repay 1000 at 250 a year)
 * nper(0, -100, 1000); // → 10
 */
export function nper(rate: number, payment: number, pv: number, fv = 0, type: 0 | 1 = 0): number {
  checkAnnuity(rate, 1, pv, fv, type);
  if (!Number.isFinite(payment)) throw new UnderwritingInputError('pmt', 'must be a finite number');
  let periods: number;
  if (rate === 0) {
    periods = -(pv + fv) / payment;
  } else {
    const z = (payment * (1 + rate * type)) / rate;
    periods = Math.log((z - fv) / (pv + z)) / Math.log1p(rate);
  }
  if (!Number.isFinite(periods)) {
    throw new UnderwritingInputError('nper', 'no number of periods reaches fv with this payment');
  }
  return periods === 0 ? 0 : periods;
}
