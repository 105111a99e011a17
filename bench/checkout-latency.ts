/**
 * Through the demo, in Chromium: time from the Pay click to the receipt for a card payment (50 runs),
 * and `Paytoken.createToken` latency against the local service (200 calls).
 */
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';
import { startDemoFor } from '../e2e/support/checkout.js';
import { startServiceProcess } from '../e2e/support/service.js';
import { quantile, type Row } from './report.js';

export async function checkoutLatency(): Promise<Row[]> {
  const service = await startServiceProcess({ TOKEN_RATE_LIMIT_PER_IP: '100000', TOKEN_RATE_LIMIT_PER_KEY: '100000' });
  const demo = await startDemoFor(service);
  const browser = await chromium.launch(config.use?.launchOptions);
  try {
    const page = await browser.newPage();
    const clicks: number[] = [];
    for (let run = 0; run < 50; run++) {
      await page.goto(`${demo.url}/script-tag`);
      for (const [id, value] of [
        ['payer', 'Ada Lovelace'],
        ['emailAddress', 'ada@example.com'],
        ['accountHolder', 'Ada Lovelace'],
        ['cardNumber', '4242424242424242'],
        ['month', '12'],
        ['year', '2030'],
        ['cvc', '123'],
      ]) {
        await page.locator(`#${id}`).fill(value as string);
      }
      clicks.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const receipt = document.getElementById('receipt') as HTMLElement;
              let clicked = 0;
              new MutationObserver(() => {
                if (!receipt.hidden) resolve(performance.now() - clicked);
              }).observe(receipt, { attributes: true, childList: true });
              const button = document.querySelector('button.pay') as HTMLButtonElement;
              clicked = performance.now();
              button.click();
            }),
        ),
      );
    }
    const calls = await page.evaluate(async () => {
      const data = {
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        creditCardInformation: {
          accountHolder: 'Ada',
          cardNumber: '4242424242424242',
          cvc: '123',
          month: '12',
          year: 2030,
        },
      };
      const times: number[] = [];
      const paytoken = (window as unknown as { Paytoken: { createToken(d: unknown): Promise<{ success: boolean }> } })
        .Paytoken;
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        const result = await paytoken.createToken(data);
        if (!result.success) throw new Error('createToken failed');
        times.push(performance.now() - started);
      }
      return times;
    });
    return [
      {
        name: 'demo card payment, click to receipt (median)',
        value: quantile(clicks, 0.5),
        unit: 'ms',
        note: '50 runs, PGlite',
      },
      { name: 'demo card payment, click to receipt (p95)', value: quantile(clicks, 0.95), unit: 'ms' },
      {
        name: 'createToken latency (median)',
        value: quantile(calls, 0.5),
        unit: 'ms',
        note: '200 calls, local service',
      },
      { name: 'createToken latency (p99)', value: quantile(calls, 0.99), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await demo.close();
    await service.stop();
  }
}
