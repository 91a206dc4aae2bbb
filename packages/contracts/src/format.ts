/**
 * Display formatting and parsing of the web's editable fields. The model keeps float64 dollars
 * and fractions; this module is the edge where they are rounded, by one function: roundToCents.
 */
import { EDITABLE_METRIC_KEYS, METRIC_KIND, type MetricKey, type MetricKind } from './labels.js';

/** What a figure the model leaves null (or cannot give) reads as, on screen and in the report. */
export const NOT_AVAILABLE = 'N/A';

/**
 * Moves the decimal point of `value` by `places` (100 ↔ 2), exactly as the decimal digits read:
 * it rewrites the shortest decimal form of the number instead of multiplying, so
 * shiftDecimal(1.005, 2) is 100.5, where 1.005 * 100 is 100.49999999999999.
 */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Above this, float64 has no cent digits left to round. */
const NO_CENTS_ABOVE = Number.MAX_SAFE_INTEGER / 100;

/**
 * Rounds to two decimals, half away from zero, reading the number as its shortest decimal form so
 * float error does not flip a half: roundToCents(1.005) = 1.01 (1.005 is stored as 1.00499999…).
 * Never returns -0. Throws a RangeError for NaN or ±Infinity.
 *
 * @example roundToCents(1.005) === 1.01
 * @example roundToCents(-2.675) === -2.68
 * @example roundToCents(-0.004) === 0
 */
export function roundToCents(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round ${value} to cents`);
  const magnitude = Math.abs(value);
  if (magnitude >= NO_CENTS_ABOVE) return value;
  const rounded = (Math.sign(value) * centsOf(magnitude)) / 100;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Whole cents of a non-negative amount, half away from zero. Multiplying by 100 is exact enough
 * everywhere except within a hair of a half cent, where float error can flip the rounding; only there
 * is the slower shortest-decimal reading used (one analysis formats ~150 numbers).
 */
function centsOf(magnitude: number): number {
  const scaled = magnitude * 100;
  return nearHalf(scaled) ? centsByDigits(magnitude) : Math.round(scaled);
}

/**
 * Whole hundredths of `magnitude` × 10^`shift` (≥ 0), rounded on the shortest decimal digits of
 * `magnitude`, half away from zero: the digits past the point decide, never a float
 * (428138006.30764997 as a percent is 4,281,380,063,076.4997 hundredths, more digits than a float
 * holds, which would read as a half).
 *
 * @example centsByDigits(1.005) === 101; centsByDigits(428138006.30764997, 2) === 4281380063076
 */
function centsByDigits(magnitude: number, shift = 0): number {
  const [mantissa = '0', exponent = '0'] = String(magnitude).split('e');
  const [whole = '0', decimals = ''] = mantissa.split('.');
  // the digits, with the point after `point` of them
  const digits = `${whole}${decimals}`;
  const point = whole.length + Number(exponent) + shift;
  const padded = point < 0 ? `${'0'.repeat(-point)}${digits}` : digits;
  const at = Math.max(point, 0) + 2;
  const kept = padded.padEnd(at, '0').slice(0, at);
  return Number(kept) + (padded.charAt(at) >= '5' ? 1 : 0);
}

/** Whether `scaled` lies within a few ulps of a half, where float error could flip its rounding. */
function nearHalf(scaled: number): boolean {
  const fraction = scaled - Math.floor(scaled);
  // a few ulps of `scaled`: large amounts carry larger absolute float error
  return Math.abs(fraction - 0.5) < 1e-6 + 8 * Number.EPSILON * scaled;
}

/**
 * 1234567 → '1,234,567': a non-negative whole number with en-US thousands separators. A loop, not
 * a regular expression: a results page formats ~150 numbers on every keystroke.
 */
function groupThousands(whole: number): string {
  const digits = String(whole);
  // from 1e21 String writes an exponent, which has no thousands to group
  if (digits.length <= 3 || whole >= 1e21) return digits;
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/** 123456789 cents → '1,234,567.89'. */
function centsToDigits(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents - whole * 100;
  return `${groupThousands(whole)}.${rest < 10 ? '0' : ''}${rest}`;
}

/** Past NO_CENTS_ABOVE there is nothing to round: Intl writes the digits. */
const bigDigits = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rounds to two decimals and writes the magnitude with thousands separators; the sign is separate. */
function signAndDigits(value: number): { negative: boolean; digits: string } {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round ${value} to cents`);
  const magnitude = Math.abs(value);
  if (magnitude >= NO_CENTS_ABOVE) return { negative: value < 0, digits: bigDigits.format(magnitude) };
  const cents = centsOf(magnitude);
  return { negative: value < 0 && cents > 0, digits: centsToDigits(cents) };
}

/**
 * US dollars with cents: formatMoney(12345.678) === '$12,345.68', formatMoney(-1234) === '-$1,234.00'.
 * Amounts that round to zero are '$0.00', never '-$0.00'.
 */
export function formatMoney(value: number): string {
  const { negative, digits } = signAndDigits(value);
  return `${negative ? '-' : ''}$${digits}`;
}

/**
 * A count rounded to a whole number, grouped: formatWholeNumber(1850.4) === '1,850'. Written without
 * `toLocaleString`, which builds a formatter on each call (~0.1 ms in Chromium) where this runs per keystroke.
 */
export function formatWholeNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format ${value} as a whole number`);
  const whole = Math.round(Math.abs(value));
  return `${value < 0 && whole > 0 ? '-' : ''}${groupThousands(whole)}`;
}

/** Whole dollars, for evidence quoted in a sentence: formatWholeDollars(1234.5) === '$1,235'. */
export function formatWholeDollars(value: number): string {
  const digits = formatWholeNumber(value);
  return digits.startsWith('-') ? `-$${digits.slice(1)}` : `$${digits}`;
}

/** A fraction as a percent with two decimals: formatPercent(0.0525) === '5.25%'. */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) throw new RangeError(`Cannot format ${fraction} as a percent`);
  // × 100 reads as the decimal shift everywhere but within a hair of a half hundredth, where only
  // the shortest-decimal reading rounds as the digits say (0.01145 → 1.15 %, not 1.14 %)
  const percent = fraction * 100;
  const magnitude = Math.abs(percent);
  if (magnitude >= NO_CENTS_ABOVE || !nearHalf(magnitude * 100)) {
    const { negative, digits } = signAndDigits(percent);
    return `${negative ? '-' : ''}${digits}%`;
  }
  const cents = centsByDigits(Math.abs(fraction), 2);
  return `${fraction < 0 && cents > 0 ? '-' : ''}${centsToDigits(cents)}%`;
}

/** The most decimals of a percent an assumption is typed or a market rate shown with. */
export const PERCENT_DECIMALS = 4;

/**
 * A fraction rounded to `PERCENT_DECIMALS` decimals of a percent, read as its shortest decimal form:
 * the rate a person reads, without float noise.
 *
 * @example roundRate(0.08030000000000001) === 0.0803
 * @example roundRate(0.03245047212911889) === 0.03245
 */
export function roundRate(fraction: number): number {
  if (!Number.isFinite(fraction)) throw new RangeError(`Cannot round ${fraction} as a rate`);
  // half away from zero on the decimal digits, as roundToCents: 0.0594115 → 0.059412
  const places = 2 + PERCENT_DECIMALS;
  const units = Math.round(shiftDecimal(Math.abs(fraction), places));
  const rounded = Math.sign(fraction) * shiftDecimal(units, -places);
  return rounded === 0 ? 0 : rounded;
}

/**
 * A rate as the percent a person reads and types, rounded as `roundRate`.
 *
 * @example ratePercent(0.068650000000001) === 6.865
 */
export function ratePercent(fraction: number): number {
  return shiftDecimal(roundRate(fraction), 2);
}

/**
 * A rate with the decimals it has, two to `PERCENT_DECIMALS`: the same digits as the assumption it
 * fills, so a 3.245 % appreciation does not read as 3.25 % beside it.
 *
 * @example formatRate(0.03245047212911889) === '3.245%'
 * @example formatRate(0.0803) === '8.03%'
 * @example formatRate(0.05) === '5.00%'
 */
export function formatRate(fraction: number): string {
  const percent = ratePercent(fraction);
  const [whole = '0', decimals = ''] = String(Math.abs(percent)).split('.');
  return `${percent < 0 ? '-' : ''}${groupThousands(Number(whole))}.${decimals.padEnd(2, '0')}%`;
}

/** A multiple with two decimals: formatMultiple(1.849) === '1.85x'. */
export function formatMultiple(value: number): string {
  const { negative, digits } = signAndDigits(value);
  return `${negative ? '-' : ''}${digits}x`;
}

/** A plain ratio with two decimals: formatRatio(1.2549) === '1.25'. */
export function formatRatio(value: number): string {
  const { negative, digits } = signAndDigits(value);
  return `${negative ? '-' : ''}${digits}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function formatByKind(kind: Exclude<MetricKind, 'grade'>, value: number): string {
  switch (kind) {
    case 'money':
      return formatMoney(value);
    case 'percent':
      return formatPercent(value);
    case 'ratio':
      return formatRatio(value);
    case 'multiple':
      return formatMultiple(value);
    case 'years':
      return plural(value, 'year');
    case 'months':
      return plural(value, 'month');
    case 'count':
      return String(value);
  }
}

/**
 * A metric's number rounded as the screen shows it (for exports, which keep numbers as numbers):
 * money, ratios and multiples to two decimals, percents to two decimals of a percent.
 *
 * @example roundMetric('property_management', 2040.1725000000001) === 2040.17
 * @example roundMetric('cap_rate', 0.061249) === 0.0612
 */
export function roundMetric(key: MetricKey, value: number): number {
  const kind = METRIC_KIND[key];
  if (EDITABLE_RATES.has(key)) return roundRate(value);
  return kind === 'grade' ? value : roundByKind(kind, value);
}

/**
 * The rates a user types (vacancy, interest, appreciation…): shown and rounded with the decimals
 * they have (`formatRate`, `roundRate`), as their inputs show them, so a 3.245 % appreciation never
 * reads 3.25 % in the report beside the sale price it gives. Computed figures keep two decimals.
 */
const EDITABLE_RATES: ReadonlySet<string> = new Set(
  EDITABLE_METRIC_KEYS.filter((key) => METRIC_KIND[key] === 'percent'),
);

/** A number of one kind rounded as the screen shows that kind (roundMetric). */
export function roundByKind(kind: Exclude<MetricKind, 'grade'>, value: number): number {
  switch (kind) {
    case 'percent':
      return shiftDecimal(roundToCents(shiftDecimal(value, 2)), -2);
    case 'money':
    case 'ratio':
    case 'multiple':
      return roundToCents(value);
    default:
      return value;
  }
}

/**
 * A metric as the results screen shows it, by its METRIC_KIND; null or undefined is 'N/A'.
 *
 * @example formatMetric('cap_rate', 0.0612) === '6.12%'
 * @example formatMetric('levered_xirr', null) === 'N/A'
 * @example formatMetric('hold_period', 5) === '5 years'
 */
export function formatMetric(key: MetricKey, value: number | string | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  const kind = METRIC_KIND[key];
  if (kind === 'grade') {
    if (typeof value !== 'string') throw new TypeError(`${key} is a grade; got ${value}`);
    return value;
  }
  if (typeof value !== 'number') throw new TypeError(`${key} is a number; got '${value}'`);
  if (EDITABLE_RATES.has(key)) return formatRate(value);
  return formatByKind(kind, value);
}

/** A number as people type it: optional sign, digits either grouped by commas or not, optional decimals. */
const TYPED_NUMBER = /^([+-]?)((\d{1,3}(,\d{3})+|\d+)(\.\d*)?|\.\d+)$/;

/** Typed number text → its decimal digits without grouping ('-1,234.5' → '-1234.5'), or null. */
function typedDecimal(text: string): string | null {
  const match = TYPED_NUMBER.exec(text);
  if (!match) return null;
  const [, sign = '', digits = ''] = match;
  return `${sign}${digits.replaceAll(',', '')}`;
}

/**
 * A percent typed by the user, as a fraction: '5.25' or '5.25%' → 0.0525, '-1' → -0.01.
 * Empty or unreadable text is null.
 */
export function parsePercentInput(text: string): number | null {
  const decimal = typedDecimal(text.trim().replace(/\s*%$/, ''));
  if (decimal === null) return null;
  return shiftDecimal(Number(decimal), -2) || 0;
}

/**
 * A dollar amount typed by the user: '$1,234.50' → 1234.5, '-$20' → -20, '1234' → 1234.
 * Empty or unreadable text (including misplaced commas, '1,23') is null.
 */
export function parseMoneyInput(text: string): number | null {
  const decimal = typedDecimal(text.trim().replace(/^([+-]?)\$/, '$1'));
  if (decimal === null) return null;
  return Number(decimal) || 0;
}

/**
 * The text an editable metric input starts with, in the units the user types: dollars for money
 * ('1234.5'), percent for fractions ('6.875', not rounded, so an untouched field round-trips
 * exactly), whole numbers for years.
 */
export function formatMetricInput(key: MetricKey, value: number): string {
  return METRIC_KIND[key] === 'percent' ? String(shiftDecimal(value, 2)) : String(value);
}

/**
 * Reads an editable metric input back into the model's units by the metric's kind: percents
 * become fractions, money accepts '$' and thousands separators. Empty or unreadable text is null.
 */
export function parseMetricInput(key: MetricKey, text: string): number | null {
  switch (METRIC_KIND[key]) {
    case 'percent':
      return parsePercentInput(text);
    case 'money':
      return parseMoneyInput(text);
    case 'grade':
      return null;
    default: {
      const decimal = typedDecimal(text.trim());
      return decimal === null ? null : Number(decimal) || 0;
    }
  }
}
