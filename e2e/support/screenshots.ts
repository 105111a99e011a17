/**
 * `npm run screenshots`: pictures for the docs (docs/form-card.png, docs/form-bank-errors.png,
 * docs/demo-checkout.png, docs/demo-phone-decline.png, docs/demo-phone-payments.png), taken in
 * Chromium against the real service and demo.
 */
import { chromium } from '@playwright/test';
import config from '../../playwright.config.js';
import { DECLINED, VISA, choose, payWithDropin, receipt, startDemoFor } from './checkout.js';
import { fillCard, openForm } from './form-page.js';
import { listen, staticFiles } from './http.js';
import { startServiceProcess } from './service.js';

const service = await startServiceProcess();
const pages = await listen(staticFiles(new URL('../pages/', import.meta.url).pathname));
const browser = await chromium.launch(config.use?.launchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 540, height: 780 }, deviceScaleFactor: 2 });
  const tag = `<paytoken-form public-key="${service.accounts.springfield.publicKey}" api-url="${service.url}" amount="100.00" card-fee="3.25" ach-fee="3.00"></paytoken-form>`;
  const { form } = await openForm(page, pages.url, service.url, tag);
  await fillCard(form, {
    name: 'Ada Lovelace',
    number: '4242424242424242',
    expiry: '1230',
    cvc: '123',
    postalCode: '12345',
  });
  await form.screenshot({ path: 'docs/form-card.png' });
  await form.getByRole('tab', { name: /Bank/ }).click();
  await form.locator('#routingNumber').pressSequentially('021000022');
  await form.locator('#accountNumber').pressSequentially('000123456789');
  await form.locator('button.pay').click();
  await form.screenshot({ path: 'docs/form-bank-errors.png' });
  const demo = await startDemoFor(service);
  const checkout = await browser.newPage({ viewport: { width: 560, height: 1000 }, deviceScaleFactor: 2 });
  await checkout.goto(`${demo.url}/dropin`);
  await choose(checkout, 'springfield');
  await payWithDropin(checkout, VISA);
  await receipt(checkout);
  await checkout.screenshot({ path: 'docs/demo-checkout.png', fullPage: true });
  // A phone (390 CSS px wide) after a decline: the message in the form, name and e-mail kept.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
  await phone.goto(`${demo.url}/dropin`);
  await choose(phone, 'springfield', '25.00');
  await payWithDropin(phone, DECLINED);
  await phone.locator('paytoken-form').getByRole('alert').filter({ hasText: 'declined' }).waitFor();
  await phone.screenshot({ path: 'docs/demo-phone-decline.png', fullPage: true });
  // The Payments page on the same phone: each payment a card of labelled lines, nothing off screen.
  await phone.goto(`${demo.url}/payments?account=springfield`);
  await phone.locator('#rows tr[data-transaction-id]').first().waitFor();
  await phone.screenshot({ path: 'docs/demo-phone-payments.png' });
  await demo.close();
  console.log(
    'wrote docs/form-card.png, docs/form-bank-errors.png, docs/demo-checkout.png, docs/demo-phone-decline.png, docs/demo-phone-payments.png',
  );
} finally {
  await browser.close();
  await pages.close();
  await service.stop();
}
