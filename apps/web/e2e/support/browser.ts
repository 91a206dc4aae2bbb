/** Debian's Chromium, driven by playwright-core (no browser download: the machine's own binary). */
import { accessSync, constants } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** CHROMIUM_PATH overrides, e.g. /usr/bin/google-chrome on a GitHub runner. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function assertChromium(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}, and there is none.\n` +
        'Install it with `apt-get install -y chromium` (Debian; run `apt-get update` first, with sudo when not root),\n' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
}

export function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // root in a container; no GPU; and no calls home, which a closed network refuses noisily
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
