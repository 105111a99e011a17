/**
 * dist/browser as `npm run build` leaves it, served by a plain static server on an origin of its
 * own (a CDN, say), with nothing renamed: each bundle finds the files it loads by the names they
 * were built with, and pays against the service. The static server adds only the
 * `Access-Control-Allow-Origin` that any host of scripts pinned with `integrity` must send.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HostedManifest } from '../src/build/hosted-manifest.js';
import { expect, test } from './fixtures.js';
import { fillCard, openForm, watchOutcome } from './support/form-page.js';
import { accountFor, formInFrame, openFrame } from './support/frame-page.js';
import { listen, staticFiles, type Running } from './support/http.js';

const builtFolder = fileURLToPath(new URL('../dist/browser/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${builtFolder}manifest.json`, 'utf8')) as HostedManifest;

let cdn: Running;
test.beforeAll(async () => {
  cdn = await listen(staticFiles(builtFolder, { 'Access-Control-Allow-Origin': '*' }), 'localhost');
});
test.afterAll(() => cdn.close());

test('the built folder lists every file it holds, under its plain and its content name, each also compressed', () => {
  const names = Object.values(manifest.files).flatMap(({ url, immutableUrl }) => [url, immutableUrl]);
  // Brotli and gzip copies, for a static server's brotli_static and gzip_static (docs/integrating.md).
  const compressed = names.flatMap((name) => [`${name}.br`, `${name}.gz`]);
  const listed = new Set([...names, ...compressed, 'manifest.json']);
  const written = readdirSync(builtFolder);
  expect(written.filter((file) => !listed.has(file))).toEqual([]);
  expect([...names, ...compressed].filter((file) => !written.includes(file))).toEqual([]);
});

test('the drop-in form served from the built folder loads its engine and its Spanish, and pays', async ({
  page,
  service,
  pages,
}) => {
  const markup = `<paytoken-form public-key="${service.accounts.springfield.publicKey}" api-url="${service.url}"></paytoken-form>`;
  const { form, requests } = await openForm(page, pages.url, service.url, markup, 'es', undefined, cdn.url);
  await expect(form.locator('button.pay')).toHaveText(/Pagar/);
  await fillCard(form);
  const outcome = await watchOutcome(form);
  await form.locator('button.pay').click();
  expect(await outcome()).toMatchObject({ type: 'paytoken-token', detail: { id: expect.stringMatching(/^tok_/) } });
  const fromCdn = requests.map((request) => request.url()).filter((url) => url.startsWith(cdn.url));
  expect(fromCdn).toEqual([
    `${cdn.url}/paytoken-form.js`,
    `${cdn.url}/${manifest.files['paytoken-form-es.json']?.immutableUrl}`,
    `${cdn.url}/${manifest.files['paytoken-form-engine.js']?.immutableUrl}`,
  ]);
});

test('the hosted script pinned by its content name and integrity from the manifest tokenizes', async ({
  page,
  service,
  pages,
}) => {
  const pinned = manifest.files['paytoken.js'];
  await page.goto(`${pages.url}/hosted-script.html`);
  const result = await page.evaluate(
    async ({ src, integrity, publicKey, apiUrl }) => {
      const script = document.createElement('script');
      Object.assign(script, { src, integrity, crossOrigin: 'anonymous' });
      script.dataset.publicKey = publicKey;
      script.dataset.apiUrl = apiUrl;
      await new Promise((resolve, reject) => {
        script.onload = resolve;
        script.onerror = () => reject(new Error(`${src} did not load`));
        document.body.append(script);
      });
      const card = { accountHolder: 'Ada Lovelace', cardNumber: '4242424242424242', cvc: '123', month: '12' };
      return window.Paytoken.createToken({
        payer: 'Ada Lovelace',
        emailAddress: 'ada@example.com',
        creditCardInformation: { ...card, year: 2030, postalCode: '12345' },
      });
    },
    {
      src: `${cdn.url}/${pinned?.immutableUrl}`,
      integrity: pinned?.integrity ?? '',
      publicKey: service.accounts.springfield.publicKey,
      apiUrl: service.url,
    },
  );
  expect(result).toMatchObject({ success: true, id: expect.stringMatching(/^tok_/) });
});

test('the isolated form’s loader served from the built folder opens the service’s page and pays', async ({
  page,
  service,
  pages,
}) => {
  const account = accountFor(service, pages.url);
  const markup = `<paytoken-frame public-key="${account.publicKey}" api-url="${service.url}"></paytoken-frame>`;
  await openFrame(page, pages.url, service.url, markup, 'en', cdn.url);
  const form = formInFrame(page);
  await form.locator('button.pay').waitFor();
  await fillCard(form);
  const result = await page.evaluate(() =>
    (document.querySelector('paytoken-frame') as HTMLElement & { tokenize(): Promise<unknown> }).tokenize(),
  );
  expect(result).toMatchObject({ success: true, id: expect.stringMatching(/^tok_/) });
});
