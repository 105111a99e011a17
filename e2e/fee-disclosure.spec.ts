/**
 * The fee shown before Pay (docs/fees.md#the-fee-shown-before-pay), on the demo's checkout, in the
 * drop-in form and in the isolated form: for Riverside Utilities (surcharge: 3 % on credit cards,
 * none on debit), a credit card, then a debit card of the same brand pasted over it, change the fee
 * line, the total and the button, and fire a paytoken-change although the brand stays Visa; the
 * receipt's fee is the one shown. Only the BIN ever leaves the page for the fee; when the form cannot
 * have it, it keeps the page's fee, marked as not confirmed, and the payer still pays.
 */
import type { Locator, Page } from '@playwright/test';
import { callAdmin } from '../src/service/ops/admin.js';
import { demoTest, expect } from './fixtures.js';
import { BANK, VISA, choose, fillCardIn, payWithDropin, receipt, type CardInput } from './support/checkout.js';
import { formInFrame } from './support/frame-page.js';

const VISA_DEBIT: CardInput = { ...VISA, number: '4000056655665556' };

const flows: [string, string, string, (page: Page) => Locator][] = [
  ['drop-in form', '/dropin', 'paytoken-form', (page) => page.locator('paytoken-form')],
  ['isolated form', '/isolated', 'paytoken-frame', (page) => formInFrame(page)],
];

for (const [name, path, , formOf] of flows) {
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
      expect(await receipt(page)).toMatchObject({
        charged: '$103.25',
        feeLine: 'Payer fee: $3.25',
        agencyNet: '$100.00',
      });
      expect(asked.length).toBeGreaterThanOrEqual(1);
      for (const url of asked) {
        expect(new URL(url).searchParams.get('bin')).toBe(VISA.number.slice(0, 8));
        expect(url).not.toContain(VISA.number.slice(0, 9));
      }
    },
  );
}

for (const [name, path, element, formOf] of flows) {
  demoTest(
    `${name}: a credit card, then a debit card of the same brand: the fee, total and button follow; the receipt's fee is the one shown`,
    async ({ page, demo }) => {
      const feeRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/cardFees')) feeRequests.push(request.url());
      });
      await page.goto(`${demo.url}${path}`);
      await choose(page, 'riverside');
      await page.evaluate((tag) => {
        const seen: (string | null)[] = [];
        (window as unknown as { changes: (string | null)[] }).changes = seen;
        document.querySelector(tag)?.addEventListener('paytoken-change', (event) => {
          seen.push((event as Event & { brand: string | null }).brand);
        });
      }, element);
      const form = formOf(page);
      const summary = form.locator('.summary');
      const pay = form.locator('button.pay');

      await fillCardIn(form, VISA);
      await expect(summary).toContainText('Card fee');
      await expect(summary).toContainText('$3.00');
      await expect(summary.locator('dd.total')).toHaveText('$103.00');
      await expect(pay).toHaveText('Pay $103.00');
      await expect(summary).toHaveAttribute('aria-live', 'polite');
      const changesBefore = await page.evaluate(() => (window as unknown as { changes: unknown[] }).changes.length);

      // Pasted over the credit card: the same brand, another funding.
      await form.locator('#cardNumber').selectText();
      await page.keyboard.insertText(VISA_DEBIT.number);
      await expect(summary).toContainText('Debit card (no fee)');
      await expect(summary.locator('dd.total')).toHaveText('$100.00');
      await expect(pay).toHaveText('Pay $100.00');
      const changes = await page.evaluate(() => (window as unknown as { changes: (string | null)[] }).changes);
      expect(changes.slice(changesBefore)).toContain('Visa');
      expect(changes.slice(changesBefore).every((brand) => brand === 'Visa')).toBe(true);

      await pay.click();
      // What the payer was shown is what was charged: the total, and its fee (the agency bears the service's own).
      const paid = await receipt(page);
      expect(paid).toMatchObject({ charged: '$100.00', funding: 'Card type: debit.' });
      expect(paid).not.toHaveProperty('feeLine');

      // Only BINs, never a card number, went out for the fee.
      expect(feeRequests.length).toBeGreaterThanOrEqual(2);
      for (const url of feeRequests) expect(new URL(url).searchParams.get('bin')).toMatch(/^\d{6,8}$/);
      expect(feeRequests.join()).not.toContain(VISA.number.slice(0, 9));
      expect(feeRequests.join()).not.toContain(VISA_DEBIT.number.slice(0, 9));
    },
  );
}

demoTest(
  'the receipt and the Payments page show the surcharge as its own, named line, and the funding: Riverside, credit, debit, then a bank account',
  async ({ page, demo }) => {
    await page.goto(`${demo.url}/dropin`);
    await choose(page, 'riverside');
    await expect(page.locator('paytoken-form').locator('button.pay')).toHaveText('Pay $103.00');
    await payWithDropin(page, VISA);
    const credit = await receipt(page);
    expect(credit).toMatchObject({
      charged: '$103.00',
      feeLine: 'Surcharge: $3.00',
      // The surcharge (3 %) is below the service's fee: the agency bears the rest.
      agencyNet: '$99.65',
      funding: 'Card type: credit.',
    });
    expect(credit).not.toHaveProperty('feeTransactionId');

    await page.locator('#receipt .again').click();
    await payWithDropin(page, VISA_DEBIT);
    await expect(page.locator('[data-receipt="transactionId"]')).not.toHaveText(credit.transactionId as string);
    const debit = await receipt(page);
    expect(debit).toMatchObject({ charged: '$100.00', funding: 'Card type: debit.' });
    expect(debit).not.toHaveProperty('feeLine');

    // A bank payment pays the account's ACH fee, no surcharge: a surcharge is on cards only.
    await page.locator('#receipt .again').click();
    await payWithDropin(page, BANK);
    await expect(page.locator('[data-receipt="transactionId"]')).not.toHaveText(debit.transactionId as string);
    const bank = await receipt(page);
    expect(bank).toMatchObject({ charged: '$101.00', feeLine: 'Payer fee: $1.00' });
    expect(bank).not.toHaveProperty('funding');

    // The same lines on the Payments page, row by row.
    await page.locator('#receipt a[href^="/payments"]').click();
    const field = (id: string | undefined, name: string) =>
      page.locator(`tr[data-transaction-id="${id}"] [data-field="${name}"]`);
    await expect(field(credit.transactionId, 'payerFee')).toHaveText('Surcharge: $3.00');
    await expect(field(credit.transactionId, 'funding')).toHaveText('credit');
    await expect(field(credit.transactionId, 'amount')).toHaveText('$103.00');
    await expect(field(debit.transactionId, 'payerFee')).toHaveText('—');
    await expect(field(debit.transactionId, 'funding')).toHaveText('debit');
    await expect(field(debit.transactionId, 'amount')).toHaveText('$100.00');
  },
);

demoTest(
  'a service fee charged as its own transaction: its line and id on the receipt; the Payments page links the two',
  async ({ page, service, demo }) => {
    // Springfield for this test only (the worker runs its tests one at a time), back as it was after.
    const setProgram = async (...args: string[]) => {
      const answer = await callAdmin(service.dataDir, ['set-fee-program', 'Springfield', ...args]);
      if (answer.error) throw new Error(answer.error);
    };
    await setProgram('serviceFee', '--separate-fee-transaction');
    try {
      await page.goto(`${demo.url}/dropin`);
      await choose(page, 'springfield');
      await payWithDropin(page, VISA);
      const paid = await receipt(page);
      expect(paid).toMatchObject({
        charged: '$103.25',
        feeLine: 'Service fee: $3.25',
        agencyNet: '$100.00',
        funding: 'Card type: credit.',
      });
      expect(paid.feeTransactionId).toMatch(/^\d+$/);
      expect(paid.feeTransactionId).not.toBe(paid.transactionId);

      await page.locator('#receipt a[href^="/payments"]').click();
      const row = (id: string | undefined) => page.locator(`tr[data-transaction-id="${id}"]`);
      const principal = row(paid.transactionId);
      const fee = row(paid.feeTransactionId);
      await expect(principal.locator('[data-field="amount"]')).toHaveText('$100.00');
      await expect(principal.locator('[data-field="payerFee"]')).toHaveText('—');
      await expect(principal.locator('[data-field="id"] a')).toHaveAttribute(
        'href',
        `#transaction-${paid.feeTransactionId}`,
      );
      await expect(fee.locator('[data-field="amount"]')).toHaveText('$3.25');
      await expect(fee.locator('[data-field="payerFee"]')).toHaveText('Service fee: $3.25');
      await expect(fee.locator('[data-field="funding"]')).toHaveText('credit');
      await fee.locator('[data-field="id"] a').click();
      await expect(page).toHaveURL(new RegExp(`#transaction-${paid.transactionId}$`));
    } finally {
      await setProgram('none');
    }
  },
);
