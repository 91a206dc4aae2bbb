import { analyze, maxOffer, sensitivityGrid } from '@sfr/underwriting';
import { describe, expect, it } from 'vitest';
import { exampleAnalysis } from '../results/example-analysis';
import { breakEvenItems } from './BreakEvenLine';
import {
  DEFAULT_TARGET_TEXTS,
  dealInputOf,
  formatOutcome,
  keptTargetTexts,
  parseSteps,
  parseTarget,
  rehabYearNote,
  seventyPercentNote,
  stepsText,
} from './decision-model';
import { offerSentence } from './OfferLine';

describe('dealInputOf', () => {
  it('is the deal the results show: analysing it gives the figures on screen', () => {
    const analysis = exampleAnalysis();
    const again = analyze(dealInputOf(analysis));
    expect(again.year_1_metrics.monthly_levered_cash_flow).toBe(
      analysis.year_1_metrics.monthly_levered_cash_flow,
    );
    expect(again.summary.overall_points).toBe(analysis.summary.overall_points);
    const grid = sensitivityGrid(dealInputOf(analysis), {
      row: 'purchase_price',
      col: 'rent',
      outcome: 'monthly_levered_cash_flow',
    });
    expect(grid.current).toEqual({ row: 3, col: 3 });
    expect(grid.cells[3]?.[3]?.value).toBe(analysis.year_1_metrics.monthly_levered_cash_flow);
  });
});

describe('steps as typed', () => {
  it('reads percents, sorts them and round-trips the defaults', () => {
    expect(parseSteps('10, -5 0')).toEqual({ ok: true, steps: [-0.05, 0, 0.1] });
    expect(parseSteps('−1.5%, 0')).toEqual({ ok: true, steps: [-0.015, 0] });
    expect(stepsText([-0.015, 0, 0.005])).toBe('-1.5, 0, 0.5');
    expect(parseSteps(stepsText([-0.15, -0.1, 0, 0.15]))).toEqual({
      ok: true,
      steps: [-0.15, -0.1, 0, 0.15],
    });
  });

  it('refuses what the grid cannot use, saying why', () => {
    expect(parseSteps('')).toMatchObject({ ok: false, message: expect.stringContaining('at least one') });
    expect(parseSteps('1, 1')).toMatchObject({ ok: false, message: 'Each step once.' });
    expect(parseSteps('ten')).toMatchObject({ ok: false, message: expect.stringContaining("'ten'") });
    expect(parseSteps(Array.from({ length: 16 }, (_, i) => i).join())).toMatchObject({ ok: false });
  });
});

describe('offer targets', () => {
  it('reads percents as fractions, empty as no target, and refuses out-of-range values', () => {
    expect(parseTarget('cash_on_cash', '8')).toEqual({ ok: true, value: 0.08 });
    expect(parseTarget('dscr', '1.25')).toEqual({ ok: true, value: 1.25 });
    expect(parseTarget('monthly_levered_cash_flow', '$1,000')).toEqual({ ok: true, value: 1000 });
    expect(parseTarget('dscr', ' ')).toEqual({ ok: true, value: undefined });
    expect(parseTarget('overall_points', '120')).toMatchObject({ ok: false });
    expect(parseTarget('dscr', 'abc')).toMatchObject({ ok: false });
  });

  it('starts from the targets the browser kept, or the defaults when none read', () => {
    expect(DEFAULT_TARGET_TEXTS).toEqual({
      cash_on_cash: '8',
      dscr: '1.25',
      levered_xirr: '',
      monthly_levered_cash_flow: '',
      overall_points: '',
    });
    const mine = { ...DEFAULT_TARGET_TEXTS, cash_on_cash: '', levered_xirr: '12' };
    expect(keptTargetTexts(JSON.stringify(mine))).toEqual(mine);
    expect(keptTargetTexts(JSON.stringify({ ...mine, other: 'x' }))).toEqual(mine);
    for (const stored of [null, '', '{', 'null', '[]', JSON.stringify({ ...mine, dscr: 1.25 })]) {
      expect(keptTargetTexts(stored)).toEqual(DEFAULT_TARGET_TEXTS);
    }
  });

  it('names the price maxOffer finds and the binding target', () => {
    const deal = dealInputOf(exampleAnalysis());
    const targets = { cash_on_cash: 0.08, dscr: 1.25 };
    const offer = maxOffer(deal, targets);
    expect(offer.purchase_price).not.toBeNull();
    const price = Math.round(offer.purchase_price ?? 0).toLocaleString('en-US');
    expect(offerSentence(offer, targets)).toContain(`Offer up to $${price}`);
    expect(offerSentence(offer, targets)).toMatch(/(cash-on-cash ≥ 8\.00%|DSCR ≥ 1\.25) is the limit/);
    expect(offerSentence({ purchase_price: null, binding: 'dscr', measures: {} }, { dscr: 5 })).toBe(
      'No price from $10,000 up meets these targets (DSCR ≥ 5 is the limit).',
    );
  });
});

describe('cells and break-even', () => {
  it('formats outcomes and says when a figure has no break-even', () => {
    expect(formatOutcome('monthly_levered_cash_flow', -1467.56)).toBe('-$1,468');
    // a half rounds away from zero, as every other whole-dollar figure and Intl do; no "-$0"
    expect(formatOutcome('monthly_levered_cash_flow', -2.5)).toBe('-$3');
    expect(formatOutcome('monthly_levered_cash_flow', -0.4)).toBe('$0');
    expect(formatOutcome('cash_on_cash', 0.0525)).toBe('5.25%');
    expect(formatOutcome('levered_xirr', null)).toBe('N/A');
    const deal = { ...dealInputOf(exampleAnalysis()), loan_to_value: 0 };
    const flow = analyze(deal).year_1_metrics.monthly_levered_cash_flow;
    const items = breakEvenItems(deal, { rent: 1200, vacancy_rate: null, interest_rate: null }, flow);
    expect(items.map((item) => item.text)).toEqual([
      `$1,200.00 a month (now $${deal.rent.toLocaleString('en-US', { minimumFractionDigits: 2 })})`,
      flow < 0
        ? 'Cash flow stays negative even with no vacancy'
        : 'Cash flow stays positive even with every month vacant',
      'No loan',
    ]);
    // the sign says which way the cash flow stays (QA: "No vacancy … makes the cash flow zero")
    const losing = breakEvenItems(
      { ...deal, loan_to_value: 0.75 },
      { rent: null, vacancy_rate: null, interest_rate: null },
      -250,
    );
    expect(losing.map((item) => item.text)).toEqual([
      'No rent makes the cash flow zero',
      'Cash flow stays negative even with no vacancy',
      'Cash flow stays negative even at a 0% rate',
    ]);
    const earning = breakEvenItems(
      { ...deal, loan_to_value: 0.75 },
      { rent: null, vacancy_rate: null, interest_rate: null },
      250,
    );
    expect(earning.map((item) => item.text)).toEqual([
      'Cash flow stays positive even with no rent',
      'Cash flow stays positive even with every month vacant',
      'Cash flow stays positive even at a 100% rate',
    ]);
  });
});

describe('the rehab year under the offer', () => {
  it('says the year-1 targets read the rehab months without rent, and nothing on a deal without them', () => {
    const deal = dealInputOf(exampleAnalysis());
    expect(rehabYearNote(deal)).toBeNull();
    expect(rehabYearNote({ ...deal, rehab_months: 0 })).toBeNull();
    expect(rehabYearNote({ ...deal, rehab_budget: 60_000, rehab_months: 4 })).toBe(
      'Year 1 includes the 4 months of rehab with no rent: the cash-on-cash, DSCR and cash-flow targets read that year, so they allow a lower price than a year of full rent would.',
    );
    expect(rehabYearNote({ ...deal, rehab_budget: 10_000, rehab_months: 1 })).toMatch(
      /^Year 1 includes the 1 month of rehab/,
    );
  });
});

describe('the 70 % rule beside the offer', () => {
  it("says what the rule pays and where the targets' offer stands, and nothing without an after-repair value", () => {
    const deal = { after_repair_value: 240_000, rehab_budget: 30_000 };
    expect(seventyPercentNote(deal, 150_000)).toBe(
      "The 70 % rule (70 % of the after-repair value less the rehab) pays up to $138,000; your targets' offer is $12,000 above it.",
    );
    expect(seventyPercentNote(deal, 100_000)).toMatch(
      /pays up to \$138,000; your targets' offer is \$38,000 below it\.$/,
    );
    expect(seventyPercentNote(deal, 138_000)).toMatch(/; your targets' offer is the same\.$/);
    expect(seventyPercentNote(deal, null)).toMatch(/pays up to \$138,000\.$/);
    expect(seventyPercentNote({ after_repair_value: 100_000, rehab_budget: 80_000 }, 50_000)).toBe(
      'The 70 % rule (70 % of the after-repair value less the rehab) finds no price: the rehab takes 70 % of the value or more.',
    );
    expect(seventyPercentNote({ rehab_budget: 30_000 }, 150_000)).toBeNull();
  });
});
