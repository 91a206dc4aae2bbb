import { derivationContextOf, lineDefaultOrigin } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AssumptionAction,
  type AssumptionEditor,
  assumptionEditor,
  hasUnkeptEdits,
  inputErrors,
  isStale,
  startEditing,
} from './assumption-editor';
import { exampleAnalysis } from './example-analysis';
import { recalculate } from './recalculate';

const run = (state: AssumptionEditor, ...actions: AssumptionAction[]) =>
  actions.reduce(assumptionEditor, state);
const type = (key: AssumptionAction & { type: 'edit' } extends { key: infer K } ? K : never, text: string) =>
  ({ type: 'edit', key, text }) as const;

describe('the assumption editor', () => {
  const base = exampleAnalysis();

  it('starts from the analysis: every default derived, nothing overridden', () => {
    const state = startEditing(base);
    expect(state.overridden.size).toBe(0);
    expect(state.edits.closing_cost).toBe('13500');
    expect(state.live).toBe(base);
    expect(derivationContextOf(base)).toEqual({
      units: 1,
      rentPerUnit: 2_347,
      propertyTaxRate: 0.01535,
      insuranceRate: 0.006,
      interestRate: 0.0803,
      // the example analysis predates the appreciation figure: the model's 3 %, as it was made with
      annualPriceAppreciation: 0.03,
    });
  });

  it('derives the appreciation from the county figure an analysis carries, overriding nothing', () => {
    const figures = {
      ...base.market_data.figures,
      annual_price_appreciation: {
        value: 0.0472,
        source: 'FHFA',
        vintage: '1994–2024',
        tier: 'estimated' as const,
      },
    };
    const metrics = { ...base.property.metrics, annual_price_appreciation: 0.0472 };
    const travis = {
      ...base,
      property: { ...base.property, metrics },
      market_data: { ...base.market_data, figures },
    };
    expect(derivationContextOf(travis).annualPriceAppreciation).toBe(0.0472);
    expect(startEditing(travis).overridden.size).toBe(0);
    // the user's own 2 % is an override the county figure never replaces
    const edited = run(startEditing(travis), type('annual_price_appreciation', '2'));
    expect(edited.overridden.has('annual_price_appreciation')).toBe(true);
    expect(run(edited, type('purchase_price', '400000')).metrics.annual_price_appreciation).toBe(0.02);
  });

  it('re-derives the tax of a city taxing in tiers through its tiers (Honolulu: 0.40 % to $1M, 1.14 % above)', () => {
    const property_tax_tiers = { rate: 0.004, upper_from: 1_000_000, upper_rate: 0.0114 };
    const metrics = {
      ...base.property.metrics,
      purchase_price: 1_200_000,
      property_taxes: 6_280,
      property_tax_tiers,
    };
    const figures = {
      ...base.market_data.figures,
      property_tax_rate: {
        value: 6_280 / 1_200_000,
        source: 'City',
        vintage: 'FY2024-25',
        tier: 'estimated' as const,
      },
    };
    const honolulu = {
      ...base,
      property: { ...base.property, purchase_price: 1_200_000, metrics },
      market_data: { ...base.market_data, figures },
    };
    const start = startEditing(honolulu);
    expect(start.overridden.has('property_taxes')).toBe(false);
    // below the upper tier every dollar pays 0.40 %; above it, 1.14 %
    expect(run(start, type('purchase_price', '900000')).metrics.property_taxes).toBeCloseTo(3_600, 6);
    expect(run(start, type('purchase_price', '1500000')).metrics.property_taxes).toBeCloseTo(9_700, 6);
    // the tiers stay with the edit, so the server and the decision tools tax the same way
    expect(run(start, type('purchase_price', '900000')).metrics.property_tax_tiers).toEqual(
      property_tax_tiers,
    );
  });

  it('re-derives from a new price what the user has not overridden, and recomputes every figure', () => {
    const state = run(startEditing(base), type('purchase_price', '400000'));
    // 3 % of 400,000; 0.6 % × 400,000; 1.535 % × 400,000; 1 % × 75 % × 400,000
    expect(state.edits.closing_cost).toBe('12000');
    expect(state.edits.insurance).toBe('2400');
    expect(state.edits.property_taxes).toBe('6140');
    expect(state.edits.financing_fees).toBe('3000');
    expect(state.metrics.closing_cost).toBe(12_000);
    // the price is the user's; the rent does not follow the price
    expect(state.edits.rent).toBe('2347');
    expect(state.live.year_1_metrics.total_acquisition).toBe(412_000);
    expect(state.live).toEqual(recalculate(base, state.metrics));
    expect(isStale(state)).toBe(false);
  });

  it('re-derives management and maintenance from an edited rent', () => {
    const state = run(startEditing(base), type('rent', '3000'));
    // 8 % × 12 × 3,000 × (1 − 5 %) = 2,736; 10 % × 12 × 3,000 = 3,600
    expect(state.edits.property_management).toBe('2736');
    expect(state.edits.maintenance).toBe('3600');
    expect(state.overridden.has('rent')).toBe(true);
    expect(state.live.year_1_metrics.rent).toBe(3_000);
  });

  it('keeps an overridden value when its driver moves, and resets it to the derivation in one step', () => {
    const overridden = run(
      startEditing(base),
      type('closing_cost', '9000'),
      type('purchase_price', '400000'),
    );
    expect(overridden.overridden.has('closing_cost')).toBe(true);
    expect(overridden.edits.closing_cost).toBe('9000');
    expect(overridden.live.year_1_metrics.closing_cost).toBe(9_000);

    const reset = run(overridden, { type: 'reset', key: 'closing_cost' });
    expect(reset.overridden.has('closing_cost')).toBe(false);
    expect(reset.edits.closing_cost).toBe('12000');
    expect(reset.live.year_1_metrics.total_acquisition).toBe(412_000);
  });

  it("shows an expense line's default as such, the user's own value as theirs, and resets it to the default", () => {
    const state = startEditing(base);
    // the example predates the lines: none to describe
    expect(lineDefaultOrigin('capex_reserve', state.metrics.capex_reserve)).toBeNull();
    expect(lineDefaultOrigin('closing_cost', 13_500)).toBeNull(); // derived, not a line default
    const withLine = run(state, type('capex_reserve', '5'));
    expect(withLine.metrics.capex_reserve).toBe(0.05);
    expect(lineDefaultOrigin('capex_reserve', withLine.metrics.capex_reserve)).toEqual({
      kind: 'default',
      basis: '5 % of gross scheduled rent, the investors’ convention for a house in good condition',
    });
    const own = run(withLine, type('capex_reserve', '8'));
    expect(lineDefaultOrigin('capex_reserve', own.metrics.capex_reserve)?.kind).toBe('overridden');
    const reserve = (s: AssumptionEditor) => s.live.year_1_metrics.capex_reserve_expense;
    expect(reserve(own)).toBeCloseTo(0.08 * 12 * 2_347, 6);
    const reset = run(own, { type: 'reset', key: 'capex_reserve' });
    expect(reset.edits.capex_reserve).toBe('5');
    expect(reset.metrics.capex_reserve).toBe(0.05);
    expect(reserve(reset)).toBeCloseTo(0.05 * 12 * 2_347, 6);
    // a value that reads like the default still resets to it (0.004 dollars shows as "0")
    const hoa = run(withLine, type('hoa', '0.004'));
    expect(hoa.metrics.hoa).toBe(0.004);
    const hoaReset = run(hoa, { type: 'reset', key: 'hoa' });
    expect(hoaReset.metrics.hoa).toBe(0);
    expect(lineDefaultOrigin('hoa', hoaReset.metrics.hoa)?.kind).toBe('default');
    expect(lineDefaultOrigin('capex_reserve', 0.05 + 1e-12)?.kind).toBe('default'); // float noise
    expect(lineDefaultOrigin('tenancy_months', 24)?.kind).toBe('default');
    expect(lineDefaultOrigin('leasing_fee', 1)).toMatchObject({
      kind: 'overridden',
      basis: expect.stringMatching(/half a month/),
    });
  });

  it('keeps the last valid figures, marked stale, while an input is empty or out of bounds', () => {
    const start = startEditing(base);
    const empty = run(start, type('purchase_price', ''));
    expect(isStale(empty)).toBe(true);
    expect(empty.live).toBe(start.live);
    expect(inputErrors(empty, (key) => `${key} is required`)).toEqual({
      purchase_price: 'purchase_price is required',
    });

    const tooLow = run(empty, type('purchase_price', '4'));
    expect(isStale(tooLow)).toBe(true);
    expect(inputErrors(tooLow, () => '').purchase_price).toMatch(/at least 10,000/);

    const valid = run(tooLow, type('purchase_price', '40000'));
    expect(isStale(valid)).toBe(false);
    expect(valid.edits.closing_cost).toBe('1200');
  });

  it('infers which stored values the user set', () => {
    const edited = recalculate(base, { ...base.property.metrics, maintenance: 3_000, interest_rate: 0.065 });
    const state = startEditing(edited);
    expect([...state.overridden].sort()).toEqual(['interest_rate', 'maintenance']);
  });

  it("takes the server's answer as its base without dropping what was typed meanwhile", () => {
    const sent = run(startEditing(base), type('rent', '3000'));
    const answer = recalculate(base, sent.metrics);
    const typedMeanwhile = run(sent, type('vacancy_rate', '8'));
    const rebased = run(typedMeanwhile, { type: 'rebase', analysis: answer });
    expect(rebased.base).toBe(answer);
    expect(rebased.edits.vacancy_rate).toBe('8');
    expect(rebased.live.year_1_metrics.vacancy_rate).toBe(0.08);
  });

  it('puts other whole metrics on screen exactly as stored, overrides inferred, and the base case back', () => {
    const scenario = { ...base.property.metrics, rent: 2_600, property_management: 2_000, hoa: 90 };
    const typed = run(startEditing(base), type('vacancy_rate', '9'));
    const shown = run(typed, { type: 'load', metrics: scenario });
    expect(shown.metrics).toBe(scenario);
    expect(shown.live).toEqual(recalculate(base, scenario));
    expect(shown.edits.rent).toBe('2600');
    expect(shown.edits.hoa).toBe('90');
    expect(shown.edits.vacancy_rate).toBe('5');
    // maintenance was derived from the base case's rent: beside this rent it reads as set
    expect([...shown.overridden].sort()).toEqual(['maintenance', 'property_management', 'rent']);
    const back = run(shown, { type: 'load', metrics: base.property.metrics });
    expect(back.live).toEqual(recalculate(base, base.property.metrics));
    expect(back.edits.hoa).toBe('');
    expect(back.overridden.size).toBe(0);
  });

  it("shows the server's message beside an input until that input changes", () => {
    const state = run(startEditing(base), { type: 'server-errors', errors: { rent: 'Rent is too high' } });
    expect(inputErrors(state, () => '')).toEqual({ rent: 'Rent is too high' });
    expect(inputErrors(run(state, type('rent', '2500')), () => '')).toEqual({});
  });

  it('knows when leaving would lose what was typed, and that Update Metrics or a scenario on screen keeps it', () => {
    const kept = base.property.metrics;
    const none = { typed: {}, kept: {} };
    const start = startEditing(base);
    expect(hasUnkeptEdits(start, kept, none)).toBe(false);
    // the same number typed again, or an empty "±" left by a cleared one, loses nothing
    expect(hasUnkeptEdits(run(start, type('rent', '2347.00')), kept, none)).toBe(false);
    expect(hasUnkeptEdits(start, kept, { typed: { rent: undefined }, kept: {} })).toBe(false);

    const typed = run(start, type('rent', '2600'));
    expect(hasUnkeptEdits(typed, kept, none)).toBe(true);
    // a half-typed input (empty, out of bounds) is unkept even though the figures are the old ones
    expect(hasUnkeptEdits(run(start, type('rent', '')), kept, none)).toBe(true);
    // a grouped term (a refinance set or removed) counts as any other number
    const refinanced = run(start, {
      type: 'terms',
      terms: {
        refinance: {
          month: 12,
          loan_to_value: 0.75,
          interest_rate: 0.07,
          loan_term: 30,
          closing_costs: 3000,
        },
      },
    });
    expect(refinanced.check.kind).toBe('ok');
    expect(hasUnkeptEdits(refinanced, kept, none)).toBe(true);
    // a "±" typed beside an input, until it is kept with the analysis
    expect(hasUnkeptEdits(start, kept, { typed: { rent: '10%' }, kept: {} })).toBe(true);
    expect(hasUnkeptEdits(start, kept, { typed: { rent: '10%' }, kept: { rent: '10%' } })).toBe(false);

    // once the server holds those numbers (Update Metrics answered), nothing is left to lose
    const answered = { ...base, property: { ...base.property, metrics: typed.metrics } };
    const updated = run(typed, { type: 'rebase', analysis: answered });
    expect(hasUnkeptEdits(updated, updated.base.property.metrics, none)).toBe(false);
    // a scenario shown as stored is kept; against the base case's numbers it is not
    const scenario = { ...kept, rent: 2_600, hoa: 90 };
    const shown = run(typed, { type: 'load', metrics: scenario });
    expect(hasUnkeptEdits(shown, scenario, none)).toBe(false);
    expect(hasUnkeptEdits(shown, kept, none)).toBe(true);
  });

  it('holds a grouped term that does not read as invalid: nothing is sent, the figures stay, marked stale', () => {
    const refinance = {
      month: 12,
      loan_to_value: 0.75,
      interest_rate: 0.07,
      loan_term: 30,
      closing_costs: 3000,
    };
    const on = run(startEditing(base), { type: 'terms', terms: { refinance } });
    const message = 'Refinance Loan to Value must be from 0% to below 100%';
    const typed = run(on, { type: 'term-errors', group: 'refinance', errors: { loan_to_value: message } });
    expect(typed.check).toEqual({ kind: 'invalid', errors: { 'refinance.loan_to_value': message } });
    expect(isStale(typed)).toBe(true);
    // the last valid terms and their figures stay; a main input typed meanwhile waits as well
    expect(typed.metrics.refinance).toBe(refinance);
    expect(typed.live).toBe(on.live);
    expect(run(typed, type('rent', '2600')).check.kind).toBe('invalid');
    // the group reading again, or turned off, clears it; so do a scenario's whole metrics
    const fixed = run(typed, { type: 'terms', terms: { refinance: { ...refinance, loan_to_value: 0.7 } } });
    expect(fixed.check.kind).toBe('ok');
    expect(fixed.live.property.metrics.refinance?.loan_to_value).toBe(0.7);
    expect(run(typed, { type: 'terms', terms: { refinance: undefined } }).check.kind).toBe('ok');
    expect(run(typed, { type: 'load', metrics: base.property.metrics }).check.kind).toBe('ok');
    // another group's error stays while this one is fixed
    const both = run(typed, { type: 'term-errors', group: 'tax', errors: { income_tax_rate: 'bad' } });
    const oneLeft = run(both, { type: 'terms', terms: { refinance } });
    expect(oneLeft.check).toEqual({ kind: 'invalid', errors: { 'tax.income_tax_rate': 'bad' } });
    // a change beside a group's typed fields (the tax's loss rule) leaves their error standing
    const tax = { marginal_rate: 0.24, capital_gains_rate: 0.15, recapture_rate: 0.25, land_share: 0.2 };
    const ruled = run(oneLeft, {
      type: 'terms',
      terms: { tax: { ...tax, losses: 'offset' } },
      fieldsRead: false,
    });
    expect(ruled.check).toEqual({ kind: 'invalid', errors: { 'tax.income_tax_rate': 'bad' } });
    // whole metrics put on screen count as a load: the terms card starts again from them
    expect(run(typed, { type: 'load', metrics: base.property.metrics }).loads).toBe(typed.loads + 1);
  });
});
