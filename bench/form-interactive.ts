/**
 * Time from paytoken-form.js starting to execute to an interactive <paytoken-form> (defined,
 * rendered), in Chromium with 4× CPU throttling; median and p95 of 60 runs (enough that the p95 is
 * the 58th of 60, not the slowest). `FORM_JS=path` times another build of the form (before/after).
 * Alone: `npx tsx bench/form-interactive.ts` (after `npm run build`).
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';
import type { Row } from './report.js';

const RUNS = 60;

export async function formInteractive(): Promise<Row[]> {
  const script = readFileSync(
    process.env.FORM_JS ?? new URL('../dist/browser/paytoken-form.js', import.meta.url),
    'utf8',
  );
  const browser = await chromium.launch(config.use?.launchOptions);
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.setContent(
        '<!doctype html><html lang="en"><body><paytoken-form public-key="pk_bench" api-url="https://pay.example"></paytoken-form></body></html>',
      );
      times.push(
        await page.evaluate(async (source) => {
          const started = performance.now();
          const element = document.createElement('script');
          element.textContent = source; // runs now, synchronously: the clock starts with execution
          document.head.append(element);
          const form = document.querySelector('paytoken-form') as HTMLElement & { updateComplete: Promise<unknown> };
          await customElements.whenDefined('paytoken-form');
          await form.updateComplete;
          if (!form.shadowRoot?.querySelector('input[name="cardNumber"]')) throw new Error('the form did not render');
          return performance.now() - started;
        }, script),
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return [
    {
      name: 'paytoken-form.js to interactive, 4× CPU (median)',
      value: at(0.5),
      unit: 'ms',
      budget: { atMost: 70 },
      note: `${RUNS} runs`,
    },
    { name: 'paytoken-form.js to interactive, 4× CPU (p95)', value: at(0.95), unit: 'ms', budget: { atMost: 110 } },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./report.js');
  printTable(await formInteractive());
}
