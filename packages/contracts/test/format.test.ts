import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  EDITABLE_METRIC_KEYS,
  formatMetric,
  formatMetricInput,
  formatMoney,
  formatMultiple,
  formatPercent,
  formatRate,
  formatRatio,
  formatWholeDollars,
  formatWholeNumber,
  parseMetricInput,
  parseMoneyInput,
  parsePercentInput,
  roundMetric,
  roundRate,
  roundToCents,
} from '../src/index.js';
import { exampleAssumptions, exampleOptionalMetrics } from './fixtures.js';

describe('roundToCents', () => {
  test.each([
    [1.005, 1.01], // stored as 1.00499999999999989…; read as the decimal 1.005, a half, rounded up
    [1.015, 1.02],
    [2.675, 2.68], // stored as 2.67499999999999982…
    [-2.675, -2.68], // half away from zero
    [-1.005, -1.01],
    [0.125, 0.13],
    [1.004, 1],
    [1234.5678, 1234.57],
    [0.1 + 0.2, 0.3], // 0.30000000000000004
    [1e-7, 0],
    [-0.004, 0],
    [123_456_789.995, 123_456_790],
    // $30.8 trillion: × 100 the float reads .5 cent, the digits .3 (a float reference said .05)
    [-30_805_083_941_025.043, -30_805_083_941_025.04],
  ])('roundToCents(%s) === %s', (value, expected) => {
    expect(roundToCents(value)).toBe(expected);
  });

  test('never returns -0', () => {
    expect(Object.is(roundToCents(-0.001), 0)).toBe(true);
    expect(Object.is(roundToCents(-0), 0)).toBe(true);
  });

  test('refuses NaN and Infinity instead of passing them on', () => {
    expect(() => roundToCents(Number.NaN)).toThrow(RangeError);
    expect(() => roundToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  test.each([
    [12_345.67, '$12,345.67'],
    [-1234, '-$1,234.00'],
    [0, '$0.00'],
    [-0.004, '$0.00'], // rounds to zero: never '-$0.00'
    [-0, '$0.00'],
    [1.005, '$1.01'],
    [999.995, '$1,000.00'],
    [1_234_567_890.12, '$1,234,567,890.12'],
    [0.5, '$0.50'],
  ])('formatMoney(%s) === %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe('formatWholeNumber and formatWholeDollars', () => {
  test.each([
    [1850.4, '1,850', '$1,850'],
    [1234.5, '1,235', '$1,235'],
    [999_999.5, '1,000,000', '$1,000,000'],
    [0, '0', '$0'],
    [-0.4, '0', '$0'], // rounds to zero: no sign
    [-1234.5, '-1,235', '-$1,235'], // half away from zero, as Intl rounds
    [25, '25', '$25'],
  ])('%s → %s, %s', (value, number, dollars) => {
    expect(formatWholeNumber(value)).toBe(number);
    expect(formatWholeDollars(value)).toBe(dollars);
  });

  test('writes what Intl writes for en-US, without building a formatter', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => {
        const expected = intl.format(value).replace(/^-0$/, '0');
        expect(formatWholeNumber(value)).toBe(expected);
      }),
    );
  });

  test('refuses NaN and Infinity', () => {
    expect(() => formatWholeNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatWholeDollars(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  test.each([
    [0.0525, '5.25%'],
    [0.07, '7.00%'],
    [0.06875, '6.88%'], // 6.875 is a half: up
    [0.01145, '1.15%'], // 0.01145 × 100 is 1.1449999999999998 in floats; the decimal is a half
    [-0.03, '-3.00%'],
    [-0.00001, '0.00%'],
    [1, '100.00%'],
    [12.3456, '1,234.56%'],
    // more digits than a float holds once × 10,000: its product reads as a half, its digits do not
    [-428138006.30764997, '-42,813,800,630.76%'],
  ])('formatPercent(%s) === %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  test('rounds the decimal digits as written, half away from zero, like the slow reading', () => {
    fc.assert(
      fc.property(decimalish, (fraction) => {
        expect(formatPercent(fraction)).toBe(byDecimalDigits(fraction, 2, '', '%'));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('formatMoney, differentially', () => {
  test('rounds the decimal digits as written, half away from zero, grouped as Intl groups', () => {
    fc.assert(
      fc.property(decimalish, (value) => {
        expect(formatMoney(value)).toBe(byDecimalDigits(value, 0, '$', ''));
      }),
      { numRuns: 5_000 },
    );
  });
});

/**
 * Numbers as people write them (few decimals, many of them exact halves at the rounding digit) and
 * any double: where a fast path could round differently from the decimal digits.
 */
const decimalish = fc.oneof(
  fc
    .tuple(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), fc.integer({ min: 0, max: 8 }))
    .map(([digits, places]) => Number(`${digits}e-${places}`)),
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
);

/**
 * The oracle: the number's shortest decimal form, moved `shift` places (2 for a percent), rounded
 * to two decimals half away from zero on those digits, grouped by Intl: the slow reading that
 * formatMoney and formatPercent must agree with.
 */
function byDecimalDigits(value: number, shift: number, unit: string, suffix: string): string {
  const cents = decimalCents(value, shift);
  const text = cents.toString().padStart(3, '0');
  // Intl formats a decimal string exactly (a float of the cents would lose digits above 2^53)
  const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(
    `${text.slice(0, -2)}.${text.slice(-2)}` as unknown as number,
  );
  return `${value < 0 && cents > 0n ? '-' : ''}${unit}${grouped}${suffix}`;
}

/**
 * |value| × 10^shift in whole hundredths, half away from zero, in exact integer arithmetic on the
 * shortest decimal form: the digits as an integer (BigInt) scaled by the exponent.
 */
function decimalCents(value: number, shift: number): bigint {
  const [mantissa = '0', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '0', decimals = ''] = mantissa.split('.');
  const digits = BigInt(`${whole}${decimals}`);
  // value = digits × 10^(exponent − decimals), and we want it × 10^(shift + 2)
  const power = Number(exponent) - decimals.length + shift + 2;
  if (power >= 0) return digits * 10n ** BigInt(power);
  const divisor = 10n ** BigInt(-power);
  const quotient = digits / divisor;
  return 2n * (digits % divisor) >= divisor ? quotient + 1n : quotient;
}

describe('roundRate and formatRate', () => {
  test.each([
    [0.08030000000000001, 0.0803, '8.03%'],
    [0.03245047212911889, 0.03245, '3.245%'],
    [0.008024957177322585, 0.008025, '0.8025%'],
    [0.05, 0.05, '5.00%'],
    [-0.0125, -0.0125, '-1.25%'],
    [-0.0000001, 0, '0.00%'],
    [12.3456, 12.3456, '1,234.56%'],
    [0.0594115, 0.059412, '5.9412%'], // a half at the last decimal: away from zero, as roundToCents
    [-0.0594115, -0.059412, '-5.9412%'],
  ])('roundRate(%s) === %s, formatRate reads %s', (value, rounded, text) => {
    expect(roundRate(value)).toBe(rounded);
    expect(formatRate(value)).toBe(text);
  });

  test('a rate reads back as the rounded rate, with two to four decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 1, noNaN: true }), (fraction) => {
        const text = formatRate(fraction);
        expect(text).toMatch(/^-?\d{1,3}\.\d{2,4}%$/);
        expect(Number(text.slice(0, -1)) / 100).toBeCloseTo(roundRate(fraction), 12);
        expect(Math.abs(roundRate(fraction) - fraction)).toBeLessThanOrEqual(5e-7 + 1e-15);
      }),
    );
  });
});

describe('an assumption’s rate', () => {
  test('reads and rounds with the decimals it has, as its input; a computed rate keeps two', () => {
    expect(formatMetric('annual_price_appreciation', 0.03245047212911889)).toBe('3.245%');
    expect(roundMetric('annual_price_appreciation', 0.03245047212911889)).toBe(0.03245);
    expect(formatMetric('vacancy_rate', 0.05)).toBe('5.00%');
    expect(formatMetric('cap_rate', 0.03245047212911889)).toBe('3.25%');
    expect(roundMetric('cap_rate', 0.03245047212911889)).toBe(0.0325);
  });
});

describe('formatMultiple and formatRatio', () => {
  test('two decimals, with an x for multiples', () => {
    expect(formatMultiple(1.849)).toBe('1.85x');
    expect(formatMultiple(-0.5)).toBe('-0.50x');
    expect(formatRatio(1.2549)).toBe('1.25');
  });
});

describe('formatMetric', () => {
  test.each([
    ['purchase_price', 250_000, '$250,000.00'],
    ['cap_rate', 0.0612, '6.12%'],
    ['dscr', 1.254, '1.25'],
    ['gross_rent_multiplier', 9.920_634_920_634_921, '9.92'],
    ['levered_equity_multiple', 1.849, '1.85x'],
    ['hold_period', 5, '5 years'],
    ['loan_term', 1, '1 year'],
    ['sale_month', 60, '60 months'],
    ['units', 2, '2'],
    ['violent_crime_grade', 'B+', 'B+'],
    ['levered_xirr', null, 'N/A'],
    ['hud_rent', null, 'N/A'],
    ['rentometer_rent', undefined, 'N/A'],
  ] as const)('formatMetric(%s, %s) === %s', (key, value, expected) => {
    expect(formatMetric(key, value)).toBe(expected);
  });

  test('refuses a value of the wrong kind', () => {
    expect(() => formatMetric('cap_rate', '6%')).toThrow(TypeError);
    expect(() => formatMetric('violent_crime_grade', 3)).toThrow(TypeError);
  });
});

describe('parsePercentInput', () => {
  test.each([
    ['5.25', 0.0525],
    ['5.25%', 0.0525],
    [' 5.25 % ', 0.0525],
    ['7', 0.07],
    ['-2', -0.02],
    ['.5', 0.005],
    ['6.875', 0.06875],
    ['', null],
    ['   ', null],
    ['%', null],
    ['abc', null],
    ['5.2.5', null],
    ['1e2', null],
    ['5%%', null],
  ])('parsePercentInput(%j) === %s', (text, expected) => {
    expect(parsePercentInput(text)).toBe(expected);
  });
});

describe('parseMoneyInput', () => {
  test.each([
    ['$1,234.50', 1234.5],
    ['1234.5', 1234.5],
    ['  $250,000 ', 250_000],
    ['-$20', -20],
    ['$-20', -20],
    ['0', 0],
    ['-0', 0],
    ['.75', 0.75],
    ['', null],
    ['$', null],
    ['abc', null],
    ['1,23', null],
    ['12,3456', null],
    ['$1,234.50.1', null],
    ['Infinity', null],
  ])('parseMoneyInput(%j) === %s', (text, expected) => {
    expect(parseMoneyInput(text)).toBe(expected);
  });
});

describe('editable metric inputs', () => {
  test('start in the units the user types and read back into the model’s units', () => {
    expect(formatMetricInput('interest_rate', 0.06875)).toBe('6.875');
    expect(formatMetricInput('rent', 2100)).toBe('2100');
    expect(formatMetricInput('hold_period', 5)).toBe('5');
    expect(parseMetricInput('interest_rate', '6.875%')).toBe(0.06875);
    expect(parseMetricInput('rent', '$2,100')).toBe(2100);
    expect(parseMetricInput('hold_period', ' 7 ')).toBe(7);
    expect(parseMetricInput('hold_period', 'seven')).toBeNull();
  });

  test('an untouched field round-trips exactly, so Update Metrics without edits changes nothing', () => {
    const metrics = { ...exampleAssumptions, ...exampleOptionalMetrics };
    for (const key of EDITABLE_METRIC_KEYS) {
      const value = metrics[key];
      expect(parseMetricInput(key, formatMetricInput(key, value))).toBe(value);
    }
  });
});

describe('properties', () => {
  const dollars = fc.double({ min: -1e12, max: 1e12, noNaN: true });

  test('roundToCents is within half a cent, idempotent and odd', () => {
    fc.assert(
      fc.property(dollars, (x) => {
        const r = roundToCents(x);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.005 + 1e-9 * Math.max(1, Math.abs(x)));
        expect(roundToCents(r)).toBe(r);
        expect(roundToCents(-x)).toBe(r === 0 ? 0 : -r);
      }),
    );
  });

  test('a whole number of cents plus half a cent always rounds away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        const half = Number(`${cents}.5e-2`); // the decimal cents.5 / 100, e.g. 1.005
        expect(roundToCents(half)).toBe((cents + 1) / 100);
        expect(roundToCents(-half)).toBe(-(cents + 1) / 100 || 0);
      }),
    );
  });

  test('parseMoneyInput reads back what formatMoney wrote, to the cent', () => {
    fc.assert(
      fc.property(dollars, (x) => {
        expect(parseMoneyInput(formatMoney(x))).toBe(roundToCents(x));
      }),
    );
  });

  test('parsePercentInput reads back what formatPercent wrote, to a hundredth of a percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (basisPointHundredths) => {
        const fraction = basisPointHundredths / 10_000; // e.g. 525 → 0.0525
        expect(parsePercentInput(formatPercent(fraction))).toBe(fraction);
      }),
    );
  });
});

describe('roundToCents fast path', () => {
  // The reference: round the shortest decimal form, as Number.prototype.toString writes it.
  // the shortest decimal form rounded in exact integers, read back as the nearest float
  const reference = (value: number) => {
    const rounded = Math.sign(value) * Number(`${decimalCents(value, 0)}e-2`);
    return rounded === 0 ? 0 : rounded;
  };

  test('agrees with rounding the shortest decimal form, for any amount below $90 trillion', () => {
    fc.assert(
      fc.property(fc.double({ min: -9e13, max: 9e13, noNaN: true }), (value) => {
        expect(roundToCents(value)).toBe(reference(value));
      }),
      { numRuns: 20_000 },
    );
  });

  test('agrees on amounts written with a half cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const value = Number(`${cents}5e-3`);
        expect(roundToCents(value)).toBe(reference(value));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('roundMetric', () => {
  test.each([
    ['property_management', 2040.1725000000001, 2040.17],
    ['net_operating_income', -1234.565, -1234.57],
    ['cap_rate', 0.061249, 0.0612],
    ['levered_xirr', 0.123456789, 0.1235],
    ['dscr', 1.2549, 1.25],
    ['unlevered_equity_multiple', 1.849, 1.85],
    ['hold_period', 7, 7],
  ] as const)('%s %s → %s, as the screen shows it', (key, value, expected) => {
    expect(roundMetric(key, value)).toBe(expected);
  });
});
