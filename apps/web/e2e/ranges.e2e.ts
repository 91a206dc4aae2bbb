/**
 * Ranges, not points (issue 27): the simulation gives the same answer in Chromium as in Node for
 * the same analysis and seed (to 1e-12: see `ULP_NOISE`), and the results page shows it — each verdict figure's 10th–90th
 * percentile, the chance that year 1 loses money, the inputs to check first (each focusing its
 * field), a fan chart with its numbers for screen readers — and follows an edit, with the value
 * the user typed then exact until the user gives it a range of their own ("±"). Every figure on the page is checked against Node's own simulation of
 * the analysis the API answered.
 */
import { fileURLToPath } from 'node:url';
import {
  type AnalysisResponse,
  analysisResponseSchema,
  CHECK_FIRST_NOTE,
  checkFirst,
  derivationContextOf,
  formatMetric,
  formatPercent,
  MESSAGES,
  simulateAnalysis,
  simulationInput,
  spreadText,
} from '@sfr/contracts';
import {
  ASSUMPTION_KEYS,
  type Assumptions,
  confidentOffer,
  type DealInput,
  rederive,
  type Simulation,
} from '@sfr/underwriting';
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typicalDeal } from '../../../packages/underwriting/test/support/arbitraries';

import { DEFAULT_OFFER_TARGETS } from '../src/features/decision/decision-model';
import { confidentSentence } from '../src/features/decision/OfferLine';
import { metricInputId } from '../src/features/results/metric-edits';
import { recalculate } from '../src/features/results/recalculate';
import { UI_TEXT } from '../src/ui/text';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  AUSTIN,
  analyzeButton,
  fillAnalyzer,
  resultsHeading,
  toastWithText,
  verdictRange,
} from './support/analyzer';
import { launchBrowser } from './support/browser';
import { differences, type Tolerance } from './support/differences';
import { bundleForPage } from './support/page-bundle';
import {
  analyseThroughApi,
  baseURL,
  DESKTOP,
  newUser,
  openSession,
  PHONE,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/session';

const RANGES = fileURLToPath(new URL('../../../packages/contracts/src/ranges.ts', import.meta.url));
/** fixed, so a failure can be replayed */
const SEED = 20261126;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/**
 * Every number of two simulations to 1e-12 of its size. Not bit for bit: the draws are (the same
 * 32-bit generator, the same fdlibm exp and log in V8), but Chromium's and Node's Math.pow differ in
 * the last bit now and then, and an XIRR solved from those powers can end one ulp apart (seen:
 * 0.15999926688646457 against 0.1599992668864648).
 */
const ULP_NOISE: Tolerance = (_path, expected) => 1e-12 * Math.max(1, Math.abs(expected));

const assumptionsOf = (deal: DealInput): Assumptions =>
  Object.fromEntries(ASSUMPTION_KEYS.map((key) => [key, deal[key]])) as unknown as Assumptions;

describe('the simulation in Chromium and in Node', () => {
  it('gives the same ranges for the same analyses and seed', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    await signUpThroughApi(context, newUser('Spread'));
    await subscribeThroughApi(context);
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>ranges</title>');
    await page.addScriptTag({ content: await bundleForPage(RANGES, 'ranges') });

    const duplex = { ...AUSTIN, street: '600 W 28th St', zipcode: '78705', num_bedrooms: 2, factor: 2 };
    const analyses: AnalysisResponse[] = [];
    for (const property of [AUSTIN, duplex]) {
      const base = await analyseThroughApi(context.request, property);
      analyses.push(base);
      // edited analyses too: the user's values exact, the rest spread
      for (const edit of fc.sample(typicalDeal, { numRuns: 3, seed: SEED + analyses.length })) {
        analyses.push(recalculate(base, assumptionsOf(edit)));
      }
    }
    const inBrowser = await page.evaluate(
      (analyses) =>
        analyses.map((analysis) =>
          (
            window as unknown as { ranges: { simulateAnalysis: (a: unknown) => unknown } }
          ).ranges.simulateAnalysis(analysis),
        ),
      analyses,
    );
    for (const [index, analysis] of analyses.entries()) {
      const inNode = JSON.parse(JSON.stringify(simulateAnalysis(analysis)));
      expect(differences(inBrowser[index], inNode, ULP_NOISE), `analysis ${index}`).toEqual([]);
    }
    // and they are ranges, not points
    const first = inBrowser[0] as Simulation;
    expect(first.percentiles.monthly_levered_cash_flow.p10).toBeLessThan(
      first.percentiles.monthly_levered_cash_flow.p90 ?? Number.NaN,
    );
    await context.close();
  });
});

/** Signs a subscribed member in, analyses Austin on / and answers the page and the API's analysis. */
async function analyse(viewport = DESKTOP) {
  const session = await openSession(browser, { viewport });
  await signUpThroughApi(session.context, newUser('Range'));
  await subscribeThroughApi(session.context);
  const { page } = session;
  await page.goto('/');
  await fillAnalyzer(page, AUSTIN);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/create_property'));
  await analyzeButton(page).click();
  const analysis = (await (await answered).json()) as AnalysisResponse;
  await resultsHeading(page).waitFor({ timeout: 30_000 });
  await toastWithText(page, MESSAGES.analysisSuccess).waitFor();
  return { session, page, analysis };
}

const rangeNotes = (page: Page) => page.getByRole('region', { name: 'Ranges' });

/** Waits until the ranges shown are those of `simulation`: the cash-flow band and the chance. */
async function expectRangesOf(page: Page, simulation: Simulation) {
  const { p10, p90 } = simulation.percentiles.monthly_levered_cash_flow;
  const band = `${formatMetric('monthly_levered_cash_flow', p10)} to ${formatMetric('monthly_levered_cash_flow', p90)}`;
  const chance = formatPercent(simulation.probabilities.negative_cash_flow);
  await page.waitForFunction(
    ({ band, chance }) => {
      const notes = document.querySelector('section.range-notes');
      const range = document.querySelector('.verdict-figure .verdict-range');
      return (
        notes?.getAttribute('aria-busy') === null &&
        notes.textContent?.includes(`${chance} chance that year-1 cash flow is negative`) &&
        range?.textContent?.includes(band)
      );
    },
    { band, chance },
    { timeout: 15_000 },
  );
  expect(await verdictRange(page, 'Monthly cash flow')).toBe(band);
}

describe('the results page shows the ranges', () => {
  it('under each figure, with the chance of a losing year 1, what to check first and a fan chart; an edit restarts them, and Update Metrics keeps the ±', async () => {
    const { session, page, analysis } = await analyse();
    const simulation = simulateAnalysis(analysis);
    await expectRangesOf(page, simulation);

    const { p10, p90 } = simulation.percentiles.cash_on_cash;
    expect(await verdictRange(page, 'Cash-on-cash')).toBe(
      `${formatMetric('levered_returns', p10)} to ${formatMetric('levered_returns', p90)}`,
    );
    // cash to close is what the investor pays: exact
    expect(await verdictRange(page, 'Cash to close')).toBe('');

    // each default assumption says the range the ranges vary it over (its spread, as the engine has it)
    const { spreads: defaults } = simulationInput(analysis);
    for (const key of ['vacancy_rate', 'property_taxes', 'rent'] as const) {
      const spread = defaults[key];
      if (!spread) throw new Error(`${key} has no default spread`);
      const row = page.locator('.metric-row', { has: page.locator(`#${metricInputId(key)}`) });
      expect(await row.textContent()).toContain(`Ranges vary it ${spreadText(key, spread)}.`);
    }

    // check these first: the inputs that move the answer most, each taking the user to its field
    const inputs = checkFirst(simulation);
    expect(inputs.length).toBeGreaterThan(1);
    const buttons = rangeNotes(page).getByRole('listitem').getByRole('button');
    expect(await buttons.allTextContents()).toEqual(inputs.map((input) => input.label));
    // said to take turns between the XIRR's list and the cash flow's (QA: read as one ranking)
    expect(await rangeNotes(page).locator('.check-first-note').textContent()).toBe(CHECK_FIRST_NOTE);
    for (const [index, input] of inputs.entries()) {
      await buttons.nth(index).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        metricInputId(input.key as keyof Assumptions),
      );
    }

    // the offer at which the default targets hold in 9 of 10 outcomes, as Node finds it
    await page
      .getByRole('button', { name: 'What can I offer for the targets to hold in 9 of 10 outcomes?' })
      .click();
    const { input, spreads } = simulationInput(analysis);
    const answer = page.getByText(confidentSentence(confidentOffer(input, spreads, DEFAULT_OFFER_TARGETS)));
    await answer.waitFor();
    // in the button's place, with the keyboard's focus
    expect(await answer.evaluate((line) => line === document.activeElement)).toBe(true);

    // the fan chart, its numbers also a table
    const fan = page.getByRole('figure', { name: 'Range of yearly cash flow' });
    await fan.scrollIntoViewIfNeeded();
    const year1 = simulation.yearly_levered_cash_flow[0];
    expect(await fan.locator('table').textContent()).toContain(
      formatMetric('monthly_levered_cash_flow', year1?.p90 ?? null),
    );
    await expectNoSeriousA11yViolations(page, 'the results with their ranges');

    // the user types the rent: it is exact from then on, and the ranges follow
    const rent = page.locator(`#${metricInputId('rent')}`);
    await rent.fill('3100');
    // the page's editor: the rent typed, the management fee that follows it re-derived
    const metrics = rederive(
      { ...analysis.property.metrics, rent: 3_100 },
      new Set(['rent']),
      derivationContextOf(analysis),
    );
    const edited = recalculate(analysis, metrics);
    const after = simulateAnalysis(edited);
    expect(after.drivers.monthly_levered_cash_flow.map((driver) => driver.key)).not.toContain('rent');
    await expectRangesOf(page, after);
    expect(await rangeNotes(page).textContent()).not.toContain('Monthly Rent');

    // the user's own range for the rent they typed ("±"): ±10 % of $3,100
    await page.getByRole('button', { name: 'Give Monthly Rent a range of your own' }).click();
    // the input takes its button's place, with the keyboard's focus
    const widen = page.getByLabel('± Monthly Rent range in dollars, or a percent of the value');
    expect(await widen.evaluate((input) => input === document.activeElement)).toBe(true);
    await widen.fill('10%');
    await page.getByText('Your range: $2,790.00 to $3,410.00').waitFor();
    const widened = simulateAnalysis(edited, { widened: { rent: { low: 3_100 * 0.9, high: 3_100 * 1.1 } } });
    expect(widened.drivers.monthly_levered_cash_flow.map((driver) => driver.key)).toContain('rent');
    await expectRangesOf(page, widened);
    // an unreadable range says what it takes, and the ranges go back to the exact rent's
    await page.getByLabel('± Monthly Rent range in dollars, or a percent of the value').fill('ten');
    await page.getByText('Type dollars (300) or a percent of the value (10%)').waitFor();
    await expectRangesOf(page, after);
    // a range past what the rent can be says where it is held (QA: it was cut unsaid)
    await page.getByLabel('± Monthly Rent range in dollars, or a percent of the value').fill('5000');
    await page.getByText('Your range: $0.00 to $8,100.00, held at $0.00, the lowest it can be').waitFor();

    // Update Metrics keeps the "±" with the analysis: reopened in a new page, the range is there
    await page.getByLabel('± Monthly Rent range in dollars, or a percent of the value').fill('10%');
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/update_metrics'));
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    const kept = analysisResponseSchema.parse(await (await answered).json());
    expect(kept.range_widths).toEqual({ rent: '10%' });
    const reopened = await session.context.newPage();
    await reopened.goto(`/?analysis=${kept.analysis_id}`);
    // open, since it holds a range
    expect(
      await reopened.getByLabel('± Monthly Rent range in dollars, or a percent of the value').inputValue(),
    ).toBe('10%');
    await expectRangesOf(reopened, simulateAnalysis(kept));
    await session.context.close();
  });

  it('at 375 px: readable without sideways scrolling', async () => {
    const { session, page, analysis } = await analyse(PHONE);
    await expectRangesOf(page, simulateAnalysis(analysis));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'the ranges at 375 px');
    await session.context.close();
  });
});
