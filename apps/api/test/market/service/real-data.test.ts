/**
 * The market facts through the app on the real shared files (skipped where ../shared is absent):
 * the issue's Chicago deal, a split ZIP with different HUD rents, Austin typed in Illinois, and an
 * estimated crime grade the rating does not score.
 */
import { existsSync } from 'node:fs';
import type { MarketFigure } from '@sfr/contracts';
import { type Assumptions, analyze, atPrice, type PropertyTaxShape } from '@sfr/underwriting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAL_MARKET_DIR } from '../../db/helpers.js';
import { createProperty, startApp, type TestApp } from '../../support/app.js';

interface Analysed {
  property: { metrics: Assumptions & PropertyTaxShape };
  summary: unknown;
  year_1_metrics: Record<string, unknown>;
  market_data: {
    figures: Record<string, MarketFigure>;
    warnings: string[];
    opportunities?: string[];
    location: { county_fips: string; county_name: string; county_matched: string };
  };
}

describe.skipIf(!existsSync(REAL_MARKET_DIR))('market facts on the real data', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    const started = performance.now();
    t = await startApp('pglite', { MARKET_DATA_DIR: REAL_MARKET_DIR });
    console.info(`app with the real market data on PGlite: ${Math.round(performance.now() - started)} ms`);
  }, 120_000);
  afterAll(() => t?.close());

  async function analysed(property: object): Promise<Analysed> {
    const res = await createProperty(t, property);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const chicago = {
    street: '4218 N Sheridan Rd',
    city: 'Chicago',
    zipcode: '60614',
    state_code: 'IL',
    county_name: 'Cook',
    num_bedrooms: 2,
    num_bathrooms: 1,
    purchase_price: 380_000,
    factor: 1,
  };

  /** The Chicago deal at another address. */
  const at = (street: string, city: string, zipcode: string, state_code: string, county_name: string) => ({
    ...chicago,
    street,
    city,
    zipcode,
    state_code,
    county_name,
  });

  it('4218 N Sheridan Rd, Chicago 60614, 2 bed, $380,000: an asking-rent estimate whose range holds the listings’ $3,370', async () => {
    const body = await analysed(chicago);
    const rent = body.market_data.figures.rentometer_rent;
    expect(rent).toMatchObject({ value: 2735, tier: 'estimated', range: { low: 2203, high: 3404 } });
    expect(body.year_1_metrics.rentometer_rent).toBe(2735);
    expect(body.property.metrics.rent).toBe(2735);
    // the market rent is above HUD's: no Section 8 opportunity to claim
    expect(body.market_data.opportunities).toBeUndefined();
    expect(body.market_data.figures.hud_rent).toMatchObject({
      value: 2670,
      range: { low: 2403, high: 2937 },
    });
    // Chicago's own 2024 rates (10 % assessment × the 3.0355 equalizer × 6.62 %), not Cook's ACS average
    expect(body.market_data.figures.property_tax_rate?.value).toBe(0.020091);
  });

  it('a split ZIP takes the typed county’s FMR area: 75143 Henderson (main) or Kaufman (Dallas area)', async () => {
    const base = { ...chicago, street: '100 Main St', city: 'Kemp', zipcode: '75143', state_code: 'TX' };
    const henderson = await analysed({ ...base, county_name: 'Henderson County' });
    const kaufman = await analysed({ ...base, county_name: 'kaufman' });
    expect(henderson.market_data.location).toMatchObject({
      county_name: 'Henderson County',
      county_matched: 'typed',
    });
    expect(kaufman.market_data.location).toMatchObject({
      county_name: 'Kaufman County',
      county_matched: 'typed',
    });
    expect(henderson.market_data.figures.hud_rent?.value).toBe(1009);
    expect(kaufman.market_data.figures.hud_rent?.value).toBe(1300);
    expect(henderson.market_data.figures.violent_crime_grade?.tier).toBe('incomplete');
    expect(kaufman.market_data.figures.violent_crime_grade?.tier).toBe('reported');
  });

  it("'1100 Congress Ave, Austin, IL 78701' is a 400 on state_code naming Texas' code", async () => {
    const res = await createProperty(t, {
      ...chicago,
      street: '1100 Congress Ave',
      city: 'Austin',
      zipcode: '78701',
      state_code: 'IL',
      county_name: 'Cook',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_MARKET_INPUT',
      fields: { state_code: 'ZIP 78701 is in TX, not IL.' },
    });
  });

  it.each([
    {
      state: 'Texas',
      coast: at('600 N Shoreline Blvd', 'Corpus Christi', '78401', 'TX', 'Nueces'),
      county: '48355',
      pool: 'the Texas Windstorm Insurance Association (TWIA)',
      inland: at('1100 Congress Ave', 'Austin', '78701', 'TX', 'Travis'),
    },
    {
      state: 'North Carolina',
      coast: at('102 N 3rd St', 'Wilmington', '28401', 'NC', 'New Hanover'),
      county: '37129',
      pool: "the North Carolina Insurance Underwriting Association's Coastal Property Insurance Pool",
      inland: at('222 W Hargett St', 'Raleigh', '27601', 'NC', 'Wake'),
    },
    {
      state: 'Alabama',
      coast: at('205 Government St', 'Mobile', '36602', 'AL', 'Mobile'),
      county: '01097',
      pool: 'the Alabama Insurance Underwriting Association (the Beach Pool)',
      inland: at('710 N 20th St', 'Birmingham', '35203', 'AL', 'Jefferson'),
    },
  ])(
    'in a $state wind-pool county the insurance note names the pool ($coast.city), and not inland ($inland.city)',
    async ({ coast, county, pool, inland }) => {
      const onCoast = await analysed(coast);
      expect(onCoast.market_data.location.county_fips).toBe(county);
      expect(onCoast.market_data.figures.insurance_rate?.note).toContain(
        `Wind and hail here are often insured apart, by ${pool}: check that a quote includes them.`,
      );
      const away = await analysed(inland);
      expect(away.market_data.figures.insurance_rate?.note).not.toMatch(/Wind and hail/);
    },
  );

  it('in a county FEMA rates high for wildfire the insurance note says a quote can be several times the figure (Paradise, CA), and not elsewhere', async () => {
    const paradise = await analysed(at('5500 Skyway', 'Paradise', '95969', 'CA', 'Butte'));
    const insurance = paradise.market_data.figures.insurance_rate;
    expect(insurance?.note).toContain('(FEMA rates its wildfire relatively high)');
    expect(insurance?.note).toContain(
      "FEMA rates this county's wildfire risk high: where a house backs onto brush or forest, insurers often decline new policies",
    );
    const away = await analysed(at('1100 Congress Ave', 'Austin', '78701', 'TX', 'Travis'));
    expect(away.market_data.figures.insurance_rate?.note).not.toMatch(/wildfire risk high/);
  });

  it.each([
    at('10455 Armstrong St', 'Fairfax', '22030', 'VA', 'Fairfax city'),
    at('300 Park Ave', 'Falls Church', '22046', 'VA', 'Falls Church city'),
  ])(
    'grades an independent city by its own rate, not as a city inside a wider area ($city, VA)',
    async (address) => {
      const body = await analysed(address);
      for (const kind of ['violent_crime_grade', 'property_crime_grade'] as const) {
        const figure = body.market_data.figures[kind];
        expect(figure?.label).toMatch(new RegExp(`Crime Grade for ${address.city} city$`));
        expect(figure?.note).not.toMatch(/has no complete rate of its own/);
      }
      // its own low rate is not capped at B+ as a wider area's would be: Falls Church, 4th percentile
      if (address.city === 'Falls Church')
        expect(body.market_data.figures.violent_crime_grade?.value).toBe('A+');
    },
  );

  it('taxes a Honolulu rental above $1M at both tiers of its Residential A rate (QA: 0.40 % at $1.5M)', async () => {
    const kahala = at('4500 Kahala Ave', 'Honolulu', '96816', 'HI', 'Honolulu');
    const dear = await analysed({ ...kahala, purchase_price: 1_500_000 });
    const rate = (4_000 + 0.0114 * 500_000) / 1_500_000;
    expect(dear.market_data.figures.property_tax_rate?.value).toBeCloseTo(rate, 12);
    expect(dear.market_data.figures.property_tax_rate?.note).toContain(
      'At $1,500,000 the tiers make 0.65% of the price',
    );
    expect(dear.property.metrics.property_taxes).toBeCloseTo(9_700, 2);
    const below = await analysed({ ...kahala, purchase_price: 900_000 });
    expect(below.market_data.figures.property_tax_rate?.value).toBe(0.004);
    expect(below.property.metrics.property_taxes).toBeCloseTo(3_600, 2);
    // the analysis keeps the tiers, so another price (an edit, the maximum offer) is taxed by them
    expect(dear.market_data.figures.property_tax_rate?.note).toContain(
      'at another price the tax follows the tiers',
    );
    const tiers = { rate: 0.004, upper_from: 1_000_000, upper_rate: 0.0114 };
    expect(dear.property.metrics.property_tax_tiers).toEqual(tiers);
    const deal = (body: typeof dear) => ({
      ...body.property.metrics,
      units: 1,
      violent_crime_grade: null,
      property_crime_grade: null,
    });
    expect(atPrice(deal(dear), 900_000).property_taxes).toBeCloseTo(3_600, 6);
    expect(atPrice(deal(below), 1_500_000).property_taxes).toBeCloseTo(9_700, 6);
  });

  it.each(['Kāneʻohe', 'Kaneohe'])(
    "taxes all of Oʻahu at the City and County of Honolulu's rates, whatever city the mail names (%s; QA: 0.32 %% from the ACS)",
    async (city) => {
      const duplex = {
        ...at('45-123 Kamehameha Hwy', city, '96744', 'HI', 'Honolulu'),
        factor: 2,
        purchase_price: 1_100_000,
      };
      const body = await analysed(duplex);
      const tax = body.market_data.figures.property_tax_rate;
      // $4.00 per $1,000 to $1M and $11.40 above: 4,000 + 1,140 = 5,140 on $1,100,000
      expect(tax?.value).toBeCloseTo(5_140 / 1_100_000, 12);
      expect(body.property.metrics.property_taxes).toBeCloseTo(5_140, 6);
      expect(body.property.metrics.property_tax_tiers).toEqual({
        rate: 0.004,
        upper_from: 1_000_000,
        upper_rate: 0.0114,
      });
      expect(tax?.note).toContain(
        "The City and County of Honolulu levies the property tax for all of the county, so these rates are every address's there.",
      );
    },
  );

  it('says a city grade is not the rate of a house outside the city its mailing address names (QA: unincorporated 77084)', async () => {
    const postal = await analysed(at('16000 Clay Rd', 'Houston', '77084', 'TX', 'Harris'));
    expect(postal.market_data.figures.violent_crime_grade?.label).toBe(
      'Violent Crime Grade for the city of Houston',
    );
    expect(postal.market_data.figures.violent_crime_grade?.note).toContain(
      "A mailing address can name a city it is outside of: if the house lies outside Houston's city limits, this rate is not its own (the county or another city polices it): check the address on the city's map.",
    );
  });

  it('an estimated crime grade is shown coarsely and not scored (Orange County, FL)', async () => {
    const body = await analysed(at('400 S Orange Ave', 'Orlando', '32801', 'FL', 'Orange County'));
    const violent = body.market_data.figures.violent_crime_grade;
    expect(violent).toMatchObject({ tier: 'estimated', value: expect.stringMatching(/^≈[A-F]$/) });
    expect(body.market_data.warnings.join(' ')).toMatch(/estimate/);
    const unknown = analyze({
      ...body.property.metrics,
      units: 1,
      violent_crime_grade: null,
      property_crime_grade: null,
    });
    const scored = analyze({
      ...body.property.metrics,
      units: 1,
      violent_crime_grade: 'A',
      property_crime_grade: 'A',
    });
    expect(scored.summary).not.toEqual(unknown.summary); // a scored guess would change the rating
    expect(body.summary).toEqual(unknown.summary);
  });

  it("says when the tax starts from the state's typical county: Bethel, AK has no ACS rate; Chicago does", async () => {
    const bethel = await analysed({
      ...chicago,
      street: '300 Chief Eddie Hoffman Hwy',
      city: 'Bethel',
      zipcode: '99559',
      state_code: 'AK',
      county_name: 'Bethel Census Area',
    });
    const stateTypical =
      /no property tax rate for this county, so the tax starts from the state's typical county/;
    expect(bethel.market_data.warnings.some((w) => stateTypical.test(w))).toBe(true);
    expect(bethel.market_data.figures.property_tax_rate?.note).toContain(
      "state's median county ACS effective rate",
    );
    const chicagoDeal = await analysed(chicago);
    expect(chicagoDeal.market_data.warnings.some((w) => stateTypical.test(w))).toBe(false);
  });
});
