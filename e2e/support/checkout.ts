/** Named helpers for the demo checkout pages: pay with a card or a bank account, read the receipt, watch for leaks. */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startDemo, type DemoOptions } from '../../demo/server.js';
import { leaksIn, pageText } from './leaks.js';
import type { ServiceProcess } from './service.js';

export const startDemoFor = (service: ServiceProcess, options: Partial<DemoOptions> = {}) =>
  startDemo({
    serviceUrl: service.url,
    system: service.accounts.system,
    clients: {
      springfield: service.accounts.springfield,
      shelby: service.accounts.shelby,
      riverside: service.accounts.riverside,
    },
    mailboxDir: join(service.dataDir, 'mailbox'),
    ...options,
  });

export interface CardInput {
  number: string;
  expiry: { month: string; year: string };
  cvc: string;
}
export const VISA: CardInput = { number: '4242424242424242', expiry: { month: '12', year: '2030' }, cvc: '737' };
export const DECLINED: CardInput = { ...VISA, number: '4000000000000002' };
export const LOST_OR_STOLEN: CardInput = { ...VISA, number: '4000000000009987' };
export const BANK = { routing: '021000021', account: '000123456789' };

export async function choose(
  page: Page,
  account: 'springfield' | 'shelby' | 'riverside',
  amountDue = '100.00',
): Promise<void> {
  await page.locator('#account').selectOption(account);
  await page.locator('#amountDue').fill(amountDue);
  await page.locator('#amountDue').dispatchEvent('change');
}

/** Types Ada's name, e-mail and `card` into a <paytoken-form> (on the page or in its frame). */
export async function fillCardIn(form: Locator, card: CardInput): Promise<void> {
  await form.locator('#payer').fill('Ada Lovelace');
  await form.locator('#emailAddress').fill('ada@example.com');
  await form.locator('#cardHolder').fill('Ada Lovelace');
  await form.locator('#cardNumber').pressSequentially(card.number);
  await form.locator('#expiry').pressSequentially(`${card.expiry.month}${card.expiry.year.slice(2)}`);
  await form.locator('#cvc').pressSequentially(card.cvc);
}

/** A card token of `account`'s, made by a server with key and secret (acting for `client`): the id a page sends. */
export async function cardTokenAsServer(
  service: ServiceProcess,
  account: Parameters<ServiceProcess['asServer']>[0],
  client?: { impersonationKey: string | null },
  card: CardInput = VISA,
): Promise<string> {
  const made = await service.asServer(account, '/api/v1/tokens', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(client?.impersonationKey && { impersonationAccountKey: client.impersonationKey }),
    },
    body: JSON.stringify({
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      creditCardInformation: {
        accountHolder: 'Ada Lovelace',
        cardNumber: card.number,
        cvc: card.cvc,
        month: '12',
        year: 2030,
      },
    }),
  });
  if (made.status !== 201) throw new Error(`POST /api/v1/tokens answered ${made.status}`);
  return ((await made.json()) as { id: string }).id;
}

/** The drop-in page: fill <paytoken-form> and press its button. */
export async function payWithDropin(page: Page, source: CardInput | typeof BANK): Promise<void> {
  const form = page.locator('paytoken-form');
  if ('number' in source) {
    await fillCardIn(form, source);
  } else {
    await form.locator('#payer').fill('Ada Lovelace');
    await form.locator('#emailAddress').fill('ada@example.com');
    await form.getByRole('tab', { name: 'Bank account' }).click();
    await form.locator('#bankHolder').fill('Ada Lovelace');
    await form.locator('#accountType').selectOption('PersonalChecking');
    await form.locator('#routingNumber').pressSequentially(source.routing);
    await form.locator('#accountNumber').pressSequentially(source.account);
    await form.locator('#confirmAccountNumber').pressSequentially(source.account);
  }
  await form.locator('button.pay').click();
}

/** The script-tag page: the page's own fields and Paytoken.createToken. */
export async function payWithScriptTag(page: Page, source: CardInput | typeof BANK): Promise<void> {
  await page.locator('#payer').fill('Ada Lovelace');
  await page.locator('#emailAddress').fill('ada@example.com');
  if ('number' in source) {
    await page.locator('#method').selectOption('card');
    await page.locator('#accountHolder').fill('Ada Lovelace');
    await page.locator('#cardNumber').fill(source.number);
    await page.locator('#month').fill(source.expiry.month);
    await page.locator('#year').fill(source.expiry.year);
    await page.locator('#cvc').fill(source.cvc);
  } else {
    await page.locator('#method').selectOption('ach');
    await page.locator('#routingNumber').fill(source.routing);
    await page.locator('#accountNumber').fill(source.account);
  }
  await page.locator('button.pay').click();
}

export async function receipt(page: Page): Promise<Record<string, string>> {
  await page.locator('#receipt').waitFor({ state: 'visible' });
  const entries = await page
    .locator('[data-receipt]')
    .evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-receipt'), cell.textContent]));
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * Records everything a page sends and receives, logs and stores, so a test can ask where a secret
 * went: the only allowed place is the body of `POST {service}/api/v1/tokens`.
 */
export function watchForLeaks(page: Page, serviceUrl: string) {
  const sent: { url: string; method: string; body: string }[] = [];
  const received: { url: string; body: string }[] = [];
  const console: string[] = [];
  page.on('request', (request) =>
    sent.push({ url: request.url(), method: request.method(), body: request.postData() ?? '' }),
  );
  page.on(
    'response',
    (response) =>
      void response.text().then(
        (body) => received.push({ url: response.url(), body }),
        () => undefined,
      ),
  );
  page.on('console', (message) => console.push(message.text()));
  return {
    /** Where each secret appears, besides the one allowed request. */
    async leaksOf(secrets: string[]): Promise<string[]> {
      await page.waitForLoadState('networkidle');
      const stored = await page.evaluate(() =>
        JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]),
      );
      const cookies = JSON.stringify(await page.context().cookies());
      const dom = await page.evaluate(pageText);
      return leaksIn({ sent, received, logged: console, stored: [stored, cookies], dom }, secrets, serviceUrl);
    },
    tokenRequests: () => sent.filter((request) => request.url.endsWith('/api/v1/tokens') && request.method === 'POST'),
  };
}
