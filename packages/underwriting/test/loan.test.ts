import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amortizationSchedule, loanBalance, monthlyPayment } from '../src/index.js';

describe('monthlyPayment', () => {
  it('matches the JSDoc example: $300,000 at 7 % over 30 years', () => {
    // i = 0.07/12, (1+i)^360 = 8.11649746…, P = 300000 × i / (1 − 1/8.11649746) = 1995.9075
    expect(monthlyPayment({ amount: 300_000, annual_rate: 0.07, term_years: 30 })).toBeCloseTo(
      1995.9074855375,
      9,
    );
  });

  it('is loan / n at zero interest and 0 without a loan', () => {
    expect(monthlyPayment({ amount: 120_000, annual_rate: 0, term_years: 10 })).toBe(1_000); // 120000 / 120
    expect(monthlyPayment({ amount: 0, annual_rate: 0.07, term_years: 30 })).toBe(0);
  });

  it('refuses a loan its formula does not hold for, as pmt does (QA: a 0-year term paid Infinity)', () => {
    const loan = { amount: 1_000, annual_rate: 0.05, term_years: 1 };
    expect(() => monthlyPayment({ ...loan, term_years: 0 })).toThrow(
      /^term_years: must be a finite number of years above 0$/,
    );
    expect(() => monthlyPayment({ ...loan, amount: -1_000 })).toThrow(/^amount: /);
    expect(() => monthlyPayment({ ...loan, amount: Number.NaN })).toThrow(/^amount: /);
    // a negative rate had been read as 0
    expect(() => monthlyPayment({ ...loan, annual_rate: -0.05 })).toThrow(/^annual_rate: /);
    expect(() => loanBalance(loan, -1)).toThrow(/^k: must be a number of payments, 0 or more$/);
    expect(() => loanBalance(loan, Number.POSITIVE_INFINITY)).toThrow(/^k: /);
    expect(() => loanBalance({ ...loan, term_years: Number.NaN }, 1)).toThrow(/^term_years: /);
  });
});

describe('loanBalance', () => {
  const loan = { amount: 300_000, annual_rate: 0.07, term_years: 30 };

  it('matches the JSDoc example after 60 payments', () => {
    expect(loanBalance(loan, 60)).toBeCloseTo(282394.7695733, 6);
  });

  it('is the loan before any payment and 0 from the term on', () => {
    expect(loanBalance(loan, 0)).toBe(300_000);
    expect(loanBalance(loan, 360)).toBe(0);
    expect(loanBalance(loan, 420)).toBe(0);
  });

  it('is linear at zero interest', () => {
    // 120,000 over 120 months: 1,000 a month, 30 payments leave 90,000
    expect(loanBalance({ amount: 120_000, annual_rate: 0, term_years: 10 }, 30)).toBe(90_000);
  });

  it('leaves one payment less interest before the last payment', () => {
    // B(359) × (1 + i) = P: the last payment clears the balance and its interest
    const last = loanBalance(loan, 359);
    expect(last * (1 + 0.07 / 12)).toBeCloseTo(monthlyPayment(loan), 8);
  });
});

describe('amortizationSchedule', () => {
  it('matches the JSDoc example', () => {
    expect(amortizationSchedule({ amount: 1200, annual_rate: 0, term_years: 1 })[0]).toEqual({
      month: 1,
      payment: 100,
      interest: 0,
      principal: 100,
      balance: 1100,
    });
  });

  it('charges a month of interest on the opening balance', () => {
    const [first] = amortizationSchedule({ amount: 300_000, annual_rate: 0.07, term_years: 30 });
    expect(first?.interest).toBeCloseTo(1750, 8); // 300,000 × 0.07 / 12
    expect(first?.principal).toBeCloseTo(245.9074855, 6); // 1995.9074855 − 1750
  });

  it('is empty without a loan', () => {
    expect(amortizationSchedule({ amount: 0, annual_rate: 0.05, term_years: 30 })).toEqual([]);
  });
});

describe('properties', () => {
  const loans = fc.record({
    amount: fc.double({ min: 1_000, max: 5_000_000, noNaN: true }),
    annual_rate: fc.double({ min: 0, max: 1, noNaN: true }),
    term_years: fc.integer({ min: 1, max: 40 }),
  });

  it('the balance never rises and reaches 0 at the term', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const rows = amortizationSchedule(loan);
        let previous = loan.amount;
        for (const row of rows) {
          expect(row.balance).toBeLessThanOrEqual(previous);
          previous = row.balance;
        }
        expect(rows).toHaveLength(12 * loan.term_years);
        expect(rows.at(-1)?.balance).toBe(0);
      }),
    );
  });

  it('principal paid sums to the loan and payments = principal + interest', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const rows = amortizationSchedule(loan);
        const principal = rows.reduce((sum, row) => sum + row.principal, 0);
        expect(Math.abs(principal - loan.amount)).toBeLessThan(1e-6 * loan.amount);
        for (const row of rows) {
          expect(row.interest).toBeGreaterThanOrEqual(-1e-6);
          expect(row.principal + row.interest).toBeCloseTo(row.payment, 6);
        }
      }),
    );
  });
});
