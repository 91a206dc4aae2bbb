import { type PropertyTaxTiers, taxByTiers } from '@sfr/underwriting';
import { SOURCE, VINTAGE } from './sources.js';

/**
 * What an investor buying a single-family rental pays in property tax, from the county's ACS
 * effective rate (what owner-occupants, many of them long-tenured, pay) and the state's rules for
 * property that is not the owner's homestead. One row per state and DC, plus a few county rows
 * where a city's own rule dominates the county (Cook, Philadelphia, Boston, Providence).
 *
 * The ACS rate is median taxes ÷ median value, so it already reflects the owner's exemptions and
 * credits. The rule undoes them and applies the investor's treatment (market README, "Property tax"):
 *
 *   owner_share   = (1 − tax_share × E / V) × (1 − deduction_share)      E = min(amount, share_of_value × V)
 *   full_rate     = (acs_rate + credit / V) ÷ owner_share                 credit = min(amount, share_of_value × V)
 *   investor_rate = clamp(full_rate × multiplier + add_rate, floor, cap), never below acs_rate
 *
 * V is the county's ACS median home value. The exemptions and credits undone are those in force in
 * the ACS years (taxes paid 2019–2023): a benefit introduced later (North Dakota's credit, Wyoming's
 * exemption) never lowered the ACS rate, so there is nothing to undo. Every number is an estimate
 * of a typical purchase: the actual bill depends on the parcel, the tax-rate area and the year.
 */

export type InvestorTaxRuleKind =
  | 'no_difference'
  | 'homestead_exemption'
  | 'homestead_credit'
  | 'rental_classification'
  | 'reassessment_at_sale'
  | 'cap_reset'
  | 'local_option'
  /** the city's own published rates (`city-tax.ts`), not a state rule */
  | 'city_rates';

interface Amount {
  /** Dollars (market value for an exemption, tax for a credit). */
  readonly amount: number;
  /** When set, the figure is min(amount, share_of_value × V). */
  readonly share_of_value?: number;
}

export interface InvestorTaxRule {
  /** USPS code of the state (or DC). */
  readonly state: string;
  /** Set for a county row that replaces its state's row. */
  readonly county_fips?: string;
  readonly kinds: readonly InvestorTaxRuleKind[];
  /** What differs for a rental, in plain words. */
  readonly rule: string;
  /** Owner-occupant exemption, market-value dollars, applying to `tax_share` of the bill (default all of it). */
  readonly exemption?: Amount & { readonly tax_share?: number };
  /** Share of the value left after the exemption that owners also deduct (Indiana's supplemental deduction). */
  readonly deduction_share?: number;
  /** Owner-occupant credit, dollars of tax per year. */
  readonly credit?: Amount;
  /** Rental assessment class or levy over the owner's, lost percentage credits, caps that reset at a sale. */
  readonly multiplier?: number;
  /** A levy only non-homesteads pay, as a fraction of market value (Michigan's school operating millage). */
  readonly add_rate?: number;
  readonly floor?: number;
  readonly cap?: number;
  /** Where the parameters come from and which of them are estimates. */
  readonly derivation: string;
  /**
   * What replaces the rule for a building of more than `units` units (Ohio: 4 or more units are
   * commercial property, without the rollbacks).
   */
  readonly larger?: Pick<InvestorTaxRule, 'kinds' | 'rule' | 'multiplier' | 'derivation' | 'city_scale'> & {
    readonly units: number;
  };
  /**
   * For such a larger building, where a city's own published levies still apply on a larger
   * assessed share (Tennessee: 40 % of value against its homes' 25 %): the city's rate times this.
   * Without it a city's rates, for its homes, do not apply to the building.
   */
  readonly city_scale?: number;
  /**
   * Set on the rule `investorTaxRule` gives for such a building: a city's own published rates, for
   * its homes, do not apply to it either.
   */
  readonly beyond_residential?: true;
  readonly source_url: string;
  readonly source_title: string;
  /** When the source was read, YYYY-MM-DD. */
  readonly read: string;
}

const READ = '2026-11-24';

const noDifference = (
  state: string,
  rule: string,
  source_url: string,
  source_title: string,
): InvestorTaxRule => ({
  state,
  kinds: ['no_difference'],
  rule: `No difference for a rental: ${rule}`,
  derivation: 'The ACS rate is used unchanged.',
  source_url,
  source_title,
  read: READ,
});

/** The table: every state and DC, then the county rows. */
export const INVESTOR_TAX_RULES: readonly InvestorTaxRule[] = [
  {
    state: 'AL',
    kinds: ['rental_classification'],
    rule: 'Owner-occupied homes are Class III, assessed at 10% of value; a rental is Class II, assessed at 20% (Ala. Code §40-8-1), so the same millage gives twice the tax.',
    multiplier: 2,
    derivation: '20% ÷ 10% = 2. The small state homestead exemption is not modelled.',
    source_url: 'http://revenue.alabama.gov/advalorem/other/classes.cfm',
    source_title: 'Alabama Department of Revenue, Property Tax — Classes of Property',
    read: READ,
  },
  {
    state: 'AK',
    kinds: ['local_option'],
    rule: 'No statewide difference; a municipality may exempt up to $50,000 of an owner-occupied residence by ordinance (AS 29.45.050(a)). Local options are not modelled.',
    derivation: 'The ACS rate is used unchanged.',
    source_url: 'http://www.dced.state.ak.us/dnn/dcra/OfficeoftheStateAssessor/Legislation.aspx',
    source_title: 'Alaska Office of the State Assessor, Alaska Statutes (residential exemption)',
    read: READ,
  },
  {
    state: 'AZ',
    kinds: ['homestead_credit'],
    rule: "Owner-occupied homes (Class 3) get the homeowner rebate: the state pays 50% of the school district's qualifying primary tax, up to $600 a parcel (A.R.S. §15-972); a rental (Class 4) pays it in full.",
    credit: { amount: 600 },
    derivation: 'Credit taken at its $600 maximum: an upper estimate where the rebate is smaller.',
    source_url: 'https://azleg.gov/legtext/55leg/2r/laws/0300.htm',
    source_title: 'Arizona Laws 2022, ch. 300 (SB 1267), amending A.R.S. §15-972',
    read: READ,
  },
  {
    state: 'AR',
    kinds: ['homestead_credit', 'cap_reset'],
    rule: 'A homestead gets a credit of up to $500 a year (Amendment 79; $500 from 2024) and a 5% yearly assessment cap; other property gets a 10% cap. A rental pays without the credit.',
    credit: { amount: 400 },
    derivation:
      'Credit $400, its level in the ACS years ($375–$425; $500 from 2024); the cap difference is not modelled.',
    source_url: 'https://bentoncountyar.gov/assessor/amendment-79-benefits/',
    source_title: 'Benton County Assessor, Amendment 79 Benefits',
    read: READ,
  },
  {
    state: 'CA',
    kinds: ['reassessment_at_sale'],
    rule: 'Proposition 13: a purchase resets the assessed value to the price, taxed at 1% plus voter-approved debt levies, while long-time owners pay on values capped at 2% a year since they bought (Cal. Const. art. XIII A).',
    floor: 0.011,
    derivation:
      'Floor 1.1% of the price: the 1% general levy plus about 0.1% of voter-approved debt (0.05–0.4% by tax-rate area; check the county rate book).',
    source_url:
      'https://tularecounty.ca.gov/assessor/about-us/organization-divisions/real-property/proposition-13',
    source_title: 'Tulare County Assessor, Proposition 13',
    read: READ,
  },
  noDifference(
    'CO',
    'residential property, owner-occupied or rented, has one assessment rate (multi-family has its own).',
    'https://dpt.colorado.gov/residential-assessment-rate-study',
    'Colorado Division of Property Taxation, Residential Assessment Rate Study',
  ),
  noDifference(
    'CT',
    'all real property is assessed at 70% of market value; relief is for the elderly, disabled and veterans only.',
    'https://www.burlingtonct.us/assessor/pages/real-estate',
    'Town of Burlington Assessor, Real Estate (Conn. Gen. Stat. assessment at 70%)',
  ),
  noDifference(
    'DE',
    'the homestead exemption and school tax credit are for owners 65 and older only.',
    'https://www.lincolninst.edu/residential-tax-relief/municipal-homestead-exemption-elderly-persons-delaware-2017',
    'Lincoln Institute, Residential Property Tax Relief: Delaware (Del. Code tit. 22 §§1001–1005)',
  ),
  {
    state: 'DC',
    kinds: ['homestead_exemption', 'cap_reset'],
    rule: 'Homesteads deduct a COLA-indexed amount from the assessed value (D.C. Code §47-850) and have a 10% assessment cap; a rental pays the Class 1 rate, $0.85 per $100, on the full assessment.',
    floor: 0.0085,
    cap: 0.0085,
    derivation: 'Investor rate = the Class 1 rate, 0.85% of the assessed value.',
    source_url: 'https://instalawyer.io/laws/district-of-columbia-code/47-850-residential-property-tax',
    source_title: 'D.C. Code §47-850, Homestead deduction',
    read: READ,
  },
  {
    state: 'FL',
    kinds: ['homestead_exemption', 'cap_reset'],
    rule: 'Homesteads exempt $25,000 from all levies and a second $25,000 (value over $50,000) from non-school levies (F.S. §196.031) and their assessment grows at most 3% a year (Save Our Homes, F.S. §193.155); non-homestead residential has a 10% non-school cap. A purchase resets both, so an investor pays full millage on the just value.',
    exemption: { amount: 50_000, tax_share: 0.75 },
    multiplier: 1.9,
    derivation:
      'Exemption $50,000, three quarters of it effective (the second $25,000 spares school taxes); ×1.9 for the Save Our Homes gap between long-held homestead assessments and just value (estimate).',
    source_url: 'https://flsenate.gov/Session/Bill/2011/1722/Amendment/901724/HTML',
    source_title: 'Florida Senate, text of F.S. §193.155 (Save Our Homes) as amended',
    read: READ,
  },
  {
    state: 'GA',
    kinds: ['homestead_exemption', 'cap_reset'],
    rule: 'Homesteads exempt $2,000 of assessed value ($5,000 of market value at the 40% ratio; O.C.G.A. §48-5-44), often much more locally, and since 2025 most have the floating exemption that holds assessment growth to inflation (HB 581) unless the jurisdiction opted out. A rental is assessed at 40% of current value.',
    exemption: { amount: 5_000 },
    multiplier: 1.1,
    derivation:
      'Exemption $5,000 of market value; ×1.1 for local exemptions and the floating/frozen homestead values (estimate).',
    source_url: 'https://codes.findlaw.com/ga/title-48-revenue-and-taxation/ga-code-sect-48-5-44/',
    source_title: 'Georgia Code §48-5-44, Homestead exemption',
    read: READ,
  },
  {
    state: 'HI',
    kinds: ['homestead_exemption'],
    rule: 'Counties set the rules. Honolulu exempts $120,000 of an owner-occupied home (2024–25) and taxes non-owner-occupied homes worth $1 million or more at the higher Residential A rate; Maui, Hawaii and Kauai exemptions differ.',
    exemption: { amount: 100_000 },
    derivation:
      "Honolulu's exemption in the ACS years, $80,000–$100,000 ($120,000 from 2024): $100,000; Residential A is not modelled.",
    source_url:
      'https://realpropertyhonolulu.com/exemptions/home-exemption-and-other-common-tax-relief-programs/',
    source_title: 'City and County of Honolulu, Home Exemption and Other Common Tax Relief Programs',
    read: READ,
  },
  {
    state: 'ID',
    kinds: ['homestead_exemption'],
    rule: "An owner-occupied home exempts 50% of its value up to $125,000 (homeowner's exemption, Idaho Code §63-602G); a rental does not.",
    exemption: { amount: 125_000, share_of_value: 0.5 },
    derivation: 'Exemption = min($125,000, 50% of the median value).',
    source_url: 'https://tax.idaho.gov/taxes/property/homeowners/exemption/',
    source_title: "Idaho State Tax Commission, Homeowner's exemption",
    read: READ,
  },
  {
    state: 'IL',
    kinds: ['homestead_exemption'],
    rule: 'The general homestead exemption takes $6,000 off the equalized assessed value of an owner-occupied home ($10,000 in Cook; $8,000 in the counties next to Cook from 2023; 35 ILCS 200/15-175); a rental pays on the full value.',
    exemption: { amount: 18_000 },
    derivation:
      'Exemption $6,000 of EAV ≈ $18,000 of market value (EAV is one third of value), the ACS-years amount outside Cook.',
    source_url: 'https://witnessslips.ilga.gov/ftp/ILCS/Ch%200035/Act%200200/003502000K15-175.html',
    source_title: '35 ILCS 200/15-175, General homestead exemption',
    read: READ,
  },
  {
    state: 'IN',
    kinds: ['homestead_exemption', 'rental_classification'],
    rule: 'A homestead deducts the lesser of 60% of its value or $48,000 (IC 6-1.1-12-37) and then a supplemental 40% of the rest for 2026 taxes (IC 6-1.1-12-37.5), and its tax is capped at 1% of gross value; a rental gets neither deduction and is capped at 2% (IC 6-1.1-20.6).',
    exemption: { amount: 48_000, share_of_value: 0.6 },
    deduction_share: 0.35,
    cap: 0.02,
    derivation:
      'Undo both deductions as they stood in the ACS years (supplemental 35%), then cap at 2% of value.',
    source_url: 'https://boonecounty.in.gov/Offices/Auditor/Property-Tax-Caps',
    source_title: 'Boone County Auditor, Property Tax Caps',
    read: READ,
  },
  {
    state: 'IA',
    kinds: ['homestead_credit'],
    rule: 'An owner-occupied home gets the homestead credit, the tax on the first $4,850 of its value (Iowa Code ch. 425); a rental does not.',
    exemption: { amount: 4_850 },
    derivation: 'Credit modelled as a $4,850 exemption at the same rate.',
    source_url: 'http://tax.iowa.gov/homestead-tax-credit-and-exemption',
    source_title: 'Iowa Department of Revenue, Homestead Tax Credit and Exemption',
    read: READ,
  },
  noDifference(
    'KS',
    'all residential property, rentals included, is assessed at 11.5% (Kan. Const. art. 11 §1).',
    'https://www.crawfordcountykansas.org/real-estate.html',
    'Crawford County, Kansas, Real Estate (classification and assessment)',
  ),
  noDifference(
    'KY',
    'the homestead exemption is for owners 65 and older or disabled only.',
    'http://revenue.ky.gov/Property/Residential-Farm-Commercial-Property/Pages/Homestead-Exemption.aspx',
    'Kentucky Department of Revenue, Homestead Exemption',
  ),
  {
    state: 'LA',
    kinds: ['homestead_exemption'],
    rule: 'An owner-occupied home exempts the first $7,500 of assessed value ($75,000 of market value) from state, parish and special taxes, though not from municipal taxes (La. Const. art. VII §20); a rental does not.',
    exemption: { amount: 75_000, tax_share: 0.85 },
    derivation: 'Exemption $75,000, applied to 85% of the bill (municipal levies excepted; estimate).',
    source_url: 'https://www.stbassessor.com/assessment-information/homestead-exemption',
    source_title: 'St. Tammany Parish Assessor, Homestead Exemption',
    read: READ,
  },
  {
    state: 'ME',
    kinds: ['homestead_exemption'],
    rule: "A permanent resident's home exempts up to $25,000 of just value (36 M.R.S. §683); a rental does not.",
    exemption: { amount: 25_000 },
    derivation: 'Exemption $25,000.',
    source_url: 'https://mainelegislature.org/lawlibrary/what-is-maines-law-on-the-homestead-exemption/9473',
    source_title:
      "Maine Law and Legislative Reference Library, What is Maine's law on the homestead exemption",
    read: READ,
  },
  {
    state: 'MD',
    kinds: ['cap_reset'],
    rule: "The Homestead Tax Credit limits an owner-occupied home's taxable assessment increase to 10% a year (less in many counties, 4% in Baltimore City) and ends at a sale; a rental is taxed on the full assessment.",
    multiplier: 1.05,
    derivation: '×1.05 for the capped assessments of long-held homes (estimate).',
    source_url: 'http://usehomebase.com/incentive/44-maryland-homestead-tax-credit',
    source_title: 'Maryland Homestead Tax Credit (SDAT program summary)',
    read: READ,
  },
  {
    state: 'MA',
    kinds: ['local_option'],
    rule: "No statewide difference; a city or town may exempt up to 35% of its average residential value from an owner's principal residence (M.G.L. c. 59 §5C). Boston has its own row; other adopting cities (Cambridge, Somerville, Chelsea …) are not modelled.",
    derivation: 'The ACS rate is used unchanged outside Suffolk County.',
    source_url: 'https://malegislature.gov/Laws/GeneralLaws/PartI/TitleIX/Chapter59/Section5C',
    source_title: 'M.G.L. c. 59 §5C, Exemptions for residential real property',
    read: READ,
  },
  {
    state: 'MI',
    kinds: ['homestead_exemption', 'cap_reset'],
    rule: "A principal residence is exempt from up to 18 mills of school operating tax (MCL 211.7cc); a rental pays them. Taxable value grows at most by inflation and 'uncaps' to half the market value at a transfer (MCL 211.27a).",
    multiplier: 1.25,
    add_rate: 0.009,
    derivation:
      '+18 mills on taxable value = half the market value: +0.9% of value; ×1.25 for uncapping at the purchase (estimate).',
    source_url:
      'https://www.michigan.gov/taxes/property/principal/principal-residence-exemption-pre-guidelines-and-faqs/principal-residence-exemption-background',
    source_title: 'Michigan Department of Treasury, Principal Residence Exemption Background',
    read: READ,
  },
  {
    state: 'MN',
    kinds: ['homestead_exemption'],
    rule: 'A homestead gets the market value exclusion (40% of value up to $38,000, phased out by $517,200); a single-unit rental (class 4bb) has the same 1.00% class rate but no exclusion.',
    exemption: { amount: 20_000 },
    derivation: 'Exemption $20,000, the exclusion at about a $300,000 home.',
    source_url: 'https://www.crowwing.gov/255/Homestead-Information',
    source_title: 'Crow Wing County, Homestead Information',
    read: READ,
  },
  {
    state: 'MS',
    kinds: ['rental_classification', 'homestead_credit'],
    rule: 'Owner-occupied homes are Class I, assessed at 10%; a rental is Class II, assessed at 15%; homesteads also get a credit of up to $300 (Miss. Code §27-33-75).',
    multiplier: 1.5,
    credit: { amount: 300 },
    derivation: '15% ÷ 10% = 1.5 after adding back the $300 credit.',
    source_url: 'https://www.dor.ms.gov/property/homestead-exemption-rules-and-regulations',
    source_title: 'Mississippi Department of Revenue, Homestead Exemption Rules and Regulations',
    read: READ,
  },
  noDifference(
    'MO',
    'all residential property is assessed at 19% of market value.',
    'http://www.moassessorsassn.org/classification.htm',
    'Missouri State Assessors Association, Classifications of Property',
  ),
  noDifference(
    'MT',
    "a long-term rental (rented 28 days or more at a time for at least 7 months a year) qualifies for the same reduced homestead rate as an owner's residence from 2026 (MCA 15-6-402), if the owner claims it.",
    'https://archive.legmt.gov/bills/mca/title_0150/chapter_0060/part_0040/section_0020/0150-0060-0040-0020.html',
    'MCA 15-6-402, Definitions (homestead reduced tax rate, long-term rental)',
  ),
  noDifference(
    'NE',
    'the homestead exemption is for owners 65 and older, disabled owners and veterans, with income limits.',
    'https://www.lancaster.ne.gov/1382/Homestead-Exemptions',
    'Lancaster County Assessor, Homestead Exemptions',
  ),
  noDifference(
    'NV',
    "a rental's tax bill may rise up to 8% a year instead of 3% (3% too if the rent is at most HUD's Fair Market Rent), and the caps do not reset at a sale (NRS 361.4723–.4724); not modelled.",
    'https://www.washoecounty.us/assessor/faq/TC_WhatIsPartialAbatement.php',
    'Washoe County Assessor, What is the partial abatement?',
  ),
  noDifference(
    'NH',
    'exemptions are for the elderly, blind, disabled and veterans only.',
    'https://manchesternh.gov/Departments/Assessors/Exemptions-and-Credits',
    'City of Manchester Assessors, Exemptions and Credits',
  ),
  noDifference(
    'NJ',
    'the levy is the same; ANCHOR and Stay NJ are income-tested state payments to owners and renters, outside the tax bill.',
    'https://nj.gov/treasury/taxation/anchor/index.shtml',
    'New Jersey Division of Taxation, ANCHOR',
  ),
  {
    state: 'NM',
    kinds: ['cap_reset'],
    rule: 'Residential values may rise at most 3% a year (6.1% over two years) but go to current value after a change of ownership (NMSA 7-36-21.2), so a buyer pays more than long-time owners.',
    multiplier: 1.1,
    derivation:
      '×1.1 for the cap reset at the purchase (estimate); the $2,000 head-of-family exemption is not modelled.',
    source_url: 'https://tax.newmexico.gov/all-nm-taxes/?p=8431',
    source_title:
      'New Mexico Taxation and Revenue, What is the valuation basis of my residential assessment?',
    read: READ,
  },
  {
    state: 'NY',
    kinds: ['homestead_exemption'],
    rule: 'An owner-occupied primary residence gets Basic STAR, $30,000 of full value off school taxes (RPTL §425; new owners get the equal STAR credit instead); a rental does not.',
    exemption: { amount: 30_000, tax_share: 0.6 },
    derivation:
      'Exemption $30,000 on the school share of the bill, taken as 60% outside New York City (estimate).',
    source_url: 'https://www.tax.ny.gov/research/property/assess/manuals/vol4/pt1/sec4_01/sec425.htm',
    source_title: 'NYS Department of Taxation and Finance, Assessor Manual: RPTL §425 (STAR)',
    read: READ,
  },
  noDifference(
    'NC',
    'the homestead exclusion is for owners 65 and older or disabled with limited income (G.S. 105-277.1).',
    'https://www.orangecountync.gov/1795/Elderly-and-Permanently-Disabled-Assista',
    'Orange County, NC, Elderly and Permanently Disabled Assistance',
  ),
  {
    state: 'ND',
    kinds: ['homestead_credit'],
    rule: 'An owner-occupied primary residence gets a state credit of up to $1,600 a year for 2025 and 2026 (primary residence credit, $500 in 2024, HB 1176 of 2025); a rental does not.',
    derivation:
      'The credit started in 2024, after the ACS years, so the ACS rate already is the full rate a rental pays: unchanged.',
    source_url:
      'https://www.governor.nd.gov/news/north-dakota-leaders-highlight-relief-package-eliminating-property-tax-bill-50000-households',
    source_title: 'Office of the Governor of North Dakota, $1,600 Primary Residence Credit',
    read: READ,
  },
  {
    state: 'OH',
    kinds: ['homestead_credit'],
    rule: 'Owner-occupied homes get the 2.5% owner-occupancy credit on qualifying levies (R.C. 323.152(B)); 1–3 family rentals still get the 10% non-business credit (R.C. 319.302).',
    multiplier: 1.03,
    derivation: '(1 − 0.10) ÷ (1 − 0.10 − 0.025) ≈ 1.03.',
    larger: {
      units: 3,
      kinds: ['homestead_credit', 'rental_classification'],
      rule: 'A building of 4 or more units is commercial property in Ohio, not residential (Ohio Adm. Code 5703-25-10): it gets neither the 10% non-business credit (R.C. 319.302) nor the 2.5% owner-occupancy credit, and its class II levies can differ from the residential rate this starts from.',
      multiplier: 1.143,
      derivation:
        '1 ÷ (1 − 0.10 − 0.025) ≈ 1.143: both rollbacks the owner-occupied rate had are lost; the class II effective rate is not modelled.',
    },
    source_url: 'http://www.tax.ohio.gov/government/rollback_overview.aspx',
    source_title: 'Ohio Department of Taxation, Real Property Tax Rollbacks',
    read: READ,
  },
  {
    state: 'OK',
    kinds: ['homestead_exemption', 'cap_reset'],
    rule: 'A homestead exempts $1,000 of assessed value (68 O.S. §2889) and its value may rise at most 3% a year, other property 5%; both caps lapse at a sale (Okla. Const. art. X §8B).',
    exemption: { amount: 9_000 },
    multiplier: 1.03,
    derivation:
      'Exemption $1,000 of assessed value ≈ $9,000 of market value at an 11% ratio; ×1.03 for the tighter homestead cap (estimate).',
    source_url: 'https://assessor.oklahomacounty.org/178/3-5-Limitations',
    source_title: 'Oklahoma County Assessor, 3% & 5% Limitations',
    read: READ,
  },
  noDifference(
    'OR',
    'Measure 50 caps the maximum assessed value at 3% growth for all property and a sale does not reset it.',
    'http://www.co.linn.or.us/assessorshomep/Measure50.htm',
    'Linn County Assessment and Taxation, Measure 50 Summary',
  ),
  {
    state: 'PA',
    kinds: ['local_option'],
    rule: "No statewide difference beyond school districts' small gaming-funded homestead exclusions (not modelled); Philadelphia has its own row.",
    derivation: 'The ACS rate is used unchanged outside Philadelphia.',
    source_url:
      'https://pewtrusts.org/pt/research-and-analysis/articles/2024/10/22/how-philadelphias-homestead-exemption-affects-residential-property-taxes',
    source_title:
      "Pew Charitable Trusts, How Philadelphia's Homestead Exemption Affects Residential Property Taxes",
    read: READ,
  },
  {
    state: 'RI',
    kinds: ['local_option'],
    rule: 'Cities may tax non-owner-occupied homes at a higher rate or exempt owner-occupied ones (R.I. Gen. Laws §44-5-11.18 and city sections); Providence County has its own row, other towns are not modelled.',
    derivation: 'The ACS rate is used unchanged outside Providence County.',
    source_url: 'https://webserver.rilegislature.gov/Statutes/TITLE44/44-5/44-5-11.18.htm',
    source_title: 'R.I. Gen. Laws §44-5-11.18, Tax classification — Providence',
    read: READ,
  },
  {
    state: 'SC',
    kinds: ['rental_classification', 'homestead_exemption'],
    rule: 'A legal residence is assessed at 4% and exempt from school operating millage (S.C. Code §12-43-220(c)); a rental is assessed at 6% and pays school operating millage.',
    multiplier: 2.7,
    derivation:
      '6% ÷ 4% = 1.5, divided by 0.55 for school operating millage of about 45% of the total (estimate): ≈ 2.7.',
    source_url: 'https://www.richlandcountysc.gov/Property-Business/Property-Valuation/Legal-Residence',
    source_title: 'Richland County, Legal Residence (S.C. Code §12-43-220(c)(1))',
    read: READ,
  },
  {
    state: 'SD',
    kinds: ['rental_classification'],
    rule: 'Owner-occupied single-family dwellings are their own class with lower school levies than non-agricultural property (SDCL 10-6-31, 10-13-39); a rental is non-agricultural.',
    multiplier: 1.2,
    derivation: '×1.2 for the higher school levy on non-agricultural property (estimate).',
    source_url: 'https://law.justia.com/codes/south-dakota/2017/title-10/chapter-06/section-10-6-31/',
    source_title: 'SDCL 10-6-31, Classification of property',
    read: READ,
  },
  {
    ...noDifference(
      'TN',
      'residential property is assessed at 25% whether owner-occupied or rented; there is no homestead exemption.',
      'http://comptroller.tn.gov/SBOE/sbptxov.asp',
      'Tennessee Comptroller, State Board of Equalization, Property Tax Overview',
    ),
    // QA: a Memphis 4-plex was taxed at the residential 25 %, though the row's own sources say 40 %
    larger: {
      units: 1,
      kinds: ['rental_classification'],
      rule: 'A building with two or more rental units is commercial property in Tennessee, assessed at 40% of value, not 25% (Tenn. Const. art. II §28: residential property holds at most one rental unit).',
      multiplier: 1.6,
      city_scale: 1.6,
      derivation: '40% ÷ 25% = 1.6: the same levies on the larger assessed share.',
    },
  },
  {
    state: 'TX',
    kinds: ['homestead_exemption', 'cap_reset'],
    rule: 'A residence homestead exempts $140,000 from school district taxes (Tax Code §11.13(b), 2025) plus local options, and its appraisal may rise at most 10% a year; a rental gets no exemption and a 20% circuit-breaker cap (properties up to $5 million, through 2026).',
    exemption: { amount: 40_000, tax_share: 0.5 },
    multiplier: 1.15,
    derivation:
      'The ACS taxes (2019–2023) were paid under a $25,000–$100,000 school exemption: $40,000 (2022) on the school half of the bill (estimate of the school share); ×1.15 for homestead appraisals held 10% a year below fast-rising values (estimate).',
    source_url: 'https://statutes.capitol.texas.gov/Docs/TX/htm/TX.11.htm#11.13',
    source_title: 'Texas Tax Code §11.13, Residence Homestead',
    read: READ,
  },
  noDifference(
    'UT',
    "the 45% primary residential exemption also applies to a home that is a tenant's primary residence (Utah Code §59-2-103(5)(b)); short-term rentals do not qualify.",
    'https://assessor.utahcounty.gov/primary-residence',
    'Utah County Assessor, Primary Residence',
  ),
  {
    state: 'VT',
    kinds: ['rental_classification'],
    rule: 'Education property tax has a homestead rate and a higher non-homestead rate; a property rented more than 182 days a year is non-homestead.',
    multiplier: 1.1,
    derivation: '×1.1 for the non-homestead education rate (estimate; it varies by town).',
    source_url:
      'https://www.southburlingtonvt.gov/departments/tax_assessor_office/homestead_declarations.php',
    source_title: 'City of South Burlington Assessor, Homestead Declarations',
    read: READ,
  },
  noDifference(
    'VA',
    'real estate is taxed uniformly; exemptions are for the elderly, disabled and veterans (Code of Va. §58.1-3210 ff.).',
    'https://law.justia.com/codes/virginia/2019/title-58-1/chapter-32/',
    'Code of Virginia, Title 58.1 Chapter 32, Real Property Tax',
  ),
  noDifference(
    'WA',
    'exemptions are for seniors, disabled persons and disabled veterans with limited income (RCW 84.36.381).',
    'https://www.co.cowlitz.wa.us/1172/Senior-Disabled-Persons-Tax-Exemption',
    'Cowlitz County Assessor, Senior & Disabled Persons Tax Exemption',
  ),
  {
    state: 'WV',
    kinds: ['rental_classification'],
    rule: 'Owner-occupied homes are Class II; a rental is Class III (outside cities) or IV (inside), whose levy rates are twice Class II (W. Va. Code §11-8-5 ff.).',
    multiplier: 2,
    derivation: 'Class III/IV levy ÷ Class II levy = 2.',
    source_url: 'https://raleighcountyassessor.com/general-info/classes-of-property/',
    source_title: 'Raleigh County Assessor, Classes of Property',
    read: READ,
  },
  {
    state: 'WI',
    kinds: ['homestead_credit'],
    rule: 'A primary residence gets the lottery and gaming credit ($269.96 in Oak Creek in 2023; the Department of Revenue estimated a $213 average for 2024); rentals do not.',
    credit: { amount: 213 },
    derivation: 'Credit $213, the 2024 statewide average estimate.',
    source_url:
      'https://oakcreekwi.gov/government/departments/treasurer/tax-information/lottery-and-gaming-credit',
    source_title: 'City of Oak Creek Treasurer, Lottery and Gaming Credit',
    read: READ,
  },
  {
    state: 'WY',
    kinds: ['homestead_exemption'],
    rule: 'From 2025 an owner-occupied single-family home exempts 25% of its value on the first $1 million (2025 session law, signed 2025-03-03); a rental does not.',
    derivation:
      'The exemption started in 2025, after the ACS years, so the ACS rate already is the full rate a rental pays: unchanged.',
    source_url: 'https://regfollower.com/us-wyoming-offers-25-property-tax-cut-for-homeowners',
    source_title: 'Wyoming offers 25% property tax cut for homeowners (summary of the 2025 act)',
    read: READ,
  },
  // County rows: a city's own rule that dominates its county.
  {
    state: 'IL',
    county_fips: '17031',
    kinds: ['homestead_exemption'],
    rule: 'Cook County: the general homestead exemption is $10,000 of equalized assessed value (35 ILCS 200/15-175); a rental pays on the full value.',
    exemption: { amount: 33_000 },
    derivation: '$10,000 of EAV ≈ $33,000 of market value (10% assessment × equalizer ≈ 3.0).',
    source_url: 'https://witnessslips.ilga.gov/ftp/ILCS/Ch%200035/Act%200200/003502000K15-175.html',
    source_title: '35 ILCS 200/15-175, General homestead exemption',
    read: READ,
  },
  {
    state: 'PA',
    county_fips: '42101',
    kinds: ['homestead_exemption'],
    rule: "Philadelphia: an owner-occupied home's taxable assessment is reduced by $100,000 (homestead exemption, from tax year 2025) at the 1.3998% rate; a rental pays on the full assessment.",
    exemption: { amount: 50_000 },
    derivation:
      'The exemption in the ACS years: $45,000 until 2022, $80,000 in 2023 ($100,000 from 2025): $50,000.',
    source_url:
      'https://pewtrusts.org/pt/research-and-analysis/articles/2024/10/22/how-philadelphias-homestead-exemption-affects-residential-property-taxes',
    source_title:
      "Pew Charitable Trusts, How Philadelphia's Homestead Exemption Affects Residential Property Taxes",
    read: READ,
  },
  {
    state: 'MA',
    county_fips: '25025',
    kinds: ['homestead_exemption', 'local_option'],
    rule: "Suffolk County (Boston): Boston's residential exemption of 35% of the average residential value (M.G.L. c. 59 §5C) saved owner-occupants up to $3,456.50 in FY2024; a rental does not get it.",
    exemption: { amount: 317_000 },
    derivation: '$3,456.50 ÷ the FY2024 residential rate of $10.90 per $1,000 ≈ $317,000 of value.',
    source_url: 'https://d8-dev2.boston.gov/node/15936761',
    source_title: 'City of Boston, Residential Exemption',
    read: READ,
  },
  {
    state: 'RI',
    county_fips: '44007',
    kinds: ['rental_classification', 'local_option'],
    rule: 'Providence County: Providence taxes owner-occupied homes at about half the non-owner-occupied rate; Woonsocket, North and East Providence exempt 15–45% of owner-occupied homes.',
    multiplier: 1.6,
    derivation: '×1.6, between Providence (×2) and the smaller town exemptions (estimate).',
    source_url: 'https://webserver.rilegislature.gov/Statutes/TITLE44/44-5/44-5-11.18.htm',
    source_title: 'R.I. Gen. Laws §44-5-11.18, Tax classification — Providence',
    read: READ,
  },
];

/** The 50 states and DC by USPS code: each must resolve to a row of `INVESTOR_TAX_RULES`. */
export const STATES_50_DC: readonly string[] =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

const stateRows = new Map(INVESTOR_TAX_RULES.filter((r) => !r.county_fips).map((r) => [r.state, r]));
const countyRows = new Map(INVESTOR_TAX_RULES.filter((r) => r.county_fips).map((r) => [r.county_fips, r]));

/**
 * The rule for a county (its own row, else its state's, else null: territories) and a building of
 * `units` units.
 */
export function investorTaxRule(
  stateCode: string | null,
  countyFips: string,
  units = 1,
): InvestorTaxRule | null {
  const rule = countyRows.get(countyFips) ?? (stateCode ? (stateRows.get(stateCode) ?? null) : null);
  if (rule?.larger === undefined || units <= rule.larger.units) return rule;
  const { units: _, ...larger } = rule.larger;
  return { ...rule, ...larger, beyond_residential: true };
}

export const INVESTOR_TAX_LABEL = 'Estimated investor (non-homestead) tax rate';

/**
 * The range of the county estimate, as multiples of it: the 10th–90th percentile of the cities'
 * own rates over their county's estimate (`tax-validation.ts`, `validate:market`; the market README
 * gives the fit and the held-out score). Cities mostly tax above their county's average.
 */
export const COUNTY_TAX_RANGE = { low: 0.88, high: 1.42 } as const;

export interface InvestorTaxRate {
  /** Annual tax as a fraction of the purchase value. */
  readonly value: number;
  readonly label: typeof INVESTOR_TAX_LABEL;
  /** The county ACS effective rate it starts from. */
  readonly owner_rate: number;
  readonly state: string | null;
  readonly kinds: readonly InvestorTaxRuleKind[];
  readonly rule: string;
  readonly derivation: string;
  readonly rule_source_url: string | null;
  readonly rule_read: string | null;
  readonly tier: 'estimated';
  readonly source: string;
  readonly vintage: string;
  /** `value` holds up to `from`; above it each dollar pays `rate` (a city's tiered rate) */
  readonly upper_tier?: { readonly from: number; readonly rate: number };
}

/**
 * A tiered rate as the engine's `property_tax_tiers` (a new analysis keeps them, so the tax follows
 * the tiers at another price); null for a flat rate.
 */
export function taxTiersOf(tax: Pick<InvestorTaxRate, 'value' | 'upper_tier'>): PropertyTaxTiers | null {
  const upper = tax.upper_tier;
  return upper ? { rate: tax.value, upper_from: upper.from, upper_rate: upper.rate } : null;
}

/**
 * The rate on a purchase at `price`: `value`, or where the rate is tiered the tax of both tiers
 * over the price.
 *
 * @example Honolulu, $4.00 per $1,000 up to $1M and $11.40 above, at $1,500,000:
 * (0.004 × 1,000,000 + 0.0114 × 500,000) / 1,500,000 = 0.006467
 */
export function taxRateAtPrice(tax: Pick<InvestorTaxRate, 'value' | 'upper_tier'>, price: number): number {
  const tiers = taxTiersOf(tax);
  if (!tiers || !(price > tiers.upper_from)) return tax.value;
  return taxByTiers(tiers, price) / price;
}

const amountAt = (a: Amount, value: number) =>
  a.share_of_value === undefined ? a.amount : Math.min(a.amount, a.share_of_value * value);

/**
 * The investor rate for a county: `acsRate` (its ACS effective rate), `medianHomeValue` (V; null
 * when suppressed: exemptions and credits are then left out) and the applicable rule.
 *
 * @example Travis TX: 0.01535, V 487,600 → 0.01535 / (1 − 0.5 × 40,000 / 487,600) × 1.15 = 0.01841
 * @example Jefferson AL: 0.004 → 0.008; Los Angeles CA: 0.0068 → floor 0.011
 */
export function investorTaxRate(
  acsRate: number,
  medianHomeValue: number | null,
  rule: InvestorTaxRule | null,
): InvestorTaxRate {
  const v = medianHomeValue !== null && medianHomeValue > 0 ? medianHomeValue : null;
  let rate = acsRate;
  if (rule) {
    let ownerShare = 1 - (rule.deduction_share ?? 0);
    let base = acsRate;
    if (v !== null && rule.exemption) {
      ownerShare *= 1 - Math.min(0.9, ((rule.exemption.tax_share ?? 1) * amountAt(rule.exemption, v)) / v);
    }
    if (v !== null && rule.credit) base += amountAt(rule.credit, v) / v;
    rate = (base / ownerShare) * (rule.multiplier ?? 1) + (rule.add_rate ?? 0);
    if (rule.floor !== undefined) rate = Math.max(rate, rule.floor);
    if (rule.cap !== undefined) rate = Math.min(rate, rule.cap);
    rate = Math.max(rate, acsRate);
  }
  const needsValue = rule !== null && (rule.exemption !== undefined || rule.credit !== undefined);
  return {
    value: rate,
    label: INVESTOR_TAX_LABEL,
    owner_rate: acsRate,
    state: rule?.state ?? null,
    kinds: rule?.kinds ?? [],
    rule: rule
      ? `${rule.rule}${needsValue && v === null ? ' (The county median home value is suppressed, so the exemption or credit is left out.)' : ''}`
      : 'No state rule is researched for this territory; the ACS rate is used unchanged.',
    derivation: rule?.derivation ?? 'The ACS rate is used unchanged.',
    rule_source_url: rule?.source_url ?? null,
    rule_read: rule?.read ?? null,
    tier: 'estimated',
    source: SOURCE.investorTax,
    // a territory without a researched rule has no rules to date (QA: "state rules read n/a")
    vintage: rule ? `${VINTAGE.acs}; state rules read ${rule.read}` : VINTAGE.acs,
  };
}
