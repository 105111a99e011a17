/**
 * `<paytoken-frame>`: the drop-in form inside an iframe served by the service, with the page
 * (127.0.0.1) and the service (localhost) on different origins, as in production.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoTest, expect, test } from './fixtures.js';
import { BANK, DECLINED, VISA, choose, fillCardIn, receipt } from './support/checkout.js';
import { fillCard } from './support/form-page.js';
import { accountFor, formInFrame, frameOf, openFrame, recordMessages } from './support/frame-page.js';

/** The form in the frame, once it has rendered (fillCard skips inputs it does not find yet). */
async function renderedForm(page: Page) {
  const form = formInFrame(page);
  await form.locator('button.pay').waitFor();
  return form;
}

const element = (publicKey: string, serviceUrl: string, extra = '') =>
  `<paytoken-frame public-key="${publicKey}" api-url="${serviceUrl}" ${extra}></paytoken-frame>`;

/**
 * The first `paytoken-error` the element fires (recorded on window from before any script runs, so
 * an error that comes quickly is not missed), and what `tokenize()` then resolves with.
 */
const failureOf = async (page: Page) => {
  await page.waitForFunction(() => 'firstPaytokenError' in window);
  return page.evaluate(async () => {
    const frame = document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<unknown> };
    const event = (window as unknown as { firstPaytokenError: { code?: string; errorMessage?: string } })
      .firstPaytokenError;
    const result = await frame.tokenize();
    return {
      code: event.code,
      errorMessage: event.errorMessage,
      result,
      shown: frame.shadowRoot?.querySelector('[role="alert"]')?.textContent,
      iframes: frame.shadowRoot?.querySelectorAll('iframe').length,
    };
  });
};

demoTest.describe('demo checkout, isolated form (/isolated)', () => {
  demoTest('card: a payment through the frame; the page never sees card data', async ({ page, demo }) => {
    const messages = await recordMessages(page);
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.frame() === page.mainFrame())
        pageRequests.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
    });
    await page.goto(`${demo.url}/isolated`);
    await choose(page, 'springfield');
    const form = formInFrame(page);
    await fillCardIn(form, VISA);
    // imask arrived inside the frame too (its script passes the frame page's CSP and integrity).
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');

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

    await form.locator('button.pay').click();
    expect(await receipt(page)).toMatchObject({ charged: '$103.25', method: 'Visa ····4242' });
    const seen = [...(await messages()), ...pageRequests].join('\n');
    for (const secret of [VISA.number, '4242 4242', '12/30']) expect(seen).not.toContain(secret);
    // The CVC's three digits can occur by chance inside a random token id or nonce: look for them
    // standing alone, as any field's value would.
    expect(seen).not.toMatch(new RegExp(`(?<![\\w-])${VISA.cvc}(?![\\w-])`));
    expect(seen).toContain('"type":"event","name":"paytoken-token","detail":{"id":"tok_');
    expect(pageRequests.filter((line) => line.includes('/api/v1/tokens'))).toEqual([]);
    expect(await page.content()).not.toContain(VISA.number);
  });

  demoTest('bank account: no account number reaches the page', async ({ page, demo }) => {
    const messages = await recordMessages(page);
    await page.goto(`${demo.url}/isolated`);
    await choose(page, 'springfield');
    const form = formInFrame(page);
    await form.getByRole('tab', { name: 'Bank account' }).click();
    await form.locator('#payer').fill('Ada Lovelace');
    await form.locator('#emailAddress').fill('ada@example.com');
    await form.locator('#bankHolder').fill('Ada Lovelace');
    await form.locator('#accountType').selectOption('PersonalChecking');
    await form.locator('#routingNumber').pressSequentially(BANK.routing);
    await form.locator('#accountNumber').pressSequentially(BANK.account);
    await form.locator('#confirmAccountNumber').pressSequentially(BANK.account);
    await form.locator('button.pay').click();
    expect(await receipt(page)).toMatchObject({ charged: '$103.00' });
    expect((await messages()).join('\n')).not.toContain(BANK.account);
  });
});

demoTest.describe('demo checkout, isolated form: after the token', () => {
  demoTest("Shelby, then a decline shown inside the frame with the payer's name kept", async ({ page, demo }) => {
    await page.goto(`${demo.url}/isolated`);
    // Another client: a new impersonation key, so a new frame page with Shelby's fees.
    await choose(page, 'shelby', '25.00');
    const form = formInFrame(page);
    await expect(form.locator('button.pay')).toHaveText('Pay $25.88');
    await fillCardIn(form, DECLINED);
    await form.locator('button.pay').click();
    await expect(form.locator('[part="alert"]')).toHaveText(
      'The payment was declined. Please use another card or payment method.',
    );
    await expect(form.locator('#cardNumber')).toBeFocused();
    await expect(form.locator('#payer')).toHaveValue('Ada Lovelace');
    await expect(form.locator('#cardNumber')).toHaveValue('');
    await expect(page.locator('#receipt')).toBeHidden();
  });
});

test.describe('<paytoken-frame>', () => {
  test.beforeEach(({ page }) =>
    page.addInitScript(() =>
      addEventListener('paytoken-error', (event) => {
        const { code, errorMessage } = event as Event & { code?: string; errorMessage?: string };
        const seen = window as unknown as { firstPaytokenError?: object };
        seen.firstPaytokenError ??= { code, errorMessage };
      }),
    ),
  );
  test("an allowed origin pays; the frame's token request passes the allow-list", async ({ page, pages, service }) => {
    const account = accountFor(service, pages.url);
    await openFrame(page, pages.url, service.url, element(account.publicKey, service.url));
    await fillCard(await renderedForm(page));
    const result = await page.evaluate(() =>
      (document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<unknown> }).tokenize(),
    );
    expect(result).toMatchObject({ success: true, id: expect.stringMatching(/^tok_/) });
  });

  test('a page the account does not allow cannot embed the form, and gets the error event', async ({
    page,
    pages,
    service,
  }) => {
    const account = accountFor(service, 'https://shop.example');
    await openFrame(page, pages.url, service.url, element(account.publicKey, service.url));
    const failure = await failureOf(page);
    expect(failure).toMatchObject({
      code: 'ORIGIN_NOT_ALLOWED',
      errorMessage: 'Payments are not available on this page right now.',
      result: { success: false, code: 'ORIGIN_NOT_ALLOWED' },
      shown: 'Payments are not available on this page right now.',
      iframes: 0,
    });
  });

  test('frame-ancestors holds even when a page claims an allowed origin', async ({ page, pages, service }) => {
    const account = accountFor(service, 'https://shop.example');
    const refusals: string[] = [];
    page.on('console', (message) => refusals.push(message.text()));
    await openFrame(page, pages.url, service.url, element(account.publicKey, service.url));
    await page.waitForFunction(() => 'firstPaytokenError' in window);
    const src = await page.evaluate(
      () => document.querySelector('paytoken-frame')?.shadowRoot?.querySelector('iframe')?.src ?? null,
    );
    expect(src).toBeNull();
    // The same page, lying about its origin with an iframe of its own:
    const frameUrl = await page.evaluate(
      ({ key, serviceUrl }) =>
        fetch(`${serviceUrl}/scripts/paytoken-frame.js`)
          .then((response) => response.text())
          .then(
            (code) =>
              `${serviceUrl}/frames/${/form-[\w-]+\.html/.exec(code)?.[0]}?key=${key}&origin=https://shop.example#n`,
          ),
      { key: account.publicKey, serviceUrl: service.url },
    );
    await page.evaluate((url) => {
      const iframe = document.createElement('iframe');
      iframe.src = url;
      document.body.append(iframe);
    }, frameUrl);
    await expect.poll(() => refusals.some((line) => /frame-ancestors https:\/\/shop\.example/.test(line))).toBe(true);
  });

  test('a service that cannot be reached: a readable message, the error event, tokenize() resolves', async ({
    page,
    pages,
    service,
  }) => {
    await openFrame(
      page,
      pages.url,
      service.url,
      element(service.accounts.springfield.publicKey, 'http://localhost:9'),
    );
    expect(await failureOf(page)).toMatchObject({
      code: 'FRAME_UNAVAILABLE',
      shown: 'The payment form could not be loaded. Check your connection and try again.',
      result: { success: false, code: 'FRAME_UNAVAILABLE' },
    });
  });

  test('an API URL over http off this machine, or not a URL: refused before any frame is opened', async ({
    page,
    pages,
    service,
  }) => {
    const framePages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/frames/')) framePages.push(request.url());
    });
    for (const [apiUrl, code, shown] of [
      ['http://pay.example.com', 'INSECURE_API_URL', 'The API URL must use https.'],
      ['http://localhost.example.com', 'INSECURE_API_URL', 'The API URL must use https.'],
      ['http://127.0.0.1.example.com', 'INSECURE_API_URL', 'The API URL must use https.'],
      ['ftp://localhost', 'INSECURE_API_URL', 'The API URL must use https.'],
      ['not a url', 'INVALID_API_URL', 'The API URL is not valid.'],
    ]) {
      await openFrame(page, pages.url, service.url, element(service.accounts.springfield.publicKey, apiUrl ?? ''));
      expect(await failureOf(page), apiUrl).toMatchObject({ code, shown, iframes: 0 });
    }
    expect(framePages).toEqual([]);
  });

  test('a frame that stops answering: tokenize() resolves with FRAME_TIMEOUT', async ({ page, pages, service }) => {
    await openFrame(page, pages.url, service.url, element(service.accounts.springfield.publicKey, service.url));
    await (await renderedForm(page)).locator('#payer').waitFor();
    // The frame goes away under the loader (a crash, a navigation): nothing will ever answer.
    await page
      .frames()
      .find((frame) => frame.url().includes('/frames/'))
      ?.goto('about:blank');
    await page.clock.install();
    const result = page.evaluate(() =>
      (document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<unknown> }).tokenize(),
    );
    await page.clock.runFor(39_000);
    expect(await Promise.race([result, new Promise((resolve) => setTimeout(() => resolve('waiting'), 200))])).toBe(
      'waiting',
    );
    await page.clock.runFor(2_000);
    expect(await result).toMatchObject({
      success: false,
      code: 'FRAME_TIMEOUT',
      errorMessage: 'The payment form did not answer in time. Try again.',
    });
  });

  test('an unknown public key: the service says so through the frame', async ({ page, pages, service }) => {
    await openFrame(page, pages.url, service.url, element('pk_nobody', service.url));
    expect(await failureOf(page)).toMatchObject({
      code: 'PUBLIC_KEY_REJECTED',
      shown: 'Payments are not available on this page right now.',
    });
  });

  test('inside a <form>, the outer submit posts only the token id', async ({ page, pages, service }) => {
    let posted = '';
    await page.route(`${pages.url}/checkout`, (route) => {
      posted = route.request().postData() ?? '';
      return route.fulfill({ body: 'thanks', contentType: 'text/plain' });
    });
    await openFrame(
      page,
      pages.url,
      service.url,
      `<form action="/checkout" method="post"><input type="hidden" name="orderId" value="17" />
        ${element(service.accounts.springfield.publicKey, service.url, 'name="tokenId"')}
        <button id="outerSubmit">Place order</button></form>`,
    );
    await fillCard(await renderedForm(page));
    await page.locator('#outerSubmit').click();
    await page.waitForURL(`${pages.url}/checkout`);
    expect(posted).toMatch(/^orderId=17&tokenId=tok_[\w-]+$/);
  });

  test('the frame’s own Pay button submits the outer form with the token id', async ({ page, pages, service }) => {
    let posted = '';
    await page.route(`${pages.url}/checkout`, (route) => {
      posted = route.request().postData() ?? '';
      return route.fulfill({ body: 'thanks', contentType: 'text/plain' });
    });
    await openFrame(
      page,
      pages.url,
      service.url,
      `<form action="/checkout" method="post">${element(service.accounts.springfield.publicKey, service.url, 'name="tokenId"')}</form>`,
    );
    await fillCard(await renderedForm(page));
    await formInFrame(page).locator('button.pay').click();
    await page.waitForURL(`${pages.url}/checkout`);
    expect(posted).toMatch(/^tokenId=tok_[\w-]+$/);
  });

  test('height follows the content, with no scrollbar', async ({ page, pages, service }) => {
    await openFrame(page, pages.url, service.url, element(service.accounts.springfield.publicKey, service.url));
    const form = formInFrame(page);
    await form.locator('button.pay').waitFor();
    const fits = async () => {
      const outer = await page.evaluate(
        () => document.querySelector('paytoken-frame')?.shadowRoot?.querySelector('iframe')?.clientHeight ?? 0,
      );
      const inner = await form.evaluate(() => document.documentElement.scrollHeight);
      return { outer, fits: inner <= outer && outer - inner < 2 };
    };
    await expect.poll(async () => (await fits()).fits).toBe(true);
    const before = (await fits()).outer;
    // The amount adds the summary; empty fields pressed Pay add their messages.
    await page.locator('paytoken-frame').evaluate((frame) => frame.setAttribute('amount', '100.00'));
    await expect(form.getByText('Amount due')).toBeVisible();
    await form.locator('button.pay').click();
    await expect.poll(async () => (await fits()).fits).toBe(true);
    expect((await fits()).outer).toBeGreaterThan(before + 50);
  });

  test('theme: allowed custom properties reach the form; anything else does not', async ({ page, pages, service }) => {
    await openFrame(
      page,
      pages.url,
      service.url,
      `<style>paytoken-frame { --paytoken-color-primary: rgb(10, 124, 85); --paytoken-radius: 2px;
        --paytoken-font-family: "Fancy Webfont", Georgia, serif; --paytoken-color-background: url(https://evil.example/x); }</style>
        ${element(service.accounts.springfield.publicKey, service.url)}`,
    );
    const button = formInFrame(page).locator('button.pay');
    await expect(button).toHaveCSS('background-color', 'rgb(10, 124, 85)');
    await expect(button).toHaveCSS('border-top-left-radius', '2px');
    await expect(button).toHaveCSS('font-family', 'Georgia, serif');
    const inline = await formInFrame(page).evaluate((form) => form.getAttribute('style'));
    expect(inline).not.toContain('url(');
  });

  test('Spanish: from the page’s lang, with a Spanish title for screen readers', async ({ page, pages, service }) => {
    await openFrame(page, pages.url, service.url, element(service.accounts.springfield.publicKey, service.url), 'es');
    await expect(formInFrame(page).locator('label[for="cardNumber"]')).toHaveText('Número de tarjeta');
    expect(
      await page.evaluate(() => document.querySelector('paytoken-frame')?.shadowRoot?.querySelector('iframe')?.title),
    ).toBe('Formulario de pago');
    await expect(frameOf(page).locator('html')).toHaveAttribute('lang', 'es');
  });

  test('disabled: the Pay button in the frame is disabled, and enabled again', async ({ page, pages, service }) => {
    await openFrame(
      page,
      pages.url,
      service.url,
      element(service.accounts.springfield.publicKey, service.url, 'disabled'),
    );
    const button = formInFrame(page).locator('button.pay');
    await expect(button).toBeDisabled();
    await page.locator('paytoken-frame').evaluate((frame) => frame.removeAttribute('disabled'));
    await expect(button).toBeEnabled();
  });

  test('a change made while the frame starts reaches the form (amount and disabled)', async ({
    page,
    pages,
    service,
  }) => {
    // The demo's isolated page lost its new amount this way: a fee answer set `amount` after the
    // frame had said hello but before its form was ready, and the form kept the old total.
    await openFrame(page, pages.url, service.url, '');
    await page.evaluate(
      ({ markup, origin }) => {
        document.querySelector('main')?.insertAdjacentHTML('beforeend', markup);
        const frame = document.querySelector('paytoken-frame') as HTMLElement;
        // Added after the element's own listener, so this runs just after it answered the hello.
        addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
          if (event.origin !== origin || event.data?.type !== 'hello') return;
          frame.setAttribute('amount', '25.00');
          frame.setAttribute('disabled', '');
        });
      },
      {
        markup: element(service.accounts.springfield.publicKey, service.url, 'amount="100.00" card-fee="3.25"'),
        origin: new URL(service.url).origin,
      },
    );
    const button = formInFrame(page).locator('button.pay');
    await expect(button).toHaveText('Pay $28.25');
    await expect(button).toBeDisabled();
  });

  test('attributes set just after the element is added: one frame page, with all of them', async ({
    page,
    pages,
    service,
  }) => {
    // The loader starts the frame page in the same task (no timer: a timer waited 30 to 200 ms behind
    // the page's first paint), so what a framework sets right after appending must still be in it.
    await openFrame(page, pages.url, service.url, '');
    const framePages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/frames/')) framePages.push(request.url());
    });
    await page.evaluate(
      ({ publicKey, serviceUrl }) => {
        const frame = document.createElement('paytoken-frame');
        document.querySelector('main')?.append(frame);
        frame.setAttribute('api-url', serviceUrl);
        frame.setAttribute('public-key', publicKey);
        frame.setAttribute('amount', '40.00');
        frame.setAttribute('card-fee', '1.30');
      },
      { publicKey: service.accounts.springfield.publicKey, serviceUrl: service.url },
    );
    await expect(formInFrame(page).locator('button.pay')).toHaveText('Pay $41.30');
    expect(framePages).toHaveLength(1);
    expect(new URL(framePages[0] ?? '').searchParams.get('amount')).toBe('40.00');
  });

  test('a key attribute set to what opens the same page: the frame is kept, and answers', async ({
    page,
    pages,
    service,
  }) => {
    // `api-url` with a trailing slash, or an empty impersonation key, asks for the very page already
    // shown: it is kept, asked again for its hello, and says it is ready again.
    await openFrame(page, pages.url, service.url, element(service.accounts.springfield.publicKey, service.url));
    await expect(formInFrame(page).locator('#cardNumber')).toBeVisible();
    const framePages: string[] = [];
    page.on('request', (request) => request.url().includes('/frames/') && framePages.push(request.url()));
    await page.evaluate((url) => {
      const frame = document.querySelector('paytoken-frame');
      frame?.setAttribute('api-url', `${url}/`);
      frame?.setAttribute('impersonation-account-key', '');
    }, service.url);
    await fillCardIn(formInFrame(page), VISA);
    const result = await page.evaluate(() =>
      (document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<unknown> }).tokenize(),
    );
    expect(result).toMatchObject({ success: true });
    expect(framePages).toEqual([]);
  });

  test('pending: while the token is made, Pay is busy and a second tokenize() sends nothing', async ({
    page,
    pages,
    service,
  }) => {
    let tokenRequests = 0;
    await page.route(`${service.url}/api/v1/tokens`, async (route) => {
      tokenRequests++;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await openFrame(page, pages.url, service.url, element(service.accounts.springfield.publicKey, service.url));
    const form = await renderedForm(page);
    await fillCard(form);
    const results = page.evaluate(() => {
      const frame = document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<{ id?: string }> };
      return Promise.all([frame.tokenize(), frame.tokenize()]);
    });
    const button = form.locator('button.pay');
    await expect(button).toHaveText('Processing…');
    await expect(button).toBeDisabled();
    const [first, second] = await results;
    expect(first.id).toMatch(/^tok_/);
    expect(second).toEqual(first);
    expect(tokenRequests).toBe(1);
    await expect(button).toBeEnabled();
  });

  test('Tab moves into the frame and out again; errors are announced inside', async ({ page, pages, service }) => {
    await openFrame(
      page,
      pages.url,
      service.url,
      `<input id="before" aria-label="Before" />${element(service.accounts.springfield.publicKey, service.url, 'payer="Ada" email-address="ada@example.com" methods="card"')}<input id="after" aria-label="After" />`,
    );
    const form = formInFrame(page);
    await form.locator('button.pay').waitFor();
    await page.locator('#before').focus();
    await page.keyboard.press('Tab');
    await expect(form.locator('#cardHolder')).toBeFocused();
    await form.locator('button.pay').focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('#after')).toBeFocused();
    await form.locator('button.pay').click();
    await expect(form.getByRole('alert').first()).toContainText('4 fields need your attention.');
  });

  test('axe finds no violations inside the frame, and its styles pass its CSP', async ({ page, pages, service }) => {
    const refusals: string[] = [];
    page.on('console', (message) => refusals.push(message.text()));
    await openFrame(page, pages.url, service.url, element(service.accounts.springfield.publicKey, service.url));
    const button = formInFrame(page).locator('button.pay');
    await expect(button).toHaveCSS('background-color', 'rgb(58, 79, 215)');
    await formInFrame(page).locator('button.pay').click(); // with its error messages too
    await expect(formInFrame(page).locator('#cardNumber-error')).not.toBeEmpty();
    // @axe-core/playwright gives each frame 1 s to evaluate axe's 580 kB and silently skips a frame
    // that takes longer (a loaded machine): evaluate it there first, without a limit, so its own
    // injection finds the source compiled; and analyze again should it still have skipped the frame.
    const source = readFileSync(
      createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
      'utf8',
    );
    const inner = page.frames().find((frame) => frame.url().includes('/frames/'));
    await inner?.evaluate(source);
    let results: Awaited<ReturnType<AxeBuilder['analyze']>> | undefined;
    // axe went into the frame and the form's shadow root: the card number input was checked.
    await expect
      .poll(async () => JSON.stringify((results = await new AxeBuilder({ page }).analyze()).passes), {
        timeout: 20_000,
      })
      .toContain('#cardNumber');
    if (!results) throw new Error('axe did not run');
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([]);
    expect(refusals.filter((line) => /Content Security Policy/.test(line))).toEqual([]);
  });
});
