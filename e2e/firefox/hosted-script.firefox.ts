/**
 * The hosted script in Firefox: `Paytoken.createToken` on a page of another origin (as
 * e2e/hosted-script.spec.ts checks in Chromium), and the demo's script-tag page paying with it
 * (e2e/checkout.spec.ts).
 */
import type { Page } from 'puppeteer-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { TokenResult } from '../../src/tokenizer/index.js';
import { pageOfEachTest } from './browser.js';
import {
  BANK,
  DECLINED,
  LOST_OR_STOLEN,
  VISA,
  choose,
  payWithScriptTag,
  receipt,
  watchForLeaks,
  textOf,
  transactionAsService,
} from './checkout.js';

const run = inject('firefoxRun');
const DECLINE = 'The payment was declined. Please use another card or payment method.';

describe.skipIf(!run.firefox)('Firefox: the hosted script', () => {
  const pageNow = pageOfEachTest(run.firefox as string);
  let page: Page;
  beforeEach(() => {
    page = pageNow();
  });

  it('tokenizes from another origin through real CORS; the card goes only to POST /api/v1/tokens', async () => {
    const requests = watchForLeaks(page, run.serviceUrl);
    await page.goto(`${run.pagesUrl}/hosted-script.html`);
    expect(new URL(run.serviceUrl).origin).not.toBe(new URL(run.pagesUrl).origin);
    await page.evaluate(
      (src, publicKey) =>
        new Promise<void>((resolve, reject) => {
          const script = document.createElement('script');
          script.src = src;
          script.dataset.publicKey = publicKey;
          script.onload = () => resolve();
          script.onerror = () => reject(new Error('paytoken.js did not load'));
          document.body.append(script);
        }),
      `${run.serviceUrl}/scripts/paytoken.js`,
      run.accounts.springfield.publicKey,
    );
    const result = await page.evaluate(
      (data) => new Promise<TokenResult>((resolve) => void window.Paytoken.createToken(data, resolve)),
      {
        payer: 'Ada Lovelace',
        emailAddress: 'ada@example.com',
        creditCardInformation: {
          accountHolder: 'Ada Lovelace',
          cardNumber: '4242 4242 4242 4242',
          cvc: '123',
          month: '12',
          year: 2030,
          postalCode: '12345',
        },
      },
    );
    const id = (result as { id: string }).id;
    expect(result).toEqual({ success: true, id });
    expect(id).toMatch(/^tok_/);
    const { apiKey, apiSecret } = run.accounts.springfield;
    const token = await fetch(`${run.serviceUrl}/api/v1/tokens/${id}`, {
      headers: { authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}` },
    });
    expect(await token.json()).toMatchObject({ transactionType: 'Visa', lastFour: '4242', payer: 'Ada Lovelace' });
    expect(await requests.carrying(VISA.number)).toEqual([`POST ${run.serviceUrl}/api/v1/tokens`]);
    const stored = await page.evaluate(() =>
      JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]),
    );
    expect(stored).not.toContain('4242');
  });

  describe('the demo checkout, script tag', () => {
    beforeEach(() => page.goto(`${run.demoUrl}/script-tag`).then(() => undefined));

    it('card: $100.00 due to Springfield is $103.25 charged, $100.00 to the agency; nothing leaks', async () => {
      const leaks = watchForLeaks(page, run.serviceUrl);
      await choose(page, 'springfield');
      await payWithScriptTag(page, VISA);
      const paid = await receipt(page);
      expect(paid).toMatchObject({
        charged: '$103.25',
        feeLine: 'Payer fee: $3.25',
        agencyNet: '$100.00',
        method: 'Visa ····4242',
      });
      expect(await transactionAsService(run, paid.transactionId as string, 'springfield')).toMatchObject({
        amount: 103.25,
        netAmount: 100,
      });
      expect(await leaks.leaksOf([VISA.number, `"cvc":"${VISA.cvc}"`, VISA.cvc])).toEqual([]);
    });

    it('ACH: $100.00 due to Springfield is $103.00 charged; nothing leaks', async () => {
      const leaks = watchForLeaks(page, run.serviceUrl);
      await choose(page, 'springfield');
      await payWithScriptTag(page, BANK);
      expect(await receipt(page)).toMatchObject({ charged: '$103.00', method: 'Bank account ····6789' });
      expect(await leaks.leaksOf([BANK.account])).toEqual([]);
    });

    it('a decline shows the readable decline above the button', async () => {
      await choose(page, 'springfield', '25.00');
      await payWithScriptTag(page, DECLINED);
      await expect.poll(() => textOf(page, '#problem'), { timeout: 15_000 }).toBe(DECLINE);
      expect(await page.$eval('#receipt', (element) => (element as HTMLElement).hidden)).toBe(true);
    });

    it('a card reported lost or stolen reads to the payer as a plain decline', async () => {
      await choose(page, 'springfield', '25.00');
      await payWithScriptTag(page, LOST_OR_STOLEN);
      await expect.poll(() => textOf(page, '#problem'), { timeout: 15_000 }).toBe(DECLINE);
    });
  });
});
