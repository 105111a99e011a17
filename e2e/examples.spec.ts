/**
 * The examples run where an integrator puts them. Each lives in examples/, the README or a guide holds
 * it verbatim, and here it runs in an app of its own: a fresh directory with the examples copied in,
 * `paytoken` installed (linked to this repository, as the tarball of the README's install would be)
 * and the service's `.data` beside them, so `. .data/sandbox.env` gives `$PAYTOKEN` and the keys. The
 * pages run in Chromium through examples/serve.mjs, which charges the token with examples/server/pay.mjs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DECLINED, VISA, cardTokenAsServer, fillCardIn, type CardInput } from './support/checkout.js';
import type { ServiceProcess } from './support/service.js';

const ROOT = new URL('../', import.meta.url).pathname;
const example = (path: string): string => readFileSync(join(ROOT, 'examples', path), 'utf8');
const doc = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const FENCES: Record<string, string> = { html: 'html', js: 'js', mjs: 'js', sh: 'sh', jsx: 'jsx' };

/** Which document shows which example, verbatim. */
const SHOWN_IN: [document: string, examples: string[]][] = [
  ['README.md', ['browser/dropin.html', 'browser/frame.html', 'browser/hosted-script.html', 'server/pay.mjs']],
  [
    'docs/integrating.md',
    [
      'browser/bank-account.js',
      'browser/dropin-events.js',
      'browser/form-control.js',
      'server/checkout.mjs',
      'server/after-the-charge.mjs',
      'server/webhooks-express.mjs',
      'server/webhooks-fastify.mjs',
      'react/checkout.jsx',
      'curl/lifecycle.sh',
    ],
  ],
  ['docs/api.md', ['curl/walk-through.sh']],
];

/** A new app directory: the examples, `paytoken` installed, and the running service's `.data`. */
function integratorApp(service: ServiceProcess): string {
  const app = mkdtempSync(join(tmpdir(), 'paytoken-app-'));
  cpSync(join(ROOT, 'examples'), app, { recursive: true });
  mkdirSync(join(app, 'node_modules'));
  symlinkSync(ROOT, join(app, 'node_modules', 'paytoken'));
  symlinkSync(service.dataDir, join(app, '.data'));
  return app;
}

/** Runs `command` in bash in the app, after `. .data/sandbox.env` as the examples say. */
async function inApp(app: string, command: string): Promise<string> {
  const env = { ...process.env };
  delete env.PAYTOKEN; // only sandbox.env may name the service
  const { stdout } = await promisify(execFile)('bash', ['-c', `. .data/sandbox.env && ${command}`], { cwd: app, env });
  return stdout;
}

/**
 * examples/serve.mjs started (any free port): the integrator's site. In `app` it is `serve.mjs` beside
 * `.data`; from the repository's root, as the README says, `examples/serve.mjs` with the service's env.
 */
async function site(
  app: string,
  command = '. .data/sandbox.env && exec node serve.mjs',
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn('bash', ['-c', command], {
    cwd: app,
    env: { ...process.env, SITE_PORT: '0' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Your site: (http:\/\/[\d.:]+)\//.exec(out);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
  });
  return { url, child };
}

/** Runs a JS example (top-level await and all) in the page, as a module script would. */
const runInPage = (page: Page, name: string) =>
  page.evaluate(`(async () => {\n${example(name)}\nreturn typeof result === 'undefined' ? undefined : result;\n})()`);

async function fillDropin(page: Page, card: CardInput, frame = false): Promise<void> {
  const form = frame
    ? page.frameLocator('paytoken-frame iframe').locator('paytoken-form')
    : page.locator('paytoken-form');
  await expect(form.locator('button.pay')).toHaveText('Pay $103.25');
  await fillCardIn(form, card);
  await form.locator('button.pay').click();
}

/** Every form post the page makes to the site, as sent. */
function posts(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/checkout')) sent.push(request.postData() ?? '');
  });
  return sent;
}

test('each example is shown verbatim where the docs show it', () => {
  for (const [document, names] of SHOWN_IN)
    for (const name of names) {
      const fence = FENCES[name.split('.').pop() as string] as string;
      expect(doc(document).includes(`\`\`\`${fence}\n${example(name)}\`\`\``), `${name} in ${document}`).toBe(true);
    }
});

test.describe('in an app of its own', () => {
  let app: string;
  let running: { url: string; child: ChildProcess };
  test.beforeAll(async ({ service }) => {
    app = integratorApp(service);
    running = await site(app);
  });
  test.afterAll(() => {
    running.child.kill();
  });

  test('the drop-in page is paid: only the order and the token id are posted', async ({ page }) => {
    const sent = posts(page);
    await page.goto(`${running.url}/dropin.html`);
    await fillDropin(page, VISA);
    await expect(page.locator('body')).toHaveText('Paid $103.25 with the account ending 4242.');
    expect(sent).toEqual([expect.stringMatching(/^orderId=17&tokenId=tok_[\w-]+$/)]);
  });

  test('a declined card gets the service’s readable message', async ({ page }) => {
    await page.goto(`${running.url}/dropin.html`);
    await fillDropin(page, DECLINED);
    await expect(page.locator('body')).toHaveText(/^The payment was declined/);
  });

  test('the isolated-form page is paid the same way', async ({ page }) => {
    const sent = posts(page);
    await page.goto(`${running.url}/frame.html`);
    await fillDropin(page, VISA, true);
    await expect(page.locator('body')).toHaveText('Paid $103.25 with the account ending 4242.');
    expect(sent).toEqual([expect.stringMatching(/^orderId=17&tokenId=tok_[\w-]+$/)]);
  });

  test('the hosted-script page: an error is shown, then only the token id is posted', async ({ page }) => {
    const sent = posts(page);
    await page.goto(`${running.url}/hosted-script.html`);
    await page.locator('#payer').fill('Ada Lovelace');
    await page.locator('#email').fill('ada@example.com');
    await page.locator('#cardNumber').fill('4242 4242 4242 4241');
    await page.locator('#month').fill(VISA.expiry.month);
    await page.locator('#year').fill(VISA.expiry.year);
    await page.locator('#cvc').fill(VISA.cvc);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.locator('#paymentError')).toHaveText('Card number is not valid.');
    await page.locator('#cardNumber').fill('4242-4242-4242-4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.locator('body')).toHaveText('Paid $103.25 with the account ending 4242.');
    expect(sent).toEqual([expect.stringMatching(/^tokenId=tok_[\w-]+$/)]);
  });

  test('the bank-account call makes a token', async ({ page }) => {
    await page.goto(`${running.url}/hosted-script.html`);
    expect(await runInPage(page, 'browser/bank-account.js')).toMatchObject({
      success: true,
      id: expect.stringMatching(/^tok_/),
    });
  });

  test('the drop-in events, tokenize() and showPaymentError', async ({ page }) => {
    const sent = posts(page);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()} ${message.text()}`));
    await page.goto(`${running.url}/dropin.html`);
    const form = page.locator('paytoken-form');
    expect(await runInPage(page, 'browser/dropin-events.js')).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
    });
    expect(logged).toContainEqual(expect.stringMatching(/^warning VALIDATION_FAILED /));
    await fillCardIn(form, VISA);
    expect(await runInPage(page, 'browser/dropin-events.js')).toMatchObject({ success: true });
    expect(logged).toContainEqual(expect.stringMatching(/^log token tok_/));
    await expect(form.getByRole('alert')).toHaveText('The payment was declined: insufficient funds.');
    await expect(form.locator('#payer')).toHaveValue('Ada Lovelace');
    await expect(form.locator('#cardNumber')).toBeFocused();
    expect(sent).toEqual([]);
  });

  test('the drop-in as a control of its form: reportValidity() and reset()', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()} ${message.text()}`));
    await page.goto(`${running.url}/dropin.html`);
    const form = page.locator('paytoken-form');
    expect(await runInPage(page, 'browser/form-control.js')).toBe(false);
    expect(logged).toContainEqual('warning 6 fields need your attention.');
    await expect(form.locator('#payer')).toBeFocused();
    await expect(form.locator('#payer-error')).toHaveText('Payer name is required.');
    await fillCardIn(form, VISA);
    expect(await runInPage(page, 'browser/form-control.js')).toBe(true);
    await page.evaluate(() => document.querySelector('form')?.reset());
    await expect(form.locator('#cardNumber')).toHaveValue('');
    await expect(form.locator('#payer')).toHaveValue('');
    expect(await runInPage(page, 'browser/form-control.js')).toBe(false);
  });

  test('the curl walk-through prints what its comments show', async () => {
    const lines = (await inApp(app, 'bash curl/walk-through.sh')).trim().split('\n');
    expect(lines).toHaveLength(8);
    const [created, token, fees, sale, hold, capture, authorization, scoped] = lines;
    expect(created).toMatch(/^\{"id":"tok_[\w-]+"\} \(201\) http:\/\/127\.0\.0\.1:\d+\/api\/v1\/tokens\/tok_[\w-]+$/);
    const body = (line: string, status: number) => {
      expect(line.endsWith(` (${status})`), line).toBe(true);
      return JSON.parse(line.slice(0, -` (${status})`.length)) as Record<string, unknown>;
    };
    expect(body(token as string, 200)).toMatchObject({
      payer: 'Ada Lovelace',
      transactionType: 'Visa',
      lastFour: '4242',
    });
    expect(body(fees as string, 200)).toEqual({ achPayerFee: 3, creditCardPayerFee: 3.25 });
    const location = / \(201\) (http:\/\/127\.0\.0\.1:\d+\/api\/v1\/transactions\/\d+)$/.exec(sale as string);
    expect(location, sale).not.toBeNull();
    const paid = JSON.parse((sale as string).slice(0, location?.index)) as { id: number };
    expect(location?.[1]).toMatch(new RegExp(`/transactions/${paid.id}$`));
    expect(paid).toMatchObject({ amount: 103.25, payerFee: 3.25, fee: 3.25, netAmount: 100, payerFeeMode: 'Included' });
    const held = JSON.parse(hold as string) as { transactionId: number };
    expect(held).toMatchObject({ amount: 80, captured: false, transactionId: expect.any(Number) });
    expect(body(capture as string, 201)).toMatchObject({
      id: held.transactionId,
      amount: 50,
      payerFee: 0,
      fee: 1.63,
      netAmount: 48.37,
      payerFeeMode: 'Custom',
      events: [{ eventType: 'Authorize' }, { eventType: 'Capture' }],
    });
    expect(body(authorization as string, 200)).toMatchObject({ captured: true, transactionId: held.transactionId });
    expect(body(scoped as string, 404)).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });

  test('the lifecycle with curl prints what its comments show', async () => {
    const lines = (await inApp(app, 'bash curl/lifecycle.sh')).trim().split('\n');
    const statuses = lines.map((line) => Number(/ \((\d{3})\)$/.exec(line)?.[1]));
    expect(statuses).toEqual([400, 200, 201, 200, 400, 200, 200]);
    const [early, batch, refund, after, late, batches, members] = lines.map(
      (line) => JSON.parse(line.replace(/ \(\d{3}\)$/, '')) as Record<string, unknown>,
    );
    expect(early).toMatchObject({ code: 'REVERSAL_DECLINED', reversalResponseCode: 'NotSettled' });
    expect(batch).toMatchObject({ currency: 'USD', numberOfCredits: 0 });
    expect(refund).toMatchObject({ amount: -40, fee: 0, netAmount: -40, status: 'Captured', batchId: null });
    expect(after).toMatchObject({
      amount: 103.25,
      fee: 3.25,
      netAmount: 100,
      status: 'PartiallyRefunded',
      batchId: batch?.id,
    });
    expect(refund?.originalTransactionId).toBe(after?.id);
    expect(late).toMatchObject({ reversalResponseCode: 'AlreadySettled' });
    expect(batches).toMatchObject({ batches: [{ id: batch?.id }] });
    expect((members as { transactions: unknown[] }).transactions).toContainEqual(
      expect.objectContaining({ id: after?.id, batchId: batch?.id, status: 'PartiallyRefunded' }),
    );
  });

  test('the server SDK checkout runs with the sandbox variables and a token id', async ({ service }) => {
    const id = await springfieldCardToken(service);
    const stdout = await inApp(app, `node server/checkout.mjs ${id}`);
    expect(JSON.parse(stdout)).toMatchObject({
      token: { id, transactionType: 'Visa', lastFour: '4242' },
      fees: { achPayerFee: 3, creditCardPayerFee: 3.25 },
      paid: { amount: 103.25, payerFee: 3.25, netAmount: 100, payerFeeMode: 'Included' },
      capture: { amount: 50, fee: 1.63, netAmount: 48.37, payerFeeMode: 'Custom' },
      declined: 'The amount exceeds the approval limit of 1,000,000.00.',
    });
    const gone = await service.asServer(service.accounts.springfield, `/api/v1/tokens/${id}`);
    expect(gone.status).toBe(404);
  });

  test('the server SDK after the charge: void, settle, refund', async ({ service }) => {
    const id = await springfieldCardToken(service);
    const stdout = await inApp(app, `node server/after-the-charge.mjs ${id}`);
    const result = JSON.parse(stdout) as {
      after: { id: number };
      settled: number[];
      batch: { numberOfDebits: number };
    };
    expect(result).toMatchObject({
      voided: { status: 'Voided', amount: 0, fee: 0, netAmount: 0 },
      refund: { amount: -40, netAmount: -40, fee: 0, originalTransactionId: result.after.id },
      after: { status: 'PartiallyRefunded', amount: 103.25, fee: 3.25, netAmount: 100 },
    });
    expect(result.settled).toContain(result.after.id);
    expect(result.batch.numberOfDebits).toBeGreaterThanOrEqual(1);
  });
});

test('from the repository’s root, as the README says, the first payment is made', async ({ page, service }) => {
  const env = join(service.dataDir, 'sandbox.env');
  const running = await site(ROOT, `. "${env}" && exec node examples/serve.mjs`);
  try {
    await page.goto(`${running.url}/dropin.html`);
    await fillDropin(page, VISA);
    await expect(page.locator('body')).toHaveText('Paid $103.25 with the account ending 4242.');
  } finally {
    running.child.kill();
  }
});

/** A new card token of Springfield's, made by its server: the id a page would have sent. */
const springfieldCardToken = (service: ServiceProcess): Promise<string> =>
  cardTokenAsServer(service, service.accounts.springfield);
