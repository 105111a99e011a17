/**
 * `<paytoken-frame>` in Firefox: the demo's isolated form (/isolated), the page (127.0.0.1) and the
 * service's frame (localhost) on two origins, as e2e/frame.spec.ts checks in Chromium.
 */
import type { Page } from 'puppeteer-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { pageOfEachTest } from './browser.js';
import {
  BANK,
  DECLINED,
  VISA,
  choose,
  fillCardIn,
  frameOf,
  payWithForm,
  receipt,
  watchForLeaks,
  textOf,
  valueOf,
} from './checkout.js';

const run = inject('firefoxRun');

/** Records, in the page itself, every `message` event its window receives: what a script on the page could see. */
async function recordMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { recordedMessages: string[] }).recordedMessages = seen;
    addEventListener('message', (event) => seen.push(`${event.origin} ${JSON.stringify(event.data)}`), true);
  });
  return () => page.evaluate(() => (window as unknown as { recordedMessages: string[] }).recordedMessages);
}

describe.skipIf(!run.firefox)('Firefox: demo checkout, isolated form (<paytoken-frame>)', () => {
  const pageNow = pageOfEachTest(run.firefox as string);
  let page: Page;
  beforeEach(() => {
    page = pageNow();
  });

  it('card: a payment through the frame; the page never sees card data', async () => {
    const messages = await recordMessages(page);
    const requests = watchForLeaks(page, run.serviceUrl);
    await page.goto(`${run.demoUrl}/isolated`);
    await choose(page, 'springfield');
    const frame = await frameOf(page);
    await fillCardIn(frame, VISA);
    // imask arrived inside the frame too (its script passes the frame page's CSP and integrity).
    expect(await valueOf(frame, 'paytoken-form >>> #cardNumber')).toBe('4242 4242 4242 4242');
    await frame.locator('paytoken-form >>> button.pay').click();
    expect(await receipt(page)).toMatchObject({ charged: '$103.25', method: 'Visa ····4242' });

    // The page's own JavaScript cannot reach the card input: the frame is another origin.
    const reach = await page.evaluate(() => {
      const iframe = document.querySelector('paytoken-frame')?.shadowRoot?.querySelector('iframe');
      try {
        return iframe?.contentDocument ?? iframe?.contentWindow?.document ?? 'no document';
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    });
    expect(reach).toBe('refused: SecurityError');
    const seen = (await messages()).join('\n');
    for (const secret of [VISA.number, '4242 4242', '12/30']) expect(seen).not.toContain(secret);
    expect(seen).toContain('"type":"event","name":"paytoken-token","detail":{"id":"tok_');
    // The card went from the frame to the service only.
    expect(await requests.carrying(VISA.number)).toEqual([`POST ${run.serviceUrl}/api/v1/tokens`]);
    expect(await page.content()).not.toContain(VISA.number);
  });

  it('bank account: no account number reaches the page', async () => {
    const messages = await recordMessages(page);
    await page.goto(`${run.demoUrl}/isolated`);
    await choose(page, 'springfield');
    await payWithForm(await frameOf(page), BANK);
    expect(await receipt(page)).toMatchObject({ charged: '$103.00' });
    expect((await messages()).join('\n')).not.toContain(BANK.account);
  });

  it("Shelby, then a decline shown inside the frame with the payer's name kept", async () => {
    await page.goto(`${run.demoUrl}/isolated`);
    await choose(page, 'shelby', '25.00');
    // Another client: a new frame page, with Shelby's fees.
    await expect
      .poll(async () => textOf(await frameOf(page), 'paytoken-form >>> button.pay'), { timeout: 15_000 })
      .toBe('Pay $25.88');
    const frame = await frameOf(page);
    await payWithForm(frame, DECLINED);
    await expect
      .poll(() => textOf(frame, 'paytoken-form >>> [part="alert"]'), { timeout: 15_000 })
      .toBe('The payment was declined. Please use another card or payment method.');
    expect(await valueOf(frame, 'paytoken-form >>> #payer')).toBe('Ada Lovelace');
    expect(await valueOf(frame, 'paytoken-form >>> #cardNumber')).toBe('');
    expect(await page.$eval('#receipt', (element) => (element as HTMLElement).hidden)).toBe(true);
  });
});
