/** The drop-in form (/dropin) in Firefox: what e2e/checkout.spec.ts and e2e/payer.spec.ts check in Chromium. */
import type { Page } from 'puppeteer-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { pageOfEachTest } from './browser.js';
import {
  BANK,
  DECLINED,
  LOST_OR_STOLEN,
  VISA,
  choose,
  fillCardIn,
  payWithForm,
  receipt,
  textOf,
  transactionAsService,
  valueOf,
  watchForLeaks,
} from './checkout.js';

const run = inject('firefoxRun');
const DECLINE = 'The payment was declined. Please use another card or payment method.';

describe.skipIf(!run.firefox)('Firefox: demo checkout, drop-in form', () => {
  const pageNow = pageOfEachTest(run.firefox as string);
  let page: Page;
  beforeEach(async () => {
    page = pageNow();
    await page.goto(`${run.demoUrl}/dropin`);
  });

  it('card: $100.00 due to Springfield is $103.25 charged, $100.00 to the agency; nothing leaks', async () => {
    const leaks = watchForLeaks(page, run.serviceUrl);
    await choose(page, 'springfield');
    await fillCardIn(page.mainFrame(), VISA);
    // The masks group the digits and write the expiry as the payer reads it, in Firefox as in Chromium.
    expect(await valueOf(page, 'paytoken-form >>> #cardNumber')).toBe('4242 4242 4242 4242');
    expect(await valueOf(page, 'paytoken-form >>> #expiry')).toBe('12/30');
    await page.locator('paytoken-form >>> button.pay').click();
    const paid = await receipt(page);
    expect(paid).toMatchObject({
      charged: '$103.25',
      feeLine: 'Payer fee: $3.25',
      agencyNet: '$100.00',
      method: 'Visa ····4242',
    });
    expect(await transactionAsService(run, paid.transactionId as string, 'springfield')).toMatchObject({
      amount: 103.25,
      payerFee: 3.25,
      netAmount: 100,
      payerFeeMode: 'Included',
    });
    expect(await leaks.leaksOf([VISA.number, `"cvc":"${VISA.cvc}"`, VISA.cvc])).toEqual([]);
  });

  it('ACH: $100.00 due to Springfield is $103.00 charged; nothing leaks', async () => {
    const leaks = watchForLeaks(page, run.serviceUrl);
    await choose(page, 'springfield');
    await payWithForm(page.mainFrame(), BANK);
    const paid = await receipt(page);
    expect(paid).toMatchObject({
      charged: '$103.00',
      feeLine: 'Payer fee: $3.00',
      agencyNet: '$100.00',
      method: 'Bank account ····6789',
    });
    expect(await transactionAsService(run, paid.transactionId as string, 'springfield')).toMatchObject({
      amount: 103,
      netAmount: 100,
    });
    expect(await leaks.leaksOf([BANK.account])).toEqual([]);
  });

  it('a decline shows the readable decline in the form and keeps what the payer typed', async () => {
    await choose(page, 'springfield', '25.00');
    await payWithForm(page.mainFrame(), DECLINED);
    await expect.poll(() => textOf(page, 'paytoken-form >>> [role="alert"]'), { timeout: 15_000 }).toBe(DECLINE);
    expect(await valueOf(page, 'paytoken-form >>> #payer')).toBe('Ada Lovelace');
    expect(await valueOf(page, 'paytoken-form >>> #emailAddress')).toBe('ada@example.com');
    expect(await valueOf(page, 'paytoken-form >>> #cardNumber')).toBe('');
    expect(await page.$eval('#receipt', (element) => (element as HTMLElement).hidden)).toBe(true);
  });

  it('a card reported lost or stolen reads to the payer as a plain decline', async () => {
    await choose(page, 'springfield', '25.00');
    await payWithForm(page.mainFrame(), LOST_OR_STOLEN);
    await expect.poll(() => textOf(page, 'paytoken-form >>> [role="alert"]'), { timeout: 15_000 }).toBe(DECLINE);
    expect(await page.content()).not.toMatch(/lost|stolen/i);
  });
});
