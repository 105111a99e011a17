import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { VISA, checkoutUrl, fillCard } from './support/form-page.js';

/** Records each state the browser gives the form back (formStateRestoreCallback), before its script runs. */
async function recordRestoredStates(page: Page): Promise<() => Promise<unknown[][]>> {
  await page.addInitScript(() => {
    const define = customElements.define.bind(customElements);
    customElements.define = (name, constructor, options) => {
      const prototype = constructor.prototype as { formStateRestoreCallback?: (...args: unknown[]) => void };
      const restore = prototype.formStateRestoreCallback;
      prototype.formStateRestoreCallback = function (this: unknown, ...args: unknown[]) {
        ((window as unknown as { restored?: unknown[][] }).restored ??= []).push(args);
        restore?.apply(this, args);
      };
      define(name, constructor, options);
    };
  });
  return () => page.evaluate(() => (window as unknown as { restored?: unknown[][] }).restored ?? []);
}

test.describe('<paytoken-form> when the browser restores the page', () => {
  test('gets its method back, and never a card or account number', async ({ page, service, pages }) => {
    const restored = await recordRestoredStates(page);
    await page.goto(checkoutUrl(pages, service));
    const form = page.locator('paytoken-form');
    await fillCard(form);
    await form.getByRole('tab', { name: /Bank/ }).click();
    await form.locator('#routingNumber').pressSequentially('021000021');
    await form.locator('#accountNumber').pressSequentially('000123456789');

    await page.locator('#away').click();
    await page.waitForURL(/form\.html/);
    await page.goBack();
    await form.locator('button.pay').waitFor();

    const states = await restored();
    expect(states).toEqual([['ach', 'restore']]);
    expect(JSON.stringify(states)).not.toMatch(/4242|000123456789|021000021|Ada/);
    await expect(form.getByRole('tab', { name: /Bank/ })).toHaveAttribute('aria-selected', 'true');
    await expect(form.locator('#accountNumber')).toHaveValue('');
    await form.getByRole('tab', { name: /Card/ }).click();
    await expect(form.locator('#cardNumber')).toHaveValue('');
    await expect(form.locator('#cvc')).toHaveValue('');
  });

  test('does not get a token back: the outer form has no value until the payer pays again', async ({
    page,
    service,
    pages,
  }) => {
    const restored = await recordRestoredStates(page);
    await page.goto(checkoutUrl(pages, service));
    const form = page.locator('paytoken-form');
    await fillCard(form, VISA);
    const token = await form.evaluate((element: HTMLElement & { tokenize(): Promise<{ success: boolean }> }) =>
      element.tokenize(),
    );
    expect(token.success).toBe(true);
    expect(await page.evaluate(() => new FormData(document.forms[0]).get('tokenId'))).toMatch(/^tok_/);

    await page.locator('#away').click();
    await page.waitForURL(/form\.html/);
    await page.goBack();
    await form.locator('button.pay').waitFor();

    expect(await restored()).toEqual([['card', 'restore']]);
    expect(await page.evaluate(() => new FormData(document.forms[0]).get('tokenId'))).toBeNull();
    expect(await form.evaluate((element: HTMLElement & { checkValidity(): boolean }) => element.checkValidity())).toBe(
      false,
    );
  });
});
