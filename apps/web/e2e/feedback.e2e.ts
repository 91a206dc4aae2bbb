/** The feedback form checks its fields the way the API does, and sends a valid one. */
import { feedbackBodySchema } from '@sfr/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../src/ui/text';
import { launchBrowser } from './support/browser';
import { openSession, signUpThroughApi } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The contracts' own message for each invalid field (the form validates with the same schema). */
function fieldErrors(body: { comments: string; rating: number }): Record<string, string> {
  const result = feedbackBodySchema.safeParse(body);
  if (result.success) throw new Error('expected an invalid body');
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect
    .poll(() => field.getAttribute('aria-invalid'), { message: `${label} is marked invalid` })
    .toBe('true');
  await page.getByText(message, { exact: true }).first().waitFor();
}

describe('feedback', () => {
  it('shows field errors for empty comments and a rating of 7, then accepts a valid form', async () => {
    const { page, context } = await openSession(browser);
    await signUpThroughApi(context);
    await page.goto('/feedback');
    const comments = page.getByLabel('Comments', { exact: true });
    const rating = page.getByLabel('Rating', { exact: true });
    const submit = page.getByRole('button', { name: UI_TEXT.submitFeedback, exact: true });
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/feedback')) posts++;
    });

    await rating.fill('7');
    await submit.click();
    const errors = fieldErrors({ comments: '', rating: 7 });
    await expectFieldError(page, 'Comments', errors.comments as string);
    await expectFieldError(page, 'Rating', errors.rating as string);
    expect(posts, 'an invalid form is not sent').toBe(0);

    await comments.fill('The hold-period table is exactly what I needed.');
    await rating.fill('5');
    const sent = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/feedback'),
    );
    await submit.click();
    expect((await sent).status()).toBe(201);
    await expect.poll(() => comments.getAttribute('aria-invalid')).not.toBe('true');
  });
});
