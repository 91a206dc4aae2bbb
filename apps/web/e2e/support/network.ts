/**
 * "The page has loaded what it needs": no request in flight for `quietMs`. Playwright's
 * `networkidle` never comes on a page with a dedicated Web Worker (the results' ranges): Chromium
 * now loads a worker's script in the worker's own target (PlzDedicatedWorker), so the page sees
 * the request start and never finish (crbug.com/404184783; puppeteer#13752 fixed the same). This
 * waits on the requests the page itself sees finish, and leaves worker scripts out. With an
 * `action` (a navigation, a click), the requests it starts are watched from their start.
 */
import type { Page, Request } from 'playwright-core';

const WORKER_SCRIPT = /\.worker-[\w-]+\.js(\?|$)/;

export async function settle(
  page: Page,
  action?: () => Promise<unknown>,
  { quietMs = 500, timeoutMs = 15_000 } = {},
): Promise<void> {
  const inFlight = new Set<Request>();
  const start = (request: Request) => {
    if (!WORKER_SCRIPT.test(request.url())) inFlight.add(request);
  };
  const end = (request: Request) => inFlight.delete(request);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await action?.();
    await page.waitForLoadState('load');
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) {
        const urls = [...inFlight].map((request) => request.url());
        throw new Error(`the network was not quiet within ${timeoutMs} ms: ${urls.join(', ')}`);
      }
      await page.waitForTimeout(50);
      if (inFlight.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}
