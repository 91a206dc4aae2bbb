/**
 * The deals investors run (issue 28), in Chromium against the real API: a new analysis starts with
 * a CapEx reserve and a leasing fee whose yearly dollars show in Expenses, HOA dues typed add to
 * them and an emptied line drops out; the figures on screen kept as a named scenario sit beside the
 * base case, Show switches between them, Update Metrics keeps the scenario on screen (the server
 * agrees), the share link shows the scenarios and /compare picks one per deal. axe at 1280 and 375 px.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  analysisResponseSchema,
  dealInput,
  factsOf,
  formatMetric,
  formatMoney,
  MESSAGES,
  METRIC_LABELS,
  SCENARIO_MESSAGES,
  taxSituationText,
} from '@sfr/contracts';
import { modifiedReturns, NEW_ANALYSIS_EXPENSE_DEFAULTS } from '@sfr/underwriting';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENARIO_TEXT } from '../src/features/scenarios/scenario-text';
import { UI_TEXT, UNKEPT_EDITS } from '../src/ui/text';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  AUSTIN,
  analyzeButton,
  fillAnalyzer,
  metricRow,
  resultsHeading,
  toastWithText,
  verdictFigure,
} from './support/analyzer';
import { launchBrowser } from './support/browser';
import {
  analyseThroughApi,
  baseURL,
  DESKTOP,
  openSession,
  PHONE,
  sharedMember,
  subscribeThroughApi,
} from './support/session';

/** For a person to look at (gitignored), as pages.e2e.ts does. */
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

let browser: Browser;
const member = sharedMember();
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

const assumption = (page: Page, key: string) => page.locator(`#metric-input-${key}`);
const scenarios = (page: Page) => page.locator('section.scenarios');

/** Saves the analysis for the member of `context` and makes its read-only link: the save's id and the link's path. */
async function saveAndShare(context: BrowserContext, analysisId: string) {
  const headers = { origin: baseURL() };
  const saved = await context.request.post('/api/saved_properties', {
    data: { analysis_id: analysisId },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const savedId = ((await saved.json()) as { id: string }).id;
  const share = await context.request.post(`/api/saved_properties/${savedId}/share`, { headers });
  return { savedId, path: new URL(((await share.json()) as { url: string }).url).pathname };
}

/** Signs in (the first time: signs up and subscribes), analyses the README's deal and returns the API's answer. */
let subscribed = false;
async function analyse(viewport = DESKTOP) {
  const session = await openSession(browser, { viewport });
  await member(session.context);
  // more analyses than five free searches: the member subscribes once (offline test-mode checkout)
  if (!subscribed) {
    await subscribeThroughApi(session.context);
    subscribed = true;
  }
  const { page } = session;
  await page.goto('/');
  await fillAnalyzer(page);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/create_property'));
  await analyzeButton(page).click();
  const analysis = analysisResponseSchema.parse(await (await answer).json());
  await resultsHeading(page).waitFor({ timeout: 30_000 });
  return { ...session, analysis };
}

/** The text of each cell of the scenarios table's row `label`, one per scenario. */
async function scenarioRow(page: Page, label: string): Promise<string[]> {
  const row = scenarios(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: label }) });
  return (await row.locator('td').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Saves the figures on screen as scenario `name`; `double` clicks twice, as an impatient user does. */
async function saveScenario(page: Page, name: string, { double = false } = {}) {
  await scenarios(page).getByLabel(SCENARIO_TEXT.nameLabel).fill(name);
  const posted: string[] = [];
  const count = (req: Request) => {
    if (req.method() === 'POST' && req.url().includes('/scenarios')) posted.push(req.url());
  };
  page.on('request', count);
  const answered = page.waitForResponse(
    (res) => res.url().includes('/scenarios') && res.request().method() === 'POST',
  );
  const button = scenarios(page).getByRole('button', { name: SCENARIO_TEXT.saveAs });
  await (double ? button.dblclick() : button.click());
  expect((await answered).status()).toBe(201);
  await toastWithText(page, SCENARIO_TEXT.added).waitFor();
  page.off('request', count);
  // one request, so no "already has a scenario with that name" beside the success
  expect(posted).toHaveLength(1);
}

describe('expense lines', () => {
  it('a new analysis reserves for CapEx and leasing; HOA typed adds its dues, an emptied line drops out', async () => {
    const { page, analysis, context } = await analyse();
    const rent = analysis.property.metrics.rent;
    await page.getByRole('button', { name: UI_TEXT.showAdditionalExpenses }).click();
    expect(await assumption(page, 'capex_reserve').inputValue()).toBe('5');
    expect(await assumption(page, 'leasing_fee').inputValue()).toBe('50');
    expect(await assumption(page, 'tenancy_months').inputValue()).toBe('24');
    expect(await metricRow(page, METRIC_LABELS.capex_reserve_expense)).toContain(
      formatMoney(0.05 * 12 * rent),
    );
    const expensesBefore = analysis.year_1_metrics.total_expenses;
    // each line says what its default is, as a derived assumption says its rule (QA: they said nothing)
    const line = (key: 'capex_reserve' | 'tenancy_months') =>
      assumption(page, key).locator('xpath=ancestor::dd');
    for (const key of ['capex_reserve', 'tenancy_months'] as const) {
      expect(await line(key).textContent()).toContain(`Default: ${NEW_ANALYSIS_EXPENSE_DEFAULTS[key].basis}`);
    }
    await assumption(page, 'capex_reserve').fill('8');
    expect(await line('capex_reserve').textContent()).toContain('Your value');
    expect(await metricRow(page, METRIC_LABELS.capex_reserve_expense)).toContain(
      formatMoney(0.08 * 12 * rent),
    );
    await page.getByRole('button', { name: /^Reset CapEx Reserve .*to 5 % of gross scheduled rent/ }).click();
    expect(await assumption(page, 'capex_reserve').inputValue()).toBe('5');
    expect(await metricRow(page, METRIC_LABELS.total_expenses)).toContain(formatMoney(expensesBefore));

    await assumption(page, 'hoa').fill('150');
    expect(await metricRow(page, METRIC_LABELS.hoa_expense)).toContain('$1,800.00');
    expect(await metricRow(page, METRIC_LABELS.total_expenses)).toContain(
      formatMoney(expensesBefore + 1_800),
    );

    await assumption(page, 'capex_reserve').fill('');
    await expect
      .poll(() => page.getByText(METRIC_LABELS.capex_reserve_expense, { exact: true }).count())
      .toBe(0);
    expect(await metricRow(page, METRIC_LABELS.total_expenses)).toContain(
      formatMoney(expensesBefore + 1_800 - (analysis.year_1_metrics.capex_reserve_expense ?? 0)),
    );

    // the server keeps what the page sent, and agrees with what it showed
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/update_metrics'));
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    const answer = analysisResponseSchema.parse(await (await answered).json());
    await toastWithText(page, MESSAGES.updateMetricsSuccess).waitFor();
    expect(answer.property.metrics.hoa).toBe(150);
    expect('capex_reserve' in answer.property.metrics).toBe(false);
    expect(await metricRow(page, METRIC_LABELS.total_expenses)).toContain(
      formatMoney(answer.year_1_metrics.total_expenses),
    );
    await context.close();
  });
});

describe('rehab, refinance and seller financing', () => {
  it('a BRRRR deal: rehab, after-repair value and a cash-out refinance say what cash is left in; a seller’s loan lowers the cash to close; the server agrees', async () => {
    const { page, context } = await analyse(PHONE);
    await assumption(page, 'rehab_budget').fill('40000');
    await assumption(page, 'rehab_months').fill('3');
    await assumption(page, 'after_repair_value').fill('560000');
    const cashBefore = await verdictFigure(page, 'Cash to close');

    const terms = page.locator('section.strategy-terms');
    await terms.getByRole('checkbox', { name: 'Cash-out refinance' }).check();
    await terms.getByLabel('Refinance Month').fill('9');
    await terms.getByLabel('Refinance Loan to Value').fill('75');
    // read with what it is typed in, as the other assumptions are
    expect(await terms.getByLabel('Refinance Loan to Value (percent)', { exact: true }).count()).toBe(1);
    expect(await terms.getByLabel('Refinance Closing Costs (dollars)', { exact: true }).count()).toBe(1);
    expect(await metricRow(page, METRIC_LABELS.cash_left_in_deal)).toMatch(/\$[\d,]+\.\d{2}/);
    const left = await metricRow(page, METRIC_LABELS.cash_left_in_deal);
    // a refinance in the rehab says why its loan follows the price (QA), and the note goes after it
    await terms.getByLabel('Refinance Month').fill('2');
    await terms
      .getByText(/^Month 2 falls in the 3-month rehab: the new loan is a share of the purchase price/)
      .waitFor();
    await terms.getByLabel('Refinance Month').fill('9');
    await terms.locator('.refinance-in-rehab').waitFor({ state: 'detached' });

    // a refinance after the sale, or before the first month: the hold's own limit at the field
    for (const month of ['60', '0']) {
      await terms.getByLabel('Refinance Month').fill(month);
      await terms
        .getByText('Refinance Month must be a whole number from 1 to 59 (before the sale at month 60)')
        .waitFor();
    }
    // a rate's limit in the percents it is typed in
    await terms.getByLabel('Refinance Loan to Value').fill('100');
    await terms.getByText('Refinance Loan to Value must be from 0% to below 100%').waitFor();
    await terms.screenshot({ path: `${SCREENSHOTS}strategy-terms-invalid-375.png` });
    // Update Metrics refuses a term that does not read: its message, the field focused, nothing sent
    // (it once sent the last valid value met while typing, 10 on the way to 100, and said "success")
    await terms.getByLabel('Refinance Month').fill('9');
    let sent = 0;
    const countUpdates = (request: Request) => {
      if (request.url().endsWith('/api/update_metrics')) sent += 1;
    };
    page.on('request', countUpdates);
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    await page
      .locator('[data-sonner-toast]')
      .getByText('Refinance Loan to Value must be from 0% to below 100%', { exact: true })
      .waitFor();
    const focused = terms.getByLabel('Refinance Loan to Value');
    expect(await focused.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(sent).toBe(0);
    page.off('request', countUpdates);
    // turned off and on again, the refinance comes back as typed, not at its starting terms (9, 75 %)
    await terms.getByLabel('Refinance Loan to Value').fill('70');
    await terms.getByLabel('Refinance Month').fill('10');
    const typed = await metricRow(page, METRIC_LABELS.cash_left_in_deal);
    await terms.getByRole('checkbox', { name: 'Cash-out refinance' }).uncheck();
    await terms.getByRole('checkbox', { name: 'Cash-out refinance' }).check();
    expect(await terms.getByLabel('Refinance Month').inputValue()).toBe('10');
    expect(await terms.getByLabel('Refinance Loan to Value').inputValue()).toBe('70');
    expect(await metricRow(page, METRIC_LABELS.cash_left_in_deal)).toBe(typed);
    // a refinance that hands back more than went in: said in words under the negative cash left in
    await terms.getByLabel('Refinance Loan to Value').fill('95');
    await page
      .getByText(/^Every dollar you invested came back at the refinance, and \$[\d,.]+ more/)
      .waitFor();
    expect(await metricRow(page, METRIC_LABELS.cash_on_cash_on_cash_left_in)).toContain('N/A');
    await terms.getByLabel('Refinance Loan to Value').fill('75');
    await terms.getByLabel('Refinance Month').fill('9');

    await terms.getByRole('checkbox', { name: 'Second loan (seller financing)' }).check();
    await terms.getByLabel('Second Loan Amount').fill('30000');
    const cashAfter = await verdictFigure(page, 'Cash to close');
    expect(Number(cashAfter.replace(/[$,]/g, ''))).toBeCloseTo(
      Number(cashBefore.replace(/[$,]/g, '')) - 30_000,
      2,
    );

    const answered = page.waitForResponse((res) => res.url().endsWith('/api/update_metrics'));
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    const answer = analysisResponseSchema.parse(await (await answered).json());
    await toastWithText(page, MESSAGES.updateMetricsSuccess).waitFor();
    expect(answer.property.metrics.refinance?.month).toBe(9);
    expect(answer.property.metrics.second_loan?.amount).toBe(30_000);
    expect(await metricRow(page, METRIC_LABELS.cash_left_in_deal)).toContain(
      formatMoney(answer.year_1_metrics.cash_left_in_deal ?? Number.NaN),
    );
    expect(left).toContain('$');
    await page.locator('section.strategy-terms').screenshot({ path: `${SCREENSHOTS}strategy-terms-375.png` });
    await expectNoSeriousA11yViolations(page, 'the rehab, refinance and second loan at 375 px');
    await context.close();
  });
});

describe('modified IRR', () => {
  it("shows the MIRR beside each XIRR at the loan's rate, follows edited finance and reinvestment rates and refuses a bad one", async () => {
    const { page, context, analysis } = await analyse();
    const section = page.locator('section.returns-mirr');
    const deal = dealInput(analysis.property, analysis.property.metrics, factsOf(analysis));
    const rate = analysis.property.metrics.interest_rate;
    const row = async (label: string) =>
      (
        (await section
          .locator('.metric-row')
          .filter({ has: page.getByText(label, { exact: true }) })
          .textContent()) ?? ''
      ).trim();

    expect(await section.getByLabel('Finance rate (%)').inputValue()).toBe(
      String(Math.round(rate * 100_000) / 1_000),
    );
    const atLoanRate = modifiedReturns(deal, { finance_rate: rate, reinvestment_rate: rate });
    await expect
      .poll(() => row('Levered MIRR'))
      .toContain(formatMetric('levered_xirr', atLoanRate.levered_mirr));
    expect(await row('Unlevered MIRR')).toContain(formatMetric('levered_xirr', atLoanRate.unlevered_mirr));

    // the example's levered months lose money and the unlevered ones earn it: the finance rate moves the
    // levered MIRR, the reinvestment rate the unlevered one
    await section.getByLabel('Reinvestment rate (%)').fill('2');
    await section.getByLabel('Finance rate (%)').fill('3');
    const edited = modifiedReturns(deal, { finance_rate: 0.03, reinvestment_rate: 0.02 });
    expect(edited.levered_mirr).not.toBe(atLoanRate.levered_mirr);
    expect(edited.unlevered_mirr).not.toBe(atLoanRate.unlevered_mirr);
    await expect.poll(() => row('Levered MIRR')).toContain(formatMetric('levered_xirr', edited.levered_mirr));
    expect(await row('Unlevered MIRR')).toContain(formatMetric('levered_xirr', edited.unlevered_mirr));

    await section.getByLabel('Finance rate (%)').fill('120');
    await section.getByText('Finance rate must be a number from 0 to 100 %').waitFor();
    expect(await section.getByLabel('Finance rate (%)').getAttribute('aria-invalid')).toBe('true');
    await page
      .locator('section[aria-labelledby="overall-returns-title"]')
      .screenshot({ path: `${SCREENSHOTS}overall-returns-mirr.png` });
    await expectNoSeriousA11yViolations(page, 'the modified IRR with a field error');
    await context.close();
  });
});

describe('after tax and month by month', () => {
  it('the tax situation adds after-tax returns the server agrees with; the schedule shows every month and downloads as CSV', async () => {
    const { page, context, analysis } = await analyse();
    const terms = page.locator('section.strategy-terms');
    await terms.getByRole('checkbox', { name: 'After-tax returns' }).check();
    expect(await terms.getByLabel('Income Tax Rate').inputValue()).toBe('24');
    // on a phone the group, its loss rule's long options included, stays inside its card
    await page.setViewportSize(PHONE);
    const group = terms.locator('fieldset.strategy-group').filter({ hasText: 'After-tax returns' });
    await expect
      .poll(() => group.evaluate((fieldset) => fieldset.scrollWidth <= fieldset.clientWidth))
      .toBe(true);
    expect(
      await group.evaluate(
        (fieldset) =>
          fieldset.getBoundingClientRect().right <=
          (fieldset.closest('.card') as HTMLElement).getBoundingClientRect().right,
      ),
    ).toBe(true);
    await page.setViewportSize(DESKTOP);
    const afterTax = page.locator('section.returns-after-tax');
    await afterTax.waitFor();
    const xirr = (await afterTax.locator('.metric-row').first().textContent()) ?? '';

    const answered = page.waitForResponse((res) => res.url().endsWith('/api/update_metrics'));
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    const answer = analysisResponseSchema.parse(await (await answered).json());
    expect(answer.property.metrics.tax).toEqual({
      marginal_rate: 0.24,
      capital_gains_rate: 0.15,
      recapture_rate: 0.25,
      land_share: 0.2,
    });
    expect(xirr).toContain(formatMetric('levered_xirr', answer.after_tax?.levered_xirr ?? null));

    const schedule = page.locator('details.monthly-schedule');
    await schedule.locator('summary').click();
    const rows = schedule.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(12 * analysis.property.metrics.hold_period);
    const href =
      (await schedule.getByRole('link', { name: /Download the schedule/ }).getAttribute('href')) ?? '';
    const csv = await context.request.get(href);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\n')[0]).toMatch(/^Month,Year,Gross rent,/);
    await expectNoSeriousA11yViolations(page, 'after-tax returns and the schedule');

    // shared: the link says the tax situation and shows the after-tax returns and the MIRR; a plain
    // deal's empty groups (the rehab's) are left out
    const shared = await saveAndShare(context, analysis.analysis_id);
    await page.goto(shared.path);
    const sharedTerms = page.getByRole('region', { name: 'Strategy Terms' });
    await sharedTerms.waitFor();
    expect(await sharedTerms.locator('dd').textContent()).toBe(
      taxSituationText(answer.property.metrics.tax as never),
    );
    expect(await page.locator('section.returns-after-tax').textContent()).toContain(
      formatMetric('levered_xirr', answer.after_tax?.levered_xirr ?? null),
    );
    await page.getByText(/^At a finance rate of [\d.]+% and a reinvestment rate of/).waitFor();
    // a reader of the link has no rates to set
    expect(await page.locator('section.returns-mirr').textContent()).not.toContain('set your own');
    expect(await page.getByRole('heading', { name: 'Rehab and Refinance' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'the shared page with after-tax returns');
    // the file's later tests save this address for the same member
    const removed = await context.request.delete(`/api/saved_properties/${shared.savedId}`, {
      headers: { origin: baseURL() },
    });
    expect(removed.ok()).toBe(true);
    await context.close();
  });
});

describe('scenarios', () => {
  it('keeps the figures on screen as a scenario beside the base case, switches between them and saves edits to the one on screen', async () => {
    const { page, analysis, context } = await analyse();
    const baseCashFlow = await verdictFigure(page, 'Monthly cash flow');

    await assumption(page, 'rent').fill('2600');
    const lowerCashFlow = await verdictFigure(page, 'Monthly cash flow');
    // a blank name is refused in the page, in the contract's words (not the API's "name: …" list)
    let posted = 0;
    const countPosts = (request: Request) => {
      if (request.method() === 'POST' && request.url().includes('/scenarios')) posted += 1;
    };
    page.on('request', countPosts);
    await scenarios(page).getByLabel(SCENARIO_TEXT.nameLabel).fill('   ');
    await scenarios(page).getByRole('button', { name: SCENARIO_TEXT.saveAs }).click();
    await page
      .locator('[data-sonner-toast]')
      .getByText(SCENARIO_MESSAGES.nameRequired, { exact: true })
      .waitFor();
    expect(await scenarios(page).getByLabel(SCENARIO_TEXT.nameLabel).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // a name past the limit is kept whole and said too long as it is typed (QA: it was cut unseen)
    const longName = 'Section 8 at the payment standard, no rehab';
    const nameField = scenarios(page).getByLabel(SCENARIO_TEXT.nameLabel);
    await nameField.fill(longName);
    expect(await nameField.inputValue()).toBe(longName);
    await scenarios(page).getByText(SCENARIO_MESSAGES.nameTooLong, { exact: true }).waitFor();
    await scenarios(page).getByRole('button', { name: SCENARIO_TEXT.saveAs }).click();
    await page
      .locator('[data-sonner-toast]')
      .getByText(SCENARIO_MESSAGES.nameTooLong, { exact: true })
      .waitFor();
    expect(posted).toBe(0);
    page.off('request', countPosts);
    await saveScenario(page, 'Lower rent', { double: true });
    await page.getByText('Scenario on screen:').waitFor();
    expect(await scenarios(page).locator('thead th').allTextContents()).toEqual([
      expect.stringContaining('Base case'),
      expect.stringContaining('Lower rent'),
    ]);
    expect(await scenarioRow(page, 'Monthly cash flow')).toEqual([
      expect.stringContaining(baseCashFlow),
      expect.stringContaining(lowerCashFlow),
    ]);

    // back to the base case: its own numbers on screen
    await scenarios(page).getByRole('button', { name: 'Show Base case' }).click();
    expect(await assumption(page, 'rent').inputValue()).toBe(String(analysis.property.metrics.rent));
    expect(await verdictFigure(page, 'Monthly cash flow')).toBe(baseCashFlow);
    // the pressed button became "On screen": the keyboard's focus is on the card's heading, not lost
    const heading = scenarios(page).getByRole('heading', { name: SCENARIO_TEXT.title, exact: true });
    expect(await heading.evaluate((h) => h === document.activeElement)).toBe(true);

    // the scenario again, edited, and kept as that scenario by Update Metrics
    await scenarios(page).getByRole('button', { name: 'Show Lower rent' }).click();
    expect(await assumption(page, 'rent').inputValue()).toBe('2600');
    await assumption(page, 'rent').fill('2700');
    // showing another scenario over an edit not kept asks first; Stay keeps the edit on screen
    const showQuestion = page.getByRole('dialog', { name: UNKEPT_EDITS.showScenario.title });
    await scenarios(page).getByRole('button', { name: 'Show Base case' }).click();
    await showQuestion.getByRole('button', { name: UNKEPT_EDITS.stay }).click();
    await showQuestion.waitFor({ state: 'detached' });
    expect(await assumption(page, 'rent').inputValue()).toBe('2700');
    expect(await page.locator('.results-scenario').textContent()).toContain('Lower rent');
    const answered = page.waitForResponse(
      (res) => res.url().includes('/scenarios/') && res.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    const answer = analysisResponseSchema.parse(await (await answered).json());
    await toastWithText(page, SCENARIO_TEXT.updated).waitFor();
    expect(answer.property.metrics.rent).toBe(analysis.property.metrics.rent);
    expect(answer.scenarios.map((s) => [s.name, s.metrics.rent])).toEqual([['Lower rent', 2700]]);
    expect((await scenarioRow(page, 'Monthly cash flow'))[1]).toContain(
      await verdictFigure(page, 'Monthly cash flow'),
    );

    await scenarios(page).screenshot({ path: `${SCREENSHOTS}scenarios-1280.png` });
    await expectNoSeriousA11yViolations(page, 'the results with a scenario on screen');

    // "Show it" drops the edit not kept and shows the base case, the focus on the card's heading
    await assumption(page, 'rent').fill('2800');
    await scenarios(page).getByRole('button', { name: 'Show Base case' }).click();
    await showQuestion.getByRole('button', { name: UNKEPT_EDITS.showScenario.leave }).click();
    await showQuestion.waitFor({ state: 'detached' });
    expect(await assumption(page, 'rent').inputValue()).toBe(String(analysis.property.metrics.rent));
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    // with nothing typed, Show asks nothing
    await scenarios(page).getByRole('button', { name: 'Show Lower rent' }).click();
    expect(await assumption(page, 'rent').inputValue()).toBe('2700');
    expect(await showQuestion.count()).toBe(0);

    // the URL names the scenario on screen: a reload shows it again (QA: the base case came back)
    await expect.poll(() => new URL(page.url()).searchParams.get('scenario')).toBe(answer.scenarios[0]?.id);
    await page.reload();
    await expect.poll(() => assumption(page, 'rent').inputValue()).toBe('2700');
    expect(await page.locator('.results-scenario').textContent()).toContain('Lower rent');

    // renaming keeps the scenario's figures as kept and leaves an edit on screen unkept (QA: no way
    // to fix a typo in a name); an empty name is said in the dialog
    await assumption(page, 'rent').fill('2750');
    const rename = page.getByRole('dialog', { name: SCENARIO_TEXT.renameTitle });
    await scenarios(page).getByRole('button', { name: SCENARIO_TEXT.rename }).click();
    const renameField = rename.getByLabel(SCENARIO_TEXT.nameLabel);
    expect(await renameField.inputValue()).toBe('Lower rent');
    await renameField.fill(' ');
    await rename.getByRole('button', { name: SCENARIO_TEXT.renameConfirm, exact: true }).click();
    expect(await rename.getByText(SCENARIO_MESSAGES.nameRequired).count()).toBe(1);
    await renameField.fill('Rent at 2,700');
    const renamed = page.waitForResponse(
      (res) => res.url().includes('/scenarios/') && res.request().method() === 'PUT',
    );
    await rename.getByRole('button', { name: SCENARIO_TEXT.renameConfirm, exact: true }).click();
    const renamedAnswer = analysisResponseSchema.parse(await (await renamed).json());
    await toastWithText(page, SCENARIO_TEXT.renamed).waitFor();
    await rename.waitFor({ state: 'detached' });
    expect(renamedAnswer.scenarios.map((s) => [s.name, s.metrics.rent])).toEqual([['Rent at 2,700', 2700]]);
    expect(await scenarios(page).locator('thead').textContent()).toContain('Rent at 2,700');
    expect(await assumption(page, 'rent').inputValue()).toBe('2750');
    // the focus is back on Rename, which stays
    const renameButton = scenarios(page).getByRole('button', { name: SCENARIO_TEXT.rename });
    await expect.poll(() => renameButton.evaluate((b) => b === document.activeElement)).toBe(true);

    // deleting asks first: Cancel keeps the scenario, Delete removes it and the focus stays in the card
    const question = page.getByRole('dialog', { name: SCENARIO_TEXT.deleteTitle });
    await scenarios(page).getByRole('button', { name: SCENARIO_TEXT.delete }).click();
    expect(await question.textContent()).toContain(SCENARIO_TEXT.deleteBody('Rent at 2,700'));
    await question.getByRole('button', { name: SCENARIO_TEXT.cancel }).click();
    await question.waitFor({ state: 'detached' });
    expect(await scenarios(page).locator('thead th').count()).toBe(2);
    await scenarios(page).getByRole('button', { name: SCENARIO_TEXT.delete }).click();
    await question.getByRole('button', { name: SCENARIO_TEXT.deleteConfirm, exact: true }).click();
    await toastWithText(page, SCENARIO_TEXT.deleted).waitFor();
    await scenarios(page).locator('table').waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.has('scenario')).toBe(false);
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await context.close();
  });

  it('a Section 8 scenario: the payment standard less the utility allowance, previewed with its basis, kept beside the base case with which wins', async () => {
    const { page, analysis, context } = await analyse();
    expect(analysis.year_1_metrics.hud_rent).toBe(2_347);
    await scenarios(page).getByText(SCENARIO_TEXT.section8Title).click();
    const form = scenarios(page).locator('details.section8');
    // Travis County 3 BR: 100 % of $2,347 less the 3-bedroom default allowance of $252
    await form
      .getByText('Payment standard: 100% of the HUD rent of $2,347.00 = $2,347.00 a month.')
      .waitFor();
    await form.getByText(/utility allowance of \$252\.00: the rent is \$2,095\.00 a month/).waitFor();
    // the default names the schedules it comes from (QA: "$302, typical" named none)
    await form
      .getByText(
        /across the published schedules we read \(Great Plains Housing Authority \(Jamestown, ND\), 2024;/,
      )
      .waitFor();
    // the bounds in whole percents (1.1 × 100 is 110.00000000000001 in floats)
    await form
      .getByText('Payment standard from 90% to 110%; allowance up to $2,000 a month per unit.')
      .waitFor();
    await form.getByLabel(SCENARIO_TEXT.section8Share).fill('110');
    await form.getByText(/= \$2,582\.00 a month\./).waitFor();
    await form.getByLabel(SCENARIO_TEXT.section8Share).fill('120');
    // the rule beside the field, in the percent typed, and the field says it is wrong
    await form.getByText(SCENARIO_TEXT.section8ShareRule).waitFor();
    expect(SCENARIO_TEXT.section8ShareRule).toBe(
      'Payment standard must be a number from 90% to 110% of the HUD rent',
    );
    const share = form.getByLabel(SCENARIO_TEXT.section8Share);
    expect(await share.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await share.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(SCENARIO_TEXT.section8ShareRule);
    expect(await form.getByRole('button', { name: SCENARIO_TEXT.section8Keep }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'the Section 8 form with a wrong payment standard');
    await form.getByLabel(SCENARIO_TEXT.section8Allowance).fill('-5');
    await form.getByText('Utility allowance must be from 0 to 2,000 dollars a month per unit.').waitFor();
    // an emptied allowance is asked for, not read as $0 (and nothing can be kept meanwhile)
    await form.getByLabel(SCENARIO_TEXT.section8Allowance).fill('');
    await form.getByText(SCENARIO_TEXT.section8AllowanceRule).waitFor();
    expect(await form.getByRole('button', { name: SCENARIO_TEXT.section8Keep }).count()).toBe(0);
    await form.getByLabel(SCENARIO_TEXT.section8Allowance).fill('252');
    await form.getByLabel(SCENARIO_TEXT.section8Share).fill('100');

    const answered = page.waitForResponse(
      (res) => res.url().includes('/scenarios') && res.request().method() === 'POST',
    );
    await form.getByRole('button', { name: SCENARIO_TEXT.section8Keep }).click();
    const answer = analysisResponseSchema.parse(await (await answered).json());
    const kept = answer.scenarios[0];
    expect(kept?.name).toBe('Section 8');
    expect(kept?.metrics.rent).toBe(2_095);
    expect(kept?.metrics.tenancy_months).toBe(36);
    expect(kept?.metrics.vacancy_rate).toBeLessThan(analysis.property.metrics.vacancy_rate);
    // the voucher's rent is not exact: the scenario keeps its band, ±10 % of the payment standard and
    // half the allowance schedules' spread ($235 + $22), and the page shows it under the rent (QA)
    expect(kept?.range_widths).toEqual({ rent: '257' });
    // on screen now, and said against the base case
    expect(await assumption(page, 'rent').inputValue()).toBe('2095');
    await page.getByText('Your range: $1,838.00 to $2,352.00').waitFor();
    await expect
      .poll(() => scenarios(page).locator('.scenarios-compared li').first().textContent())
      .toMatch(/^(Section 8|Base case) wins by .+ of levered XIRR|^(Section 8|Base case) wins by .+ a month/);
    // said plainly: the figures on screen and a scenario saved next start from Section 8
    const onScreen = scenarios(page)
      .getByRole('status')
      .filter({ hasText: SCENARIO_TEXT.onScreenNow('Section 8') });
    await onScreen.waitFor();
    // Keep disabled itself while saving: the focus went to the page's start; the card's heading has it
    expect(
      await scenarios(page)
        .getByRole('heading', { name: SCENARIO_TEXT.title })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await scenarios(page).screenshot({ path: `${SCREENSHOTS}scenarios-section-8.png` });
    await expectNoSeriousA11yViolations(page, 'the Section 8 scenario form');
    await onScreen.getByRole('button', { name: SCENARIO_TEXT.showBase }).click();
    await expect
      .poll(() => assumption(page, 'rent').inputValue())
      .toBe(String(analysis.property.metrics.rent));
    expect(await scenarios(page).getByRole('status').textContent()).toBe('');
    // the base case's rent has no band of the user's: each case keeps its own
    expect(await page.getByText(/^Your range: /).count()).toBe(0);
    // Save Property with the scenario on screen keeps the scenario and saves the deal (it was refused
    // as changed in another tab: the save read the revision from before the scenario's change)
    await scenarios(page).getByRole('button', { name: 'Show Section 8' }).click();
    const savedAnswer = page.waitForResponse(
      (res) => res.url().endsWith('/api/saved_properties') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: UI_TEXT.saveProperty, exact: true }).click();
    const savedDeal = (await (await savedAnswer).json()) as { id: string };
    await toastWithText(page, MESSAGES.saveSuccess).waitFor();
    // the file's other tests save this address for the same member
    const removed = await context.request.delete(`/api/saved_properties/${savedDeal.id}`, {
      headers: { origin: baseURL() },
    });
    expect(removed.ok()).toBe(true);
    await context.close();
  });

  it('shows the scenarios on the share link and lets /compare pick one per deal; readable at 375 px', async () => {
    const { page, analysis, context } = await analyse(PHONE);
    await assumption(page, 'rent').fill('2500');
    await saveScenario(page, 'Section 8');
    const box = await scenarios(page).boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(PHONE.width);
    await scenarios(page).screenshot({ path: `${SCREENSHOTS}scenarios-375.png` });
    // scrolled to its end, the table still names each row at the left edge
    const scroller = scenarios(page).locator('.scenarios-scroll');
    await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    const [label, scroll] = await Promise.all([
      scenarios(page).locator('.scenarios-table tbody th').first().boundingBox(),
      scroller.boundingBox(),
    ]);
    expect(Math.abs((label?.x ?? -100) - (scroll?.x ?? 0)), 'row names scrolled away').toBeLessThanOrEqual(1);
    await scenarios(page).screenshot({ path: `${SCREENSHOTS}scenarios-375-scrolled.png` });
    await expectNoSeriousA11yViolations(page, 'the scenarios at 375 px');
    const scenarioCashFlow = (await scenarioRow(page, 'Monthly cash flow'))[1] ?? '';

    // saved and shared: the link shows the scenario as the owner keeps it
    const shared = await saveAndShare(context, analysis.analysis_id);
    await page.goto(shared.path);
    await page.getByRole('heading', { name: SCENARIO_TEXT.title }).waitFor();
    expect(await scenarioRow(page, 'Monthly cash flow')).toEqual([expect.any(String), scenarioCashFlow]);

    // /compare: the deal beside another analysis, its scenario picked in its column
    const other = await analyseThroughApi(context.request, { ...AUSTIN, purchase_price: 500_000 });
    await page.setViewportSize(DESKTOP);
    await page.goto(`/compare?analyses=${analysis.analysis_id},${other.analysis_id}`);
    const table = page.getByTestId('compare-table');
    await table.waitFor();
    const cashFlowRow = table.locator('tr[data-kpi="monthly_levered_cash_flow"] td').first();
    const before = await cashFlowRow.textContent();
    await page.getByLabel(/^Scenario of /).selectOption({ label: 'Section 8' });
    await expect.poll(() => cashFlowRow.textContent()).not.toBe(before);
    expect(await cashFlowRow.textContent()).toContain(scenarioCashFlow.replace(/\s*\(best\)$/, ''));
    // the pick is in the URL with its deal: a reload (or a bookmark) shows the same scenario
    await expect
      .poll(() => new URL(page.url()).searchParams.get('scenarios'))
      .toMatch(new RegExp(`^${analysis.analysis_id}\\.[a-z2-7]{24}$`));
    const picked = await cashFlowRow.textContent();
    await page.reload();
    await table.waitFor();
    await expect.poll(() => page.getByLabel(/^Scenario of /).inputValue()).not.toBe('');
    expect(await cashFlowRow.textContent()).toBe(picked);
    // its report is the scenario's (QA: Compare's PDF was the base case whatever the pick)
    const scenarioId = new URL(page.url()).searchParams.get('scenarios')?.split('.')[1];
    const pdfLink = table.getByRole('link', { name: /^Download PDF for / }).first();
    expect(await pdfLink.getAttribute('href')).toBe(
      `/api/analyses/${analysis.analysis_id}/report.pdf?scenario=${scenarioId}`,
    );
    const csv = await context.request.get(
      (await table
        .getByRole('link', { name: /^Download CSV for / })
        .first()
        .getAttribute('href')) ?? '',
    );
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('property,scenario,Scenario,Section 8');
    await expectNoSeriousA11yViolations(page, '/compare with a scenario picked');

    // the saved copy beside its own analysis: both have the same scenarios, and each column keeps its
    // own pick (QA: picking one column's scenario showed it in both)
    await page.goto(`/compare?saved=${shared.savedId}&analyses=${analysis.analysis_id}`);
    await table.waitFor();
    const picks = page.getByLabel(/^Scenario of /);
    const cashFlows = table.locator('tr[data-kpi="monthly_levered_cash_flow"] td');
    expect(await picks.count()).toBe(2);
    await picks.first().selectOption({ label: 'Section 8' });
    await expect
      .poll(() => cashFlows.first().textContent())
      .toContain(scenarioCashFlow.replace(/\s*\(best\)$/, ''));
    expect(await picks.nth(1).inputValue()).toBe('');
    const withoutBest = (text: string | null) => text?.replace(/\s*\(best\)$/, '');
    expect(withoutBest(await cashFlows.nth(1).textContent())).toBe(withoutBest(before));
    const removed = await context.request.delete(`/api/saved_properties/${shared.savedId}`, {
      headers: { origin: baseURL() },
    });
    expect(removed.ok()).toBe(true);
    await context.close();
  });
});
