/**
 * Keyboard and screen-reader paths (the accessibility QA pass). Names and descriptions are read
 * from Chromium's own accessibility tree (what a screen reader is given), not recomputed here.
 * - A dialog is described by its body.
 */
import type { AnalysisResponse } from '@sfr/contracts';
import type { Browser, Cookie, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKEPT_EDITS } from '../src/ui/text';
import { AUSTIN, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import {
  analyseThroughApi,
  baseURL,
  DESKTOP,
  newUser,
  openSession,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/session';

let browser: Browser;
/** One member and one analysis of theirs, never changed. */
let memberCookies: Cookie[];
let analysis: AnalysisResponse;
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseURL() });
  await signUpThroughApi(context, newUser('Kira'));
  await subscribeThroughApi(context);
  analysis = await analyseThroughApi(context.request, AUSTIN);
  memberCookies = await context.cookies();
  await context.close();
});
afterAll(async () => browser?.close());

/** The member's session at `viewport`, on the analysis's results. */
async function openResults(viewport = DESKTOP) {
  const session = await openSession(browser, { viewport });
  await session.context.addCookies(memberCookies);
  await session.page.goto(`/?analysis=${analysis.analysis_id}`);
  await resultsHeading(session.page).waitFor({ timeout: 30_000 });
  return session;
}

/** Types a rent other than the one shown, so leaving the results asks first. */
async function editWithoutKeeping(page: Page): Promise<void> {
  const rent = page.locator('#metric-input-rent');
  const shown = Number((await rent.inputValue()).replace(/[^\d.]/g, ''));
  await rent.fill(String(Math.round(shown) + 100));
}

const leaveQuestion = (page: Page): Locator => page.getByRole('dialog', { name: UNKEPT_EDITS.title });
const navLink = (page: Page, name: string): Locator =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

interface AxReading {
  /** out of the tree a screen reader reads (hidden: a collapsed group's rows) */
  ignored: boolean;
  role: string;
  name: string;
  description: string;
  /** the text shown by the element's closest `labelOf` (itself by default), without buttons and hidden text: its label */
  shown: string;
}

/** Chromium's accessible role, name and description of every element matching `selector`, with its label as shown. */
async function axReadings(page: Page, selector: string, labelOf = '*'): Promise<AxReading[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `[...document.querySelectorAll(${JSON.stringify(selector)})]`,
    });
    if (!result.objectId) throw new Error(`no list for ${selector}`);
    const { result: items } = await cdp.send('Runtime.getProperties', {
      objectId: result.objectId,
      ownProperties: true,
    });
    const readings: AxReading[] = [];
    for (const item of items) {
      const objectId = item.value?.objectId;
      if (!/^\d+$/.test(item.name) || !objectId) continue;
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId, fetchRelatives: false });
      const node = nodes[0];
      const { result: shown } = await cdp.send('Runtime.callFunctionOn', {
        objectId,
        functionDeclaration: `function (labelOf) {
          const copy = this.closest(labelOf)?.cloneNode(true);
          if (!copy) return '';
          for (const hidden of copy.querySelectorAll('button, .visually-hidden')) hidden.remove();
          return (copy.textContent ?? '').replace(/\\s+/g, ' ').trim();
        }`,
        arguments: [{ value: labelOf }],
        returnByValue: true,
      });
      readings.push({
        ignored: node?.ignored ?? true,
        role: String(node?.role?.value ?? ''),
        name: String(node?.name?.value ?? ''),
        description: String(node?.description?.value ?? ''),
        shown: String(shown.value ?? ''),
      });
    }
    return readings;
  } finally {
    await cdp.detach();
  }
}

describe('dialogs', () => {
  it('the leave question is described by its body, so focusing Stay reads why it asks', async () => {
    const { page } = await openResults();
    await editWithoutKeeping(page);
    await navLink(page, 'About Us').click();
    await leaveQuestion(page).waitFor();
    const [dialog] = await axReadings(page, '[role="dialog"]');
    const body = await leaveQuestion(page).locator('.dialog-body').textContent();
    expect(dialog?.role).toBe('dialog');
    expect(dialog?.name).toBe(UNKEPT_EDITS.title);
    expect(dialog?.description, 'the description is the body as shown').toBe(body?.trim());
    expect(dialog?.description).toContain(UNKEPT_EDITS.body);
  });
});
