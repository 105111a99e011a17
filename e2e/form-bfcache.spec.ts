import config from '../playwright.config.js';
import { expect, test } from './fixtures.js';
import { checkoutUrl, fillCard } from './support/form-page.js';

// Playwright turns the back-forward cache off by default; a payer's Chromium has it on.
test.use({
  launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
});

test.describe('<paytoken-form> when the page comes back from the back-forward cache', () => {
  test('shows no card number, CVC or account number the payer had typed before leaving', async ({
    page,
    service,
    pages,
  }) => {
    await page.goto(checkoutUrl(pages, service));
    const form = page.locator('paytoken-form');
    await fillCard(form);
    await page.evaluate(() =>
      addEventListener('pageshow', (event) => ((window as unknown as { cached: boolean }).cached = event.persisted)),
    );

    await page.locator('#away').click();
    await page.waitForURL(/form\.html/);
    // A page from the cache fires no "load": it is back once its pageshow said so.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { cached?: boolean }).cached === true);

    for (const id of ['cardNumber', 'expiry', 'cvc']) await expect(form.locator(`#${id}`)).toHaveValue('');
    await expect(form.locator('#cardHolder')).toHaveValue('Ada Lovelace');
    await form.getByRole('tab', { name: /Bank/ }).click();
    await form.locator('#accountNumber').pressSequentially('000123456789');
    await page.locator('#away').click();
    await page.waitForURL(/form\.html/);
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { cached?: boolean }).cached === true);
    await expect(form.locator('#accountNumber')).toHaveValue('');
  });
});
