/**
 * The integrator's side: the demo's Payments page voids, settles and refunds real
 * payments through the server SDK, and the receipt leads to it.
 */
import type { Page } from '@playwright/test';
import { demoTest, expect } from './fixtures.js';
import { VISA, choose, payWithDropin, receipt } from './support/checkout.js';
import { holdRequests } from './support/hold.js';

/** Pays `amountDue` to Springfield with the drop-in form and follows the receipt's link to Payments. */
async function payAndOpenPayments(page: Page, demoUrl: string, amountDue: string): Promise<string> {
  await page.goto(`${demoUrl}/dropin`);
  await choose(page, 'springfield', amountDue);
  await payWithDropin(page, VISA);
  const { transactionId } = await receipt(page);
  await page.getByRole('link', { name: 'See it in Payments' }).click();
  await expect(page).toHaveURL(/\/payments\?account=springfield$/);
  return transactionId as string;
}

const rowOf = (page: Page, id: string) => page.locator(`tr[data-transaction-id="${id}"]`);
const field = (page: Page, id: string, name: string) => rowOf(page, id).locator(`[data-field="${name}"]`);

demoTest.describe('demo Payments page', () => {
  demoTest('voids a payment before settlement: nothing charged, no fee, no net', async ({ page, demo }) => {
    const id = await payAndOpenPayments(page, demo.url, '41.00');
    await expect(field(page, id, 'status')).toHaveText('Captured');
    await expect(field(page, id, 'amount')).toHaveText('$42.33');
    await rowOf(page, id).getByRole('button', { name: 'Void' }).click();
    await expect(page.getByRole('status')).toHaveText(`Transaction ${id} is voided: the payer is not charged.`);
    await expect(field(page, id, 'status')).toHaveText('Voided');
    await expect(field(page, id, 'amount')).toHaveText('$0.00');
    await expect(field(page, id, 'fee')).toHaveText('$0.00');
    await expect(field(page, id, 'events')).toHaveText('Sale → Void');
    await expect(rowOf(page, id).getByRole('button')).toHaveCount(0);
  });

  demoTest('settles, then refunds in part and in full; more than is left is refused', async ({ page, demo }) => {
    const id = await payAndOpenPayments(page, demo.url, '100.00');
    await expect(rowOf(page, id).getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Settle now' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Batch \d+ settled [1-9]\d* payment\(s\) and 0 refund\(s\)\.$/);
    await expect(field(page, id, 'status')).toHaveText('Settled');
    await expect(rowOf(page, id).getByRole('button', { name: 'Void' })).toHaveCount(0);

    const amount = page.getByRole('textbox', { name: `Refund amount for transaction ${id}` });
    await amount.fill('40.00');
    await rowOf(page, id).getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByRole('status')).toHaveText(
      new RegExp(`^Refunded \\$40\\.00 of transaction ${id} \\(refund \\d+\\)\\.$`),
    );
    await expect(field(page, id, 'status')).toHaveText('PartiallyRefunded');
    await expect(field(page, id, 'fee')).toHaveText('$3.25');
    const refundRow = page.locator('tr', { hasText: `(refund of ${id})` });
    await expect(refundRow.locator('[data-field="amount"]')).toHaveText('−$40.00');
    await expect(refundRow.locator('[data-field="net"]')).toHaveText('−$40.00');

    await amount.fill('forty');
    await rowOf(page, id).getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Enter the amount to refund, such as 40.00/);
    await amount.fill('63.26');
    await rowOf(page, id).getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByRole('status')).toHaveText('The refund is more than what is left to refund: 63.25 remains.');
    await rowOf(page, id).getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^Refunded \\$63\\.25 of transaction ${id}`));
    await expect(field(page, id, 'status')).toHaveText('Refunded');
    await expect(field(page, id, 'events')).toHaveText('Sale → Settle → Refund → Refund');
  });

  demoTest(
    'a double click on Refund refunds once; a refund row offers neither Void nor Refund',
    async ({ page, demo }) => {
      const id = await payAndOpenPayments(page, demo.url, '30.00');
      await page.getByRole('button', { name: 'Settle now' }).click();
      await expect(field(page, id, 'status')).toHaveText('Settled');
      const refunds: string[] = [];
      page.on('request', (request) => request.url().endsWith('/payments/refund') && refunds.push(request.url()));
      await page.getByRole('textbox', { name: `Refund amount for transaction ${id}` }).fill('5.00');
      await rowOf(page, id).getByRole('button', { name: 'Refund' }).dblclick();
      await expect(page.getByRole('status')).toHaveText(new RegExp(`^Refunded \\$5\\.00 of transaction ${id}`));
      expect(refunds).toHaveLength(1);
      await expect(field(page, id, 'status')).toHaveText('PartiallyRefunded');
      const refundRow = page.locator('tr', { hasText: `(refund of ${id})` });
      await expect(refundRow).toHaveCount(1);
      // Unsettled, the refund's status is Captured; it still has no Void (the service refuses it).
      await expect(refundRow.locator('[data-field="status"]')).toHaveText('Captured');
      await expect(refundRow.getByRole('button')).toHaveCount(0);
    },
  );

  demoTest('a slow list for the account left behind never replaces the chosen one’s', async ({ page, demo }) => {
    const id = await payAndOpenPayments(page, demo.url, '31.00');
    await expect(rowOf(page, id)).toHaveCount(1);
    const release = await holdRequests(page, /\/payments\/list\?account=springfield/);
    await page.locator('#account').selectOption('shelby');
    await page.locator('#account').selectOption('springfield'); // its list is held back
    const shelbyList = page.waitForResponse((response) => response.url().includes('/payments/list?account=shelby'));
    await page.locator('#account').selectOption('shelby');
    await shelbyList;
    const late = page.waitForEvent('requestfinished', (request) => request.url().includes('account=springfield'));
    release();
    await late;
    // The late list's handler runs in the next tasks; then Shelby's list must still be the one shown.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    await expect(page.locator('#account')).toHaveValue('shelby');
    await expect(rowOf(page, id)).toHaveCount(0);
  });

  demoTest('shows a payer’s name as text, never as markup', async ({ page, demo }) => {
    await page.goto(`${demo.url}/payments?account=shelby`);
    await expect(page.locator('#account')).toHaveValue('shelby');
    await expect(page.locator('table img, table script')).toHaveCount(0);
  });

  demoTest('receives the payment’s webhook and shows it verified', async ({ page, demo }) => {
    expect(demo.webhooks).toBe('on');
    const id = await payAndOpenPayments(page, demo.url, '12.00');
    // The service posts it a moment after the payment; the page refreshes its list every 2 s.
    const hook = page
      .locator('#webhooks tr', { has: page.locator('[data-field="type"]', { hasText: 'transaction.approved' }) })
      .and(page.locator(`tr[data-object-id="${id}"]`));
    await expect(hook.locator('[data-field="verified"]')).toHaveText('Yes', { timeout: 15_000 });
    await expect(hook).toHaveCount(1);
    await expect(page.locator('#webhooks-status')).not.toContainText('off');
  });
});
