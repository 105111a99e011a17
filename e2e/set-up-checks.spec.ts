/**
 * A page set up wrongly is told so when the browser kit starts, before a payer types anything
 * (src/tokenizer/set-up.ts, GET /api/v1/publicKeys/check): once in the console, with what to do,
 * while the payer reads one line that blames nobody.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { openForm } from './support/form-page.js';
import { accountFor } from './support/frame-page.js';

const PAYER_LINE = 'Payments are not available on this page right now.';
const card = {
  accountHolder: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  cvc: '123',
  month: '12',
  year: 2030,
  postalCode: '12345',
};

/** Every console message of the page that the kit wrote, from now on. */
function kitConsole(page: Page): ConsoleMessage[] {
  const seen: ConsoleMessage[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Paytoken:')) seen.push(message);
  });
  return seen;
}

/**
 * Opens the hosted-script page with `paytoken.js` from the service and `data` on its tag, and waits
 * until the script's check has been answered and its answer handled (one task later).
 */
async function openScript(page: Page, pagesUrl: string, serviceUrl: string, data: Record<string, string>) {
  await page.goto(`${pagesUrl}/hosted-script.html`);
  const checked = page.waitForResponse((response) => response.url().includes('/api/v1/publicKeys/check'));
  await page.evaluate(
    ({ src, data }) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        for (const [name, value] of Object.entries(data)) script.dataset[name] = value;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('paytoken.js did not load'));
        document.body.append(script);
      }),
    { src: `${serviceUrl}/scripts/paytoken.js`, data },
  );
  await (await checked).finished();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

const pay = (page: Page) =>
  page.evaluate(
    (creditCardInformation) =>
      window.Paytoken.createToken({ payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation }),
    card,
  );

test.describe('the hosted script checks its set-up when it starts', () => {
  test('a right key on an allowed page: one check, nothing said', async ({ page, service, pages }) => {
    const said = kitConsole(page);
    await openScript(page, pages.url, service.url, { publicKey: service.accounts.springfield.publicKey });
    expect(said).toEqual([]);
    expect(await pay(page)).toMatchObject({ success: true });
  });

  test('no public key: the console names data-public-key and Paytoken.configure', async ({ page, service, pages }) => {
    const said = kitConsole(page);
    await openScript(page, pages.url, service.url, {});
    expect(said.map((message) => message.type())).toEqual(['error']);
    expect(said[0]?.text()).toContain('`data-public-key` on the paytoken.js script tag');
    expect(said[0]?.text()).toContain('Paytoken.configure({ publicKey })');
    expect(await pay(page)).toEqual({
      success: false,
      code: 'MISSING_PUBLIC_KEY',
      errorMessage: PAYER_LINE,
      errors: [],
    });
  });

  test('the API secret in the page: not a public key, rotate it now, and the secret is not repeated', async ({
    page,
    service,
    pages,
  }) => {
    const said = kitConsole(page);
    const { apiSecret } = service.accounts.springfield;
    await openScript(page, pages.url, service.url, { publicKey: apiSecret });
    expect(said).toHaveLength(1);
    expect(said[0]?.type()).toBe('error');
    expect(said[0]?.text()).toContain('This is an API secret (sk_…), not a public key.');
    expect(said[0]?.text()).toContain('rotate it now (`npm run accounts -- rotate-secret NAME`)');
    expect(said[0]?.text()).not.toContain(apiSecret);
    expect(await pay(page)).toMatchObject({ success: false, code: 'PUBLIC_KEY_REJECTED', errorMessage: PAYER_LINE });
  });

  for (const [which, code, says] of [
    ['apiKey', 'API_KEY_IN_PAGE', 'This is an API key (ak_…), not a public key'],
    ['impersonationKey', 'IMPERSONATION_KEY_IN_PAGE', 'This is an impersonation key (imp_…), not a public key'],
  ] as const) {
    test(`the ${which} in the page: ${code}`, async ({ page, service, pages }) => {
      const said = kitConsole(page);
      await openScript(page, pages.url, service.url, { publicKey: service.accounts.shelby[which] ?? '' });
      expect(said.map((message) => [message.type(), message.text()])).toEqual([
        ['error', expect.stringContaining(says)],
      ]);
      expect(await pay(page)).toMatchObject({ success: false, errorMessage: PAYER_LINE });
    });
  }

  test('a page off the allow-list: its origin, the set-origins command, and localhost is not 127.0.0.1', async ({
    page,
    service,
    pages,
  }) => {
    // The test pages are served from 127.0.0.1; the list names the same port on localhost.
    const pageOrigin = new URL(pages.url).origin;
    const listed = pageOrigin.replace('127.0.0.1', 'localhost');
    const account = accountFor(service, listed);
    const said = kitConsole(page);
    await openScript(page, pages.url, service.url, { publicKey: account.publicKey });
    expect(said).toHaveLength(1);
    const text = said[0]?.text() ?? '';
    expect(text).toContain(`This page’s origin, ${pageOrigin}, is not on the account’s allow-list.`);
    expect(text).toContain(`\`npm run accounts -- set-origins NAME <the list>,${pageOrigin}\``);
    expect(text).toContain('to a browser, localhost and 127.0.0.1 are different origins.');
    expect(await pay(page)).toEqual({
      success: false,
      code: 'ORIGIN_NOT_ALLOWED',
      errorMessage: PAYER_LINE,
      errors: [],
    });
  });
});

interface FrameFailure {
  code?: string;
  errorMessage?: string;
  shown?: string | null;
  result: unknown;
}

/**
 * Opens `url` (the test page, or a page of the test's own), puts `<paytoken-frame>` with `attributes`
 * in it, loads paytoken-frame.js from the service, and returns the first `paytoken-error`, what the
 * element shows, and what `tokenize()` then resolves with.
 */
async function frameFailure(page: Page, url: string, serviceUrl: string, attributes: string): Promise<FrameFailure> {
  await page.goto(url);
  return page.evaluate(
    async ({ src, attributes }) => {
      document.body.insertAdjacentHTML('beforeend', `<paytoken-frame ${attributes}></paytoken-frame>`);
      const frame = document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<unknown> };
      const failed = new Promise<Event & { code?: string; errorMessage?: string }>((resolve) =>
        frame.addEventListener('paytoken-error', resolve, { once: true }),
      );
      const script = document.createElement('script');
      script.src = src;
      document.head.append(script);
      const event = await failed;
      return {
        code: event.code,
        errorMessage: event.errorMessage,
        shown: frame.shadowRoot?.querySelector('[role="alert"]')?.textContent ?? null,
        result: await frame.tokenize(),
      };
    },
    { src: `${serviceUrl}/scripts/paytoken-frame.js`, attributes },
  );
}

test.describe('<paytoken-frame> checks its set-up when it starts', () => {
  const refused = (code: string) => ({
    code,
    errorMessage: PAYER_LINE,
    shown: PAYER_LINE,
    result: { success: false, code, errorMessage: PAYER_LINE, errors: [] },
  });

  test('no public key: the console names the public-key attribute', async ({ page, service, pages }) => {
    const said = kitConsole(page);
    const failure = await frameFailure(page, `${pages.url}/form.html`, service.url, `api-url="${service.url}"`);
    expect(failure).toEqual(refused('MISSING_PUBLIC_KEY'));
    expect(said.map((message) => [message.type(), message.text()])).toEqual([
      ['error', expect.stringContaining('`public-key` on <paytoken-form> or <paytoken-frame>')],
    ]);
  });

  test('the API secret as its key: rotate it now', async ({ page, service, pages }) => {
    const said = kitConsole(page);
    const { apiSecret } = service.accounts.springfield;
    const failure = await frameFailure(
      page,
      `${pages.url}/form.html`,
      service.url,
      `public-key="${apiSecret}" api-url="${service.url}"`,
    );
    expect(failure).toEqual(refused('PUBLIC_KEY_REJECTED'));
    expect(said).toHaveLength(1);
    expect(said[0]?.text()).toContain('rotate it now (`npm run accounts -- rotate-secret NAME`)');
    expect(said[0]?.text()).not.toContain(apiSecret);
  });

  test('a page off the allow-list: the origin, the command, and localhost is not 127.0.0.1', async ({
    page,
    service,
    pages,
  }) => {
    const pageOrigin = new URL(pages.url).origin;
    const listed = pageOrigin.replace('127.0.0.1', 'localhost');
    const account = accountFor(service, listed);
    const said = kitConsole(page);
    const failure = await frameFailure(
      page,
      `${pages.url}/form.html`,
      service.url,
      `public-key="${account.publicKey}" api-url="${service.url}"`,
    );
    expect(failure).toEqual(refused('ORIGIN_NOT_ALLOWED'));
    expect(said).toHaveLength(1);
    expect(said[0]?.text()).toContain(`This page’s origin, ${pageOrigin}, is not on the account’s allow-list`);
    expect(said[0]?.text()).toContain(`npm run accounts -- set-origins NAME <the list>,${pageOrigin}`);
    expect(said[0]?.text()).toContain('localhost and 127.0.0.1 are different origins');
  });

  test('a file:// page: refused at once, and the console says to serve it over http(s)', async ({
    page,
    service,
  }, testInfo) => {
    const file = testInfo.outputPath('checkout.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '<!doctype html><title>Checkout</title><main></main>');
    const said = kitConsole(page);
    const failure = await frameFailure(
      page,
      pathToFileURL(file).href,
      service.url,
      `public-key="${service.accounts.springfield.publicKey}" api-url="${service.url}"`,
    );
    expect(failure).toEqual(refused('FRAME_REFUSED'));
    expect(said.map((message) => message.text())).toEqual([
      'Paytoken: A file:// page cannot show the payment form: serve it over http(s).',
    ]);
  });

  test('a page whose policy refuses the frame: not "check your connection", but what to check', async ({
    page,
    service,
    pages,
  }) => {
    // The page's own Content-Security-Policy lists no frame-src for the service (e2e/pages/frame-src-none.html).
    const said = kitConsole(page);
    const failure = await frameFailure(
      page,
      `${pages.url}/frame-src-none.html`,
      service.url,
      `public-key="${service.accounts.springfield.publicKey}" api-url="${service.url}"`,
    );
    expect(failure).toEqual(refused('FRAME_REFUSED'));
    expect(said.map((message) => message.text())).toEqual([
      expect.stringContaining('Paytoken: The browser refused the payment form: check the page’s CSP frame-src'),
    ]);
  });
});

test.describe('<paytoken-form> checks its set-up when the payer reaches it, before anything is typed', () => {
  /** Opens the form with `attributes`, focuses its first field, and returns its first `paytoken-error`. */
  async function formFailure(page: Page, pagesUrl: string, serviceUrl: string, attributes: string, lang = 'en') {
    const { form } = await openForm(page, pagesUrl, serviceUrl, `<paytoken-form ${attributes}></paytoken-form>`, lang);
    const failed = page.evaluate(
      () =>
        new Promise<{ code?: string; errorMessage?: string }>((resolve) =>
          document.querySelector('paytoken-form')?.addEventListener(
            'paytoken-error',
            (event) => {
              const { code, errorMessage } = event as Event & { code?: string; errorMessage?: string };
              resolve({ code, errorMessage });
            },
            { once: true },
          ),
        ),
    );
    await form.locator('#payer').focus();
    const event = await failed;
    return {
      code: event.code,
      errorMessage: event.errorMessage,
      shown: await form.getByRole('alert').first().textContent(),
    };
  }

  test('no public key: the console names the public-key attribute; the payer reads one line', async ({
    page,
    service,
    pages,
  }) => {
    const said = kitConsole(page);
    const failure = await formFailure(page, pages.url, service.url, `api-url="${service.url}"`);
    expect(failure).toEqual({ code: 'MISSING_PUBLIC_KEY', errorMessage: PAYER_LINE, shown: PAYER_LINE });
    expect(said.map((message) => [message.type(), message.text()])).toEqual([
      ['error', expect.stringContaining('`public-key` on <paytoken-form> or <paytoken-frame>')],
    ]);
  });

  test('the API secret as its key: rotate it now; in Spanish the payer’s line is Spanish', async ({
    page,
    service,
    pages,
  }) => {
    const said = kitConsole(page);
    const { apiSecret } = service.accounts.springfield;
    const failure = await formFailure(
      page,
      pages.url,
      service.url,
      `public-key="${apiSecret}" api-url="${service.url}"`,
      'es',
    );
    expect(failure).toEqual({
      code: 'PUBLIC_KEY_REJECTED',
      errorMessage: PAYER_LINE,
      shown: 'Los pagos no están disponibles en esta página en este momento.',
    });
    expect(said).toHaveLength(1);
    expect(said[0]?.text()).toContain('rotate it now (`npm run accounts -- rotate-secret NAME`)');
    expect(said[0]?.text()).not.toContain(apiSecret);
  });

  test('a page off the allow-list: the origin and the command, said once for two forms', async ({
    page,
    service,
    pages,
  }) => {
    const pageOrigin = new URL(pages.url).origin;
    const account = accountFor(service, 'https://shop.example');
    const said = kitConsole(page);
    const attributes = `public-key="${account.publicKey}" api-url="${service.url}"`;
    await openForm(page, pages.url, service.url, `<paytoken-form ${attributes}></paytoken-form>`);
    await page.evaluate(
      (html) => document.querySelector('main')?.insertAdjacentHTML('beforeend', html),
      `<paytoken-form ${attributes}></paytoken-form>`,
    );
    const form = page.locator('paytoken-form');
    await form.last().locator('button.pay').waitFor();
    const codes = page.evaluate(() =>
      Promise.all(
        [...document.querySelectorAll('paytoken-form')].map(
          (element) =>
            new Promise<string | undefined>((resolve) =>
              element.addEventListener(
                'paytoken-error',
                (event) => resolve((event as Event & { code?: string }).code),
                {
                  once: true,
                },
              ),
            ),
        ),
      ),
    );
    await form.first().locator('#payer').focus();
    await form.last().locator('#payer').focus();
    expect(await codes).toEqual(['ORIGIN_NOT_ALLOWED', 'ORIGIN_NOT_ALLOWED']);
    expect(said.map((message) => message.text())).toEqual([
      expect.stringContaining(
        `This page’s origin, ${pageOrigin}, is not on the account’s allow-list. Add it to the list (\`npm run accounts -- list\` shows it): \`npm run accounts -- set-origins NAME <the list>,${pageOrigin}\``,
      ),
    ]);
  });
});
