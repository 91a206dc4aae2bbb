/**
 * Who may do what: a guest's submit asks them to log in or sign up, the member pages send guests to
 * /login, a failed login marks the field it is about, signing out holds its button while it works,
 * and a member whose five free searches are spent is offered a subscription.
 */
import { DELETE_PASSWORD_WRONG, MESSAGES } from '@sfr/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_PASSWORD } from '../src/features/account/auth-form';
import { DELETE_ACCOUNT_TEXT } from '../src/features/account/delete-account';
import { SESSION_ENDED } from '../src/features/account/session';
import { POPUPS, UI_TEXT } from '../src/ui/text';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { AUSTIN, analyzeButton, fillAnalyzer, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import { settle } from './support/network';
import { baseURL, newUser, openSession, signUpThroughApi, subscribeThroughApi } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const apiBody = {
  street: AUSTIN.street,
  city: AUSTIN.city,
  zipcode: AUSTIN.zipcode,
  state_code: AUSTIN.state_code,
  county_name: AUSTIN.county_name,
  num_bedrooms: AUSTIN.num_bedrooms,
  num_bathrooms: AUSTIN.num_bathrooms,
  purchase_price: AUSTIN.purchase_price,
  factor: AUSTIN.factor,
};

describe('a guest', () => {
  it("sees the 'Analyzer Access' popup on submit, with Login and Sign Up, and no results", async () => {
    const { page } = await openSession(browser);
    await page.goto('/');
    await fillAnalyzer(page);
    await analyzeButton(page).click();

    const popup = page.getByRole('dialog', { name: POPUPS.analyzerAccess.title });
    await popup.waitFor();
    expect(await popup.getAttribute('aria-modal')).toBe('true');
    await popup.getByText(POPUPS.analyzerAccess.body).waitFor();
    await popup
      .getByRole('link', { name: POPUPS.analyzerAccess.login, exact: true })
      .or(popup.getByRole('button', { name: POPUPS.analyzerAccess.login, exact: true }))
      .waitFor();
    const signUp = popup
      .getByRole('link', { name: POPUPS.analyzerAccess.signUp, exact: true })
      .or(popup.getByRole('button', { name: POPUPS.analyzerAccess.signUp, exact: true }));
    await signUp.waitFor();
    expect(
      await popup.evaluate((el) => el.contains(document.activeElement)),
      'focus moves into the popup',
    ).toBe(true);
    expect(await resultsHeading(page).count()).toBe(0);

    // Escape closes it; Sign Up from a reopened popup goes to /signup
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    await analyzeButton(page).click();
    await signUp.click();
    await page.waitForURL(`${baseURL()}/signup`);
  });

  it.each(['/profile', '/howtouse', '/feedback'])('is sent from %s to /login', async (path) => {
    const { page } = await openSession(browser);
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email', { exact: true }).waitFor();
  });

  it('may open /savedproperties (no guard) without being sent away', async () => {
    const { page } = await openSession(browser);
    await settle(page, () => page.goto('/savedproperties'));
    expect(new URL(page.url()).pathname).toBe('/savedproperties');
  });
});

describe('logging in and out', () => {
  it('a failed login marks the field it is about; the success clears the failures’ toasts; Sign Out holds its button and the focus while it works', async () => {
    const { page, context, expectConsoleError } = await openSession(browser);
    // the refused logins' answers, as the browser logs them
    expectConsoleError(/status of 401 .* @ https?:\/\/[^/]+\/api\/auth\/login$/);
    const user = await signUpThroughApi(context, newUser('Lena'));
    await context.clearCookies();
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const logIn = page.getByRole('button', { name: UI_TEXT.login, exact: true });
    const toasts = page.locator('[data-sonner-toast]');

    // an unknown email: the toast, and the email marked with the same words and focused
    await email.fill(`nobody-${user.email}`);
    await password.fill(user.password);
    await logIn.click();
    await toasts.getByText(MESSAGES.userNotFound, { exact: true }).waitFor();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await password.getAttribute('aria-invalid')).toBeNull();
    // typing the email again clears its mark
    await email.fill(user.email);
    expect(await email.getAttribute('aria-invalid')).toBeNull();

    // a wrong password: the spec's toast, and the password marked with why
    await password.fill('not the password');
    await logIn.click();
    await toasts.getByText(MESSAGES.loginError, { exact: true }).waitFor();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(WRONG_PASSWORD, { exact: true }).waitFor();

    // the right one: only the success stays, well within the error toasts' own 5 s
    await password.fill(user.password);
    await logIn.click();
    await toasts.getByText(MESSAGES.loginSuccess, { exact: true }).waitFor();
    await expect.poll(() => toasts.getByText(MESSAGES.loginError).count(), { timeout: 1_500 }).toBe(0);
    expect(await toasts.getByText(MESSAGES.userNotFound).count()).toBe(0);
    await page.waitForURL(`${baseURL()}/`);

    // Sign Out while its request is out: the button says it is busy, keeps the focus, sends once
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let logouts = 0;
    await page.route('**/api/auth/logout', async (route) => {
      logouts += 1;
      await held;
      await route.continue();
    });
    const signOut = page.getByRole('button', { name: UI_TEXT.signOut });
    await signOut.click();
    await expect.poll(() => signOut.getAttribute('aria-disabled')).toBe('true');
    // the focus is still on it, and pressing it again sends nothing more
    expect(await signOut.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    release();
    await toasts.getByText(MESSAGES.signOutSuccess, { exact: true }).waitFor();
    expect(logouts).toBe(1);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  it('Sign out on every device, on the profile, ends the sessions of other browsers too', async () => {
    const user = newUser('Ivo');
    const here = await openSession(browser);
    await signUpThroughApi(here.context, user);
    // the same member signed in on another device
    const there = await openSession(browser);
    const login = await there.context.request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
      headers: { origin: baseURL() },
    });
    expect(login.status()).toBe(200);
    expect((await there.context.request.get('/api/auth/me')).status()).toBe(200);
    await there.page.goto('/profile');
    await there.page.getByRole('button', { name: 'Sign out on every device' }).waitFor();

    await here.page.goto('/profile');
    await here.page.getByRole('button', { name: 'Sign out on every device' }).click();
    await here.page.getByText(MESSAGES.signOutSuccess, { exact: true }).waitFor();
    await here.page.waitForURL((url) => url.pathname === '/');
    // the header is a guest's at once (QA: it kept the member's links until a reload)
    await here.page.getByRole('link', { name: UI_TEXT.login, exact: true }).first().waitFor();
    expect(await here.page.getByRole('button', { name: UI_TEXT.signOut }).count()).toBe(0);
    expect((await here.page.request.get('/api/auth/me')).status()).toBe(401);
    expect((await there.context.request.get('/api/auth/me')).status()).toBe(401);

    // the other device learns it on its next request, said once, and becomes a guest
    there.expectConsoleError(/status of 401/);
    await there.page.getByRole('link', { name: 'Recent Analyses', exact: true }).first().click();
    await there.page.getByText(SESSION_ENDED).waitFor();
    await there.page.getByRole('link', { name: UI_TEXT.login, exact: true }).first().waitFor();
    expect(await there.page.getByRole('button', { name: UI_TEXT.signOut }).count()).toBe(0);
  });

  it('Delete account keeps a subscriber whose subscription renews, saying why, and names the paid time', async () => {
    const { page, context, expectConsoleError } = await openSession(browser);
    const user = newUser('Sol');
    await signUpThroughApi(context, user);
    await subscribeThroughApi(context);
    await page.goto('/profile');
    await page.getByRole('button', { name: DELETE_ACCOUNT_TEXT.button }).click();
    const dialog = page.getByRole('dialog', { name: DELETE_ACCOUNT_TEXT.title });
    await dialog.getByText(/^Your subscription runs until .+; that time ends with the account\.$/).waitFor();
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password').fill(user.password);
    expectConsoleError(/status of 409 .*\/api\/auth\/delete-account$/);
    await dialog.getByRole('button', { name: DELETE_ACCOUNT_TEXT.confirm }).click();
    await dialog
      .getByText(/^Your subscription still renews: cancel it under Manage Subscription first/)
      .waitFor();
    expect((await context.request.get('/api/auth/me')).status()).toBe(200);
  });

  it('Delete account, on the profile, asks for the email and the password and then deletes the account with its analyses', async () => {
    const user = newUser('Dee');
    const { page, context, expectConsoleError } = await openSession(browser);
    await signUpThroughApi(context, user);
    const analysed = await context.request.post('/api/create_property', {
      data: apiBody,
      headers: { origin: baseURL() },
    });
    expect(analysed.status()).toBe(200);
    await page.goto('/profile');
    await page.getByRole('button', { name: DELETE_ACCOUNT_TEXT.button }).click();
    const dialog = page.getByRole('dialog', { name: DELETE_ACCOUNT_TEXT.title });
    // the email field has the focus; a wrong address deletes nothing and says why
    const email = dialog.getByLabel('Email');
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    // Delete with nothing typed: the field takes the focus and says why
    await dialog.getByRole('button', { name: DELETE_ACCOUNT_TEXT.confirm }).click();
    await dialog.getByText(DELETE_ACCOUNT_TEXT.mismatch).waitFor();
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    await email.fill('someone-else@example.com');
    await page.keyboard.press('Enter');
    await dialog.getByText(DELETE_ACCOUNT_TEXT.mismatch).waitFor();
    expect((await context.request.get('/api/auth/me')).status()).toBe(200);
    await expectNoSeriousA11yViolations(page, 'the delete-account dialog');

    // the email alone is not enough: the password field says so and takes the focus
    await email.fill(user.email);
    await dialog.getByRole('button', { name: DELETE_ACCOUNT_TEXT.confirm }).click();
    await dialog.getByText(DELETE_ACCOUNT_TEXT.passwordMissing).waitFor();
    const password = dialog.getByLabel('Password');
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    // a wrong password: the API's word on the field, and the account and its session stay
    expectConsoleError(/status of 400 .*\/api\/auth\/delete-account$/);
    await password.fill('not-the-password-1');
    await page.keyboard.press('Enter');
    await dialog.getByText(DELETE_PASSWORD_WRONG).waitFor();
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await context.request.get('/api/auth/me')).status()).toBe(200);

    await password.fill(user.password);
    await dialog.getByRole('button', { name: DELETE_ACCOUNT_TEXT.confirm }).click();
    await page.getByText('Your account and everything saved in it have been deleted.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
    const login = await context.request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
      headers: { origin: baseURL() },
    });
    expect(login.status()).toBe(401);
    expect(((await login.json()) as { code: string }).code).toBe('USER_NOT_FOUND');
  });
});

describe('a member without free searches', () => {
  it("sees 'Out of Free Searches' on the sixth analysis, and Subscribe Now leads to /profile", async () => {
    const session = await openSession(browser);
    const { page, context } = session;
    await signUpThroughApi(context);
    // five searches through the API, to save time; the sixth through the form
    for (let search = 1; search <= 5; search++) {
      const res = await context.request.post('/api/create_property', { data: apiBody });
      expect(res.status(), `search ${search}: ${await res.text()}`).toBe(200);
    }
    // the API answers the sixth with 402, which Chromium logs as a failed request
    session.expectConsoleError(/status of 402 .* @ https?:\/\/[^/]+\/api\/create_property$/);

    await page.goto('/');
    await fillAnalyzer(page);
    await analyzeButton(page).click();
    const popup = page.getByRole('dialog', { name: POPUPS.outOfFreeSearches.title });
    await popup.waitFor();
    expect(await page.getByText(MESSAGES.analysisSuccess).count()).toBe(0);
    await popup
      .getByRole('button', { name: POPUPS.outOfFreeSearches.subscribeNow, exact: true })
      .or(popup.getByRole('link', { name: POPUPS.outOfFreeSearches.subscribeNow, exact: true }))
      .click();
    await page.waitForURL(`${baseURL()}/profile`);
    await page.getByText(UI_TEXT.pricingOptions).waitFor();
  });
});
