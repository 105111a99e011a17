import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { openForm, watchOutcome } from './support/form-page.js';

/** Fills an input the way Chromium's autofill does: the value set, `input` and `change` fired, no focus, no keys. */
async function autofill(form: Locator, values: Record<string, string>): Promise<void> {
  await form.evaluate((element, entries) => {
    for (const [id, value] of Object.entries(entries)) {
      const input = element.shadowRoot?.querySelector<HTMLInputElement>(`#${id}`);
      if (!input) throw new Error(`#${id} is not in the form`);
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, values);
}

test.describe('<paytoken-form> masks built at the first input', () => {
  test('formats and validates what autofill fills in without focus, then pays', async ({ page, service, pages }) => {
    const key = service.accounts.springfield.publicKey;
    const { form } = await openForm(
      page,
      pages.url,
      service.url,
      `<paytoken-form public-key="${key}" api-url="${service.url}"></paytoken-form>`,
    );
    await autofill(form, {
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      cardHolder: 'Ada Lovelace',
      cardNumber: '4242424242424241',
      expiry: '12/2030',
      postalCode: '12345',
    });
    // Formatted as if typed, and checked: this number fails the Luhn check.
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4241');
    await expect(form.locator('#expiry')).toHaveValue('12/30');
    await expect(form.locator('[part="brand"]')).toHaveText('Visa');
    await form.locator('#cvc').pressSequentially('123');
    await form.locator('button.pay').click();
    await expect(form.locator('#cardNumber-error')).toHaveText('Card number is not valid.');

    await form.locator('#cardNumber').fill('');
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await expect(form.locator('#cardNumber-error')).toBeEmpty();
    await form.locator('#cvc').pressSequentially('123');
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    const { type, detail } = await outcome();
    expect(type).toBe('paytoken-token');
    const token: unknown = await (
      await service.asServer(service.accounts.springfield, `/api/v1/tokens/${String(detail.id)}`)
    ).json();
    expect(token).toMatchObject({ lastFour: '4242', expirationMonth: 12, expirationYear: 2030 });
  });
});
