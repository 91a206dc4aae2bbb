/**
 * The test mode's stand-ins for Stripe Checkout and the billing portal: minimal server-rendered
 * HTML, plain forms that POST back to this API (no script), marked "TEST MODE — no card is charged".
 */
import { formatMoney, SUBSCRIPTION_PRICES } from '@sfr/contracts';
import type { Plan } from '../provider.js';
import type { CurrentSubscription } from '../service.js';

export const TEST_MODE_BANNER = 'TEST MODE — no card is charged';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The page's own Content-Security-Policy: nothing loads but its nonce'd stylesheet, forms may only
 * post here or to the app (where they redirect), and no other site may frame it.
 */
export function pageCsp(nonce: string, appUrl: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action 'self' ${new URL(appUrl).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2433; margin: 0; }
  main { max-width: 30rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px;
    box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  .banner { background: #fff3cd; border: 2px dashed #b58100; color: #6b4c00; font-weight: 700;
    padding: .75rem; text-align: center; letter-spacing: .04em; }
  form { display: inline-block; margin: 1rem .5rem 0 0; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid #1d2433; cursor: pointer; }
  button.primary { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
  dt { font-weight: 600; } dd { margin: 0 0 .5rem; }`;

function layout(title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} (${TEST_MODE_BANNER})</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<main>
<p class="banner">${TEST_MODE_BANNER}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const planLabel = (plan: Plan) =>
  plan === 'monthly'
    ? `Monthly plan, ${formatMoney(SUBSCRIPTION_PRICES.monthly)} per month`
    : `Yearly plan, ${formatMoney(SUBSCRIPTION_PRICES.yearly)} per year`;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A button that POSTs an empty form to `action` (relative to the page). */
const button = (action: string, label: string, primary = false) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit"${primary ? ' class="primary"' : ''}>${escapeHtml(label)}</button></form>`;

export function checkoutPage(input: { sessionId: string; plan: Plan; email: string; nonce: string }): string {
  return layout(
    'Subscribe to SFR Analyst',
    input.nonce,
    `<p>${escapeHtml(planLabel(input.plan))}, for ${escapeHtml(input.email)}.</p>
<p>Billing is in test mode because no Stripe key is configured. Completing this page starts the
subscription exactly as a paid Stripe checkout would, without any payment.</p>
${button(`${input.sessionId}/complete`, 'Complete test subscription', true)}
${button(`${input.sessionId}/cancel`, 'Cancel')}`,
  );
}

export function portalPage(input: {
  sessionId: string;
  subscription: CurrentSubscription | null;
  returnUrl: string;
  nonce: string;
}): string {
  const s = input.subscription;
  const back = `<p><a href="${escapeHtml(input.returnUrl)}">Return to SFR Analyst</a></p>`;
  if (!s)
    return layout('Manage your subscription', input.nonce, `<p>You have no active subscription.</p>${back}`);
  const end = s.currentPeriodEnd ? day(s.currentPeriodEnd) : 'not set';
  return layout(
    'Manage your subscription',
    input.nonce,
    `<dl>
<dt>Plan</dt><dd>${escapeHtml(s.plan ? planLabel(s.plan) : (s.priceId ?? 'unknown'))}</dd>
<dt>Status</dt><dd>${escapeHtml(s.status)}</dd>
<dt>${s.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt><dd>${escapeHtml(end)}</dd>
</dl>
${
  s.cancelAtPeriodEnd
    ? button(`${input.sessionId}/renew`, 'Renew subscription', true)
    : button(`${input.sessionId}/cancel`, 'Cancel subscription')
}
${back}`,
  );
}

/**
 * A session that is not open to this browser. Without a sign-in here, that is the likely reason: the
 * app's links go to `APP_URL`, and a browser signed in at another address of the same server
 * (127.0.0.1 for localhost) carries no session cookie to it (QA).
 */
export function notOpenPage(input: {
  what: string;
  profileUrl: string;
  signedIn: boolean;
  nonce: string;
}): string {
  const profile = escapeHtml(input.profileUrl);
  const why = input.signedIn
    ? '<p>It has expired, was already used, or belongs to another account.</p>'
    : `<p>You are not signed in at this address. Sign in at <a href="${profile}">${escapeHtml(new URL(input.profileUrl).origin)}</a>, the address this app sends its links to, and subscribe from your profile there.</p>`;
  return layout(
    `This ${input.what} is not open`,
    input.nonce,
    `${why}
<p><a href="${profile}">Back to your profile</a></p>`,
  );
}
