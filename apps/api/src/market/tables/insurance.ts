/**
 * Landlord insurance by state and risk (market README, "Insurance"): the state's average homeowners
 * premium for $300,000 of dwelling coverage (`insurance_state.csv`), scaled to the price the way
 * premiums scale with coverage, moved by the county's hurricane and wildfire expected losses against
 * its state's typical county's (FEMA National Risk Index, `insurance_hazard_county.csv`), and raised
 * for a landlord (dwelling) policy. An estimate, with a range from the published averages' spread.
 */
import { MarketDataError } from './errors.js';
import { SOURCE } from './sources.js';
import { readTable } from './table.js';

/** One state of `insurance_state.csv`: average annual homeowners premiums, USD. */
export interface InsuranceStateRow {
  readonly state: string;
  /** Bankrate, rates of September 2025, $300,000 dwelling coverage */
  readonly bankrate_300k: number;
  /** NerdWallet, 2025, $300,000 dwelling coverage (median of the 25 largest cities) */
  readonly nerdwallet_300k: number | null;
  /** NAIC, data year 2023, the average HO-3 policy (all coverage amounts), for reference */
  readonly naic_average_2023: number | null;
}

/** One county of `insurance_hazard_county.csv` (FEMA NRI): expected annual losses, USD. */
export interface HazardCountyRow {
  readonly county_fips: string;
  readonly building_value: number;
  readonly hurricane_eal: number;
  readonly wildfire_eal: number;
  readonly hurricane_rating: string;
  readonly wildfire_rating: string;
}

export function parseInsuranceStateCsv(text: string, file = 'insurance_state.csv'): InsuranceStateRow[] {
  const t = readTable(file, text, [
    'state',
    'bankrate_300k_2025',
    'nerdwallet_300k_2025',
    'naic_ho3_average_2023',
  ]);
  return Array.from({ length: t.rowCount }, (_, r) => {
    const bankrate = t.num(r, 'bankrate_300k_2025');
    if (!(bankrate > 0)) throw new MarketDataError(file, r + 1, 'bankrate_300k_2025', 'must be positive');
    return {
      state: t.text(r, 'state'),
      bankrate_300k: bankrate,
      nerdwallet_300k: t.optNum(r, 'nerdwallet_300k_2025'),
      naic_average_2023: t.optNum(r, 'naic_ho3_average_2023'),
    };
  });
}

export function parseHazardCountyCsv(text: string, file = 'insurance_hazard_county.csv'): HazardCountyRow[] {
  const t = readTable(file, text, [
    'county_fips',
    'building_value',
    'hurricane_eal',
    'wildfire_eal',
    'hurricane_rating',
    'wildfire_rating',
  ]);
  return Array.from({ length: t.rowCount }, (_, r) => ({
    county_fips: t.code(r, 'county_fips', 5),
    building_value: t.num(r, 'building_value'),
    hurricane_eal: t.num(r, 'hurricane_eal'),
    wildfire_eal: t.num(r, 'wildfire_eal'),
    hurricane_rating: t.text(r, 'hurricane_rating'),
    wildfire_rating: t.text(r, 'wildfire_rating'),
  }));
}

/**
 * How national premiums grow with dwelling coverage (Bankrate, September 2025: $1,459 at $150,000,
 * $2,424 at $300,000, $3,374 at $450,000, $5,254 at $750,000): about $510 plus $6.325 per $1,000,
 * so a cheap house pays more per dollar than a dear one.
 */
export const PREMIUM_FIXED = 510;
export const PREMIUM_PER_DOLLAR = 0.006_325;
export const REFERENCE_COVERAGE = 300_000;

/**
 * A landlord (dwelling, DP-3) policy over a homeowners one: +15–25 % in every published comparison
 * found (Investopedia 15 %, The Nest 15–20 %, insurers' pages 25 %, the often-quoted 25 % from the
 * Insurance Information Institute); the middle, 20 %.
 */
export const LANDLORD_FACTOR = { value: 1.2, low: 1.15, high: 1.25 } as const;

/**
 * Premium per dollar of expected loss: US homeowners insurers' 2023 results, losses 75.5 %, loss
 * adjustment 9.0 % and other expenses 26.1 % of premium (S&P Global via Insurance Journal, 2024-05-23),
 * so a premium that covers a loss L at those ratios is L × 110.6 / 75.5.
 */
export const PREMIUM_PER_EXPECTED_LOSS = 110.6 / 75.5;

/**
 * Where a state's windstorm pool insures wind and hail apart from the homeowners or dwelling policy,
 * so a quote for the address may leave them out: the published city averages run furthest below
 * the estimate on such coasts (market README, "Insurance"). Texas: the Texas Windstorm Insurance
 * Association's territory, 14 first-tier coastal counties and part of Harris County
 * (twia.org/Agents/CoverageEligibility.aspx; the counties by name from manfredlaw.com, "What is a
 * TWIA policy", both read 2026-11-27). Harris's part is east of State Highway 146 (La Porte,
 * Morgan's Point, Pasadena, Seabrook, Shore Acres), which a county cannot tell from Houston, so
 * Harris is not listed. North Carolina: the North Carolina Insurance Underwriting Association's
 * Coastal Property Insurance Pool writes wind and hail alone in the statute's "coastal area", 18
 * counties by name, and whole policies on the Outer Banks ("beach area") inside them (N.C. Gen.
 * Stat. § 58-45-5(2), (2b); read 2026-11-27 at laws9.com, a copy of the General Statutes).
 * Alabama: the Alabama Insurance Underwriting Association (the Beach Pool) writes wind and hail
 * alone for property in Baldwin and Mobile counties (aiua.org/about-aiua, read 2026-11-27). A
 * summary of its rules (stillinsurable.com, 2026-05) keeps it south of the 31st parallel, which
 * leaves out the counties' northern edges (Citronelle); a county cannot tell them apart, so the
 * whole of both is listed, and the note says "often". Mississippi: the Mississippi Windstorm
 * Underwriting Association writes wind and hail alone in the statute's "coast area" (Miss. Code
 * § 83-34-1; msplans.com/mwua/about-us), six counties: the three on the Gulf and the "upper tier"
 * of George, Pearl River and Stone (a 2007 bill to drop the upper tier, SB 2946, read at
 * billstatus.ls.state.ms.us; the six named by the Mississippi Marine Resources Council's 1977
 * coastal-zone report as the state's six southernmost counties, and the pool's six by Claims
 * Journal, 2006-05-30, and Mississippi Today, 2021-09-08; all read 2026-11-27). South Carolina's
 * pool is not listed: its "coastal area" (S.C. Code § 38-75-310) is parts of counties bounded by
 * the Intracoastal Waterway and named roads, which a county cannot tell apart.
 */
export const WIND_POOLS: readonly { readonly name: string; readonly counties: readonly string[] }[] = [
  {
    name: 'the Texas Windstorm Insurance Association (TWIA)',
    // Aransas, Brazoria, Calhoun, Cameron, Chambers, Galveston, Jefferson, Kenedy, Kleberg,
    // Matagorda, Nueces, Refugio, San Patricio, Willacy
    counties: [
      '48007',
      '48039',
      '48057',
      '48061',
      '48071',
      '48167',
      '48245',
      '48261',
      '48273',
      '48321',
      '48355',
      '48391',
      '48409',
      '48489',
    ],
  },
  {
    name: "the North Carolina Insurance Underwriting Association's Coastal Property Insurance Pool",
    // Beaufort, Brunswick, Camden, Carteret, Chowan, Craven, Currituck, Dare, Hyde, Jones,
    // New Hanover, Onslow, Pamlico, Pasquotank, Pender, Perquimans, Tyrrell, Washington
    counties: [
      '37013',
      '37019',
      '37029',
      '37031',
      '37041',
      '37049',
      '37053',
      '37055',
      '37095',
      '37103',
      '37129',
      '37133',
      '37137',
      '37139',
      '37141',
      '37143',
      '37177',
      '37187',
    ],
  },
  {
    name: 'the Alabama Insurance Underwriting Association (the Beach Pool)',
    // Baldwin, Mobile
    counties: ['01003', '01097'],
  },
  {
    name: 'the Mississippi Windstorm Underwriting Association (the wind pool)',
    // George, Hancock, Harrison, Jackson, Pearl River, Stone
    counties: ['28039', '28045', '28047', '28059', '28109', '28131'],
  },
];

/** The windstorm pool whose territory the county is in, by name; null elsewhere. */
export const windPoolOf = (countyFips: string): string | null =>
  WIND_POOLS.find((pool) => pool.counties.includes(countyFips))?.name ?? null;

/** What a county's estimate is made of (stored in its row; the price comes later). */
export interface InsuranceBasis {
  readonly state: string;
  /** the state's average homeowners premium at $300,000 of coverage (Bankrate) */
  readonly state_premium: number;
  /** the lower and higher of the state's published averages at $300,000 */
  readonly state_low: number;
  readonly state_high: number;
  /**
   * The county's hurricane and wildfire expected annual loss per dollar of building value, less that
   * of its state's typical resident's county (`typicalLossRate`): positive where the county is
   * riskier than where most of its state lives.
   */
  readonly hazard_excess: number;
  readonly hurricane_rating: string | null;
  readonly wildfire_rating: string | null;
}

/**
 * The loss rate of the county a state's typical resident lives in: the population-weighted median of
 * its counties' rates (every county counts once where no population is known). A state's average
 * premium is what its typical policyholder pays, and the value-weighted mean rate sits far above that
 * resident's wherever a dear coast holds much of the state's building value (North Carolina's and
 * Texas's by about ×6): measured against the mean, inland counties came out cheaper than their
 * state, which the published city averages do not show (`validate:market`, market README
 * "Insurance").
 */
function typicalLossRate(counties: readonly { rate: number; people: number }[]): number | null {
  if (counties.length === 0) return null;
  const weighted = counties.some((c) => c.people > 0);
  const sorted = [...counties].sort((a, b) => a.rate - b.rate);
  const total = sorted.reduce((sum, c) => sum + (weighted ? c.people : 1), 0);
  let seen = 0;
  for (const c of sorted) {
    seen += weighted ? c.people : 1;
    if (seen >= total / 2) return c.rate;
  }
  return sorted[sorted.length - 1]?.rate ?? null;
}

/**
 * The county's basis: its state's averages and its hazard against its state's typical county's;
 * null without a state row. `people`: county populations (ACS), for the state's typical county.
 */
export function buildInsuranceIndex(
  states: readonly InsuranceStateRow[],
  hazards: readonly HazardCountyRow[],
  people: ReadonlyMap<string, number> = new Map(),
): { forCounty(countyFips: string, stateCode: string | null): InsuranceBasis | null } {
  const byState = new Map(states.map((s) => [s.state, s]));
  const hazardOf = new Map(hazards.map((h) => [h.county_fips, h]));
  const lossRate = (h: HazardCountyRow | undefined) =>
    h && h.building_value > 0 ? (h.hurricane_eal + h.wildfire_eal) / h.building_value : null;
  const countiesOf = new Map<string, { rate: number; people: number }[]>();
  for (const h of hazards) {
    const rate = lossRate(h);
    if (rate === null) continue;
    const st = h.county_fips.slice(0, 2);
    const list = countiesOf.get(st) ?? [];
    list.push({ rate, people: people.get(h.county_fips) ?? 0 });
    countiesOf.set(st, list);
  }
  const typical = new Map([...countiesOf].map(([st, list]) => [st, typicalLossRate(list)]));
  return {
    forCounty(countyFips, stateCode) {
      const state = stateCode === null ? undefined : byState.get(stateCode);
      if (state === undefined) return null;
      const published = [state.bankrate_300k, state.nerdwallet_300k].filter((v): v is number => v !== null);
      const h = hazardOf.get(countyFips);
      const countyRate = lossRate(h);
      const stateRate = typical.get(countyFips.slice(0, 2)) ?? null;
      return {
        state: state.state,
        state_premium: state.bankrate_300k,
        state_low: Math.min(...published),
        state_high: Math.max(...published),
        hazard_excess: countyRate === null || stateRate === null ? 0 : countyRate - stateRate,
        hurricane_rating: h?.hurricane_rating ?? null,
        wildfire_rating: h?.wildfire_rating ?? null,
      };
    },
  };
}

export interface InsuranceEstimate {
  /** annual landlord premium at the price, USD */
  readonly value: number;
  readonly low: number;
  readonly high: number;
  /** `value` as a share of the price: the analysis's insurance rate */
  readonly rate: number;
  /**
   * `value` as a line in the price, fixed + per_dollar × price: the part of the premium that does
   * not follow the price ($/yr) and what each further dollar of price adds. Exact for prices on the
   * same side of the floor (`homeownerPremium`'s half of the state's premium) as this one.
   */
  readonly fixed: number;
  readonly per_dollar: number;
  /** the homeowners premium at the price before the hazard and landlord adjustments */
  readonly state_at_price: number;
  /** what the county's hazard adds (or takes) a year at the price */
  readonly hazard_adjustment: number;
  readonly basis: InsuranceBasis;
  readonly source: string;
  readonly vintage: string;
}

/** A premium at $300,000 of coverage carried to `coverage`. */
const atCoverage = (premium300k: number, coverage: number) =>
  (premium300k * (PREMIUM_FIXED + PREMIUM_PER_DOLLAR * coverage)) /
  (PREMIUM_FIXED + PREMIUM_PER_DOLLAR * REFERENCE_COVERAGE);

/**
 * How far a city's premium strays from its state's beyond what the county's hazard explains: the
 * range from the state's published averages, × this on its high end and ÷ on its low, holds 80 % of
 * 162 published city averages in 10 states, and 78 % of each state's when fitted without it
 * (`validateInsurance`, market README "Insurance").
 */
export const INSURANCE_RANGE_WIDENING = 1.25;

/** A homeowners premium at a coverage, with its range. */
export interface HomeownerPremium {
  readonly value: number;
  /** the lower published state average at the coverage with the hazard, ÷ the widening */
  readonly low: number;
  /** the higher one, × the widening */
  readonly high: number;
  /** the range before the widening: the state's published averages only */
  readonly published_low: number;
  readonly published_high: number;
  /** the state's premium carried to the coverage, before the county's hazard */
  readonly state_at_coverage: number;
  /** what the county's hazard adds (or takes) a year at the coverage */
  readonly hazard_adjustment: number;
  /** `value` = fixed + per_dollar × coverage (see `InsuranceEstimate`) */
  readonly fixed: number;
  readonly per_dollar: number;
}

/**
 * The homeowners premium for `coverage` of dwelling in the basis's county: the state's average
 * carried to the coverage, plus the county's hazard (never taking more than half the state's
 * premium away). `validateInsurance` scores this against published city averages.
 */
export function homeownerPremium(basis: InsuranceBasis, coverage: number): HomeownerPremium {
  const hazardPerDollar = basis.hazard_excess * PREMIUM_PER_EXPECTED_LOSS;
  const hazard = hazardPerDollar * coverage;
  const at = (premium300k: number) => {
    const base = atCoverage(premium300k, coverage);
    return Math.max(base + hazard, base / 2);
  };
  // the state's premium is scale × (PREMIUM_FIXED + PREMIUM_PER_DOLLAR × coverage): its line, with
  // the hazard's dollars per dollar of cover, or halved where the floor holds
  const scale = basis.state_premium / (PREMIUM_FIXED + PREMIUM_PER_DOLLAR * REFERENCE_COVERAGE);
  const stateAtCoverage = atCoverage(basis.state_premium, coverage);
  const floored = stateAtCoverage + hazard < stateAtCoverage / 2;
  return {
    fixed: floored ? (scale * PREMIUM_FIXED) / 2 : scale * PREMIUM_FIXED,
    per_dollar: floored ? (scale * PREMIUM_PER_DOLLAR) / 2 : scale * PREMIUM_PER_DOLLAR + hazardPerDollar,
    value: at(basis.state_premium),
    low: at(basis.state_low) / INSURANCE_RANGE_WIDENING,
    high: at(basis.state_high) * INSURANCE_RANGE_WIDENING,
    published_low: at(basis.state_low),
    published_high: at(basis.state_high),
    state_at_coverage: stateAtCoverage,
    hazard_adjustment: hazard,
  };
}

/**
 * The landlord premium for a house bought at `price` (the price stands for the dwelling coverage):
 * the homeowners premium × the landlord factor, its range from the lower published average × the
 * lower factor to the higher × the higher.
 *
 * @example Ohio (Bankrate $1,377 at $300,000), a county at its state's hazard, $95,000:
 *   1,377 × (510 + 600.9) / 2,407.5 = 635.2 a year as a homeowner, × 1.2 = $762 as a landlord (0.80 %)
 */
export function insuranceEstimate(basis: InsuranceBasis, price: number): InsuranceEstimate {
  const homeowner = homeownerPremium(basis, price);
  const value = homeowner.value * LANDLORD_FACTOR.value;
  return {
    value,
    low: Math.min(value, homeowner.low * LANDLORD_FACTOR.low),
    high: Math.max(value, homeowner.high * LANDLORD_FACTOR.high),
    rate: value / price,
    fixed: homeowner.fixed * LANDLORD_FACTOR.value,
    per_dollar: homeowner.per_dollar * LANDLORD_FACTOR.value,
    state_at_price: homeowner.state_at_coverage,
    hazard_adjustment: homeowner.hazard_adjustment,
    basis,
    source: SOURCE.insurance,
    vintage: 'state averages of 2025 (Bankrate, NerdWallet); FEMA NRI hazard losses, 2024 edition',
  };
}
