/**
 * <paytoken-form> under the keyboard in Firefox: the caret through a regroup, undo of a paste, and
 * a payment with the keyboard alone, as e2e/form.spec.ts checks them in Chromium. Firefox's own
 * editor handles the keys here, not Chromium's.
 */
import type { Page } from 'puppeteer-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { pageOfEachTest } from './browser.js';
import { valueOf } from './checkout.js';

const run = inject('firefoxRun');

/** The test page (one origin) with Springfield's form and paytoken-form.js from the service (another). */
async function openForm(page: Page, extra = ''): Promise<void> {
  await page.goto(`${run.pagesUrl}/form.html`);
  await page.evaluate(
    (src, markup) => {
      document.querySelector('main')?.insertAdjacentHTML('beforeend', markup);
      return new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('paytoken-form.js did not load'));
        document.head.append(script);
      });
    },
    `${run.serviceUrl}/scripts/paytoken-form.js`,
    `<paytoken-form public-key="${run.accounts.springfield.publicKey}" api-url="${run.serviceUrl}" ${extra}></paytoken-form>`,
  );
  await page.waitForSelector('paytoken-form >>> button.pay');
}

/** Focuses the card number and waits for the form's engine (its masks), so each key is masked. */
async function focusNumberWithMasks(page: Page): Promise<void> {
  await page.focus('paytoken-form >>> #cardNumber');
  await page.waitForFunction(() => 'PaytokenFormEngine' in window);
}

const NUMBER = 'paytoken-form >>> #cardNumber';
const CVC = 'paytoken-form >>> #cvc';

/** Ctrl+`key` (z undoes, y redoes). */
async function withControl(page: Page, key: string): Promise<void> {
  await page.keyboard.down('Control');
  await page.keyboard.press(key as 'z');
  await page.keyboard.up('Control');
}

describe.skipIf(!run.firefox)('Firefox: <paytoken-form> under the keyboard', () => {
  const pageNow = pageOfEachTest(run.firefox as string);
  let page: Page;
  beforeEach(() => {
    page = pageNow();
  });

  it('regrouping for a new brand keeps the caret where the payer is typing', async () => {
    await openForm(page);
    await focusNumberWithMasks(page);
    await page.keyboard.type('4282246310005');
    expect(await valueOf(page, NUMBER)).toBe('4282 2463 1000 5');
    await page.keyboard.press('Home');
    await page.keyboard.press('Delete');
    await page.keyboard.type('37');
    await expect
      .poll(() => page.$eval('paytoken-form >>> [part="brand"]', (brand) => brand.textContent))
      .toBe('American Express');
    expect(await valueOf(page, NUMBER)).toBe('3728 224631 0005');
    await page.keyboard.type('8');
    expect(await valueOf(page, NUMBER)).toBe('3782 822463 10005');
  });

  it('one Ctrl+Z undoes a paste that a new brand regrouped', async () => {
    await openForm(page);
    await focusNumberWithMasks(page);
    await page.keyboard.type('3');
    // As a paste: one input event, no keys (puppeteer's BiDi keyboard sends one character at a time).
    await page.evaluate(() => document.execCommand('insertText', false, '782822463100051'));
    expect(await valueOf(page, NUMBER)).toBe('3782 822463 10005');
    await withControl(page, 'z');
    expect(await valueOf(page, NUMBER)).toBe('3');
    await withControl(page, 'y');
    expect(await valueOf(page, NUMBER)).toBe('3782 822463 10005');
  });

  it('undo and redo across a regroup keep the caret, and leave the CVC its own history', async () => {
    await openForm(page);
    await page.focus(CVC);
    await page.waitForFunction(() => 'PaytokenFormEngine' in window); // each digit is a step
    await page.keyboard.type('1234');
    await withControl(page, 'z');
    await withControl(page, 'z');
    expect(await valueOf(page, CVC)).toBe('12');
    await page.focus(NUMBER);
    await page.keyboard.type('4282246310005');
    await page.keyboard.press('Home');
    await page.keyboard.press('Delete');
    await page.keyboard.type('37');
    expect(await valueOf(page, NUMBER)).toBe('3728 224631 0005');
    await withControl(page, 'z');
    expect(await valueOf(page, NUMBER)).toBe('3282 2463 1000 5');
    await withControl(page, 'y');
    await page.keyboard.type('8');
    expect(await valueOf(page, NUMBER)).toBe('3782 822463 10005');
    await page.focus(CVC);
    await withControl(page, 'y'); // the brand changed the CVC's length, not what it can redo
    expect(await valueOf(page, CVC)).toBe('123');
  });

  it('can be completed with the keyboard alone, and Enter pays', async () => {
    await openForm(page, 'payer="Ada Lovelace" email-address="ada@example.com"');
    const outcome = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const form = document.querySelector('paytoken-form') as HTMLElement;
          form.addEventListener('paytoken-token', (event) =>
            resolve(`${event.type} ${(event as Event & { id: string }).id}`),
          );
          form.addEventListener('paytoken-error', (event) =>
            resolve(`${event.type} ${(event as Event & { code: string }).code}`),
          );
        }),
    );
    await page.focus('paytoken-form >>> [role="tab"]');
    await page.keyboard.press('ArrowRight');
    expect(await page.$eval('paytoken-form', (form) => form.shadowRoot?.activeElement?.textContent?.trim())).toBe(
      'Bank account',
    );
    await page.keyboard.press('ArrowLeft');
    for (const text of ['Ada Lovelace', '4242424242424242', '1230', '123', '12345']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    await page.keyboard.press('Tab');
    expect(await page.$eval('paytoken-form', (form) => form.shadowRoot?.activeElement?.className)).toContain('pay');
    await page.keyboard.press('Enter');
    expect(await outcome).toMatch(/^paytoken-token tok_/);
  });
});
