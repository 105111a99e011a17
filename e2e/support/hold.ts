import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` until the returned `release()` is called, then lets each go
 * on to the server: for tests of what happens while an answer is late.
 * @example const release = await holdRequests(page, /\/payments\/list/); … release();
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
