/**
 * The fee shown before Pay (docs/fees.md#the-fee-shown-before-pay), on the demo's checkout: the
 * form asks the card's fee with its BIN only, and when it cannot have it, keeps the page's fee,
 * marked as not confirmed, and the payer still pays.
 */
import type { Locator, Page } from '@playwright/test';
import { demoTest, expect } from './fixtures.js';
import { VISA, choose, fillCardIn, receipt } from './support/checkout.js';
import { formInFrame } from './support/frame-page.js';

const flows: [string, string, (page: Page) => Locator][] = [
  ['drop-in form', '/dropin', (page) => page.locator('paytoken-form')],
  ['isolated form', '/isolated', (page) => formInFrame(page)],
];

for (const [name, path, formOf] of flows) {
  demoTest(
    `${name}: a fee lookup the network drops leaves the page's fee, not confirmed; only the BIN was asked`,
    async ({ page, demo }) => {
      const asked: string[] = [];
      // The network drops every fee lookup (the frame's requests too: the route is the context's).
      await page.context().route('**/api/v1/cardFees?*', (route) => {
        asked.push(route.request().url());
        return route.abort();
      });
      await page.goto(`${demo.url}${path}`);
      await choose(page, 'springfield');
      const form = formOf(page);
      await fillCardIn(form, VISA);
      const summary = form.locator('.summary');
      await expect(summary).toContainText('Fee (not confirmed)');
      await expect(summary.locator('dd.total')).toHaveText('$103.25');
      await expect(summary).toHaveAttribute('aria-live', 'polite');
      await expect(form.locator('button.pay')).toHaveText('Pay $103.25');

      await form.locator('button.pay').click();
      expect(await receipt(page)).toMatchObject({ charged: '$103.25', payerFee: '$3.25', agencyNet: '$100.00' });
      expect(asked.length).toBeGreaterThanOrEqual(1);
      for (const url of asked) {
        expect(new URL(url).searchParams.get('bin')).toBe(VISA.number.slice(0, 8));
        expect(url).not.toContain(VISA.number.slice(0, 9));
      }
    },
  );
}
