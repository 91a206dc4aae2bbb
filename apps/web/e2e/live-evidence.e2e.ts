/**
 * RentCast's evidence in the browser (issue 25 §7), on an API of its own pointed at a stand-in
 * RentCast (a local HTTP server answering its documented rent-estimate and property-record
 * formats): the analyzer fills the rooms, size and age from the record and says its tax bill; the
 * results list the comparables and set the bill beside the tax the analysis uses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROPERTY_FIELD_LABELS as FIELD } from '@sfr/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { AUSTIN, analyzeButton, fillAnalyzer, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import { type RunningApi, startApi } from './support/server';
import { openSession, sharedMember } from './support/session';

const KEY = 'rc-e2e-key';

/** RentCast's documented answers (developers.rentcast.io): a rent estimate with comparables, a record. */
function standInRentCast(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-api-key'] !== KEY) return send(401, { message: 'Invalid API key' });
    if (url.pathname === '/properties') {
      return send(200, [
        {
          formattedAddress: url.searchParams.get('address'),
          propertyType: 'Single Family',
          bedrooms: 4,
          bathrooms: 2.5,
          squareFootage: 2140,
          yearBuilt: 1998,
          propertyTaxes: { '2023': { year: 2023, total: 7610 }, '2024': { year: 2024, total: 7902 } },
        },
      ]);
    }
    if (url.pathname === '/avm/rent/long-term') {
      return send(200, {
        rent: 3150,
        rentRangeLow: 2800,
        rentRangeHigh: 3500,
        comparables: [
          {
            formattedAddress: '1201 Brazos St, Austin, TX 78701',
            price: 3050,
            bedrooms: 4,
            bathrooms: 2,
            distance: 0.21,
            daysOnMarket: 12,
            lastSeenDate: '2026-11-20T00:00:00.000Z',
          },
          { formattedAddress: '905 Lavaca St, Austin, TX 78701', price: 3290, bedrooms: 4, distance: 0.36 },
        ],
      });
    }
    send(404, { message: 'Not found' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let browser: Browser;
let rentcast: Server;
let api: RunningApi;
const work = mkdtempSync(join(tmpdir(), 'sfr-e2e-rentcast-'));

beforeAll(async () => {
  browser = await launchBrowser();
  rentcast = await standInRentCast();
  api = await startApi({
    distDir: inject('webDist'),
    dataDir: join(work, 'data'),
    logFile: fileURLToPath(new URL('../test-results/e2e-rentcast-api.log', import.meta.url)),
    env: {
      RENTCAST_API_KEY: KEY,
      RENTCAST_BASE_URL: `http://127.0.0.1:${(rentcast.address() as AddressInfo).port}`,
    },
  });
}, 150_000);
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await new Promise((resolve) => rentcast?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe('with RentCast', () => {
  const member = sharedMember();

  it('fills the form from the record, then shows the comparables and the tax bill beside ours', async () => {
    const { page, context } = await openSession(browser, { url: api.url });
    await member(context);
    await page.goto('/');
    await fillAnalyzer(page, AUSTIN);
    await page.getByRole('button', { name: 'Fill from the property record' }).click();
    const status = page.getByRole('status').filter({ hasText: 'RentCast property record' });
    await status.waitFor();
    expect(await status.textContent()).toContain(
      'Filled Number of Bedrooms, Number of Bathrooms, Square Feet and Year Built from the RentCast property record',
    );
    expect(await status.textContent()).toContain("Its 2024 tax bill: $7,902, the seller's");
    expect(await page.getByLabel(FIELD.num_bedrooms, { exact: true }).inputValue()).toBe('4');
    expect(await page.getByLabel(FIELD.num_bathrooms, { exact: true }).inputValue()).toBe('2.5');
    expect(await page.getByLabel(FIELD.square_feet, { exact: true }).inputValue()).toBe('2140');
    expect(await page.getByLabel(FIELD.year_built, { exact: true }).inputValue()).toBe('1998');

    await analyzeButton(page).click();
    await resultsHeading(page).waitFor({ timeout: 30_000 });
    const card = page.locator('section[aria-labelledby="live-evidence-title"]');
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('RentCast long-term rent estimate (AVM): $3,150 a month, range $2,800 – $3,500.');
    const rows = card.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().locator('th, td').allTextContents()).toEqual([
      '1201 Brazos St, Austin, TX 78701',
      '0.21 mi',
      '4',
      '2',
      '$3,050',
      'listed 12 days; seen 2026-11-20',
    ]);
    // the second lists no bathrooms nor days: dashes
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual(['0.36 mi', '4', '—', '$3,290', '—']);
    expect(text).toContain('Record: 4 bedrooms, 2.5 bathrooms, 2,140 sq ft, built 1998.');
    expect(text).toMatch(
      /Tax bill 2024: \$7,902 \(RentCast property record, \d{4}-\d{2}-\d{2}\), the seller's at the current assessment\. This analysis uses \$[\d,]+ a year/,
    );
    await expectNoSeriousA11yViolations(page, 'results with RentCast comparables');
  });
});
