/**
 * The market figures behind an analysis: HUD rent, market rent, crime grades, tax and interest rate,
 * each with its source, vintage and tier. Reads the imported public data for the county the address
 * is in (the typed county among the ZIP's, else its main county); asks HUD USER's FMR API and the
 * live rent providers (RentCast, then Rentometer) when they are configured, and falls back to the
 * offline figure, with a warning, when they fail.
 */
import {
  addressLine,
  type MarketFigure,
  marketFigureMeta,
  type PropertyInput,
  type PropertyRecord,
  type RentComparable,
  section8Defaults,
  section8Rent,
} from '@sfr/contracts';
import { DEFAULT_SPREAD_RULES, DEFAULTS } from '@sfr/underwriting';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, invalidZip } from '../errors.js';
import { ProviderError } from '../outbound/client.js';
import { FRED_SOURCE, type FredProvider } from './providers/fred.js';
import { findCounty, type HudFmrArea, type HudFmrProvider } from './providers/hud.js';
import type { MarketRentProvider } from './providers/market-rent.js';
import type { PropertyRecordProvider } from './providers/property-record.js';
import type { MarketDataStatus } from './store/import.js';
import type { MarketRepository, ZipRows } from './store/repository.js';
import type { Appreciation } from './tables/appreciation.js';
import { checkZipState } from './tables/county-choice.js';
import { type CrimeBasis, type CrimeGrade, type CrimeKind, crimeGradeRange } from './tables/crime.js';
import type { MarketZipRow } from './tables/derive.js';
import { type HudRent, hudRent, isLastYears } from './tables/hud-rent.js';
import { type InsuranceBasis, insuranceEstimate, windPoolOf } from './tables/insurance.js';
import { COUNTY_TAX_RANGE, type InvestorTaxRate, taxRateAtPrice } from './tables/investor-tax.js';
import { lookupFromRows } from './tables/market-index.js';
import { DEFAULT_INVESTOR_PREMIUM, type InterestRate } from './tables/mortgage.js';
import { WEEKS_TO_CLOSE } from './tables/rate-validation.js';
import { SOURCE } from './tables/sources.js';
import { DEFAULT_PROPERTY_TAX_RATE, type PropertyTaxRate } from './tables/tax.js';

export interface MarketLocation {
  county_fips: string;
  county_name: string | null;
  /** `typed`: the county the user typed is one of the ZIP's; `main`: the ZIP's main county was used. */
  county_matched: 'typed' | 'main';
  city: string;
  state_code: string;
  lat: number | null;
  lng: number | null;
}

export interface MarketRentFigure {
  value: number;
  /** `live`: a provider's figure for this address; `estimated`: the offline estimate from HUD rents. */
  tier: 'live' | 'estimated';
  /** low–high around the value: the estimate's 80 % range, or the provider's range */
  range: { low: number; high: number; note?: string } | null;
  source: string;
  vintage: string;
  note?: string;
  /** the rentals a live estimate rests on, nearest first */
  comparables?: RentComparable[];
}

export interface MarketFacts {
  /** false when the server has no market data: the model's defaults stand in (see `drewOnMarket`) */
  market_data_loaded: boolean;
  location: MarketLocation | null;
  hud_rent: HudRent | null;
  market_rent: MarketRentFigure | null;
  violent_crime_grade: CrimeGrade | null;
  property_crime_grade: CrimeGrade | null;
  /** The rate an investor buying today should expect: the analysis's default property tax. */
  property_tax_rate: InvestorTaxRate | null;
  /** The county ACS effective rate (long-time owner-occupants) the investor rate starts from. */
  owner_tax_rate: PropertyTaxRate | null;
  interest_rate: InterestRate | null;
  /** The county's default annual price appreciation with its range (FHFA); null without the index. */
  appreciation: Appreciation | null;
  /** What the county's insurance estimate starts from; priced with the analysis (`insuranceEstimate`). */
  insurance: InsuranceBasis | null;
  /** the live provider's public record of the property (RentCast), with its current tax bill */
  property_record: PropertyRecord | null;
  warnings: string[];
  /** What the figures together say in the investor's favour (a Section 8 opportunity). */
  opportunities: string[];
}

export interface MarketServiceDeps {
  repository: MarketRepository;
  /** the market data the process started with (its import, or why there is none) */
  status: MarketDataStatus;
  /**
   * The active import now: a refresh (`market:refresh`) may change it while the process runs. Read
   * at most every `statusCheckMs`; when the dataset changed, the ZIP cache is emptied.
   */
  readStatus?: () => Promise<MarketDataStatus>;
  statusCheckMs?: number;
  /** FRED's API (FRED_API_KEY): the current Freddie Mac rate, else the imported week */
  fred?: FredProvider;
  /** added to the Freddie Mac rate for an investor loan (INVESTOR_RATE_PREMIUM) */
  investorPremium?: number;
  /** Live market rent, tried in this order (RentCast, then Rentometer); empty: the offline estimate. */
  rentProviders?: readonly MarketRentProvider[];
  /** The property's public record (RentCast): the analyzer's fill-in and the current tax bill. */
  recordProvider?: PropertyRecordProvider;
  /** HUD USER's FMR API (HUD_API_TOKEN): the live HUD rent, else the imported FY figure */
  hudProvider?: HudFmrProvider;
  log: FastifyBaseLogger;
  /** how long a live market rent or property record is reused (each lookup is paid for) */
  liveRentTtlMs?: number;
}

export const MARKET_DATA_UNAVAILABLE =
  'Market data is not loaded on this server, so HUD rent, the offline market rent, crime grades, the county tax rate and the current mortgage rate are unavailable; the model defaults are used. Enter the rent yourself.';

/** When the data files are missing but the live HUD rent answered. */
export const MARKET_DATA_UNAVAILABLE_LIVE_HUD =
  'Market data is not loaded on this server, so the offline market rent, crime grades, the county tax rate and the current mortgage rate are unavailable; the model defaults are used. The HUD rent is live from the HUD USER API.';

/** Said when an analysis is free because it stood on the model's defaults alone. */
export const NO_SEARCH_SPENT = 'This analysis did not count as one of your free searches.';

/**
 * Whether the analysis drew on anything beyond the model's defaults: the market data, or any live
 * provider that answered (HUD's API, a live rent, the property record). Only such an analysis
 * spends a free search; one of defaults alone costs nothing.
 */
export function drewOnMarket(facts: MarketFacts): boolean {
  return (
    facts.market_data_loaded ||
    facts.hud_rent?.tier === 'live' ||
    facts.market_rent?.tier === 'live' ||
    facts.property_record !== null
  );
}

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
      fy: area.year,
    },
    bedrooms,
  );
  return {
    ...rent,
    tier: 'live',
    source: `${rent.applies === 'safmr' ? SOURCE.safmr : SOURCE.fmr} (${HUD_LIVE_SUFFIX})`,
    vintage: `${area.year === null ? 'latest year' : `FY${area.year}`}, live`,
  };
}

/** Warnings for crime grades that are not a complete report, one per tier present. */
function crimeWarnings(grades: readonly (CrimeGrade | null)[]): string[] {
  const warnings: string[] = [];
  if (grades.some((g) => g === null)) {
    warnings.push(
      'No crime rate is published for this county; the rating counts the missing grade as average.',
    );
  }
  const estimated = grades.find((g) => g?.tier === 'estimated');
  if (estimated) {
    warnings.push(
      `No complete crime report exists for this county, so its grade (${estimated.display}) is an estimate from county figures, shown only as a letter band; the rating counts it as average.`,
    );
  }
  const incomplete = grades.find((g) => g?.tier === 'incomplete');
  if (incomplete) {
    warnings.push(
      `The ${incomplete.year} crime rate for this county comes from incomplete agency reporting, which can only undercount; the grade is no better than the estimate for the county.`,
    );
  }
  return warnings;
}

/**
 * When a voucher would pay more than the open market: a Section 8 opportunity, said as such. The
 * figure is the Section 8 scenario's default rent (HUD's rent less the default utility allowance for
 * the bedrooms, the tenant paying utilities: `section8Defaults`), since HUD's figure is a gross rent;
 * a HUD rent above the market that the allowance brings below it is no opportunity, and the note
 * would contradict the scenario it points to.
 */
export function section8Opportunity(
  hud: HudRent | null,
  market: MarketRentFigure | null,
  units = 1,
  bedrooms = 0,
): string | null {
  if (hud === null || market === null) return null;
  const { allowance, contractRent: voucher } = section8Rent(hud.value, section8Defaults(bedrooms));
  if (voucher <= market.value) return null;
  // both figures are for one unit: on a 2–4 unit building, say so
  const [whose, perUnit] = units > 1 ? ['a unit here', ' per unit'] : ['this home', ''];
  return `Section 8 opportunity: HUD's rent for ${whose}, ${dollars(hud.value)}, less a typical utility allowance of ${dollars(allowance)} (the tenant paying utilities) is ${dollars(voucher)}, ${dollars(voucher - market.value)} above the market rent${perUnit} (${dollars(
    market.value,
  )}). A voucher pays up to the payment standard (${dollars(hud.payment_standard.low)}–${dollars(
    hud.payment_standard.high,
  )}) less the housing authority's own allowance, so a Section 8 lease may earn more than the open market here: the Section 8 scenario shows the deal on it.`;
}

export type MarketService = ReturnType<typeof createMarketService>;

/** How many live answers (rents, records) a process keeps: a day of a busy site's lookups. */
const LIVE_CACHE_ENTRIES = 10_000;

/** Sets `key`, dropping the oldest entries beyond LIVE_CACHE_ENTRIES (a Map keeps insertion order). */
function keep<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key);
  cache.set(key, value);
  for (const oldest of cache.keys()) {
    if (cache.size <= LIVE_CACHE_ENTRIES) break;
    cache.delete(oldest);
  }
}

export function createMarketService(deps: MarketServiceDeps) {
  const ttl = deps.liveRentTtlMs ?? 24 * 60 * 60 * 1_000;
  const rentProviders = deps.rentProviders ?? [];
  const liveRents = new Map<string, { at: number; rent: MarketRentFigure }>();
  // Each ZIP is read from the database once per dataset: a refresh's new import empties the cache.
  const zipRows = new Map<string, Promise<ZipRows | null>>();
  let status = deps.status;
  let checkedAt = Date.now();
  const checkMs = deps.statusCheckMs ?? 30_000;
  const datasetOf = (s: MarketDataStatus) => (s.available ? s.dataset_hash : null);

  /** The active market data, re-read at most every `statusCheckMs` (a refresh may have replaced it). */
  async function currentStatus(): Promise<MarketDataStatus> {
    if (!deps.readStatus || Date.now() - checkedAt < checkMs) return status;
    checkedAt = Date.now();
    const next = await deps.readStatus();
    if (datasetOf(next) !== datasetOf(status)) {
      deps.log.info(
        { from: datasetOf(status), to: datasetOf(next) },
        'market data vintage changed; ZIP cache emptied',
      );
      zipRows.clear();
    }
    status = next;
    return status;
  }

  const liveRate = { at: 0, rate: null as InterestRate | null };
  /**
   * The current rate from FRED (kept an hour), with the investor premium, or the imported week with
   * a warning when FRED fails.
   */
  async function withLiveRate(
    imported: InterestRate | null,
    warnings: string[],
  ): Promise<InterestRate | null> {
    if (!deps.fred) return imported;
    if (liveRate.rate && Date.now() - liveRate.at < 60 * 60 * 1_000) return liveRate.rate;
    try {
      const week = await deps.fred.latest();
      const premium = deps.investorPremium ?? DEFAULT_INVESTOR_PREMIUM;
      const rate: InterestRate = {
        value: week.rate_30y / 100 + premium,
        base_rate: week.rate_30y / 100,
        investor_premium: premium,
        date: week.date,
        source: FRED_SOURCE,
        vintage: `${week.date}, live`,
        live: true,
      };
      liveRate.at = Date.now();
      liveRate.rate = rate;
      return rate;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.warn({ err: error.message }, 'live mortgage rate failed; using the imported week');
      warnings.push(
        `The live mortgage rate (FRED) is unavailable right now (${error.kind}); ${imported ? `the week of ${imported.date} is used instead` : "the model's 7 % is used"}.`,
      );
      return imported;
    }
  }
  const findZip = (zip: string) => {
    let rows = zipRows.get(zip);
    if (!rows) {
      rows = deps.repository.findZip(zip);
      rows.catch(() => zipRows.delete(zip));
      zipRows.set(zip, rows);
    }
    return rows;
  };

  /**
   * The first live provider's market rent, in order; each failure adds a warning naming the
   * provider and what is shown instead. Null when every provider failed.
   */
  async function liveMarketRent(
    property: PropertyInput,
    location: MarketLocation | null,
    offline: MarketRentFigure | null,
    warnings: string[],
  ): Promise<MarketRentFigure | null> {
    const address = addressLine(property);
    const key = `${address.toLowerCase()}|${property.num_bedrooms}|${property.num_bathrooms}|${property.factor}|${property.square_feet ?? ''}`;
    const cached = liveRents.get(key);
    if (cached && Date.now() - cached.at < ttl) return cached.rent;
    for (const [i, provider] of rentProviders.entries()) {
      try {
        const result = await provider.marketRent({
          address,
          bedrooms: property.num_bedrooms,
          baths: property.num_bathrooms,
          lat: location?.lat ?? null,
          lng: location?.lng ?? null,
          units: property.factor,
          ...(property.square_feet !== undefined && { squareFeet: property.square_feet }),
        });
        const rent: MarketRentFigure = {
          value: result.value,
          tier: 'live',
          range: result.range ?? null,
          source: result.source,
          vintage: result.vintage,
          note: result.samples === undefined ? undefined : `From ${result.samples} comparable rentals.`,
          ...(result.comparables && { comparables: result.comparables }),
        };
        keep(liveRents, key, { at: Date.now(), rent });
        return rent;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        deps.log.warn({ err: error.message }, 'live market rent failed; trying the next source');
        const next = rentProviders[i + 1];
        const instead = next
          ? `${next.label} is asked instead`
          : offline
            ? 'the offline estimate is shown instead'
            : 'no market rent is shown';
        warnings.push(
          `The live market rent (${provider.label}) is unavailable right now (${error.kind}); ${instead}.`,
        );
      }
    }
    return null;
  }

  const records = new Map<string, { at: number; record: PropertyRecord | null }>();
  /**
   * The provider's record for the address (kept like a live rent: the analyzer's fill-in and the
   * analysis after it cost one lookup); null when it has none. Throws the provider's error.
   */
  async function propertyRecord(address: string): Promise<PropertyRecord | null> {
    const provider = deps.recordProvider;
    if (!provider) return null;
    const key = address.trim().toLowerCase();
    const cached = records.get(key);
    if (cached && Date.now() - cached.at < ttl) return cached.record;
    const record = await provider.propertyRecord(address);
    keep(records, key, { at: Date.now(), record });
    return record;
  }

  /** The record for the analysis, or null with a warning when the provider fails. */
  async function recordForAnalysis(property: PropertyInput, warnings: string[]) {
    const provider = deps.recordProvider;
    if (!provider) return null;
    try {
      return await propertyRecord(addressLine(property));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.warn({ err: error.message }, 'property record failed');
      warnings.push(
        `The property record (${provider.label}) is unavailable right now (${error.kind}); its tax bill is not shown, and the tax is our estimate.`,
      );
      return null;
    }
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

  /** The ZIP's rows, or a 400 for a ZIP the data does not know or a state it is not in. */
  async function zipRowsOf(property: Pick<PropertyInput, 'zipcode' | 'state_code'>) {
    const rows = await findZip(property.zipcode);
    if (rows === null) throw invalidZip();
    const state = checkZipState(rows.parts, property.state_code);
    if (!state.ok) {
      throw new AppError(400, 'INVALID_MARKET_INPUT', state.message, { [state.field]: state.message });
    }
    return rows;
  }

  /**
   * Throws facts()'s 400 for a ZIP or state that cannot be analysed, without asking a provider: a
   * user told to subscribe (402) is told first when the address itself would fail.
   */
  async function checkAddress(property: Pick<PropertyInput, 'zipcode' | 'state_code'>): Promise<void> {
    if ((await currentStatus()).available) await zipRowsOf(property);
  }

  /**
   * Every market figure for the property, for the county its address is in. Throws the spec's
   * invalid-ZIP error for a ZIP the data does not know, and a 400 on `state_code` when the typed
   * state is none of the ZIP's.
   */
  async function facts(property: PropertyInput): Promise<MarketFacts> {
    const warnings: string[] = [];
    const market = await currentStatus();
    let result: MarketFacts = {
      market_data_loaded: market.available,
      location: null,
      hud_rent: null,
      market_rent: null,
      violent_crime_grade: null,
      property_crime_grade: null,
      property_tax_rate: null,
      owner_tax_rate: null,
      interest_rate: null,
      appreciation: null,
      insurance: null,
      property_record: null,
      warnings,
      opportunities: [],
    };
    if (market.available) {
      const rows = await zipRowsOf(property);
      const found = lookupFromRows(rows.parts, rows.counties, rows.interestRate, property.num_bedrooms, {
        county: property.county_name,
        city: property.city,
        places: rows.places,
        units: property.factor,
      });
      warnings.push(...found.warnings);
      const zipRow = rows.parts.find((p) => p.county_fips === found.county_fips) ?? rows.zip;
      const hud = deps.hudProvider
        ? (await withLiveHudRent(deps.hudProvider, property, zipRow, found.hud_rent, warnings)).rent
        : found.hud_rent;
      const estimate = found.market_rent;
      result = {
        market_data_loaded: true,
        location: {
          county_fips: found.county_fips,
          county_name: found.county_name,
          county_matched: found.county_matched,
          city: found.city,
          state_code: found.state_code,
          lat: found.lat,
          lng: found.lng,
        },
        hud_rent: hud,
        market_rent: estimate && {
          value: estimate.value,
          tier: 'estimated',
          range: {
            low: estimate.low,
            high: estimate.high,
            note: `meant to hold 8 in 10 asking rents; it held ${Math.round(estimate.coverage * 1000) / 10}% in states left out of the fit`,
          },
          source: estimate.source,
          vintage: estimate.vintage,
          note: `An estimate of the asking rent, not a listing for this address: ${estimate.method}`,
        },
        violent_crime_grade: found.violent_crime_grade,
        property_crime_grade: found.property_crime_grade,
        property_tax_rate: found.investor_tax_rate,
        owner_tax_rate: found.property_tax_rate,
        interest_rate: found.interest_rate,
        appreciation: found.appreciation,
        insurance: found.insurance,
        property_record: null,
        warnings,
        opportunities: [],
      };
      if (hud === null) warnings.push('HUD publishes no Fair Market Rent for this ZIP.');
      warnings.push(...crimeWarnings([found.violent_crime_grade, found.property_crime_grade]));
      // a city's own rates do not need the county's; elsewhere a state's typical county stands in
      if (found.property_tax_rate.level === 'state' && !found.investor_tax_rate.kinds.includes('city_rates'))
        warnings.push(
          "The Census publishes no property tax rate for this county, so the tax starts from the state's typical county: check the county's or city's own rate.",
        );
    } else {
      const live = deps.hudProvider
        ? await withLiveHudRent(deps.hudProvider, property, null, null, warnings)
        : null;
      result.hud_rent = live?.rent ?? null;
      warnings.push(live?.live ? MARKET_DATA_UNAVAILABLE_LIVE_HUD : MARKET_DATA_UNAVAILABLE);
    }
    // the live rent and the record are asked together; each failure is its own warning
    const [live, record] = await Promise.all([
      rentProviders.length > 0
        ? liveMarketRent(property, result.location, result.market_rent, warnings)
        : null,
      recordForAnalysis(property, warnings),
    ]);
    if (live) result.market_rent = live;
    result.property_record = record;
    result.interest_rate = await withLiveRate(result.interest_rate, warnings);
    const opportunity = section8Opportunity(
      result.hud_rent,
      result.market_rent,
      property.factor,
      property.num_bedrooms,
    );
    if (opportunity) result.opportunities.push(opportunity);
    return result;
  }

  return { facts, checkAddress, status: currentStatus, propertyRecord };
}

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;
const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** 82 → '82nd', 11 → '11th'. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The HUD rent figure: the applicable schedule, its area, and the Section 8 payment-standard band. */
function hudFigure(hud: HudRent, today: Date): MarketFigure {
  const safmr = hud.safmr === null ? 'no Small Area FMR' : `Small Area FMR ${dollars(hud.safmr)}`;
  const stale = hud.tier !== 'live' && isLastYears(hud.fy, today);
  const current = stale
    ? ` These are last year's figures: HUD's FY${(hud.fy ?? 0) + 1} rents took effect ${hud.fy}-10-01 and are not loaded here yet; HUD USER (huduser.gov) lists this year's for the area, typically a few percent higher.`
    : '';
  return {
    value: hud.value,
    source: hud.source,
    vintage: stale ? `${hud.vintage}, last year's` : hud.vintage,
    tier: hud.tier,
    range: {
      low: hud.payment_standard.low,
      high: hud.payment_standard.high,
      note: hud.payment_standard.note,
    },
    note: `${hud.bedrooms}-bedroom: FMR ${dollars(hud.fmr)}, ${safmr}; the ${hud.applies === 'safmr' ? 'Small Area FMR' : 'FMR'} applies${
      hud.safmr_mandatory ? ' (mandatory SAFMR area)' : ''
    }${hud.fmr_area_name ? ` — ${hud.fmr_area_name}` : ''}. Section 8 payment standard ${dollars(
      hud.payment_standard.low,
    )}–${dollars(hud.payment_standard.high)}: ${hud.payment_standard.note}${current}`,
  };
}

/** What a grade is of, said beside its name: 'for Memphis', 'for Shelby County outside Memphis'. */
const CRIME_AREA_LABEL: Readonly<Record<CrimeBasis, (area: string) => string>> = {
  place: (area) => `for the city of ${area}`,
  balance: (area) => `for ${area}`,
  borough: (area) => `for ${area} (New York City)`,
  county: (area) => `for ${area}`,
};

/**
 * A city's own rates hold inside its limits, and a mailing address can name a city it is not in
 * (much of ZIP 77084 is "Houston" but unincorporated, with other school and utility districts).
 */
const CITY_LIMITS_CAVEAT =
  "A mailing address can name a city it is outside of, where other levies apply (school and utility districts): the parcel's own tax bill lists them.";

/** A crime grade figure; an estimate shows only its letter band ("≈C"), a missing grade says so. */
export function crimeFigure(
  key: 'violent_crime_grade' | 'property_crime_grade',
  grade: CrimeGrade | null,
): MarketFigure {
  if (grade === null) {
    return {
      value: null,
      source: SOURCE.crime,
      vintage: null,
      tier: 'none',
      note: 'No crime rate is published for this county; the rating counts it as average.',
    };
  }
  const percentile = `${ordinal(Math.round(grade.percentile))} percentile by population of the places and counties with complete reporting (lower is safer)`;
  const scored =
    grade.tier === 'estimated' ? ' Not scored: the rating counts an estimated grade as average.' : '';
  // a postal city is not always the city the house is in (QA: unincorporated 77084 "Houston" got
  // Houston's F); the crosswalk cannot tell, so the note says what to check
  const limits =
    grade.basis === 'place'
      ? ` A mailing address can name a city it is outside of: if the house lies outside ${grade.area}'s city limits, this rate is not its own (the county or another city polices it): check the address on the city's map.`
      : '';
  return {
    value: grade.display,
    label: `${marketFigureMeta(key).label} ${CRIME_AREA_LABEL[grade.basis](grade.area)}`,
    source: grade.source,
    vintage: grade.vintage,
    tier: grade.tier,
    range: crimeGradeRange(grade),
    note: `${grade.note} ${percentile}: ${crimeRateText(grade, key === 'violent_crime_grade' ? 'violent' : 'property')}.${scored}${limits}`,
  };
}

/**
 * What the rates count (NIBRS, shared data SOURCES.md §5), said beside them: the violent rate is far
 * above the FBI's classic violent-crime rate, which QA read it against (Naperville's 643 against ~100).
 */
const CRIME_MEASURE: Readonly<Record<CrimeKind, { per: string; after: string }>> = {
  violent: {
    per: 'crimes against persons',
    after:
      " (NIBRS: every assault, simple ones included, with homicide and sex offences; robbery counts as a property crime), far above the FBI's classic violent-crime rate: compare grades, not rates",
  },
  property: { per: 'crimes against property', after: ' (NIBRS, robbery included)' },
};

/**
 * The rate behind a grade, in words: an incomplete report graded by the estimate (which is higher)
 * quotes the estimate, and the undercount beside it.
 */
function crimeRateText(grade: CrimeGrade, kind: CrimeKind): string {
  const { per, after } = CRIME_MEASURE[kind];
  const estimate = grade.estimated_rate;
  if (grade.tier === 'incomplete' && estimate !== null && estimate > grade.rate)
    return `an estimated ${estimate.toFixed(1)} ${per} per 100,000 in ${grade.year} (the agencies that reported counted ${grade.rate.toFixed(1)})${after}`;
  return `${grade.rate.toFixed(1)} ${per} per 100,000 in ${grade.year}${after}`;
}

/**
 * The default appreciation: the county's long-run rate blended with the nation's, its range from the
 * county's volatility (market README, "Appreciation"); the model's 3 % without the price index.
 */
function appreciationFigure(a: Appreciation | null): MarketFigure {
  if (a === null) {
    return {
      value: DEFAULTS.annualPriceAppreciation,
      source: 'Model default',
      vintage: null,
      tier: 'default',
      note: 'No county price index is available here: 3 % a year.',
    };
  }
  const whose = a.level === 'county' ? "The county's" : "This state's median county's";
  const recent =
    a.county_cagr_10y === null ? '' : ` The county's last 10 years: ${percent(a.county_cagr_10y)} a year.`;
  return {
    value: a.value,
    source: a.source,
    vintage: a.vintage,
    tier: 'estimated',
    range: {
      low: a.low,
      high: a.high,
      note: "1.55 × the yearly price swings: the width that held 4 in 5 next-5-year averages across FHFA's counties (72 % in periods left out of the fit)",
    },
    note: `${whose} 30-year rate ${percent(a.long_run_rate)} a year, blended half and half with the national ${percent(
      a.national_rate,
    )}: in FHFA history a county's own trend predicted its next 5 years no better than the nation's did.${recent}`,
  };
}

/**
 * The insurance a new analysis starts from: the place's landlord premium at the price as its fixed
 * part and its rate per dollar of the price (so another price moves only the rest), else the
 * model's 0.6 % of the price with no fixed part.
 */
export function insuranceShapeOf(
  facts: MarketFacts,
  price: number,
): { insuranceRate: number; insuranceFixed: number | null } {
  if (!facts.insurance) return { insuranceRate: DEFAULTS.insuranceRate, insuranceFixed: null };
  const estimate = insuranceEstimate(facts.insurance, price);
  return { insuranceRate: estimate.per_dollar, insuranceFixed: estimate.fixed };
}

/** The insurance figure: the landlord premium at the price as a share of it, with its dollars and range. */
function insuranceFigure(
  basis: InsuranceBasis | null,
  price: number,
  countyFips: string | null,
): MarketFigure {
  if (basis === null) {
    return {
      value: DEFAULTS.insuranceRate,
      source: 'Model default',
      vintage: null,
      tier: 'default',
      note: 'No state insurance average is available here: 0.6 % of the price a year.',
    };
  }
  const e = insuranceEstimate(basis, price);
  const risks = [
    ['hurricane', basis.hurricane_rating],
    ['wildfire', basis.wildfire_rating],
  ].flatMap(([hazard, rating]) => (isHighRisk(rating) ? [`${hazard} ${rating.toLowerCase()}`] : []));
  // in the order the premium is built: carried to the price, the county's hazard, then the landlord's 20 %
  // (QA: said after the 20 %, the hazard read as added to the landlord premium)
  const hazard =
    Math.abs(e.hazard_adjustment) < 1
      ? ''
      : `, ${e.hazard_adjustment > 0 ? 'plus' : 'less'} ${dollars(
          Math.round(Math.abs(e.hazard_adjustment)),
        )} for the county's hurricane and wildfire losses against its state's typical county's${risks.length > 0 ? ` (FEMA rates its ${risks.join(' and ')})` : ''}`;
  const pool = countyFips === null ? null : windPoolOf(countyFips);
  const wind =
    pool === null
      ? ''
      : ` Wind and hail here are often insured apart, by ${pool}: check that a quote includes them.`;
  const fire = isHighRisk(basis.wildfire_rating) ? WILDFIRE_NOTE : '';
  return {
    value: e.rate,
    per_dollar: e.per_dollar,
    source: e.source,
    vintage: e.vintage,
    tier: 'estimated',
    range: {
      low: e.low / price,
      high: e.high / price,
      // the price named: the figures are kept with the analysis, and a later price edit keeps the rate
      // (QA: "at this price" read as the new price after an edit)
      note: `${dollars(Math.round(e.low))}–${dollars(Math.round(e.high))} a year at ${dollars(Math.round(price))}`,
    },
    note: `About ${dollars(Math.round(e.value))} a year at ${dollars(Math.round(price))} for a landlord policy: ${basis.state}'s average homeowners premium (${dollars(
      basis.state_premium,
    )} for $300,000 of coverage) carried to the price (${dollars(Math.round(e.state_at_price))})${hazard}, then 20 % more for a landlord policy. Of it, ${dollars(
      Math.round(e.fixed),
    )} a year does not follow the price: at another price only the rest moves.${wind}${fire} Flood is not covered by these policies. A quote for the address replaces it.`,
  };
}

const isHighRisk = (rating: string | null | undefined): rating is string =>
  rating === 'Very High' || rating === 'Relatively High';

/**
 * FEMA's wildfire loss is the county's average: a town in the brush inside a large county (Paradise
 * in Butte, rated "Relatively High") gets a few hundred dollars of it, where rebuilt Paradise homes
 * were quoted $9,750 and $14,702 a year (AP via Fortune, 2023-11-07) and a California FAIR Plan fire
 * policy about $6,000 (AP, 2024). Nothing here tells such a street from the county's towns, so the
 * note says what the figure and its range cannot hold (QA).
 */
const WILDFIRE_NOTE =
  " FEMA rates this county's wildfire risk high: where a house backs onto brush or forest, insurers often decline new policies, and the insurer of last resort (a state FAIR Plan) with a second policy for the rest can cost several times this figure, above its range. Get a quote for the address before you offer.";

/**
 * A city's rate read from its levies: no evidence holds its error, so its range is the judgment the
 * ranges use for a tax (a sale can bring a reassessment to the price: more above than below).
 */
function cityTaxRange(rate: number): NonNullable<MarketFigure['range']> {
  const { down, up } = DEFAULT_SPREAD_RULES.property_taxes;
  return {
    low: rate * (1 - down),
    high: rate * (1 + up),
    note: 'judgment: a sale can bring a reassessment to the price',
  };
}

/** Freddie Mac publishes the PMMS weekly: past two weeks, the figure says how old it is. */
const RATE_STALE_AFTER_DAYS = 14;

/**
 * The interest rate as shown: the PMMS average plus the investor premium, with where it may be once
 * locked and, when the imported week is more than two weeks before `today`, how old it is (QA: an
 * eight-week-old rate read as this week's).
 */
export function interestRateFigure(rate: InterestRate | null, today: Date): MarketFigure {
  if (!rate) {
    return {
      value: 0.07,
      source: 'Model default',
      vintage: null,
      tier: 'default',
      note: 'Mortgage-rate data unavailable.',
    };
  }
  const ageDays = Math.floor((today.getTime() - Date.parse(`${rate.date}T00:00:00Z`)) / 86_400_000);
  const age =
    !rate.live && ageDays > RATE_STALE_AFTER_DAYS
      ? ` Freddie Mac publishes this average weekly; the one loaded here is ${Math.floor(ageDays / 7)} weeks old, so today's may differ: check a lender's quote.`
      : '';
  return {
    value: rate.value,
    source: rate.source,
    vintage: rate.vintage,
    tier: rate.live ? 'live' : 'reported',
    range: {
      low: rate.value - DEFAULT_SPREAD_RULES.interest_rate.down,
      high: rate.value + DEFAULT_SPREAD_RULES.interest_rate.up,
      note: `where the rate may be once locked, about ${WEEKS_TO_CLOSE} weeks on: the 30-year average stayed in this band over 8 of 10 such spells since 2000`,
    },
    note: `30-year fixed ${percent(rate.base_rate)} on ${rate.date} plus a ${percent(rate.investor_premium)} investor premium (an estimate: lenders price it by credit, down payment and property).${age}`,
  };
}

/**
 * For a tiered rate, what the tiers make at the price (QA: Honolulu showed its first tier's 0.40 % at
 * $1.5M, where the two make 0.647 %); nothing for a flat one.
 */
function tieredAt(tax: InvestorTaxRate, price: number, rate: number): string {
  if (!tax.upper_tier) return '';
  return ` At ${dollars(Math.round(price))} the tiers make ${percent(rate)} of the price; at another price the tax follows the tiers.`;
}

/** The `market_data.figures` block: each market number with where it comes from and its tier. */
export function marketFigures(
  facts: MarketFacts,
  price: number,
  today = new Date(),
): Record<string, MarketFigure> {
  const figures: Record<string, MarketFigure> = {};
  if (facts.hud_rent) figures.hud_rent = hudFigure(facts.hud_rent, today);
  const rent = facts.market_rent;
  if (rent) {
    figures.rentometer_rent = {
      value: rent.value,
      source: rent.source,
      vintage: rent.vintage,
      tier: rent.tier,
      ...(rent.range && { range: rent.range }),
      ...(rent.note !== undefined && { note: rent.note }),
    };
  }
  if (facts.location) {
    figures.violent_crime_grade = crimeFigure('violent_crime_grade', facts.violent_crime_grade);
    figures.property_crime_grade = crimeFigure('property_crime_grade', facts.property_crime_grade);
  }
  const tax = facts.property_tax_rate;
  const owner = facts.owner_tax_rate;
  const ownerRate = owner && owner.level !== 'default' ? owner : null;
  const cityRate = tax?.kinds.includes('city_rates') ? taxRateAtPrice(tax, price) : null;
  figures.property_tax_rate =
    tax && cityRate !== null
      ? {
          value: cityRate,
          label: `${tax.label} for the city`,
          source: tax.source,
          vintage: tax.vintage,
          tier: tax.tier,
          range: cityTaxRange(cityRate),
          note: `${tax.rule}${tieredAt(tax, price, cityRate)}${ownerRate ? ` The county's ACS effective rate, what long-time owner-occupants pay on average, is ${percent(ownerRate.value)}.` : ''} ${CITY_LIMITS_CAVEAT} Source: ${tax.rule_source_url ?? 'n/a'}.`,
        }
      : tax && ownerRate
        ? {
            value: tax.value,
            label: tax.label,
            source: tax.source,
            vintage: tax.vintage,
            tier: tax.tier,
            range: {
              low: tax.value * COUNTY_TAX_RANGE.low,
              high: tax.value * COUNTY_TAX_RANGE.high,
              note: "8 in 10 big cities' own rates fall in this band around their county's estimate",
            },
            note: `${tax.rule} Starts from the ${ownerRate.level === 'county' ? "county's" : "state's median county"} ACS effective rate, ${percent(
              ownerRate.value,
            )}, which is what long-time owner-occupants pay.${tax.rule_source_url ? ` Rule: ${tax.rule_source_url}` : ''}`,
          }
        : {
            value: tax?.value ?? DEFAULT_PROPERTY_TAX_RATE,
            source: 'Model default',
            vintage: null,
            tier: 'default',
            note: 'No county or state rate available.',
          };
  figures.interest_rate = interestRateFigure(facts.interest_rate, today);
  figures.annual_price_appreciation = appreciationFigure(facts.appreciation);
  figures.insurance_rate = insuranceFigure(facts.insurance, price, facts.location?.county_fips ?? null);
  return figures;
}
