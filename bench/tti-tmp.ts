import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';
const file = process.argv[2] ?? '../dist/browser/paytoken-form.js';
const script = readFileSync(new URL(file, import.meta.url), 'utf8');
const browser = await chromium.launch(config.use?.launchOptions);
const all: number[][] = [];
for (let run = 0; run < 15; run++) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.setContent('<!doctype html><html lang="en"><body><paytoken-form public-key="pk_bench" api-url="https://pay.example"></paytoken-form></body></html>');
  all.push(await page.evaluate(async (source) => {
    const t0 = performance.now();
    const element = document.createElement('script');
    element.textContent = source;
    document.head.append(element);
    const t1 = performance.now();
    const form = document.querySelector('paytoken-form') as any;
    await customElements.whenDefined('paytoken-form');
    const t2 = performance.now();
    await form.updateComplete;
    const t3 = performance.now();
    return [t1 - t0, t2 - t0, t3 - t0];
  }, script));
  await page.close();
}
await browser.close();
const med = (i: number) => all.map((r) => r[i]!).sort((a, b) => a - b)[7]!.toFixed(1);
console.log('exec', med(0), 'defined', med(1), 'updated', med(2));
