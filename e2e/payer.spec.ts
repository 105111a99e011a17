/**
 * The payer's moments on the demo pages: the right method's fields, a Pay button only for a
 * valid amount, a finished state after paying, a decline that keeps what was typed, and each message
 * once, next to its field, in the words the payer sees.
 */
import { demoTest, expect } from './fixtures.js';
import type { Locator, Page } from '@playwright/test';
import { BANK, DECLINED, VISA, choose, payWithDropin, payWithScriptTag, receipt } from './support/checkout.js';
import { formInFrame } from './support/frame-page.js';
import { holdRequests } from './support/hold.js';

demoTest.use({ viewport: { width: 1000, height: 900 } });

demoTest('script tag: choosing "Bank account" shows only the bank fields', async ({ page, demo }) => {
  await page.goto(`${demo.url}/script-tag`);
  await page.locator('#method').selectOption('ach');
  await expect(page.locator('#routingNumber')).toBeVisible();
  await expect(page.locator('#cardNumber')).toBeHidden();
  await page.locator('#method').selectOption('card');
  await expect(page.locator('#routingNumber')).toBeHidden();
  await expect(page.locator('#cardNumber')).toBeVisible();
});

demoTest.describe('a bad amount leaves no live Pay button', () => {
  demoTest('drop-in form', async ({ page, demo }) => {
    await page.goto(`${demo.url}/dropin`);
    const pay = page.locator('paytoken-form').locator('button.pay');
    await expect(pay).toHaveText('Pay $103.25');
    await choose(page, 'springfield', 'abc');
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveText('Pay');
    await expect(page.locator('#fee-problem')).toHaveText('Enter an amount due above 0.00, such as 100.00.');
    await choose(page, 'springfield', '100.00');
    await expect(pay).toBeEnabled();
    await expect(pay).toHaveText('Pay $103.25');
  });

  demoTest('script tag', async ({ page, demo }) => {
    await page.goto(`${demo.url}/script-tag`);
    const pay = page.locator('button.pay');
    await expect(page.locator('#fees')).toContainText('$103.25');
    await choose(page, 'springfield', 'abc');
    await expect(pay).toBeDisabled();
    await expect(page.locator('#fees')).toBeEmpty();
    await expect(page.locator('#amountDue-error')).toHaveText('Enter an amount due above 0.00, such as 100.00.');
    await choose(page, 'springfield', '100.00');
    await expect(pay).toBeEnabled();
    await expect(page.locator('#fees')).toContainText('$103.25');
  });
});

demoTest.describe('after paying, the payer sees it', () => {
  demoTest('drop-in form: the form gives way to the receipt, in view and focused', async ({ page, demo }) => {
    await page.goto(`${demo.url}/dropin`);
    await choose(page, 'springfield');
    await payWithDropin(page, VISA);
    await expect(page.locator('#receipt')).toBeFocused();
    await expect(page.locator('#receipt')).toBeInViewport();
    await expect(page.locator('#receipt h2')).toHaveText('Paid $103.25');
    const form = page.locator('paytoken-form');
    await expect(form.locator('button.pay')).toBeHidden();
    // Starting again: the form is back with the payer's name, the card fields empty.
    await page.locator('#receipt .again').click();
    await expect(form.locator('button.pay')).toHaveText('Pay $103.25');
    await expect(form.locator('#payer')).toHaveValue('Ada Lovelace');
    await expect(form.locator('#cardNumber')).toHaveValue('');
  });

  demoTest('script tag: the form gives way to the receipt, focused', async ({ page, demo }) => {
    await page.goto(`${demo.url}/script-tag`);
    await choose(page, 'springfield');
    await payWithScriptTag(page, VISA);
    await expect(page.locator('#receipt')).toBeFocused();
    await expect(page.locator('#receipt')).toBeInViewport();
    await expect(page.locator('button.pay')).toBeHidden();
  });
});

demoTest.describe('a slow fee answer for an earlier amount never replaces a newer one', () => {
  const pages: [name: string, path: string, payButton: (page: Page) => Locator][] = [
    ['drop-in form', '/dropin', (page) => page.locator('paytoken-form').locator('button.pay')],
    ['isolated form', '/isolated', (page) => formInFrame(page).locator('button.pay')],
    ['script tag', '/script-tag', (page) => page.locator('button.pay')],
  ];
  for (const [name, path, payButton] of pages)
    demoTest(name, async ({ page, demo }) => {
      await page.goto(`${demo.url}${path}`);
      const pay = payButton(page);
      await expect(pay).toHaveText('Pay $103.25');
      // The answer for 40.00 is held until the answer for 25.00 has been shown.
      const release = await holdRequests(page, /\/checkout\/fees\?.*amount=40\.00/);
      await choose(page, 'springfield', '40.00');
      await choose(page, 'springfield', '25.00');
      const fees = (await (
        await page.request.get(`${demo.url}/checkout/fees?account=springfield&amount=25.00`)
      ).json()) as {
        creditCardPayerFee: number;
      };
      const total = `Pay $${(25 + fees.creditCardPayerFee).toFixed(2)}`;
      await expect(pay).toHaveText(total);
      const late = page.waitForEvent('requestfinished', (request) => request.url().includes('amount=40.00'));
      release();
      await late;
      // The late answer's handler runs in the next tasks; then the total must still be the newer one.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      await expect(pay).toHaveText(total);
      await expect(page.locator('#amountDue')).toHaveValue('25.00');
    });
});

demoTest.describe('a decline keeps what the payer typed', () => {
  demoTest('drop-in form: the message is in the form, focus on the card number', async ({ page, demo }) => {
    await page.goto(`${demo.url}/dropin`);
    await choose(page, 'springfield', '25.00');
    await payWithDropin(page, DECLINED);
    const form = page.locator('paytoken-form');
    await expect(form.getByRole('alert')).toHaveText(
      'The payment was declined. Please use another card or payment method.',
    );
    await expect(form.locator('#payer')).toHaveValue('Ada Lovelace');
    await expect(form.locator('#emailAddress')).toHaveValue('ada@example.com');
    await expect(form.locator('#cardHolder')).toHaveValue('Ada Lovelace');
    await expect(form.locator('#cardNumber')).toBeFocused();
    await expect(form.locator('#cardNumber')).toHaveValue('');
    await expect(page.locator('#receipt')).toBeHidden();
    // Another card goes through from there.
    await form.locator('#cardNumber').pressSequentially(VISA.number);
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially(VISA.cvc);
    await form.locator('button.pay').click();
    expect(await receipt(page)).toMatchObject({ charged: '$25.81' });
  });

  demoTest('drop-in form, bank account: the method stays chosen', async ({ page, demo }) => {
    await page.goto(`${demo.url}/dropin`);
    await choose(page, 'springfield');
    await payWithDropin(page, { ...BANK, account: '000111111113' });
    const form = page.locator('paytoken-form');
    await expect(form.getByRole('alert')).not.toBeEmpty();
    await expect(form.getByRole('tab', { name: 'Bank account' })).toHaveAttribute('aria-selected', 'true');
    await expect(form.locator('#routingNumber')).toBeFocused();
  });

  demoTest('script tag: name, e-mail and method stay; focus on the card number', async ({ page, demo }) => {
    await page.goto(`${demo.url}/script-tag`);
    await choose(page, 'springfield', '25.00');
    await payWithScriptTag(page, DECLINED);
    await expect(page.locator('#problem')).toHaveText(
      'The payment was declined. Please use another card or payment method.',
    );
    await expect(page.locator('#payer')).toHaveValue('Ada Lovelace');
    await expect(page.locator('#emailAddress')).toHaveValue('ada@example.com');
    await expect(page.locator('#cardNumber')).toBeFocused();
  });
});

demoTest.describe('each message names the field the payer sees, once, next to it', () => {
  demoTest('drop-in form: name on card and the account number confirmation', async ({ page, demo }) => {
    await page.goto(`${demo.url}/dropin`);
    const form = page.locator('paytoken-form');
    await form.locator('button.pay').click();
    await expect(form.locator('#cardHolder-error')).toHaveText('Name on card is required.');
    await form.getByRole('tab', { name: 'Bank account' }).click();
    await form.locator('button.pay').click();
    await expect(form.locator('#confirmAccountNumber-error')).toHaveText('Confirm the account number.');
  });

  demoTest('script tag: one message per field, beside it, and no repeated paragraph', async ({ page, demo }) => {
    await page.goto(`${demo.url}/script-tag`);
    await page.locator('button.pay').click();
    await expect(page.locator('[data-error="creditCardInformation.accountHolder"]')).toHaveText(
      'Name on card is required.',
    );
    await expect(page.locator('[data-error="payer"]')).toHaveText('Payer name is required.');
    await expect(page.locator('#problem')).toBeEmpty();
    // The payer's error sits right after the payer's input, not at the bottom of the form.
    const next = await page
      .locator('#payer')
      .evaluate((input) => (input.closest('label')?.nextElementSibling as HTMLElement).dataset.error);
    expect(next).toBe('payer');
    await expect(page.locator('#payer')).toBeFocused();
    await expect(page.locator('#cardNumber')).toHaveAttribute(
      'aria-describedby',
      'creditCardInformation.cardNumber-error',
    );
  });

  demoTest('a bank receipt says "Bank account", not "Ach"', async ({ page, demo }) => {
    await page.goto(`${demo.url}/script-tag`);
    await choose(page, 'springfield');
    await payWithScriptTag(page, BANK);
    expect(await receipt(page)).toMatchObject({ method: 'Bank account ····6789' });
  });
});

demoTest('every demo page has a favicon that loads', async ({ page, demo }) => {
  for (const path of ['/', '/dropin', '/script-tag']) {
    await page.goto(`${demo.url}${path}`);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href, path).toBeTruthy();
    const response = await page.request.get(new URL(href as string, page.url()).href);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
  }
});
