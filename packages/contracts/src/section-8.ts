/**
 * The Section 8 scenario (issue 28 §5): the deal rented to a Housing Choice Voucher holder. The
 * rent becomes the voucher payment standard (a share of the applicable FMR or Small Area FMR,
 * 24 CFR 982.503) less the utility allowance when the tenant pays the utilities (24 CFR 982.517);
 * the tenancy lengthens and the vacancy follows from it, as the evidence in docs/section-8.md
 * says. Pure: the product rederives the fields that follow rent (management, maintenance) itself.
 */
import { DERIVATIONS, inferOverridden, NEW_ANALYSIS_EXPENSE_DEFAULTS } from '@sfr/underwriting';
import type { SharedAnalysis } from './analysis.js';
import type { Metrics } from './assumptions.js';
import { formatMoney, formatMultiple, formatPercent } from './format.js';
import { derivationContextOf } from './ranges.js';
import { z } from './zod.js';

/** The payment-standard basic range, a share of the FMR or SAFMR (24 CFR 982.503(b)(1)(i)). */
export const PAYMENT_STANDARD_SHARE = { min: 0.9, max: 1.1, default: 1 } as const;

/** The largest utility allowance accepted, $/month per unit: far above any schedule found (about $400). */
export const UTILITY_ALLOWANCE_MAX = 2_000;

/** What a Section 8 scenario assumes on top of the market scenario. */
export interface Section8Terms {
  /** the payment standard as a share of the applicable FMR or SAFMR, 0.9–1.1; default 1 */
  payment_standard_share: number;
  /** whether the tenant pays the utilities (the usual case for a house); default true */
  tenant_pays_utilities: boolean;
  /** the housing authority's utility allowance, $/month per unit; default from the table by bedrooms */
  utility_allowance: number;
}

/** One row of the default utility allowances: the value used and the spread of the schedules behind it. */
export interface UtilityAllowanceDefault {
  bedrooms: number;
  /** $/month per unit: the median of the schedules */
  value: number;
  /** the lowest and highest of the schedules, $/month */
  low: number;
  high: number;
}

/**
 * The default utility allowance of a detached house whose tenant pays heating, cooking, water
 * heating, lights and appliances, air conditioning, water, sewer and trash (the owner supplies the
 * range and refrigerator): per bedroom count, the median of three published housing-authority
 * schedules for single-family houses, with their spread. The last row serves 5 bedrooms and more.
 * Sources and dates: UTILITY_ALLOWANCE_SOURCES and docs/section-8.md.
 */
export const UTILITY_ALLOWANCE_DEFAULTS: readonly UtilityAllowanceDefault[] = [
  { bedrooms: 0, value: 151, low: 147, high: 187 },
  { bedrooms: 1, value: 165, low: 160, high: 222 },
  { bedrooms: 2, value: 209, low: 203, high: 262 },
  { bedrooms: 3, value: 252, low: 252, high: 296 },
  { bedrooms: 4, value: 302, low: 294, high: 354 },
  { bedrooms: 5, value: 352, low: 330, high: 389 },
];

/** The schedules behind UTILITY_ALLOWANCE_DEFAULTS, each with its bundle's totals for 0–5 bedrooms. */
export const UTILITY_ALLOWANCE_SOURCES = [
  {
    authority: 'Great Plains Housing Authority (Jamestown, ND)',
    effective: '2024-01-01',
    bundle:
      'single-family house; natural-gas heat, cooking and water heating; other electric, A/C, water, sewer, trash',
    totals: [151, 165, 209, 252, 294, 330],
    url: 'https://greatplainsha.com/section-8-utility-allowances/',
  },
  {
    authority: 'Longview Housing Authority (Cowlitz County, WA)',
    effective: '2018-12-01',
    bundle: 'house/duplex built before 1991; all electric with water, sewer and garbage ("Electricity, WSG")',
    totals: [187, 222, 262, 296, 354, 389],
    url: 'http://longviewha.org/utility-allowances.html',
  },
  {
    authority: 'Lauderdale County (form HUD-52667, single family)',
    effective: '2016-10-01',
    bundle:
      'single family; natural-gas heat, cooking and water heating; other electric, A/C, water, sewer, trash',
    totals: [147, 160, 203, 252, 302, 352],
    url: 'https://slideblast.com/download/lauderdale-county-single-family_59ea6a641723ddb5f7bc707a.html',
  },
] as const;

/**
 * The default utility allowance row for a bedroom count: 0–5 as tabled, more than 5 as 5, fewer than
 * 0 (or a fraction) rounded into the table.
 *
 * @example utilityAllowanceDefault(3).value === 252
 * @example utilityAllowanceDefault(7).value === 352
 */
export function utilityAllowanceDefault(bedrooms: number): UtilityAllowanceDefault {
  const last = UTILITY_ALLOWANCE_DEFAULTS.length - 1;
  const index = Number.isFinite(bedrooms) ? Math.min(last, Math.max(0, Math.round(bedrooms))) : 0;
  return UTILITY_ALLOWANCE_DEFAULTS[index] as UtilityAllowanceDefault;
}

/**
 * The default terms for a unit of `bedrooms` bedrooms: the payment standard at 100 % of the HUD
 * rent, the tenant paying the utilities, the default utility allowance.
 *
 * @example section8Defaults(3) → { payment_standard_share: 1, tenant_pays_utilities: true, utility_allowance: 252 }
 */
export function section8Defaults(bedrooms: number): Section8Terms {
  return {
    payment_standard_share: PAYMENT_STANDARD_SHARE.default,
    tenant_pays_utilities: true,
    utility_allowance: utilityAllowanceDefault(bedrooms).value,
  };
}

export const SECTION_8_MESSAGES = {
  shareRequired: 'Payment standard share is required (a fraction from 0.9 to 1.1, 1 = 100% of the HUD rent).',
  shareRange:
    'Payment standard share must be from 0.9 to 1.1 (90% to 110% of the HUD rent, the basic range of 24 CFR 982.503).',
  tenantPaysRequired: 'Say whether the tenant pays the utilities (true or false).',
  allowanceRequired:
    'Utility allowance is required (dollars a month per unit; 0 when the owner pays every utility).',
  allowanceRange: `Utility allowance must be from 0 to ${UTILITY_ALLOWANCE_MAX.toLocaleString('en-US')} dollars a month per unit.`,
} as const;

/** The terms as the API accepts them: unknown keys rejected, each failure one sentence. */
export const section8TermsSchema = z.strictObject({
  payment_standard_share: z
    .number({ error: SECTION_8_MESSAGES.shareRequired })
    .check(
      z.minimum(PAYMENT_STANDARD_SHARE.min, SECTION_8_MESSAGES.shareRange),
      z.maximum(PAYMENT_STANDARD_SHARE.max, SECTION_8_MESSAGES.shareRange),
    ),
  tenant_pays_utilities: z.boolean({ error: SECTION_8_MESSAGES.tenantPaysRequired }),
  utility_allowance: z
    .number({ error: SECTION_8_MESSAGES.allowanceRequired })
    .check(
      z.minimum(0, SECTION_8_MESSAGES.allowanceRange),
      z.maximum(UTILITY_ALLOWANCE_MAX, SECTION_8_MESSAGES.allowanceRange),
    ),
});

/**
 * Checks terms: the valid terms, or every problem as a sentence for people.
 *
 * @example validateSection8Terms({ ...section8Defaults(3), payment_standard_share: 1.2 })
 *   → { ok: false, errors: ['Payment standard share must be from 0.9 to 1.1 (…)'] }
 */
export function validateSection8Terms(
  input: unknown,
): { ok: true; terms: Section8Terms } | { ok: false; errors: string[] } {
  const result = section8TermsSchema.safeParse(input);
  if (result.success) return { ok: true, terms: result.data };
  return { ok: false, errors: result.error.issues.map((issue) => issue.message) };
}

/**
 * Days an HQS inspection adds to each new voucher lease: the housing authority inspects before the
 * lease and the payments start, typically 5–15 days after the request for tenancy approval (longer
 * after a failed item). docs/section-8.md, "Vacancy and tenancy".
 */
export const HQS_DELAY_MONTHS = 0.5;

/**
 * The expected voucher tenancy, months: the low end of the evidence (voucher households' median
 * stay in the program is 4.8 years; in Florida half had moved by their fifth year; in Houston 10 %
 * moved in two years). Never shortens a longer market tenancy.
 */
export const SECTION_8_TENANCY_MONTHS = 36;

/** The market tenancy when the metrics carry none: the new-analysis default (24 months). */
const MARKET_TENANCY_MONTHS = NEW_ANALYSIS_EXPENSE_DEFAULTS.tenancy_months.value;

/**
 * The vacancy of a longer tenancy with an inspection delay per turnover: the market's vacant months
 * per turnover (v × T / (1 − v)) plus the HQS delay, spread over the Section 8 tenancy plus that
 * downtime, to four decimals. A vacancy of 1 or more (no tenancy) is returned as given.
 *
 * @example section8Vacancy(0.05, 24, 36) === 0.0467 // (1.263 + 0.5) / (36 + 1.763)
 */
export function section8Vacancy(
  marketVacancy: number,
  marketTenancy: number,
  section8Tenancy: number,
): number {
  if (!(marketVacancy < 1) || marketVacancy < 0) return marketVacancy;
  const downtime = (marketVacancy * marketTenancy) / (1 - marketVacancy) + HQS_DELAY_MONTHS;
  return Math.round((downtime / (section8Tenancy + downtime)) * 10_000) / 10_000;
}

/** What the scenario rests on, figure by figure and in sentences for people. */
export interface Section8Basis {
  /** the applicable FMR or SAFMR for the bedrooms, $/month per unit */
  hud_rent: number;
  payment_standard_share: number;
  /** share × HUD rent, to the dollar, $/month per unit */
  payment_standard: number;
  tenant_pays_utilities: boolean;
  /** the allowance deducted, $/month per unit (0 when the owner pays the utilities) */
  utility_allowance: number;
  /** payment standard − allowance, floored at 0, $/month per unit: the most the voucher pays toward */
  contract_rent_per_unit: number;
  units: number;
  /** the scenario's rent, $/month for the property */
  rent: number;
  /** the market scenario's rent, $/month for the property */
  market_rent: number;
  vacancy_rate: { market: number; section_8: number };
  /** absent when the market metrics carry no tenancy */
  tenancy_months?: { market: number; section_8: number };
  /** the owner's utilities when the owner pays them, $/month (absent when the tenant pays) */
  owner_utilities?: { market: number; section_8: number };
  /**
   * How far the rent may be off, $/month for the property, the scenario's "±" on its rent: a
   * housing authority's payment standard is anywhere from 90 % to 110 % of the HUD rent (±10 %),
   * and when the tenant pays the utilities, half the spread of the published allowance schedules
   */
  rent_width: number;
  /** how each figure was reached */
  sentences: string[];
  /** what the investor must check before relying on the scenario */
  caveats: string[];
}

export interface Section8Input {
  /** the applicable FMR or SAFMR for the bedroom count, $/month per unit; null when unknown */
  hud_rent: number | null;
  /** house type, 1–4 units */
  units: number;
  /** bedrooms per unit */
  bedrooms: number;
  /** the market scenario's metrics */
  metrics: Metrics;
}

export const SECTION_8_CAVEATS = [
  'Rent reasonableness (24 CFR 982.507): the housing authority approves the rent only if it is not more than comparable unassisted units nearby, so a house in a part of the area below the FMR may be held to less than this figure.',
  'Each housing authority sets its own payment standard (90–110% of the FMR or Small Area FMR) and its own utility allowance schedule: check both with the local housing authority before relying on this scenario.',
  "At the first lease the tenant's share may not exceed 40% of their adjusted monthly income when the gross rent is above the payment standard (24 CFR 982.508); a rent at the payment standard keeps within it.",
  'The unit must pass a Housing Quality Standards inspection before the lease starts and at least every two years, and the payments stop while a failed item stays unrepaired.',
] as const;

/**
 * What a voucher pays toward a unit's rent on `terms`: the payment standard (share × HUD rent, to the
 * dollar) less the utility allowance when the tenant pays the utilities, floored at 0. The Section 8
 * scenario's rent per unit, and the figure a Section 8 opportunity quotes.
 *
 * @example section8Rent(2_347, section8Defaults(3)).contractRent === 2_095
 */
export function section8Rent(
  hudRent: number,
  terms: Section8Terms,
): { paymentStandard: number; allowance: number; contractRent: number } {
  const paymentStandard = Math.round(terms.payment_standard_share * hudRent);
  const allowance = Math.round(terms.utility_allowance);
  const contractRent = Math.max(0, paymentStandard - (terms.tenant_pays_utilities ? allowance : 0));
  return { paymentStandard, allowance, contractRent };
}

/**
 * The Section 8 scenario's metrics from the market scenario's: rent = units × (payment standard −
 * utility allowance when the tenant pays), the payment standard = share × HUD rent to the dollar,
 * the contract rent floored at 0; the tenancy lengthened to SECTION_8_TENANCY_MONTHS when the
 * metrics carry one; the vacancy from section8Vacancy; when the owner pays the utilities, the
 * allowance per unit added to the owner's utilities. Every other metric is the market's: the
 * caller rederives management and maintenance (they follow rent) unless the user overrode them.
 * Null when there is no HUD rent; a RangeError for terms validateSection8Terms refuses.
 *
 * @example Travis County 3 BR (FMR $2,347), default terms: 2,347 − 252 = $2,095 a month
 */
export function section8Edits(
  input: Section8Input,
  terms: Section8Terms,
): { metrics: Metrics; basis: Section8Basis } | null {
  const { hud_rent: hudRent, units, metrics } = input;
  if (hudRent === null || !Number.isFinite(hudRent) || hudRent <= 0) return null;
  const checked = validateSection8Terms(terms);
  if (!checked.ok) throw new RangeError(checked.errors.join(' '));

  const { paymentStandard, allowance, contractRent } = section8Rent(hudRent, terms);
  const deducted = terms.tenant_pays_utilities ? allowance : 0;
  const rent = units * contractRent;

  const marketTenancy = metrics.tenancy_months;
  const section8Tenancy = Math.max(marketTenancy ?? MARKET_TENANCY_MONTHS, SECTION_8_TENANCY_MONTHS);
  const vacancy = section8Vacancy(
    metrics.vacancy_rate,
    marketTenancy ?? MARKET_TENANCY_MONTHS,
    section8Tenancy,
  );

  const edited: Metrics = { ...metrics, rent, vacancy_rate: vacancy };
  if (marketTenancy !== undefined) edited.tenancy_months = section8Tenancy;
  let ownerUtilities: Section8Basis['owner_utilities'];
  if (!terms.tenant_pays_utilities) {
    const market = metrics.owner_utilities ?? 0;
    ownerUtilities = { market, section_8: market + units * allowance };
    edited.owner_utilities = ownerUtilities.section_8;
  }

  const share = formatPercent(terms.payment_standard_share).replace('.00%', '%');
  const perUnit = units === 1 ? '' : ' per unit';
  const sentences = [
    `Payment standard: ${share} of the HUD rent of ${formatMoney(hudRent)} = ${formatMoney(paymentStandard)} a month${perUnit}.`,
    terms.tenant_pays_utilities
      ? `The tenant pays the utilities, so the housing authority deducts its utility allowance of ${formatMoney(allowance)}: the rent is ${formatMoney(contractRent)} a month${perUnit}${contractRent === 0 ? ' (the allowance is at least the payment standard)' : ''}.`
      : `The owner pays the utilities, so the rent is the whole payment standard, ${formatMoney(contractRent)} a month${perUnit}, and the owner's utilities rise by the allowance of ${formatMoney(allowance)}${perUnit} to ${formatMoney(ownerUtilities?.section_8 ?? 0)} a month.`,
    ...(units === 1 ? [] : [`${units} units × ${formatMoney(contractRent)} = ${formatMoney(rent)} a month.`]),
    // "the base case" is the deal as it stands, rented on the open market: its rent may be the user's
    // own figure, not the market estimate (QA: a typed $4,000 read as "the market's")
    `Rent ${formatMoney(rent)} a month against the base case's ${formatMoney(metrics.rent)} (${signedMoney(rent - metrics.rent)}).`,
    ...(rent > metrics.rent
      ? [
          "Above the base case's rent: the housing authority approves a rent only if it is reasonable against comparable unassisted units (24 CFR 982.507), so check that the open market supports it before counting on it.",
        ]
      : []),
    `Vacancy ${formatPercent(vacancy)} against the base case's ${formatPercent(metrics.vacancy_rate)}: the base case's vacant time per new lease plus about two weeks for the housing authority's inspection, spread over a ${section8Tenancy}-month voucher tenancy instead of ${marketTenancy ?? MARKET_TENANCY_MONTHS} months.`,
  ];
  if (marketTenancy !== undefined && section8Tenancy !== marketTenancy) {
    sentences.push(
      `Tenancy ${section8Tenancy} months against the base case's ${marketTenancy}: voucher households move less often (a new lease, and its leasing fee, less often).`,
    );
  }

  const basis: Section8Basis = {
    hud_rent: hudRent,
    payment_standard_share: terms.payment_standard_share,
    payment_standard: paymentStandard,
    tenant_pays_utilities: terms.tenant_pays_utilities,
    utility_allowance: deducted,
    contract_rent_per_unit: contractRent,
    units,
    rent,
    market_rent: metrics.rent,
    vacancy_rate: { market: metrics.vacancy_rate, section_8: vacancy },
    ...(marketTenancy === undefined
      ? {}
      : { tenancy_months: { market: marketTenancy, section_8: section8Tenancy } }),
    ...(ownerUtilities === undefined ? {} : { owner_utilities: ownerUtilities }),
    rent_width: section8RentWidth(hudRent, units, input.bedrooms, terms.tenant_pays_utilities),
    sentences,
    caveats: [...SECTION_8_CAVEATS],
  };
  return { metrics: edited, basis };
}

/**
 * The Section 8 rent's "±" in dollars a month for the property (Section8Basis.rent_width).
 *
 * @example section8RentWidth(2_347, 1, 3, true) === 235 + 22 // ±10 % of $2,347, half of $252–$296
 */
export function section8RentWidth(
  hudRent: number,
  units: number,
  bedrooms: number,
  tenantPays: boolean,
): number {
  const standard = Math.round((PAYMENT_STANDARD_SHARE.max - 1) * hudRent);
  const { low, high } = utilityAllowanceDefault(bedrooms);
  return units * (standard + (tenantPays ? Math.round((high - low) / 2) : 0));
}

/** The metrics that follow the rent by their derivation: a Section 8 rent moves them unless the user set them. */
const FOLLOW_RENT = ['property_management', 'maintenance'] as const;

/**
 * The Section 8 scenario of an analysis: `section8Edits` on its metrics (the base case's HUD rent,
 * house type and bedrooms), then management and maintenance derived again from the Section 8 rent,
 * unless the user set them in the base case. Null without a HUD rent.
 *
 * @example section8Scenario(austin, section8Defaults(3))?.metrics.rent === 2_095 // 2,347 − 252
 */
export function section8Scenario(
  analysis: Pick<SharedAnalysis, 'property' | 'year_1_metrics' | 'market_data'>,
  terms: Section8Terms,
): { metrics: Metrics; basis: Section8Basis } | null {
  const { property } = analysis;
  const edits = section8Edits(
    {
      hud_rent: analysis.year_1_metrics.hud_rent,
      units: property.factor,
      bedrooms: property.num_bedrooms,
      metrics: property.metrics,
    },
    terms,
  );
  if (!edits) return null;
  const context = derivationContextOf(analysis);
  const overridden = inferOverridden(property.metrics, context);
  const metrics = { ...edits.metrics };
  for (const key of FOLLOW_RENT) {
    if (!overridden.has(key)) metrics[key] = DERIVATIONS[key].derive(metrics, context);
  }
  return { metrics, basis: edits.basis };
}

function signedMoney(value: number): string {
  return value > 0 ? `+${formatMoney(value)}` : formatMoney(value);
}

/** The figures compareScenarios reads from an analysis (a SharedAnalysis has them all). */
export interface ComparedAnalysis {
  year_1_metrics: Pick<SharedAnalysis['year_1_metrics'], 'monthly_levered_cash_flow' | 'levered_returns'>;
  overall_returns: Pick<SharedAnalysis['overall_returns'], 'levered_xirr' | 'levered_equity_multiple'>;
}

export interface NamedAnalysis {
  name: string;
  analysis: ComparedAnalysis;
}

export type ComparedFigureKey =
  | 'monthly_levered_cash_flow'
  | 'levered_returns'
  | 'levered_xirr'
  | 'levered_equity_multiple';

/** One figure of both scenarios; `better` is 'even' when they are the same as shown, null when either is missing. */
export interface ComparedFigure {
  key: ComparedFigureKey;
  label: string;
  a: number | null;
  b: number | null;
  /** b − a, null when either is missing */
  difference: number | null;
  better: 'a' | 'b' | 'even' | null;
}

export interface ScenarioComparison {
  /** the winning scenario's name; null when they are even on the deciding figure */
  winner: string | null;
  /** the figure that decided: the levered XIRR when both have one, else the year-1 monthly cash flow */
  decided_by: ComparedFigureKey;
  figures: ComparedFigure[];
  sentence: string;
}

const FIGURES: readonly {
  key: ComparedFigureKey;
  label: string;
  read: (analysis: ComparedAnalysis) => number | null;
  format: (value: number) => string;
  /** the smallest difference that shows (half the last shown digit) */
  shows: number;
}[] = [
  {
    key: 'monthly_levered_cash_flow',
    label: 'year-1 monthly levered cash flow',
    read: (a) => a.year_1_metrics.monthly_levered_cash_flow,
    format: formatMoney,
    shows: 0.005,
  },
  {
    key: 'levered_returns',
    label: 'cash-on-cash return',
    read: (a) => a.year_1_metrics.levered_returns,
    format: formatPercent,
    shows: 0.000_05,
  },
  {
    key: 'levered_xirr',
    label: 'levered XIRR',
    read: (a) => a.overall_returns.levered_xirr,
    format: formatPercent,
    shows: 0.000_05,
  },
  {
    key: 'levered_equity_multiple',
    label: 'equity multiple',
    read: (a) => a.overall_returns.levered_equity_multiple,
    format: formatMultiple,
    shows: 0.005,
  },
];

/** A difference as the figure shows it: money and multiples signed, rates in percentage points. */
function formatDifference(key: ComparedFigureKey, value: number): string {
  const magnitude = Math.abs(value);
  switch (key) {
    case 'monthly_levered_cash_flow':
      return `${formatMoney(magnitude)} a month`;
    case 'levered_equity_multiple':
      return `${formatMultiple(magnitude)}`;
    default:
      return `${formatPercent(magnitude).replace('%', '')} percentage points`;
  }
}

/**
 * Which of two scenarios wins and by how much, in a plain sentence: decided by the levered XIRR (the
 * whole hold) when both have one, else by the year-1 monthly levered cash flow; the other figures
 * are listed beside it, and a figure that disagrees with the verdict is named.
 *
 * @example compareScenarios({ name: 'Market', analysis: market }, { name: 'Section 8', analysis: s8 }).sentence
 *   === 'Section 8 wins by 1.20 percentage points of levered XIRR (11.50% against 10.30%). …'
 */
export function compareScenarios(a: NamedAnalysis, b: NamedAnalysis): ScenarioComparison {
  const figures: ComparedFigure[] = FIGURES.map(({ key, label, read, shows }) => {
    const va = read(a.analysis);
    const vb = read(b.analysis);
    if (va === null || vb === null) return { key, label, a: va, b: vb, difference: null, better: null };
    const difference = vb - va;
    const better = Math.abs(difference) < shows ? 'even' : difference > 0 ? 'b' : 'a';
    return { key, label, a: va, b: vb, difference, better };
  });
  const byKey = (key: ComparedFigureKey) => figures.find((f) => f.key === key) as ComparedFigure;
  const xirr = byKey('levered_xirr');
  const decider = xirr.better === null ? byKey('monthly_levered_cash_flow') : xirr;
  const format = (key: ComparedFigureKey) => FIGURES.find((f) => f.key === key)?.format ?? formatMoney;
  const pair = (f: ComparedFigure, first: 'a' | 'b') => {
    const show = (v: number | null) => (v === null ? 'N/A' : format(f.key)(v));
    return first === 'a' ? `${show(f.a)} against ${show(f.b)}` : `${show(f.b)} against ${show(f.a)}`;
  };

  const winnerSide = decider.better === 'a' || decider.better === 'b' ? decider.better : null;
  const winner = winnerSide === null ? null : winnerSide === 'a' ? a.name : b.name;
  const loser = winnerSide === 'a' ? b.name : a.name;
  const first = winnerSide ?? 'a';
  const of = decider.key === 'levered_xirr' ? 'of levered XIRR' : 'of year-1 levered cash flow';
  const lead =
    winner === null
      ? `${a.name} and ${b.name} are even on ${decider.label} (${pair(decider, 'a')}).`
      : `${winner} wins by ${formatDifference(decider.key, decider.difference ?? 0)} ${of} (${pair(decider, first)}).`;
  const others = figures.filter((f) => f.key !== decider.key).map((f) => `${f.label} ${pair(f, first)}`);
  const against = figures.filter(
    (f) =>
      f.key !== decider.key &&
      winnerSide !== null &&
      f.better !== null &&
      f.better !== 'even' &&
      f.better !== winnerSide,
  );
  const order = winner === null ? `${a.name} then ${b.name}` : `${winner} then ${loser}`;
  const sentence = [
    lead,
    `Beside it (${order}): ${others.join('; ')}.`,
    ...(against.length === 0 ? [] : [`${loser} is ahead on ${against.map((f) => f.label).join(' and ')}.`]),
  ].join(' ');
  return { winner, decided_by: decider.key, figures, sentence };
}
