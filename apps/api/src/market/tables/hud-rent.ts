import { type BedroomRents, FMR_ROUNDING, type FmrBasis, rentForBedrooms, SAFMR_ROUNDING } from './fmr.js';
import { SOURCE } from './sources.js';

/** Which HUD schedule sets a ZIP's voucher rent. */
export type HudRentApplies = 'safmr' | 'fmr';

/** What a ZIP's HUD rent is computed from (stored per ZIP and county by the importer). */
export interface HudRentInputs {
  /** The county (or New England town / territory) FMR schedule, 0–4 bedrooms. */
  readonly fmr: BedroomRents;
  /** The ZIP's Small Area FMR schedule, when HUD publishes one (metro ZIPs only). */
  readonly safmr: BedroomRents | null;
  /** Whether the FMR row's area is a designated mandatory-SAFMR area (and the row was not split out of it). */
  readonly safmr_mandatory: boolean;
  readonly fmr_area_id: string | null;
  readonly fmr_area_name: string | null;
  readonly fmr_basis: FmrBasis;
  /** True when HUD moved the county out of its listed FMR area (see `splitFmrRows`). */
  readonly fmr_area_split?: boolean;
  /** HUD's fiscal year of the schedules (FY2027 took effect 2026-10-01); null when not stated. */
  readonly fy: number | null;
}

/** The Section 8 payment-standard basic range: 90–110 % of the applicable FMR or SAFMR (24 CFR 982.503(b)). */
export interface PaymentStandardBand {
  readonly low: number;
  readonly high: number;
  readonly note: string;
}

export interface HudRent {
  /** The applicable HUD rent for `bedrooms`, USD per month. */
  readonly value: number;
  readonly bedrooms: number;
  /** The FMR for `bedrooms`. */
  readonly fmr: number;
  /** The SAFMR for `bedrooms`, or null when the ZIP has none. */
  readonly safmr: number | null;
  readonly applies: HudRentApplies;
  readonly safmr_mandatory: boolean;
  readonly fmr_area_id: string | null;
  readonly fmr_area_name: string | null;
  readonly fmr_basis: FmrBasis;
  readonly fmr_area_split: boolean;
  readonly payment_standard: PaymentStandardBand;
  /** HUD's fiscal year of the figure, null when not stated. */
  readonly fy: number | null;
  /** A published HUD figure (the live API's figure is `live`, set by the service). */
  readonly tier: 'reported' | 'live';
  readonly source: string;
  readonly vintage: string;
}

export const PAYMENT_STANDARD_NOTE =
  'A housing authority sets its voucher payment standard between 90% and 110% of this figure, and deducts its utility allowance when the tenant pays utilities.';

/**
 * The payment-standard basic range for a HUD rent: 90 % and 110 % of it, to the dollar.
 *
 * @example paymentStandardBand(2347) → { low: 2112, high: 2582 } (2112.3 and 2581.7 rounded)
 */
export function paymentStandardBand(value: number): PaymentStandardBand {
  return { low: Math.round(value * 0.9), high: Math.round(value * 1.1), note: PAYMENT_STANDARD_NOTE };
}

/**
 * SAFMR applies when the ZIP's FMR area is a designated mandatory-SAFMR area and HUD publishes a
 * SAFMR for the ZIP; otherwise the county / town FMR applies.
 */
export function hudRentApplies(inputs: Pick<HudRentInputs, 'safmr' | 'safmr_mandatory'>): HudRentApplies {
  return inputs.safmr_mandatory && inputs.safmr !== null ? 'safmr' : 'fmr';
}

/**
 * The HUD rent for a ZIP and bedroom count, with both schedules, which one applies and the
 * payment-standard band. Above 4 bedrooms both schedules follow HUD's rule, rent_4 × (1 + 0.15 ×
 * (b − 4)), the FMR rounded to the dollar and the SAFMR to $10 as HUD rounds each.
 *
 * @example Travis County (Austin, not mandatory), 78701, 3 BR:
 *   fmr 2347, safmr 3520, applies 'fmr' → value 2347, payment standard 2112–2582
 * @example Same ZIP, 5 BR: fmr 2760 × 1.15 = 3174, safmr 4140 × 1.15 = 4761 → 4760 → value 3174
 */
export function hudRent(inputs: HudRentInputs, bedrooms: number): HudRent {
  const fmr = rentForBedrooms(inputs.fmr, bedrooms, FMR_ROUNDING);
  const safmr = inputs.safmr === null ? null : rentForBedrooms(inputs.safmr, bedrooms, SAFMR_ROUNDING);
  const applies = hudRentApplies(inputs);
  const value = applies === 'safmr' && safmr !== null ? safmr : fmr;
  return {
    value,
    bedrooms,
    fmr,
    safmr,
    applies,
    safmr_mandatory: inputs.safmr_mandatory,
    fmr_area_id: inputs.fmr_area_id,
    fmr_area_name: inputs.fmr_area_name,
    fmr_basis: inputs.fmr_basis,
    fmr_area_split: inputs.fmr_area_split ?? false,
    payment_standard: paymentStandardBand(value),
    fy: inputs.fy,
    tier: 'reported',
    source: applies === 'safmr' ? SOURCE.safmr : SOURCE.fmr,
    vintage: hudVintage(inputs.fy),
  };
}

/**
 * 'FY2026 (from 2025-10-01)': a HUD fiscal year and the day its rents took effect.
 *
 * @example hudVintage(2027) → 'FY2027 (from 2026-10-01)'; hudVintage(null) → 'fiscal year not stated'
 */
export function hudVintage(fy: number | null): string {
  return fy === null ? 'fiscal year not stated' : `FY${fy} (from ${fy - 1}-10-01)`;
}

/**
 * Whether HUD's next fiscal year has begun by `today`: FY2026 rents are last year's from 2026-10-01,
 * when FY2027's took effect.
 *
 * @example isLastYears(2026, new Date('2026-11-26')) → true; isLastYears(2027, new Date('2026-11-26')) → false
 */
export function isLastYears(fy: number | null, today: Date): boolean {
  return fy !== null && today.toISOString().slice(0, 10) >= `${fy}-10-01`;
}
