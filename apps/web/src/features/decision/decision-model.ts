/**
 * The words and numbers of the decision tools (issue 14 §1–2): the deal on screen as the engine's
 * input, the names of the grid's drivers and outcomes, how their values and steps read, and the
 * investor's offer targets as typed. Pure (no React), so the tests and the browser bench share it.
 */
import {
  type AnalysisResponse,
  dealInput,
  factsOf,
  formatMoney,
  formatPercent,
  formatWholeDollars,
} from '@sfr/contracts';
import {
  type DealDriver,
  type DealInput,
  OFFER_TARGET_KEYS,
  OFFER_TARGET_LIMITS,
  type OfferTargetKey,
  type OfferTargets,
  type OptionalInputs,
  SENSITIVITY_STEPS,
  type SensitivityOutcome,
  seventyPercentRule,
} from '@sfr/underwriting';

/**
 * The engine's input for an analysis as shown: its assumptions (with the optional metrics it
 * carries: expense lines, loan shape, rehab and refinance), units and crime grades, exactly what
 * the results page recomputes (results/recalculate.ts), so the grid's middle cell is the deal on
 * screen and `driversFor` sees its rehab drivers.
 */
export function dealInputOf(analysis: AnalysisResponse): DealInput & OptionalInputs {
  return dealInput(analysis.property, analysis.property.metrics, factsOf(analysis));
}

/**
 * On a deal with a rehab, what the year-1 targets read: a year with its rehab months and no rent in
 * them, so they allow a lower price than a year of full rent would (QA: a BRRRR's offer of $37,298
 * on a $450,000 house said nothing of why). Null for a deal without rehab months.
 */
export function rehabYearNote(deal: OptionalInputs): string | null {
  const months = deal.rehab_months ?? 0;
  if (months <= 0) return null;
  return `Year 1 includes the ${months} month${months === 1 ? '' : 's'} of rehab with no rent: the cash-on-cash, DSCR and cash-flow targets read that year, so they allow a lower price than a year of full rent would.`;
}

/**
 * The 70 % rule beside the targets' offer on a deal with an after-repair value: the screen rehab
 * investors and their lenders price with, so the investor sees where their own targets stand
 * against it. Null without an after-repair value.
 *
 * @example seventyPercentNote({ after_repair_value: 240_000, rehab_budget: 30_000 }, 150_000)
 * // 'The 70 % rule (70 % of the after-repair value less the rehab) pays up to $138,000; your targets' offer is $12,000 above it.'
 */
export function seventyPercentNote(deal: OptionalInputs, offer: number | null): string | null {
  const rule = seventyPercentRule(deal);
  if (rule === null) return null;
  const sentence = 'The 70 % rule (70 % of the after-repair value less the rehab)';
  if (rule <= 0) return `${sentence} finds no price: the rehab takes 70 % of the value or more.`;
  const versus =
    offer === null
      ? ''
      : offer === Math.round(rule)
        ? "; your targets' offer is the same"
        : `; your targets' offer is ${formatWholeDollars(Math.abs(offer - rule))} ${offer > rule ? 'above' : 'below'} it`;
  return `${sentence} pays up to ${formatWholeDollars(rule)}${versus}.`;
}

/** Every driver the grid can move (`DEAL_DRIVERS`); the rehab ones only on a deal that gives them (`driversFor`). */
export const DRIVER_LABELS: Readonly<Record<DealDriver, string>> = {
  purchase_price: 'Purchase price',
  rent: 'Rent',
  vacancy_rate: 'Vacancy',
  interest_rate: 'Interest rate',
  loan_to_value: 'Loan to value',
  rent_annual_growth_rate: 'Rent growth',
  annual_price_appreciation: 'Appreciation',
  rehab_budget: 'Rehab budget',
  after_repair_value: 'After-repair value',
  refinance_loan_to_value: 'Refinance LTV',
};

/** A driver's label inside a sentence: 'purchase price', 'refinance LTV' (only the first letter lowered). */
export function driverInSentence(driver: DealDriver): string {
  const label = DRIVER_LABELS[driver];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** The grid's axes when the user has picked none, or picked a driver the deal no longer has. */
export const DEFAULT_GRID_AXES: Readonly<{ row: DealDriver; col: DealDriver }> = {
  row: 'purchase_price',
  col: 'rent',
};

/**
 * The axes the grid can draw for a deal with `drivers` (`driversFor(deal)`): the picked pair when
 * the deal has both (and they differ), else the default pair (price × rent), so a grid over the
 * rehab budget falls back when the user removes the rehab instead of asking the engine for a
 * driver the deal does not give.
 */
export function gridAxesFor(
  drivers: readonly DealDriver[],
  picked: { row: DealDriver; col: DealDriver },
): { row: DealDriver; col: DealDriver } {
  const fits = picked.row !== picked.col && drivers.includes(picked.row) && drivers.includes(picked.col);
  return fits ? { row: picked.row, col: picked.col } : { ...DEFAULT_GRID_AXES };
}

/** Drivers read in dollars (the others are rates and shares, read as percents). */
const MONEY_DRIVERS: ReadonlySet<DealDriver> = new Set<DealDriver>([
  'purchase_price',
  'rent',
  'rehab_budget',
  'after_repair_value',
]);

export const OUTCOME_LABELS: Readonly<Record<SensitivityOutcome, string>> = {
  monthly_levered_cash_flow: 'Monthly cash flow',
  cash_on_cash: 'Cash-on-cash',
  levered_xirr: 'Levered XIRR',
  overall_points: 'Rating points',
};

/**
 * A driver's value as the grid's headers show it: whole dollars for price, rent, rehab budget and
 * after-repair value, else a percent (the refinance LTV as the purchase LTV).
 */
export function formatDriverValue(driver: DealDriver, value: number): string {
  if (MONEY_DRIVERS.has(driver)) return formatWholeDollars(value);
  return formatPercent(value);
}

/** An outcome in a cell; null (no XIRR) reads 'N/A'. */
export function formatOutcome(outcome: SensitivityOutcome, value: number | null): string {
  if (value === null) return 'N/A';
  if (outcome === 'monthly_levered_cash_flow') return formatWholeDollars(value);
  if (outcome === 'overall_points') return String(Math.round(value));
  return formatPercent(value);
}

/**
 * Steps as the user types them: percents, comma-separated. Relative drivers (price, rent, rehab
 * budget, after-repair value) read '−15, −10, 0, 10' as −15 % … +10 % of the value; rate drivers
 * (the refinance LTV among them) as points added to the rate.
 */
export function stepsText(steps: readonly number[]): string {
  return steps.map((step) => String(Math.round(step * 1e6) / 1e4)).join(', ');
}

type StepsParse = { ok: true; steps: number[] } | { ok: false; message: string };

/** The steps typed for a driver, or why they cannot be used (the engine's rules, said in words). */
export function parseSteps(text: string): StepsParse {
  const parts = text
    .split(/[,;\s]+/)
    .map((part) => part.trim().replace('−', '-'))
    .filter((part) => part !== '');
  if (parts.length === 0) return { ok: false, message: 'Enter at least one step, e.g. -10, 0, 10.' };
  if (parts.length > 15) return { ok: false, message: 'At most 15 steps.' };
  const steps: number[] = [];
  for (const part of parts) {
    const percent = Number(part.replace(/%$/, ''));
    if (!Number.isFinite(percent) || Math.abs(percent) > 100) {
      return { ok: false, message: `'${part}' is not a step between -100 and 100.` };
    }
    steps.push(percent / 100);
  }
  if (new Set(steps).size !== steps.length) return { ok: false, message: 'Each step once.' };
  return { ok: true, steps: steps.sort((a, b) => a - b) };
}

/** What a step means, for the steps field's hint. */
export function stepsHint(driver: DealDriver): string {
  return SENSITIVITY_STEPS[driver].kind === 'relative'
    ? 'percent of the current value'
    : 'percentage points added to the current rate';
}

/** The offer targets the results page starts with (issue 14 §1). */
export const DEFAULT_OFFER_TARGETS: Readonly<OfferTargets> = { cash_on_cash: 0.08, dscr: 1.25 };

/**
 * An investor's targets are theirs, not one deal's: the browser keeps the fields as typed, so the
 * next deal, a reload and another tab start from them (QA: they reset on reload).
 */
export const OFFER_TARGETS_STORAGE_KEY = 'sfr.offer-targets';

/**
 * The target texts a browser kept (`OFFER_TARGETS_STORAGE_KEY`), the defaults where there is none
 * or it does not read as one text per target (another version's, or edited by hand).
 */
export function keptTargetTexts(stored: string | null): OfferTargetTexts {
  if (stored === null) return { ...DEFAULT_TARGET_TEXTS };
  try {
    const kept: unknown = JSON.parse(stored);
    if (typeof kept !== 'object' || kept === null) return { ...DEFAULT_TARGET_TEXTS };
    const record = kept as Record<string, unknown>;
    const complete = OFFER_TARGET_KEYS.every((key) => typeof record[key] === 'string');
    if (!complete) return { ...DEFAULT_TARGET_TEXTS };
    return Object.fromEntries(OFFER_TARGET_KEYS.map((key) => [key, record[key]])) as OfferTargetTexts;
  } catch {
    return { ...DEFAULT_TARGET_TEXTS };
  }
}

/** How each target is typed and read: percents for the returns, a ratio, dollars, points. */
export const OFFER_TARGET_FIELDS: Readonly<
  Record<OfferTargetKey, { label: string; unit: 'percent' | 'ratio' | 'money' | 'points' }>
> = {
  cash_on_cash: { label: 'Cash-on-cash at least', unit: 'percent' },
  dscr: { label: 'DSCR at least', unit: 'ratio' },
  levered_xirr: { label: 'Levered XIRR at least', unit: 'percent' },
  monthly_levered_cash_flow: { label: 'Monthly cash flow at least', unit: 'money' },
  overall_points: { label: 'Rating points at least', unit: 'points' },
};

/** The short name of a binding target: 'Offer up to $X (cash-on-cash 8.00% binds)'. */
export const TARGET_NAMES: Readonly<Record<OfferTargetKey, string>> = {
  cash_on_cash: 'cash-on-cash',
  dscr: 'DSCR',
  levered_xirr: 'levered XIRR',
  monthly_levered_cash_flow: 'monthly cash flow',
  overall_points: 'rating points',
};

/** A target's value as its field shows it: 0.08 → '8' (percent), 1.25 → '1.25'. */
export function targetText(key: OfferTargetKey, value: number): string {
  return OFFER_TARGET_FIELDS[key].unit === 'percent' ? String(Math.round(value * 1e6) / 1e4) : String(value);
}

/** The targets as their fields hold them, one text per target ('' for no target). */
export type OfferTargetTexts = Record<OfferTargetKey, string>;

/** The default targets as their fields show them. */
export const DEFAULT_TARGET_TEXTS: Readonly<OfferTargetTexts> = Object.fromEntries(
  OFFER_TARGET_KEYS.map((key) => {
    const value = DEFAULT_OFFER_TARGETS[key];
    return [key, value === undefined ? '' : targetText(key, value)];
  }),
) as OfferTargetTexts;

/** A target's value read aloud: 8 % → '8.00%', 1.25 → '1.25', $100 → '$100'. */
export function formatTarget(key: OfferTargetKey, value: number): string {
  switch (OFFER_TARGET_FIELDS[key].unit) {
    case 'percent':
      return formatPercent(value);
    case 'money':
      return formatMoney(value);
    default:
      return String(Math.round(value * 100) / 100);
  }
}

type TargetParse = { ok: true; value: number | undefined } | { ok: false; message: string };

/** A typed target: empty means no target; percents become fractions; the engine's ranges apply. */
export function parseTarget(key: OfferTargetKey, text: string): TargetParse {
  const trimmed = text.trim().replace(/[$,%]/g, '');
  if (trimmed === '') return { ok: true, value: undefined };
  const typed = Number(trimmed);
  if (!Number.isFinite(typed)) return { ok: false, message: 'Enter a number, or leave it empty.' };
  const { unit } = OFFER_TARGET_FIELDS[key];
  const value = unit === 'percent' ? typed / 100 : typed;
  // the engine's own ranges, said in the field's unit
  const { min, max } = OFFER_TARGET_LIMITS[key];
  if (value < min || value > max) {
    const shown = (bound: number) => (unit === 'percent' ? bound * 100 : bound).toLocaleString('en-US');
    const what = { percent: 'a percent', ratio: 'a ratio', money: 'dollars', points: 'points' }[unit];
    return { ok: false, message: `Enter ${what} from ${shown(min)} to ${shown(max)}.` };
  }
  return { ok: true, value };
}

export { OFFER_TARGET_KEYS };
