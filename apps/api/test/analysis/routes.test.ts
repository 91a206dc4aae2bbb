import { analysisResponseSchema, dealInput, MESSAGES } from '@sfr/contracts';
import { ASSUMPTION_BOUNDS, ASSUMPTION_KEYS, analyze, atPrice, maxOffer } from '@sfr/underwriting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { austin, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

describe.each(DATABASE_KINDS)('analysis routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: t.cookie } });

  it('analyses a real address with HUD rent, crime grades, sources and the full pro forma', async () => {
    const res = await post('/api/create_property', austin);
    expect(res.statusCode).toBe(200);
    const body = analysisResponseSchema.parse(res.json());
    // Travis County FY2026 FMR, 3 bedrooms = $2,347 (78701 is not in a mandatory SAFMR metro)
    expect(body.year_1_metrics.hud_rent).toBe(2347);
    // offline market rent from 78701's 2 BR Small Area FMR 2,780: 2,836.04 × 1.26 for 3 bedrooms
    expect(body.year_1_metrics.rentometer_rent).toBe(3573);
    expect(body.property.metrics.rent).toBe(3573);
    // Austin's own 2025 rates for a rental (city, Travis County, Austin ISD and others): 2.05 %
    const taxRate = body.market_data.figures.property_tax_rate?.value as number;
    expect(taxRate).toBe(0.020465);
    expect(body.property.metrics.property_taxes).toBeCloseTo(450_000 * taxRate, 6);
    expect(body.property.metrics.closing_cost).toBeCloseTo(13_500, 9);
    expect(body.year_1_metrics.violent_crime_grade).toMatch(/^[A-DF][+-]?$/);
    expect(body.market_data.figures.hud_rent?.source).toMatch(/Housing and Urban Development/);
    expect(body.market_data.figures.hud_rent?.vintage).toMatch(/2026/);
    expect(body.market_data.figures.violent_crime_grade?.source).toMatch(/Urban Institute/);
    expect(body.market_data.figures.interest_rate?.source).toMatch(/Freddie Mac/);
    // the numbers are the engine's for the returned assumptions
    const engine = analyze({
      ...body.property.metrics,
      units: 1,
      violent_crime_grade: body.year_1_metrics.violent_crime_grade,
      property_crime_grade: body.year_1_metrics.property_crime_grade,
    });
    expect(body.overall_returns).toEqual(engine.overall_returns);
    expect(body.summary).toEqual(engine.summary);
    expect(body.hold_period).toEqual(engine.hold_period);
    expect(body.metrics_for_hold_period.Unlevered.Revenue).toHaveLength(5);
    expect(body.metrics_for_hold_period.Levered['Loan Payoff'][0]).toBe('$0.00');
    expect(body.metric_display_names.cap_rate).toBeTruthy();
  });

  it('multiplies the per-unit rent by the number of units', async () => {
    const single = (await post('/api/create_property', austin)).json();
    const four = (await post('/api/create_property', { ...austin, factor: 4 })).json();
    expect(four.property.metrics.rent).toBeCloseTo(4 * single.property.metrics.rent, 9);
    expect(four.year_1_metrics.hud_rent).toBe(single.year_1_metrics.hud_rent);
  });

  it('offers a price at which a new analysis meets the targets: a new price derives the insurance the offer assumed', async () => {
    const first = analysisResponseSchema.parse((await post('/api/create_property', austin)).json());
    // Texas's premium has a part that does not follow the price, kept with the analysis and said
    const fixed = first.property.metrics.insurance_fixed as number;
    expect(fixed).toBeGreaterThan(0);
    expect(fixed).toBeLessThan(first.property.metrics.insurance);
    expect(first.market_data.figures.insurance_rate?.note).toContain('a year does not follow the price');
    const deal = dealInput(first.property, first.property.metrics, first.year_1_metrics);
    const offer = maxOffer(deal, { cash_on_cash: 0.08, dscr: 1.25 });
    const price = offer.purchase_price as number;
    expect(price).toBeLessThan(austin.purchase_price);

    const fresh = analysisResponseSchema.parse(
      (await post('/api/create_property', { ...austin, purchase_price: price })).json(),
    );
    expect(fresh.property.metrics.insurance).toBeCloseTo(atPrice(deal, price).insurance, 6);
    expect(fresh.property.metrics.insurance_fixed).toBeCloseTo(fixed, 9);
    expect(fresh.year_1_metrics.levered_returns).toBeCloseTo(offer.measures.cash_on_cash as number, 9);
    expect(fresh.year_1_metrics.levered_returns).toBeGreaterThanOrEqual(0.08);
  });

  it("answers an unknown ZIP with the spec's message", async () => {
    const res = await post('/api/create_property', { ...austin, zipcode: '99999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.invalidZip, code: 'INVALID_ZIP' });
  });

  it.each([
    ['street', ''],
    ['city', '   '],
    ['zipcode', '7870'],
    ['state_code', 'TEX'],
    ['county_name', ''],
    ['num_bedrooms', 0],
    ['num_bathrooms', 1.25],
    ['purchase_price', 9_999],
    ['factor', 5],
  ])('refuses an invalid %s with 400 naming the field', async (field, value) => {
    const res = await post('/api/create_property', { ...austin, [field]: value });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields)).toContain(field);
    expect(body.error).toContain(field);
  });

  it('names every missing field at once', async () => {
    const res = await post('/api/create_property', {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      [
        'city',
        'county_name',
        'factor',
        'num_bathrooms',
        'num_bedrooms',
        'purchase_price',
        'state_code',
        'street',
        'zipcode',
      ].sort(),
    );
  });

  it('recomputes with edited metrics and keeps every other value as sent', async () => {
    const created = (await post('/api/create_property', austin)).json();
    const metrics = { ...created.property.metrics, rent: 3_000, interest_rate: 0.065 };
    const res = await post('/api/update_metrics', {
      analysis_id: created.analysis_id,
      property: { ...created.property, metrics },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.property.metrics).toEqual(metrics);
    // property management was derived from the old rent and is not silently re-derived
    expect(body.property.metrics.property_management).toBe(created.property.metrics.property_management);
    expect(body.year_1_metrics.effective_gross_revenue).toBeCloseTo(3_000 * 12 * 0.95, 6);
    expect(body.year_1_metrics.hud_rent).toBe(2347);
  });

  it('takes an edited purchase price into the property', async () => {
    const created = (await post('/api/create_property', austin)).json();
    const metrics = { ...created.property.metrics, purchase_price: 400_000 };
    const body = (
      await post('/api/update_metrics', {
        analysis_id: created.analysis_id,
        property: { ...created.property, metrics },
      })
    ).json();
    expect(body.property.purchase_price).toBe(400_000);
    expect(body.year_1_metrics.cap_rate).toBeCloseTo(body.year_1_metrics.net_operating_income / 400_000, 12);
  });

  it('starts a new analysis with the expense lines, and takes them edited, added and left out', async () => {
    const created = analysisResponseSchema.parse((await post('/api/create_property', austin)).json());
    const m = created.property.metrics;
    expect([m.capex_reserve, m.hoa, m.owner_utilities, m.leasing_fee, m.tenancy_months]).toEqual([
      0.05, 0, 0, 0.5, 24,
    ]);
    const y1 = created.year_1_metrics;
    // 5 % of a year's rent, and half a month's rent every 24 months
    expect(y1.capex_reserve_expense).toBeCloseTo(0.05 * 12 * m.rent, 9);
    expect(y1.leasing_expense).toBeCloseTo((0.5 * 12 * m.rent) / 24, 9);
    expect(y1.hoa_expense).toBe(0);
    expect(y1.total_expenses).toBeCloseTo(
      m.property_management +
        m.insurance +
        m.property_taxes +
        m.maintenance +
        (y1.capex_reserve_expense as number) +
        (y1.leasing_expense as number),
      6,
    );

    // HOA dues typed, the CapEx reserve left out: the dues cost 12 × 150 a year, the reserve nothing
    const { capex_reserve: _, ...withoutReserve } = m;
    const metrics = { ...withoutReserve, hoa: 150 };
    const res = await post('/api/update_metrics', {
      analysis_id: created.analysis_id,
      property: { ...created.property, metrics },
    });
    expect(res.statusCode).toBe(200);
    const edited = analysisResponseSchema.parse(res.json());
    expect(edited.property.metrics).toEqual(metrics);
    expect(edited.year_1_metrics.hoa_expense).toBe(1_800);
    expect('capex_reserve_expense' in edited.year_1_metrics).toBe(false);
    expect(edited.year_1_metrics.total_expenses).toBeCloseTo(
      y1.total_expenses - (y1.capex_reserve_expense as number) + 1_800,
      6,
    );
    // reopened, the analysis is the edited one
    const reopened = (
      await t.app.inject({ url: `/api/analyses/${created.analysis_id}`, headers: { cookie: t.cookie } })
    ).json();
    expect(reopened.property.metrics).toEqual(metrics);

    // a leasing fee needs a tenancy: 400 naming it, never a 500
    const { tenancy_months: __, ...noTenancy } = metrics;
    const refused = await post('/api/update_metrics', {
      analysis_id: created.analysis_id,
      property: { ...created.property, metrics: noTenancy },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      tenancy_months: expect.stringMatching(/required with leasing_fee/),
    });
  });

  it('takes a rehab with a cash-out refinance and a seller’s second loan, and says what is left in the deal', async () => {
    const created = analysisResponseSchema.parse((await post('/api/create_property', austin)).json());
    const m = created.property.metrics;
    const metrics = {
      ...m,
      rehab_budget: 40_000,
      rehab_months: 3,
      after_repair_value: 560_000,
      refinance: { month: 9, loan_to_value: 0.75, interest_rate: 0.07, loan_term: 30, closing_costs: 6_000 },
      second_loan: { amount: 30_000, interest_rate: 0.05, term_months: 120, balloon_month: 48 },
    };
    const res = await post('/api/update_metrics', {
      analysis_id: created.analysis_id,
      property: { ...created.property, metrics },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = analysisResponseSchema.parse(res.json());
    expect(body.property.metrics).toEqual(metrics);
    const y1 = body.year_1_metrics;
    // the engine's own figures for the same deal
    const engine = analyze({
      ...metrics,
      units: 1,
      violent_crime_grade: y1.violent_crime_grade,
      property_crime_grade: y1.property_crime_grade,
    });
    expect(y1.cash_left_in_deal).toBe(engine.year_1_metrics.cash_left_in_deal);
    expect(y1.cash_left_in_deal).toBeCloseTo(
      (y1.cash_invested ?? 0) - (y1.cash_returned_at_refinance ?? 0),
      6,
    );
    expect(y1.refinance_loan_amount).toBeCloseTo(0.75 * (y1.refinance_value ?? 0), 6);
    expect(y1.second_loan_payoff_month).toBe(48);
    // cash at closing: the down payment, costs and the rehab in cash, less the seller's loan
    expect(y1.total_cost_to_close).toBeCloseTo(
      y1.down_payment + m.closing_cost + m.financing_fees + m.loan_processing_fees + 40_000 - 30_000,
      6,
    );
    expect(body.overall_returns).toEqual(engine.overall_returns);

    // a refinance after the sale is the engine's rule: 400 naming the field, never a 500
    const late = await post('/api/update_metrics', {
      analysis_id: created.analysis_id,
      property: {
        ...created.property,
        metrics: { ...metrics, refinance: { ...metrics.refinance, month: 60 } },
      },
    });
    expect(late.statusCode).toBe(400);
    expect(Object.keys(late.json().fields)).toEqual(['refinance.month']);
  });

  it('refuses an out-of-bounds metric with 400 naming it', async () => {
    const created = (await post('/api/create_property', austin)).json();
    const metrics = { ...created.property.metrics, hold_period: 0 };
    const res = await post('/api/update_metrics', {
      analysis_id: created.analysis_id,
      property: { ...created.property, metrics },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain('property.metrics.hold_period');
  });

  it('refuses every assumption outside its bound with 400 naming it', async () => {
    const created = (await post('/api/create_property', austin)).json();
    for (const key of ASSUMPTION_KEYS) {
      const bound = ASSUMPTION_BOUNDS[key];
      for (const bad of [bound.min - 1, Number.NaN, 'abc', null]) {
        const metrics = { ...created.property.metrics, [key]: bad };
        const res = await post('/api/update_metrics', {
          analysis_id: created.analysis_id,
          property: { ...created.property, metrics },
        });
        expect(res.statusCode, `${key} = ${String(bad)}`).toBe(400);
        expect(Object.keys(res.json().fields), `${key} = ${String(bad)}`).toContain(
          `property.metrics.${key}`,
        );
      }
    }
  });

  it('answers malformed JSON, an oversized body and an unknown route with the one error shape', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/create_property',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      payload: '{"street": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    const big = await post('/api/create_property', { ...austin, street: 'x'.repeat(300_000) });
    expect(big.statusCode).toBe(413);
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('serves OpenAPI generated from the schemas at /api/docs', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/create_property',
        '/api/update_metrics',
        '/api/address/suggest',
        '/api/address/geocode',
      ]),
    );
    expect(spec.paths['/api/create_property'].post.requestBody).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json()).toMatchObject({ status: 'ok', database: kind, market_data: { available: true } });
  });
});
