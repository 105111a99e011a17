/**
 * A `<paytoken-frame>` the integrator's server rendered with its iframe (paytoken/ssr's
 * renderPaytokenFrame, dist/ssr/render-form.js): the frame page is asked for while the page is parsed,
 * and paytoken-frame.js keeps that iframe, whether it arrives before the frame page or after its bridge
 * has spoken. A frame rendered for another origin, or whose attributes the page changed before the
 * script ran, is replaced, and the form still works.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { fillCardIn, VISA } from './support/checkout.js';
import { formInFrame } from './support/frame-page.js';
import { holdRequests } from './support/hold.js';
import { listen, type Running } from './support/http.js';
import type { ServiceProcess } from './support/service.js';

type Attributes = Record<string, string>;
const { renderPaytokenFrame } = (await import(new URL('../dist/ssr/render-form.js', import.meta.url).href)) as {
  renderPaytokenFrame: (attributes: Attributes, page: { origin: string }) => string;
};

let site: Running | undefined;
/** The page of `path`, rendered at each request (a new nonce each time) by `render`. */
let render: (origin: string, path: string) => string = () => '';
async function siteUrl(): Promise<string> {
  site ??= await listen((request, response) =>
    response
      .writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' })
      .end(render(site?.url ?? '', request.url ?? '/')),
  );
  return site.url;
}
test.afterAll(async () => {
  await site?.close();
  site = undefined;
});

/** A checkout page as docs/integrating.md shows it: the rendered element, and the loader `defer`. */
async function checkout(
  service: ServiceProcess,
  attributes: Attributes = {},
  origin?: string,
  edit = (html: string) => html,
  loading = 'defer',
): Promise<string> {
  const all = { 'public-key': service.accounts.springfield.publicKey, 'api-url': service.url, ...attributes };
  render = (own) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
    <script src="${service.url}/scripts/paytoken-frame.js" ${loading}></script></head>
    <body><main>${edit(renderPaytokenFrame(all, { origin: origin ?? own }))}</main></body></html>`;
  return siteUrl();
}

/** The frame pages the page asks for, as it asks. */
function framePagesAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => request.url().includes('/frames/') && asked.push(request.url()));
  return asked;
}

const errors: string[] = [];
test.beforeEach(async ({ page }) => {
  errors.length = 0;
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // The test site has no icon: the browser's request for one is not the form's error.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
});

const tokenize = (page: Page) =>
  page.evaluate(() =>
    (document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<unknown> }).tokenize(),
  );

/** The frame shows the rendered amount, and the page asked for one frame page and logged no error. */
async function showsAskingOnce(page: Page, asked: string[]): Promise<void> {
  await expect(formInFrame(page).locator('button.pay')).toHaveText('Pay $103.25');
  expect(asked).toHaveLength(1);
  expect(errors).toEqual([]);
}

/** The height the loader gave the frame (0 until the frame's page has told it). */
const frameHeight = (page: Page) => page.locator('paytoken-frame').evaluate((frame) => frame.clientHeight);

test.describe('a server-rendered <paytoken-frame>', () => {
  test('its iframe is the one that pays: the frame page is asked for once', async ({ page, service }) => {
    const asked = framePagesAskedFor(page);
    await page.goto(await checkout(service, { amount: '100.00', 'card-fee': '3.25' }));
    await showsAskingOnce(page, asked);
    await fillCardIn(formInFrame(page), VISA);
    expect(await tokenize(page)).toMatchObject({ success: true });
  });

  test('paytoken-frame.js after the frame page has spoken: it asks again, and sizes the frame', async ({
    page,
    service,
  }) => {
    const release = await holdRequests(page, /\/scripts\/paytoken-frame\.js$/);
    const asked = framePagesAskedFor(page);
    // `commit`: the page's load waits for its deferred script, which is held.
    await page.goto(await checkout(service, { amount: '100.00', 'card-fee': '3.25' }), { waitUntil: 'commit' });
    const frame = page.frameLocator('paytoken-frame iframe');
    // The bridge has run (the form's scripts after it): its hello went to a page with no loader yet.
    await expect(frame.locator('paytoken-form #cardNumber')).toBeAttached();
    await expect.poll(() => page.evaluate(() => customElements.get('paytoken-frame'))).toBeUndefined();
    expect(await page.locator('paytoken-frame').boundingBox()).toMatchObject({ height: 0 });
    release();
    await expect(formInFrame(page).locator('#cardNumber')).toBeVisible();
    expect((await page.locator('paytoken-frame').boundingBox())?.height).toBeGreaterThan(400);
    await fillCardIn(formInFrame(page), VISA);
    expect(await tokenize(page)).toMatchObject({ success: true });
    expect(asked).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('a page on the service’s own origin: the late loader asks its frame again', async ({ page, service }) => {
    // A shop that serves the service under its own origin: the frame's document is readable there,
    // so "not the initial document" is told by its address, not by whether it can be read.
    const release = await holdRequests(page, /\/scripts\/paytoken-frame\.js$/);
    await checkout(service, { amount: '100.00', 'card-fee': '3.25' }, service.url);
    await page.route(`${service.url}/shop`, (route) =>
      route.fulfill({ contentType: 'text/html', body: render(service.url, '/shop') }),
    );
    await page.goto(`${service.url}/shop`, { waitUntil: 'commit' });
    await expect(page.frameLocator('paytoken-frame iframe').locator('paytoken-form #cardNumber')).toBeAttached();
    expect(await frameHeight(page)).toBe(0);
    release();
    await expect.poll(() => frameHeight(page)).toBeGreaterThan(400);
  });

  test('the service refuses the key after the frame page spoke: the late loader still hears why', async ({
    page,
    service,
  }) => {
    const release = await holdRequests(page, /\/scripts\/paytoken-frame\.js$/);
    await page.goto(await checkout(service, { 'public-key': 'pk_nobody' }), { waitUntil: 'commit' });
    await expect(page.frameLocator('paytoken-frame iframe').locator('[data-code]')).toBeAttached();
    release();
    await expect(page.locator('paytoken-frame [role="alert"]')).toHaveText(
      'Payments are not available on this page right now.',
    );
    expect(await tokenize(page)).toMatchObject({ success: false, code: 'PUBLIC_KEY_REJECTED' });
  });

  test('rendered for another origin: the loader opens its own frame page', async ({ page, service }) => {
    const asked = framePagesAskedFor(page);
    await page.goto(await checkout(service, { amount: '25.00' }, 'https://elsewhere.example'));
    await expect(formInFrame(page).locator('button.pay')).toHaveText('Pay $25.00');
    expect(asked).toHaveLength(2);
    expect(new URL(asked[1] ?? '').searchParams.get('origin')).toBe(new URL(page.url()).origin);
    // The first frame was refused by its frame-ancestors (another origin) before it was replaced.
    expect(errors.filter((line) => !/frame-ancestors/.test(line))).toEqual([]);
  });

  test('attributes the page changed before the loader ran: the form shows them', async ({ page, service }) => {
    const release = await holdRequests(page, /\/scripts\/paytoken-frame\.js$/);
    const asked = framePagesAskedFor(page);
    await page.goto(await checkout(service, { amount: '100.00', 'card-fee': '3.25' }), { waitUntil: 'commit' });
    await expect(page.locator('paytoken-frame')).toBeAttached();
    await page.evaluate(() => document.querySelector('paytoken-frame')?.setAttribute('amount', '50.00'));
    release();
    await expect(formInFrame(page).locator('button.pay')).toHaveText('Pay $53.25');
    // Its own frame page, for the amount it was given: not the rendered one, which showed $103.25.
    expect(asked).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  test('a browser without declarative shadow DOM: the loader opens the frame itself', async ({ page, service }) => {
    const asked = framePagesAskedFor(page);
    // As such a browser sees it: the <template> stays one (here, with an attribute it does not know),
    // and nothing in it, the iframe included, is loaded.
    await page.goto(
      await checkout(service, { amount: '100.00', 'card-fee': '3.25' }, undefined, (html) =>
        html.replace(/ shadowroot(mode)?="open"/g, ''),
      ),
    );
    await showsAskingOnce(page, asked);
  });

  test('a loader that runs before the element (no `defer`): the script opens its own frame', async ({
    page,
    service,
  }) => {
    const asked = framePagesAskedFor(page);
    await page.goto(await checkout(service, { amount: '100.00', 'card-fee': '3.25' }, undefined, undefined, ''));
    await expect(formInFrame(page).locator('button.pay')).toHaveText('Pay $103.25');
    // The rendered iframe stayed in an inert <template>: never asked for.
    expect(asked).toHaveLength(1);
    expect(errors).toEqual(['A second declarative shadow root cannot be created on a host.']);
  });

  test('a page whose CSP refuses the rendered frame: FRAME_REFUSED and what to check', async ({ page, service }) => {
    // The frame loaded (as the browser's error page) before the loader ran: the page's load says so.
    await page.addInitScript(() =>
      addEventListener(
        'paytoken-error',
        (event) => ((window as { code?: string }).code ??= (event as Event & { code: string }).code),
      ),
    );
    const url = await checkout(service);
    const withoutPolicy = render;
    render = (own, path) =>
      withoutPolicy(own, path).replace(
        '<meta charset="utf-8">',
        `<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="frame-src 'none'">`,
      );
    await page.goto(url);
    // Without the page's load, the loader waits 15 s and says FRAME_UNAVAILABLE ("check your connection").
    const code = await page.waitForFunction(() => (window as { code?: string }).code, undefined, { timeout: 20_000 });
    expect(await code.jsonValue()).toBe('FRAME_REFUSED');
    expect(errors).toEqual([
      expect.stringContaining("Framing '"),
      expect.stringContaining('Paytoken: The browser refused the payment form: check the page’s CSP frame-src'),
    ]);
  });
});
