import { type BedroomRents, type FmrBasis, rentForBedrooms } from './fmr.js';
import { SOURCE, VINTAGE } from './sources.js';

/** Which HUD schedule sets a ZIP's voucher rent. */
export type HudRentApplies = 'safmr' | 'fmr';

/** What a ZIP's HUD rent is computed from (stored per ZIP by the importer). */
export interface HudRentInputs {
  /** The county (or New England town / territory) FMR schedule, 0–4 bedrooms. */
  readonly fmr: BedroomRents;
  /** The ZIP's Small Area FMR schedule, when HUD publishes one (metro ZIPs only). */
  readonly safmr: BedroomRents | null;
  /** Whether the FMR row's area is a designated mandatory-SAFMR area. */
  readonly safmr_mandatory: boolean;
  readonly fmr_area_id: string | null;
  readonly fmr_area_name: string | null;
  readonly fmr_basis: FmrBasis;
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
  readonly source: string;
  readonly vintage: string;
}

/**
 * SAFMR applies when the ZIP's FMR area is a designated mandatory-SAFMR area and HUD publishes a
 * SAFMR for the ZIP; otherwise the county / town FMR applies.
 */
export function hudRentApplies(inputs: Pick<HudRentInputs, 'safmr' | 'safmr_mandatory'>): HudRentApplies {
  return inputs.safmr_mandatory && inputs.safmr !== null ? 'safmr' : 'fmr';
}

/**
 * The HUD rent for a ZIP and bedroom count, with both schedules and which one applies. Above 4
 * bedrooms both schedules follow HUD's rule, rent_4 × (1 + 0.15 × (b − 4)).
 *
 * @example Travis County (Austin, not mandatory), 78701, 3 BR:
 *   fmr 2347, safmr 3520, applies 'fmr' → value 2347
 * @example Same ZIP, 5 BR: fmr 2760 × 1.15 = 3174, safmr 4140 × 1.15 = 4761 → value 3174
 */
export function hudRent(inputs: HudRentInputs, bedrooms: number): HudRent {
  const fmr = rentForBedrooms(inputs.fmr, bedrooms);
  const safmr = inputs.safmr === null ? null : rentForBedrooms(inputs.safmr, bedrooms);
  const applies = hudRentApplies(inputs);
  return {
    value: applies === 'safmr' && safmr !== null ? safmr : fmr,
    bedrooms,
    fmr,
    safmr,
    applies,
    safmr_mandatory: inputs.safmr_mandatory,
    fmr_area_id: inputs.fmr_area_id,
    fmr_area_name: inputs.fmr_area_name,
    fmr_basis: inputs.fmr_basis,
    source: applies === 'safmr' ? SOURCE.safmr : SOURCE.fmr,
    vintage: applies === 'safmr' ? VINTAGE.safmr : VINTAGE.fmr,
  };
}
