/**
 * The demo checkout driven in Firefox: the same payer steps as e2e/support/checkout.ts, in
 * puppeteer-core's words. `>>>` reaches into <paytoken-form>'s shadow root.
 */
import type { Frame, Page } from 'puppeteer-core';
import { BANK, type CardInput } from '../support/checkout.js';
import { leaksIn, pageText } from '../support/leaks.js';
import type { Account } from '../support/service.js';

export { BANK, DECLINED, LOST_OR_STOLEN, VISA, type CardInput } from '../support/checkout.js';

/** The account and amount due, as a payer picks them on a demo page. */
export async function choose(page: Page, account: 'springfield' | 'shelby', amountDue = '100.00'): Promise<void> {
  await page.select('#account', account);
  await page.locator('#amountDue').fill(amountDue);
  await page.$eval('#amountDue', (input) => input.dispatchEvent(new Event('change', { bubbles: true })));
}

/** Types into a field of the <paytoken-form> in `scope` (the page, or the frame of <paytoken-frame>). */
const typeIn = (scope: Frame, id: string, text: string) => scope.locator(`paytoken-form >>> #${id}`).fill(text);

/** Types Ada's name, e-mail and `card` into a <paytoken-form>, key by key (its masks see each key). */
export async function fillCardIn(scope: Frame, card: CardInput): Promise<void> {
  await typeIn(scope, 'payer', 'Ada Lovelace');
  await typeIn(scope, 'emailAddress', 'ada@example.com');
  await typeIn(scope, 'cardHolder', 'Ada Lovelace');
  await typeIn(scope, 'cardNumber', card.number);
  await typeIn(scope, 'expiry', `${card.expiry.month}${card.expiry.year.slice(2)}`);
  await typeIn(scope, 'cvc', card.cvc);
}

export async function fillBankIn(scope: Frame, source: typeof BANK): Promise<void> {
  await typeIn(scope, 'payer', 'Ada Lovelace');
  await typeIn(scope, 'emailAddress', 'ada@example.com');
  await scope.locator('paytoken-form >>> [role="tab"]::-p-text(Bank account)').click();
  await typeIn(scope, 'bankHolder', 'Ada Lovelace');
  await scope.locator('paytoken-form >>> #accountType').fill('PersonalChecking');
  await typeIn(scope, 'routingNumber', source.routing);
  await typeIn(scope, 'accountNumber', source.account);
  await typeIn(scope, 'confirmAccountNumber', source.account);
}

/** Fills <paytoken-form> in `scope` and presses its button. */
export async function payWithForm(scope: Frame, source: CardInput | typeof BANK): Promise<void> {
  await ('number' in source ? fillCardIn(scope, source) : fillBankIn(scope, source));
  await scope.locator('paytoken-form >>> button.pay').click();
}

/** The script-tag page: the page's own fields and Paytoken.createToken. */
export async function payWithScriptTag(page: Page, source: CardInput | typeof BANK): Promise<void> {
  await page.locator('#payer').fill('Ada Lovelace');
  await page.locator('#emailAddress').fill('ada@example.com');
  if ('number' in source) {
    await page.select('#method', 'card');
    await page.locator('#accountHolder').fill('Ada Lovelace');
    await page.locator('#cardNumber').fill(source.number);
    await page.locator('#month').fill(source.expiry.month);
    await page.locator('#year').fill(source.expiry.year);
    await page.locator('#cvc').fill(source.cvc);
  } else {
    await page.select('#method', 'ach');
    await page.locator('#routingNumber').fill(source.routing);
    await page.locator('#accountNumber').fill(source.account);
  }
  await page.locator('button.pay').click();
}

/** The frame of the <paytoken-frame> on `page`, once its form has rendered. */
export async function frameOf(page: Page): Promise<Frame> {
  const iframe = await page.waitForSelector('paytoken-frame >>> iframe');
  const frame = await iframe?.contentFrame();
  if (!frame) throw new Error('<paytoken-frame> has no frame');
  await frame.waitForSelector('paytoken-form >>> button.pay');
  return frame;
}

/** The receipt's cells by name, once it shows. */
export async function receipt(page: Page): Promise<Record<string, string>> {
  await page.waitForSelector('#receipt', { visible: true });
  return page.$$eval('[data-receipt]', (cells) =>
    Object.fromEntries(cells.map((cell) => [cell.getAttribute('data-receipt') ?? '', cell.textContent ?? ''])),
  );
}

/** The value of the input `selector` finds in `scope`. */
export const valueOf = (scope: Frame | Page, selector: string): Promise<string> =>
  scope.$eval(selector, (input) => (input as HTMLInputElement).value);

/** The text of the first element `selector` finds in `scope` ('' when there is none yet). */
export const textOf = (scope: Frame | Page, selector: string): Promise<string> =>
  scope.$(selector).then((element) => element?.evaluate((node) => node.textContent ?? '') ?? '');

/** What the service itself says of a transaction, asked as the demo's system account for `client`. */
export async function transactionAsService(
  run: { serviceUrl: string; accounts: Record<'system' | 'springfield' | 'shelby', Account> },
  id: string,
  client: 'springfield' | 'shelby',
): Promise<unknown> {
  const { apiKey, apiSecret } = run.accounts.system;
  const response = await fetch(`${run.serviceUrl}/api/v1/transactions/${id}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`,
      impersonationAccountKey: run.accounts[client].impersonationKey as string,
    },
  });
  return response.json();
}

/**
 * Records everything `page` sends and receives, logs and stores, so a test can ask where a secret
 * went: the only allowed place is the body of `POST {service}/api/v1/tokens` (as
 * e2e/support/checkout.ts's watchForLeaks asks in Chromium). Over WebDriver BiDi a request's and a
 * response's bodies are read from Firefox after the fact (`network.getData`).
 */
export function watchForLeaks(page: Page, serviceUrl: string) {
  const sent: Promise<{ method: string; url: string; body: string }>[] = [];
  const received: Promise<{ url: string; body: string }>[] = [];
  const logged: string[] = [];
  page.on('request', (request) => {
    sent.push(
      (request.hasPostData() ? request.fetchPostData() : Promise.resolve(undefined)).then(
        (body) => ({ method: request.method(), url: request.url(), body: body ?? '' }),
        (error: Error) => ({ method: request.method(), url: request.url(), body: `(body not read: ${error.message})` }),
      ),
    );
  });
  page.on('response', (response) => {
    // A preflight or a redirect has no body to read.
    received.push(
      response.text().then(
        (body) => ({ url: response.url(), body }),
        () => ({ url: response.url(), body: '' }),
      ),
    );
  });
  page.on('console', (message) => logged.push(message.text()));
  return {
    /** `METHOD url` of each request whose address or body holds `secret`. */
    async carrying(secret: string): Promise<string[]> {
      return (await Promise.all(sent))
        .filter((request) => request.url.includes(secret) || request.body.includes(secret))
        .map((request) => `${request.method} ${request.url}`);
    },
    /** Where each secret appears, besides the one allowed request. */
    async leaksOf(secrets: string[]): Promise<string[]> {
      const stored = await page.evaluate(() =>
        JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]),
      );
      const dom = await page.evaluate(pageText);
      const [requests, responses] = await Promise.all([Promise.all(sent), Promise.all(received)]);
      return leaksIn({ sent: requests, received: responses, logged, stored: [stored], dom }, secrets, serviceUrl);
    },
  };
}
