/**
 * The market facts through the app (fixture data, PGlite): the typed county decides, a wrong state is
 * a 400 on state_code, every figure carries its tier (and range where there is one), and the rating
 * scores only grades backed by a report.
 */
import { MARKET_FIGURE_TIERS, type MarketFigure } from '@sfr/contracts';
import { type Assumptions, analyze, type CrimeGrade } from '@sfr/underwriting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { austin, createProperty, startApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp('pglite');
}, 60_000);
afterAll(() => t.close());

/** Williamson (60 % of homes, the main county) and Travis share made-up ZIP 78730 in the fixture. */
const split = { ...austin, street: '4000 Ranch Road 620', zipcode: '78730', num_bedrooms: 2 };

async function analysed(property: object) {
  const res = await createProperty(t, property);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    property: { metrics: Assumptions };
    summary: unknown;
    year_1_metrics: Record<string, unknown>;
    market_data: {
      figures: Record<string, MarketFigure>;
      warnings: string[];
      location: { county_fips: string; county_name: string; county_matched: string };
    };
  };
}

describe('the building decides the tax rule', () => {
  it('passes the unit count to the rule: a duplex in Austin is taxed as a 2-unit rental', async () => {
    const duplex = await analysed({ ...austin, factor: 2, num_bedrooms: 2 });
    expect(JSON.stringify(duplex.market_data.figures.property_tax_rate)).toContain(
      'for a 2-unit rental bought today',
    );
  });
});

describe('the address decides the county', () => {
  it('uses the typed county among the ZIP’s counties, however it is spelled', async () => {
    const travis = await analysed({ ...split, city: 'West Lake Hills', county_name: 'travis' });
    expect(travis.market_data.location).toMatchObject({ county_fips: '48453', county_matched: 'typed' });
    const williamson = await analysed({ ...split, city: 'Round Rock', county_name: 'WILLIAMSON COUNTY' });
    expect(williamson.market_data.location).toMatchObject({ county_fips: '48491', county_matched: 'typed' });

    // crime and tax follow the county: neither city has a rate of its own, so each county outside
    // Austin decides (fixture rows): Travis outside Austin A, shown no better than B+ for a city in
    // it, and Williamson outside Austin B-
    expect(travis.market_data.figures.violent_crime_grade).toMatchObject({
      value: 'B+',
      label: 'Violent Crime Grade for Travis County outside Austin',
      note: expect.stringContaining('West Lake Hills has no complete rate of its own'),
    });
    expect(williamson.market_data.figures.violent_crime_grade?.value).toBe('B-');
    // in Austin itself, the city's own rate
    const austinGrade = (await analysed({ ...split, city: 'Austin', county_name: 'Travis' })).market_data
      .figures.violent_crime_grade;
    expect(austinGrade).toMatchObject({ value: 'C+', label: 'Violent Crime Grade for the city of Austin' });
    const travisTax = travis.market_data.figures.property_tax_rate?.value as number;
    const williamsonTax = williamson.market_data.figures.property_tax_rate?.value as number;
    expect(travisTax).toBeCloseTo(0.0184, 4);
    expect(williamsonTax).toBeCloseTo(0.0206, 4);
    // a county's estimate carries the range its big cities' own rates fall in (validate:market)
    expect(williamson.market_data.figures.property_tax_rate?.range).toEqual({
      low: expect.closeTo(williamsonTax * 0.88, 9),
      high: expect.closeTo(williamsonTax * 1.42, 9),
      note: "8 in 10 big cities' own rates fall in this band around their county's estimate",
    });
    // the default property taxes are the investor rate × the price
    expect(travis.property.metrics.property_taxes).toBeCloseTo(travisTax * split.purchase_price, 2);
    expect(travis.market_data.warnings.join(' ')).not.toMatch(/not one of ZIP/);
  });

  it('falls back to the main county with a warning naming it when the typed county is not the ZIP’s', async () => {
    const body = await analysed({ ...split, county_name: 'Hays County' });
    expect(body.market_data.location).toMatchObject({ county_fips: '48491', county_matched: 'main' });
    expect(body.market_data.warnings).toContainEqual(
      expect.stringMatching(/Hays County.*not one of ZIP 78730's counties.*Williamson County.*was used/),
    );
  });

  it('answers 400 on state_code, naming the ZIP’s state, when the state is none of the ZIP’s', async () => {
    for (const state_code of ['IL', 'il']) {
      const res = await createProperty(t, { ...austin, state_code, county_name: 'Cook' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toEqual({
        error: 'ZIP 78701 is in TX, not IL.',
        code: 'INVALID_MARKET_INPUT',
        fields: { state_code: 'ZIP 78701 is in TX, not IL.' },
      });
    }
    expect((await createProperty(t, { ...austin, state_code: 'tx' })).statusCode).toBe(200);
  });
});

describe('figures with tiers', () => {
  it('gives every figure a listed tier, with the payment-standard band and the market rent’s range', async () => {
    const body = await analysed(austin);
    const figures = body.market_data.figures;
    for (const [key, figure] of Object.entries(figures)) {
      expect(MARKET_FIGURE_TIERS, key).toContain(figure.tier);
    }
    // Travis 3 BR: FMR 2,347 (no mandatory SAFMR); payment standard 90–110 %
    expect(figures.hud_rent).toMatchObject({
      value: 2347,
      tier: 'reported',
      range: { low: 2112, high: 2582 },
    });
    expect(figures.hud_rent?.range?.note).toMatch(/utility allowance/);
    expect(figures.hud_rent?.vintage).toMatch(/FY2026.*last year's/);
    expect(JSON.stringify(figures)).not.toMatch(/[A-Z]+_(TOKEN|KEY|URL)\b/);
    // said to an investor, who cannot connect anything: where this year's figure is, not how to load it
    expect(figures.hud_rent?.note).toMatch(
      /FY2027 rents took effect 2026-10-01 and are not loaded here yet; HUD USER/,
    );
    expect(figures.hud_rent?.note).not.toMatch(/token|refresh/i);

    // the offline estimate from 78701's 2 BR SAFMR 2,780 (published, not mandatory): 2,836.04 × 1.26
    const rent = figures.rentometer_rent;
    expect(rent).toMatchObject({ value: 3573, tier: 'estimated', range: { low: 2878, high: 4447 } });
    expect(rent?.range?.note).toMatch(/it held 79\.7% in states left out of the fit/);
    expect(rent?.note).toMatch(/^An estimate of the asking rent/);
    expect(body.year_1_metrics.rentometer_rent).toBe(3573);
    expect(body.property.metrics.rent).toBe(3573);

    // Austin's own published rates, beside Travis County's ACS rate
    expect(figures.property_tax_rate).toMatchObject({
      value: 0.020465,
      label: 'Estimated investor (non-homestead) tax rate for the city',
      tier: 'estimated',
    });
    expect(figures.property_tax_rate?.note).toMatch(/^Austin's own rates \(tax year 2025\)/);
    expect(figures.property_tax_rate?.note).toContain('A mailing address can name a city it is outside of');
    // the main source in a few words, not the file's whole provenance (QA: 2,600-character notes)
    expect(figures.property_tax_rate?.note).toMatch(
      /Source: Texas Comptroller of Public Accounts, 2025 tax rates and levies\.$/,
    );
    expect(figures.property_tax_rate?.note).toMatch(
      /= 2\.046485\/100.*\. The county's ACS effective rate, what long-time owner-occupants pay on average, is 1\.54%\./,
    );
    // a rate read from the city's levies has no evidence of its error: the tax rule's judgment
    expect(figures.property_tax_rate?.range).toEqual({
      low: expect.closeTo(0.020465 * 0.95, 9),
      high: expect.closeTo(0.020465 * 1.2, 9),
      note: 'judgment: a sale can bring a reassessment to the price',
    });
    // the rate may move before it is locked: the PMMS rate's 8-week change, 10th–90th percentile
    const rate = figures.interest_rate?.value as number;
    expect(figures.interest_rate).toMatchObject({
      tier: 'reported',
      range: { low: expect.closeTo(rate - 0.0033, 9), high: expect.closeTo(rate + 0.0037, 9) },
    });
    expect(figures.interest_rate?.range?.note).toMatch(
      /about 8 weeks on: the 30-year average stayed in this band over 8 of 10 such spells since 2000/,
    );
    expect(figures.violent_crime_grade?.tier).toBe('reported');
    // Texas's $4,101 at $300,000 carried to $450,000 ($5,717), plus Travis's hazard above the fixture
    // Texas's typical county's (Dallas's: 5.856e-5 × 450,000 × 110.6 / 75.5 = $38.6), × 1.2
    expect(figures.insurance_rate).toMatchObject({ tier: 'estimated', value: expect.closeTo(0.01535, 4) });
    expect(figures.insurance_rate?.note).toMatch(
      /^About \$6,907 a year at \$450,000 for a landlord policy: TX's average/,
    );
    expect(body.property.metrics.insurance).toBeCloseTo(6907, 0);
    // the dollars name the price they are at: a later price edit keeps the rate, not these dollars
    expect(figures.insurance_rate?.range?.note).toMatch(/^\$[\d,]+–\$[\d,]+ a year at \$450,000$/);
    // said in the order it is built, so its figures add up: ($5,717 + $39) × 1.2 = $6,907 (QA)
    expect(figures.insurance_rate?.note).toContain(
      "carried to the price ($5,717), plus $39 for the county's hurricane and wildfire losses against its state's typical county's, then 20 % more for a landlord policy.",
    );

    // Travis in the fixture's three-county index: its blend capped at 5 %, the range from its history
    expect(figures.annual_price_appreciation).toMatchObject({
      value: 0.05,
      tier: 'estimated',
      vintage: 'FHFA county HPI, 1994–2024',
      range: { low: expect.closeTo(-0.0459, 4), high: expect.closeTo(0.1459, 4) },
    });
    expect(figures.annual_price_appreciation?.note).toMatch(/30-year rate 5\.62% a year/);
    expect(body.property.metrics.annual_price_appreciation).toBe(0.05);
  });

  it('shows a county without any crime rate as tier none, and the rating counts it as average', async () => {
    const body = await analysed({
      ...austin,
      street: '100 Main St',
      city: 'Mentone',
      zipcode: '79754',
      county_name: 'Loving County',
    });
    expect(body.market_data.figures.violent_crime_grade).toMatchObject({ value: null, tier: 'none' });
    expect(body.summary).toEqual(
      analyze({ ...body.property.metrics, units: 1, violent_crime_grade: null, property_crime_grade: null })
        .summary as unknown,
    );
  });

  it('scores an incomplete report at its floor grade (Los Angeles, A+ no better than the estimate)', async () => {
    const body = await analysed({
      ...austin,
      street: '200 N Spring St',
      city: 'Los Angeles',
      zipcode: '90012',
      state_code: 'CA',
      county_name: 'Los Angeles County',
    });
    const violent = body.market_data.figures.violent_crime_grade;
    const property = body.market_data.figures.property_crime_grade;
    expect(violent?.tier).toBe('incomplete');
    const graded = analyze({
      ...body.property.metrics,
      units: 1,
      violent_crime_grade: violent?.value as CrimeGrade,
      property_crime_grade: property?.value as CrimeGrade,
    }).summary;
    const unknown = analyze({
      ...body.property.metrics,
      units: 1,
      violent_crime_grade: null,
      property_crime_grade: null,
    }).summary;
    expect(graded).not.toEqual(unknown); // the grade matters here, so the check below can fail
    expect(body.summary).toEqual(graded);
  });
});
