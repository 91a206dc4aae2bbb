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
