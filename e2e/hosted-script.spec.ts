import type { Page, Request } from '@playwright/test';
import type { TokenResult } from '../src/tokenizer/index.js';
import { expect, test } from './fixtures.js';

/** The part of /scripts/manifest.json these tests read. */
interface Manifest {
  files: { 'paytoken.js': { immutableUrl: string; integrity: string } };
}

const CARD_NUMBER = '4242424242424242';
const card = {
  accountHolder: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  cvc: '123',
  month: '12',
  year: 2030,
  postalCode: '12345',
};

/** Opens the test page (one origin) with the hosted script from the service (another origin). */
async function openWithScript(page: Page, pagesUrl: string, scriptTag: string): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(`${pagesUrl}/hosted-script.html`);
  await page.evaluate((html) => {
    return new Promise<void>((resolve, reject) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      const original = holder.firstElementChild as HTMLScriptElement;
      const script = document.createElement('script');
      for (const { name, value } of Array.from(original.attributes)) script.setAttribute(name, value);
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('script failed to load'));
      document.body.append(script);
    });
  }, scriptTag);
  return requests;
}

test('tokenizes from another origin through real CORS and hands back only the id', async ({ page, service, pages }) => {
  const springfield = service.accounts.springfield;
  const requests = await openWithScript(
    page,
    pages.url,
    `<script src="${service.url}/scripts/paytoken.js" data-public-key="${springfield.publicKey}"></script>`,
  );
  expect(new URL(service.url).origin).not.toBe(new URL(pages.url).origin);

  const result = await page.evaluate(
    (data) =>
      new Promise<TokenResult>((resolve) => {
        void window.Paytoken.createToken(data, resolve);
      }),
    { payer: 'Ada Lovelace', emailAddress: 'ada@example.com', creditCardInformation: card },
  );
  expect(result).toEqual({ success: true, id: expect.stringMatching(/^tok_/) });

  const token = await service.asServer(springfield, `/api/v1/tokens/${(result as { id: string }).id}`);
  expect(await token.json()).toMatchObject({ transactionType: 'Visa', lastFour: '4242', payer: 'Ada Lovelace' });

  // The card number went in exactly one request: the POST to the service's /api/v1/tokens.
  const carrying = requests.filter(
    (request) => (request.postData() ?? '').includes(CARD_NUMBER) || request.url().includes(CARD_NUMBER),
  );
  expect(carrying.map((request) => `${request.method()} ${request.url()}`)).toEqual([
    `POST ${service.url}/api/v1/tokens`,
  ]);
  const stored = await page.evaluate(() =>
    JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]),
  );
  expect(stored).not.toContain('4242');
});

test('reports field problems without any request, in one readable message', async ({ page, service, pages }) => {
  const requests = await openWithScript(
    page,
    pages.url,
    `<script src="${service.url}/scripts/paytoken.js" data-public-key="${service.accounts.springfield.publicKey}"></script>`,
  );
  // The set-up check at load (e2e/set-up-checks.spec.ts) may still be on its way: count the tokens' requests.
  const tokenRequests = () => requests.filter((request) => request.url().includes('/api/v1/tokens')).length;
  const before = tokenRequests();
  const result = await page.evaluate((data) => window.Paytoken.createToken(data), {
    payer: 'Ada',
    emailAddress: 'ada@example.com',
    creditCardInformation: { ...card, cardNumber: '4242 4242 4242 4241', cvc: '1' },
  });
  expect(result).toMatchObject({
    success: false,
    code: 'VALIDATION_FAILED',
    errorMessage: 'Card number is not valid. Security code must be 3 digits (4 for American Express).',
  });
  expect(tokenRequests()).toBe(before);
});

test('loads a pinned version with its SRI integrity value, sent compressed, and the service answers errors readably', async ({
  page,
  service,
  pages,
}) => {
  const manifest = (await (await fetch(`${service.url}/scripts/manifest.json`)).json()) as Manifest;
  const entry = manifest.files['paytoken.js'];
  // What the browser was sent: brotli (the copy made at build), which it checks the integrity of once decoded.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const encodings = new Map<string, string | undefined>();
  cdp.on('Network.responseReceived', ({ response }) =>
    encodings.set(response.url, response.headers['content-encoding'] ?? response.headers['Content-Encoding']),
  );
  await openWithScript(
    page,
    pages.url,
    `<script src="${service.url}${entry.immutableUrl}" integrity="${entry.integrity}" crossorigin="anonymous" data-public-key="pk_not_a_real_key"></script>`,
  );
  const result = await page.evaluate((data) => window.Paytoken.createToken(data), {
    payer: 'Ada',
    emailAddress: 'ada@example.com',
    creditCardInformation: card,
  });
  expect(result).toEqual({
    success: false,
    code: 'PUBLIC_KEY_REJECTED',
    errorMessage: 'Payments are not available on this page right now.',
    errors: [],
  });
  expect(encodings.get(`${service.url}${entry.immutableUrl}`)).toBe('br');
});

test('a throwing callback is reported on the page and the script keeps working', async ({ page, service, pages }) => {
  await openWithScript(
    page,
    pages.url,
    `<script src="${service.url}/scripts/paytoken.js" data-public-key="${service.accounts.shelby.publicKey}"></script>`,
  );
  const outcome = await page.evaluate(
    async (data) => {
      const reported = new Promise<string>((resolve) =>
        window.addEventListener(
          'error',
          (event) => {
            event.preventDefault();
            resolve(event.message);
          },
          { once: true },
        ),
      );
      void window.Paytoken.createToken(data, () => {
        throw new Error('integrator bug');
      });
      const message = await reported;
      const next = await window.Paytoken.createToken(data);
      return { message, next };
    },
    { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: card },
  );
  expect(outcome.message).toContain('integrator bug');
  expect(outcome.next).toMatchObject({ success: true });
});

test('paytoken-form.js has the same Paytoken.createToken: its engine comes first, with the tag’s configuration', async ({
  page,
  service,
  pages,
}) => {
  const springfield = service.accounts.springfield;
  await page.route('**/paytoken-form-engine-*.js', (route) => route.abort());
  const requests = await openWithScript(
    page,
    pages.url,
    `<script src="${service.url}/scripts/paytoken-form.js" data-public-key="${springfield.publicKey}"></script>`,
  );
  const data = { payer: 'Ada Lovelace', emailAddress: 'ada@example.com', creditCardInformation: card };
  const engines = () => requests.filter((request) => request.url().includes('paytoken-form-engine'));
  expect(engines()).toEqual([]);
  // Without the engine: the callback still comes, once, with a readable failure.
  const blocked = await page.evaluate(
    (data) => new Promise<TokenResult>((resolve) => void window.Paytoken.createToken(data, resolve)),
    data,
  );
  expect(blocked).toMatchObject({ success: false, code: 'NETWORK_ERROR' });
  await page.unroute('**/paytoken-form-engine-*.js');
  const result = await page.evaluate(
    (data) => new Promise<TokenResult>((resolve) => void window.Paytoken.createToken(data, resolve)),
    data,
  );
  expect(result).toEqual({ success: true, id: expect.stringMatching(/^tok_/) });
  const token = await service.asServer(springfield, `/api/v1/tokens/${(result as { id: string }).id}`);
  expect(await token.json()).toMatchObject({ transactionType: 'Visa', lastFour: '4242' });
  // Field problems come from the engine's checks, as from paytoken.js's: no request.
  const invalid = await page.evaluate(
    (data) =>
      window.Paytoken.createToken({ ...data, creditCardInformation: { ...data.creditCardInformation, cvc: '1' } }),
    data,
  );
  expect(invalid).toMatchObject({ success: false, code: 'INVALID_CVC' });
  expect(requests.filter((request) => request.url().endsWith('/api/v1/tokens'))).toHaveLength(1);
  expect(engines().length).toBeGreaterThanOrEqual(2); // the blocked try, then the one that loaded
});
