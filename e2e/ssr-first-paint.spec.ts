/**
 * A `<paytoken-form>` the server rendered (paytoken/ssr's renderPaytokenForm, dist/ssr/render-form.js):
 * the payer types before any script is allowed to load, then the scripts come and Lit adopts the
 * inputs (paytoken-form-hydrate.js): nothing typed, no focus or caret, is lost, and a browser without
 * declarative shadow DOM still gets a working form.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { formInFrame, openFrame } from './support/frame-page.js';
import { listen, type Running } from './support/http.js';
import type { ServiceProcess } from './support/service.js';

type Render = (attributes: Record<string, string>) => string;
const { renderPaytokenForm } = (await import(new URL('../dist/ssr/render-form.js', import.meta.url).href)) as {
  renderPaytokenForm: Render;
};

const serverForm = (service: ServiceProcess, locale = 'en') =>
  renderPaytokenForm({
    'public-key': service.accounts.springfield.publicKey,
    'api-url': service.url,
    amount: '100.00',
    'card-fee': '3.25',
    locale,
  });

let site: Running | undefined;
async function pageOf(service: ServiceProcess): Promise<string> {
  // As docs/integrating.md says: one script, `async`, which adds the form's own after the first paint.
  const html = (
    locale: string,
    scripts = `<script src="${service.url}/scripts/paytoken-form-hydrate.js" async></script>`,
  ) => `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>Checkout</title>
    ${scripts}</head>
    <body><main>${serverForm(service, locale)}</main></body></html>`;
  const pages: Record<string, string> = {
    '/': html('en'),
    '/es': html('es'),
    // As a browser without declarative shadow DOM sees it: the <template> left as it is (here, one
    // whose attribute it does not know).
    '/no-dsd': html('en').replace(/ shadowroot(mode)?="open"/g, ''),
    // A policy that lets scripts in by nonce only (the form's styles are inline <style> elements); and
    // the script `defer`, which docs/integrating.md allows too.
    '/nonce': html(
      'en',
      `<meta http-equiv="Content-Security-Policy" content="script-src 'nonce-n0nce'; style-src 'unsafe-inline'">
      <script src="${service.url}/scripts/paytoken-form-hydrate.js" nonce="n0nce" defer></script>`,
    ),
    // A page written before: both scripts, deferred.
    '/both': html(
      'en',
      `<script src="${service.url}/scripts/paytoken-form-hydrate.js" defer></script>
      <script src="${service.url}/scripts/paytoken-form.js" defer></script>`,
    ),
  };
  site ??= await listen((request, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html' }).end(pages[request.url ?? '/']),
  );
  return site.url;
}

/** What the page logged as an error (a hydration mismatch throws): none, at the end of each test. */
const errors: string[] = [];
test.beforeEach(({ page }) => {
  errors.length = 0;
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
});
test.afterEach(() => expect(errors).toEqual([]));
// A worker may run this file's tests again after its afterAll: the next one starts a new server.
test.afterAll(async () => {
  await site?.close();
  site = undefined;
});

/** Holds the form's scripts (by plain or content name) until `release()`. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/scripts\/paytoken-form(-hydrate)?(-[\w-]{16})?\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The paths of the form's scripts (hydration, form, engine) the page asks for, as it asks. */
function formScriptsAskedFor(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/scripts/paytoken-form')) scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const adopted = (page: Page) =>
  page.evaluate(async () => {
    await customElements.whenDefined('paytoken-form');
    const form = document.querySelector('paytoken-form') as HTMLElement & { updateComplete: Promise<unknown> };
    await form.updateComplete;
  });

const tokenize = (page: Page) =>
  page.evaluate(() =>
    (document.querySelector('paytoken-form') as HTMLElement & { tokenize(): Promise<unknown> }).tokenize(),
  );

test.describe('a server-rendered <paytoken-form>', () => {
  test('its script adopts it after the next frame, not before the page shows it', async ({ page, service }) => {
    // The first frame after the form's script defined the element: was the form adopted already?
    await page.addInitScript(() => {
      const look = () => {
        const form = document.querySelector('paytoken-form') as (HTMLElement & { hasUpdated?: boolean }) | null;
        if (form && customElements.get('paytoken-form'))
          (window as unknown as { adoptedAtFrame: boolean }).adoptedAtFrame = form.hasUpdated === true;
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(await pageOf(service));
    await adopted(page);
    expect(await page.evaluate(() => (window as unknown as { adoptedAtFrame?: boolean }).adoptedAtFrame)).toBe(false);
    await page.locator('paytoken-form #cardNumber').pressSequentially('4242424242424242');
    await expect(page.locator('paytoken-form #cardNumber')).toHaveValue('4242 4242 4242 4242');
  });

  test('its one script adds the form’s own after the first frame, by content name and integrity', async ({
    page,
    service,
  }) => {
    // At the page's first frame: had the form's script run?
    await page.addInitScript(() =>
      requestAnimationFrame(() => {
        (window as unknown as { definedAtFirstFrame: boolean }).definedAtFirstFrame =
          customElements.get('paytoken-form') !== undefined;
      }),
    );
    const scripts = formScriptsAskedFor(page);
    await page.goto(await pageOf(service));
    await adopted(page);
    expect(
      await page.evaluate(() => (window as unknown as { definedAtFirstFrame?: boolean }).definedAtFirstFrame),
    ).toBe(false);
    const added = await page.evaluate(() =>
      [...document.scripts]
        .filter((script) => !script.src.includes('hydrate'))
        .map((script) => ({
          src: new URL(script.src).pathname,
          integrity: script.integrity,
          cors: script.crossOrigin,
        })),
    );
    expect(added).toEqual([
      {
        src: expect.stringMatching(/^\/scripts\/paytoken-form-[\w-]{16}\.js$/),
        integrity: expect.stringMatching(/^sha384-/),
        cors: 'anonymous',
      },
    ]);
    expect(scripts.filter((path) => !path.includes('hydrate') && !path.includes('engine'))).toEqual([added[0]?.src]);
    await page.locator('paytoken-form #cardNumber').pressSequentially('4242424242424242');
    await expect(page.locator('paytoken-form #cardNumber')).toHaveValue('4242 4242 4242 4242');
  });

  test('a page that lets scripts in by nonce: the form’s script and its engine get the nonce', async ({
    page,
    service,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => /Content Security Policy/.test(message.text()) && refused.push(message.text()));
    await page.goto(`${await pageOf(service)}/nonce`);
    await adopted(page);
    const form = page.locator('paytoken-form');
    // The first input loads the engine (masks, checks), added by the form's script with the nonce.
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    expect(refused).toEqual([]);
  });

  test('a page with both scripts (as before): the form’s script is loaded once, and adopts the form', async ({
    page,
    service,
  }) => {
    const scripts = formScriptsAskedFor(page);
    await page.goto(`${await pageOf(service)}/both`);
    await adopted(page);
    await page.locator('paytoken-form #cardNumber').pressSequentially('4242424242424242');
    await expect(page.locator('paytoken-form #cardNumber')).toHaveValue('4242 4242 4242 4242');
    expect(scripts.filter((path) => !path.includes('engine'))).toEqual([
      '/scripts/paytoken-form-hydrate.js',
      '/scripts/paytoken-form.js',
    ]);
  });

  test('under `async`, before the page has all arrived: the form’s script waits for the server’s form', async ({
    page,
    service,
  }) => {
    // The page as a server that streams it sends it: the head and its script, then (later) the form.
    let sendTheRest: () => void = () => undefined;
    const rest = new Promise<void>((resolve) => (sendTheRest = resolve));
    const streamed = await listen((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.write(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
        <script src="${service.url}/scripts/paytoken-form-hydrate.js" async></script></head>
        <body><main><p>Your bill</p>${' '.repeat(2048)}`);
      void rest.then(() => response.end(`${serverForm(service)}</main></body></html>`));
    });
    try {
      const scripts = formScriptsAskedFor(page);
      await page.goto(streamed.url, { waitUntil: 'commit' });
      // The hydration script ran, and frames went by: long enough for it to have added the form's.
      await page.waitForFunction(() => 'litElementHydrateSupport' in window);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
      expect(scripts).toEqual(['/scripts/paytoken-form-hydrate.js']);
      sendTheRest();
      await adopted(page);
      await page.locator('paytoken-form #cardNumber').pressSequentially('4242424242424242');
      await expect(page.locator('paytoken-form #cardNumber')).toHaveValue('4242 4242 4242 4242');
      // Adopted, not drawn anew: the server's <template> became the shadow root, none is left over.
      expect(await page.locator('paytoken-form > template').count()).toBe(0);
      expect(scripts.filter((path) => !path.includes('engine'))).toEqual([
        '/scripts/paytoken-form-hydrate.js',
        expect.stringMatching(/^\/scripts\/paytoken-form-[\w-]{16}\.js$/),
      ]);
    } finally {
      sendTheRest();
      await streamed.close();
    }
  });

  test('typed into before its script: the same inputs, text, focus and caret after Lit adopts them', async ({
    page,
    service,
  }) => {
    const url = await pageOf(service);
    const release = await holdScripts(page);
    await page.goto(url, { waitUntil: 'commit' });
    const form = page.locator('paytoken-form');
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially('123');
    await form.locator('#postalCode').pressSequentially('10001');
    await form.locator('#cardHolder').pressSequentially('Ada Lovelace');
    await form.locator('#payer').pressSequentially('Ada Lovelace');
    await form.locator('#payer').press('ArrowLeft');
    await form.locator('#payer').press('ArrowLeft');
    // Nothing has run yet: the element is not defined, and its inputs are the server's.
    expect(await page.evaluate(() => customElements.get('paytoken-form'))).toBeUndefined();
    await page.evaluate(() => {
      const root = document.querySelector('paytoken-form')?.shadowRoot;
      (root?.querySelector('#payer') as HTMLInputElement & { marked?: boolean }).marked = true;
    });

    release();
    await adopted(page);

    const after = await page.evaluate(() => {
      const root = document.querySelector('paytoken-form')?.shadowRoot as ShadowRoot;
      const payer = root.querySelector('#payer') as HTMLInputElement & { marked?: boolean };
      return {
        same: payer.marked === true,
        value: payer.value,
        focus: root.activeElement?.id,
        caret: [payer.selectionStart, payer.selectionEnd],
      };
    });
    expect(after).toEqual({ same: true, value: 'Ada Lovelace', focus: 'payer', caret: [10, 10] });
    await form.locator('#emailAddress').pressSequentially('ada@example.com');
    // What was typed before the script is what the token is made of: the form heard it.
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    expect(await tokenize(page)).toMatchObject({ success: true });
  });

  test('in Spanish: adopted in Spanish while its words load, with what was typed', async ({ page, service }) => {
    const url = await pageOf(service);
    const release = await holdScripts(page);
    await page.goto(`${url}/es`, { waitUntil: 'commit' });
    const form = page.locator('paytoken-form');
    await expect(form.locator('label[for="cardNumber"]')).toHaveText('Número de tarjeta');
    await form.locator('#cardHolder').pressSequentially('Ada Lovelace');
    release();
    await adopted(page);
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    await expect(form.locator('#cardHolder')).toHaveValue('Ada Lovelace');
    await expect(form.locator('label[for="cardNumber"]')).toHaveText('Número de tarjeta');
    await expect(form.locator('button.pay')).toContainText('Pagar');
  });

  test('an IME composition under way when the script arrives ends in the field', async ({ page, service }) => {
    const url = await pageOf(service);
    const release = await holdScripts(page);
    await page.goto(url, { waitUntil: 'commit' });
    const payer = page.locator('paytoken-form').locator('#payer');
    await payer.pressSequentially('Ada ');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'あい', selectionStart: 2, selectionEnd: 2 });
    release();
    await adopted(page);
    await cdp.send('Input.insertText', { text: '愛' });
    await expect(payer).toHaveValue('Ada 愛');
  });

  test('values the browser filled before the script (autofill) are heard', async ({ page, service }) => {
    const url = await pageOf(service);
    const release = await holdScripts(page);
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('paytoken-form').locator('#cvc').waitFor();
    // Autofill writes the values; no listener hears its events before the script.
    await page.evaluate(() => {
      const root = document.querySelector('paytoken-form')?.shadowRoot as ShadowRoot;
      const fill = { payer: 'Ada Lovelace', emailAddress: 'ada@example.com', cardHolder: 'Ada Lovelace' };
      for (const [id, value] of Object.entries({
        ...fill,
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
        postalCode: '10001',
      }))
        (root.querySelector(`#${id}`) as HTMLInputElement).value = value;
    });
    release();
    await adopted(page);
    await expect(page.locator('paytoken-form').locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    expect(await tokenize(page)).toMatchObject({ success: true });
  });

  test('a browser without declarative shadow DOM: the script renders a working form', async ({ page, service }) => {
    const url = await pageOf(service);
    await page.goto(`${url}/no-dsd`);
    await adopted(page);
    const form = page.locator('paytoken-form');
    await form.locator('#payer').pressSequentially('Ada Lovelace');
    await form.locator('#emailAddress').pressSequentially('ada@example.com');
    await form.locator('#cardHolder').pressSequentially('Ada Lovelace');
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially('123');
    await form.locator('#postalCode').pressSequentially('10001');
    expect(await tokenize(page)).toMatchObject({ success: true });
  });

  test('in <paytoken-frame>: the frame page holds the form, typed into before its scripts, and pays', async ({
    page,
    service,
    pages,
  }) => {
    // The frame page's form and hydration, by content name (the bridge, which sizes the frame, goes on).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/scripts\/paytoken-form-(hydrate-)?[\w-]{16}\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const key = service.accounts.springfield.publicKey;
    await openFrame(
      page,
      pages.url,
      service.url,
      `<paytoken-frame public-key="${key}" api-url="${service.url}" amount="100.00" card-fee="3.25" payer="Ada Lovelace" email-address="ada@example.com"></paytoken-frame>`,
    );
    const form = formInFrame(page);
    await expect(form.locator('.summary')).toContainText('$103.25');
    await expect(form.locator('#payer')).toHaveCount(0);
    await form.locator('#cardHolder').pressSequentially('Ada Lovelace');
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially('123');
    await form.locator('#postalCode').pressSequentially('10001');
    const frame = page.frames().find((candidate) => candidate.url().includes('/frames/'));
    expect(await frame?.evaluate(() => customElements.get('paytoken-form'))).toBeUndefined();
    release();
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    const result = await page.evaluate(() =>
      (document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<unknown> }).tokenize(),
    );
    expect(result).toMatchObject({ success: true });
  });

  test('in <paytoken-frame>: the form’s scripts start once the frame shows the form at its height', async ({
    page,
    service,
    pages,
  }) => {
    // In the frame page, from before its scripts: the frame's height when each script element is added.
    await page.addInitScript(() => {
      if (!location.pathname.startsWith('/frames/')) return;
      const seen: number[] = [];
      (window as unknown as { heightsAtScripts: number[] }).heightsAtScripts = seen;
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof HTMLScriptElement && /paytoken-form-/.test(node.src)) seen.push(innerHeight);
      }).observe(document, { childList: true, subtree: true });
    });
    // The test site has no icon: the browser's request for one is not the form's error.
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    const key = service.accounts.springfield.publicKey;
    await openFrame(
      page,
      pages.url,
      service.url,
      `<paytoken-frame public-key="${key}" api-url="${service.url}"></paytoken-frame>`,
    );
    await expect(formInFrame(page).locator('#cardNumber')).toBeVisible();
    const frame = page.frames().find((candidate) => candidate.url().includes('/frames/'));
    await expect.poll(() => frame?.evaluate(() => customElements.get('paytoken-form') !== undefined)).toBe(true);
    const heights = await frame?.evaluate(() => (window as unknown as { heightsAtScripts: number[] }).heightsAtScripts);
    expect(heights).toHaveLength(2);
    expect(Math.min(...(heights ?? [0]))).toBeGreaterThan(100);
  });
});
