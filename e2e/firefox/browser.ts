/**
 * Firefox for the payment flows: Debian's `firefox-esr`, driven over WebDriver BiDi by
 * puppeteer-core (docs/decisions/0126-firefox-over-webdriver-bidi.md says why not Playwright).
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * The Firefox to drive: the one `PAYTOKEN_FIREFOX` names (and no other), else Debian's
 * `firefox-esr`, else a `firefox` in /usr/bin; null when there is none.
 */
export function firefoxPath(): string | null {
  const candidates = process.env.PAYTOKEN_FIREFOX
    ? [process.env.PAYTOKEN_FIREFOX]
    : ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** Whoever runs without a Firefox must say so: `PAYTOKEN_SKIP_FIREFOX=1`. */
export const skipWanted = (): boolean => process.env.PAYTOKEN_SKIP_FIREFOX === '1';

export const MISSING_FIREFOX =
  "No Firefox found: the payment flows must also pass in Firefox. Install Debian's firefox-esr " +
  '(apt-get install firefox-esr), or name a Firefox binary in PAYTOKEN_FIREFOX. To run without ' +
  'the Firefox flows on purpose, set PAYTOKEN_SKIP_FIREFOX=1: they are then reported as skipped.';

export function launchFirefox(executablePath: string): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath,
    headless: true,
    // Puppeteer's own profile preferences keep Firefox off the network (updates, telemetry).
  });
}

/**
 * One Firefox for the calling file's tests, and a fresh page for each test, in a user context of its
 * own (no cookies or storage from another test). Returns the current test's page.
 */
export function pageOfEachTest(executablePath: string): () => Page {
  let browser: Browser | undefined;
  let current: { page: Page; close(): Promise<void> } | undefined;
  beforeAll(async () => {
    browser = await launchFirefox(executablePath);
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    const context = await (browser as Browser).createBrowserContext();
    current = { page: await context.newPage(), close: () => context.close() };
  });
  afterEach(() => current?.close());
  return () => (current as { page: Page }).page;
}
