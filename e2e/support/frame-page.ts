import type { FrameLocator, Locator, Page } from '@playwright/test';

/** The `<paytoken-form>` inside `<paytoken-frame>`'s iframe (Playwright reaches into it; the page cannot). */
export const formInFrame = (page: Page, element = 'paytoken-frame'): Locator =>
  frameOf(page, element).locator('paytoken-form');

export const frameOf = (page: Page, element = 'paytoken-frame'): FrameLocator => page.frameLocator(`${element} iframe`);

/**
 * Records, in the page itself, every `message` event its window receives (as JSON), from before any
 * script runs: what a script on the integrator's page could see.
 */
export async function recordMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { recordedMessages: string[] }).recordedMessages = seen;
    addEventListener('message', (event) => seen.push(`${event.origin} ${JSON.stringify(event.data)}`), true);
  });
  return () => page.evaluate(() => (window as unknown as { recordedMessages: string[] }).recordedMessages);
}

/** Opens the test page with paytoken-frame.js from the service and `markup` in <main>. */
export async function openFrame(
  page: Page,
  pagesUrl: string,
  serviceUrl: string,
  markup: string,
  lang = 'en',
): Promise<void> {
  await page.goto(`${pagesUrl}/form.html`);
  await page.evaluate(
    ({ src, markup, lang }) => {
      document.documentElement.lang = lang;
      document.querySelector('main')?.insertAdjacentHTML('beforeend', markup);
      return new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('paytoken-frame.js did not load'));
        document.head.append(script);
      });
    },
    { src: `${serviceUrl}/scripts/paytoken-frame.js`, markup, lang },
  );
}
