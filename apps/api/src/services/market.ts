/**
 * The market figures behind an analysis: HUD rent, market rent, crime grades, tax and interest rate,
 * each with its source and vintage. Reads the imported public data; asks HUD USER's FMR API and
 * Rentometer when they are configured, and falls back to the offline figure, with a warning, when
 * they fail.
 */
import type { MarketFigure, PropertyInput } from '@sfr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { invalidZip } from '../errors.js';
import type { CrimeGrade } from '../market/crime.js';
import type { MarketZipRow } from '../market/derive.js';
import { type HudRent, hudRent } from '../market/hud-rent.js';
import { lookupFromRows } from '../market/market-index.js';
import type { InterestRate } from '../market/mortgage.js';
import { SOURCE } from '../market/sources.js';
import type { PropertyTaxRate } from '../market/tax.js';
import type { MarketRepository, ZipRows } from '../market-store/repository.js';
import {
  findCounty,
  type HudFmrArea,
  type HudFmrProvider,
  type MarketRentProvider,
  ProviderError,
} from '../providers/index.js';

export interface MarketLocation {
  county_fips: string;
  county_name: string | null;
  city: string;
  state_code: string;
  lat: number | null;
  lng: number | null;
}

export interface MarketRentFigure {
  value: number;
  source: string;
  vintage: string;
  /** true for the offline ACS × FMR estimate, false for a live Rentometer median */
  estimate: boolean;
  note?: string;
}

export interface MarketFacts {
  location: MarketLocation | null;
  hud_rent: HudRent | null;
  market_rent: MarketRentFigure | null;
  violent_crime_grade: CrimeGrade | null;
  property_crime_grade: CrimeGrade | null;
  property_tax_rate: PropertyTaxRate | null;
  interest_rate: InterestRate | null;
  warnings: string[];
}

export interface MarketServiceDeps {
  repository: MarketRepository;
  /** false when the public data files were not found at start */
  dataAvailable: boolean;
  rentProvider?: MarketRentProvider;
  /** HUD USER's FMR API (HUD_API_TOKEN): the live HUD rent, else the imported FY figure */
  hudProvider?: HudFmrProvider;
  log: FastifyBaseLogger;
  /** how long a live market rent is reused (update_metrics must not spend another lookup) */
  liveRentTtlMs?: number;
}

export const MARKET_DATA_UNAVAILABLE =
  'Market data is not loaded on this server, so HUD rent, the offline market rent, crime grades, the county tax rate and the current mortgage rate are unavailable; the model defaults are used. Enter the rent yourself.';

/** When the data files are missing but the live HUD rent answered. */
export const MARKET_DATA_UNAVAILABLE_LIVE_HUD =
  'Market data is not loaded on this server, so the offline market rent, crime grades, the county tax rate and the current mortgage rate are unavailable; the model defaults are used. The HUD rent is live from the HUD USER API.';

const HUD_LIVE_SUFFIX = 'HUD USER FMR API';

/**
 * The HUD rent from a live FMR answer, by the offline rules: the ZIP's Small Area FMR where HUD
 * says Small Area FMRs apply and lists the ZIP, else the area's FMR; above 4 bedrooms, +15 % of the
 * 4-bedroom rent per extra bedroom.
 *
 * @example Dallas (Small Area FMRs apply), 75201, 3 BR, the ZIP's SAFMR 3,740 listed → value 3,740, applies 'safmr'
 * @example Travis County (they do not), 78701, 6 BR, area FMR 4 BR 2,830 → value 2,830 × 1.30 = 3,679
 */
export function liveHudRent(
  area: HudFmrArea,
  zip: string,
  bedrooms: number,
  zipRow: Pick<MarketZipRow, 'fmr_area_id' | 'fmr_basis'> | null,
): HudRent {
  const rent = hudRent(
    {
      fmr: area.fmr,
      safmr: area.safmr.get(zip) ?? null,
      safmr_mandatory: area.smallArea,
      fmr_area_id: zipRow?.fmr_area_id ?? null,
      fmr_area_name: area.areaName,
      fmr_basis: zipRow?.fmr_basis ?? 'county',
    },
    bedrooms,
  );
  return {
    ...rent,
    source: `${rent.applies === 'safmr' ? SOURCE.safmr : SOURCE.fmr} (${HUD_LIVE_SUFFIX})`,
    vintage: `${area.year === null ? 'latest year' : `FY${area.year}`}, live`,
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

export function createMarketService(deps: MarketServiceDeps) {
  const ttl = deps.liveRentTtlMs ?? 24 * 60 * 60 * 1_000;
  const liveRents = new Map<string, { at: number; rent: MarketRentFigure }>();
  // The imported data only changes when the server starts, so each ZIP is read from the database once.
  const zipRows = new Map<string, Promise<ZipRows | null>>();
  const findZip = (zip: string) => {
    let rows = zipRows.get(zip);
    if (!rows) {
      rows = deps.repository.findZip(zip);
      rows.catch(() => zipRows.delete(zip));
      zipRows.set(zip, rows);
    }
    return rows;
  };

  async function liveMarketRent(
    provider: MarketRentProvider,
    property: PropertyInput,
    location: MarketLocation | null,
  ): Promise<MarketRentFigure> {
    const address = `${property.street}, ${property.city}, ${property.state_code} ${property.zipcode}`;
    const key = `${address.toLowerCase()}|${property.num_bedrooms}|${property.num_bathrooms}`;
    const cached = liveRents.get(key);
    if (cached && Date.now() - cached.at < ttl) return cached.rent;
    const result = await provider.medianRent({
      address,
      bedrooms: property.num_bedrooms,
      baths: property.num_bathrooms,
      lat: location?.lat ?? null,
      lng: location?.lng ?? null,
    });
    const rent: MarketRentFigure = {
      value: result.value,
      source: result.source,
      vintage: result.vintage,
      estimate: false,
      note: result.samples === undefined ? undefined : `median of ${result.samples} comparable rentals`,
    };
    liveRents.set(key, { at: Date.now(), rent });
    return rent;
  }

  /** HUD's entity for the ZIP: its imported FMR row's code, else the county of that name in HUD's list. */
  async function hudEntity(
    hud: HudFmrProvider,
    property: PropertyInput,
    zipRow: MarketZipRow | null,
  ): Promise<string> {
    if (zipRow?.fmr_hud_area_code) return zipRow.fmr_hud_area_code;
    const name = zipRow?.county_name ?? property.county_name;
    const county = findCounty(await hud.counties(property.state_code), name);
    if (county === null) {
      throw new ProviderError(
        'hud',
        `HUD lists no county named '${name}' in ${property.state_code}`,
        undefined,
        { kind: 'input' },
      );
    }
    return county.fipsCode;
  }

  /** The live HUD rent, or the offline one with a warning when HUD USER's API fails in any way. */
  async function withLiveHudRent(
    hud: HudFmrProvider,
    property: PropertyInput,
    zipRow: MarketZipRow | null,
    offline: HudRent | null,
    warnings: string[],
  ): Promise<{ rent: HudRent | null; live: boolean }> {
    try {
      const area = await hud.area(await hudEntity(hud, property, zipRow));
      return { rent: liveHudRent(area, property.zipcode, property.num_bedrooms, zipRow), live: true };
    } catch (error) {
      const kind = error instanceof ProviderError ? error.kind : 'unexpected error';
      if (error instanceof ProviderError) {
        deps.log.warn({ err: error.message }, 'live HUD rent failed; using the offline figure');
      } else {
        deps.log.error({ err: error }, 'live HUD rent failed unexpectedly; using the offline figure');
      }
      warnings.push(
        `The live HUD Fair Market Rent (HUD USER API) is unavailable right now (${kind}); ${
          offline ? 'the offline figure is shown instead' : 'no HUD rent is shown'
        }.`,
      );
      return { rent: offline, live: false };
    }
  }

  /** Every market figure for the property. Throws the spec's invalid-ZIP error for a ZIP the data does not know. */
  async function facts(property: PropertyInput): Promise<MarketFacts> {
    const warnings: string[] = [];
    let result: MarketFacts = {
      location: null,
      hud_rent: null,
      market_rent: null,
      violent_crime_grade: null,
      property_crime_grade: null,
      property_tax_rate: null,
      interest_rate: null,
      warnings,
    };
    if (deps.dataAvailable) {
      const rows = await findZip(property.zipcode);
      if (rows === null) throw invalidZip();
      const found = lookupFromRows(rows.zip, rows.county, rows.interestRate, property.num_bedrooms);
      const hud = deps.hudProvider
        ? (await withLiveHudRent(deps.hudProvider, property, rows.zip, found.hud_rent, warnings)).rent
        : found.hud_rent;
      result = {
        location: {
          county_fips: found.county_fips,
          county_name: found.county_name,
          city: found.city,
          state_code: found.state_code,
          lat: found.lat,
          lng: found.lng,
        },
        hud_rent: hud,
        market_rent: found.market_rent ? { ...found.market_rent, estimate: true } : null,
        violent_crime_grade: found.violent_crime_grade,
        property_crime_grade: found.property_crime_grade,
        property_tax_rate: found.property_tax_rate,
        interest_rate: found.interest_rate,
        warnings,
      };
      if (hud === null) warnings.push('HUD publishes no Fair Market Rent for this ZIP.');
      if (found.violent_crime_grade === null || found.property_crime_grade === null) {
        warnings.push(
          'No reliable crime rate is published for this county; the rating counts the missing grade as average.',
        );
      }
      for (const grade of [found.violent_crime_grade, found.property_crime_grade]) {
        if (grade && !grade.reliable) {
          warnings.push(
            `The ${grade.year} crime rate for this county comes from incomplete agency reporting and may undercount.`,
          );
          break;
        }
      }
    } else {
      const live = deps.hudProvider
        ? await withLiveHudRent(deps.hudProvider, property, null, null, warnings)
        : null;
      result.hud_rent = live?.rent ?? null;
      warnings.push(live?.live ? MARKET_DATA_UNAVAILABLE_LIVE_HUD : MARKET_DATA_UNAVAILABLE);
    }
    if (deps.rentProvider) {
      try {
        result.market_rent = await liveMarketRent(deps.rentProvider, property, result.location);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        deps.log.warn({ err: error.message }, 'live market rent failed; using the offline estimate');
        warnings.push(
          `The live market rent (Rentometer) is unavailable right now (${error.kind}); ${
            result.market_rent ? 'the offline estimate is shown instead' : 'no market rent is shown'
          }.`,
        );
      }
    }
    return result;
  }

  return { facts };
}

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;

/** 82 → '82nd', 11 → '11th'. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The `market_data.figures` block: each market number with where it comes from. */
export function marketFigures(facts: MarketFacts, insuranceRate: number): Record<string, MarketFigure> {
  const figures: Record<string, MarketFigure> = {};
  const hud = facts.hud_rent;
  if (hud) {
    const safmr = hud.safmr === null ? 'no Small Area FMR' : `Small Area FMR ${dollars(hud.safmr)}`;
    figures.hud_rent = {
      value: hud.value,
      source: hud.source,
      vintage: hud.vintage,
      note: `${hud.bedrooms}-bedroom: FMR ${dollars(hud.fmr)}, ${safmr}; the ${hud.applies === 'safmr' ? 'Small Area FMR' : 'FMR'} applies${
        hud.safmr_mandatory ? ' (mandatory SAFMR area)' : ''
      }${hud.fmr_area_name ? ` — ${hud.fmr_area_name}` : ''}.`,
    };
  }
  const rent = facts.market_rent;
  if (rent) {
    figures.rentometer_rent = {
      value: rent.value,
      source: rent.source,
      vintage: rent.vintage,
      note: rent.estimate ? 'Offline estimate, not a live market survey.' : rent.note,
    };
  }
  for (const [key, grade] of [
    ['violent_crime_grade', facts.violent_crime_grade],
    ['property_crime_grade', facts.property_crime_grade],
  ] as const) {
    if (!grade) continue;
    figures[key] = {
      value: grade.grade,
      source: grade.source,
      vintage: grade.vintage,
      note: `${ordinal(Math.round(grade.percentile))} percentile of counties (lower is safer): ${grade.rate.toFixed(1)} per 100,000 in ${grade.year}${
        grade.reliable ? '' : '; incomplete reporting'
      }.`,
    };
  }
  const tax = facts.property_tax_rate;
  figures.property_tax_rate = tax
    ? { value: tax.value, source: tax.source, vintage: tax.vintage, note: `${tax.level} effective rate` }
    : { value: 0.01, source: 'Model default', vintage: null, note: 'No county or state rate available.' };
  const rate = facts.interest_rate;
  figures.interest_rate = rate
    ? {
        value: rate.value,
        source: rate.source,
        vintage: rate.vintage,
        note: `30-year fixed ${(rate.base_rate * 100).toFixed(2)}% on ${rate.date} plus a ${(rate.investor_premium * 100).toFixed(2)}% investor premium.`,
      }
    : { value: 0.07, source: 'Model default', vintage: null, note: 'Mortgage-rate data unavailable.' };
  figures.insurance_rate = {
    value: insuranceRate,
    source: 'Model default',
    vintage: null,
    note: 'No state insurance data ships with the product: 0.6 % of the price a year.',
  };
  return figures;
}
