import { execFileSync } from 'node:child_process';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { ServiceProcess } from './service.js';

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

/** Opens the test page with paytoken-frame.js from the service (or from `scriptsUrl`) and `markup` in <main>. */
export async function openFrame(
  page: Page,
  pagesUrl: string,
  serviceUrl: string,
  markup: string,
  lang = 'en',
  scriptsUrl = `${serviceUrl}/scripts`,
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
    { src: `${scriptsUrl}/paytoken-frame.js`, markup, lang },
  );
}

/** A new account whose public key only `origins` may use, made with `npm run accounts` while the service runs. */
export function accountFor(service: ServiceProcess, origins: string): { publicKey: string } {
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/service/ops/accounts-cli.ts',
      'create',
      '--name',
      `Frame ${Math.random()}`,
      '--origins',
      origins,
    ],
    // Without NODE_ENV: an in-process Vite build in this worker may have set it to production.
    { env: { ...process.env, NODE_ENV: undefined, DATA_DIR: service.dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
  );
  return JSON.parse(output.slice(output.indexOf('{'))) as { publicKey: string };
}
