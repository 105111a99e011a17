/**
 * The README's snippets run as written: each lives in demo/snippets/, the README holds it verbatim,
 * and here each runs: the pages in Chromium against the real service (only the README's placeholder
 * address and public key replaced), the curl walk-through in bash.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { VISA } from './support/checkout.js';
import { listen, type Running } from './support/http.js';
import type { ServiceProcess } from './support/service.js';

const SNIPPETS = new URL('../demo/snippets/', import.meta.url);
const snippet = (name: string): string => readFileSync(new URL(name, SNIPPETS), 'utf8');
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const LANGUAGES: Record<string, string> = { html: 'html', js: 'js', sh: 'sh' };

/** The integrator's site: the snippet pages, and a `/checkout` that records what the browser posted. */
async function integratorSite(service: ServiceProcess): Promise<Running & { posted: string[] }> {
  const posted: string[] = [];
  const site = await listen((request, response) => {
    if (request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        posted.push(body);
        response.writeHead(200, { 'Content-Type': 'text/plain' }).end('Thank you.');
      });
      return;
    }
    const name = new URL(request.url ?? '/', 'http://x').pathname.slice(1);
    if (!/^[\w-]+\.html$/.test(name)) return void response.writeHead(404).end();
    const page = snippet(name)
      .replaceAll('https://pay.example.com', service.url)
      .replaceAll('pk_…', service.accounts.springfield.publicKey);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  });
  return Object.assign(site, { posted });
}

/** Runs a JS snippet (top-level await and all) in the page, as a module script would. */
const runSnippet = (page: Page, name: string) =>
  page.evaluate(`(async () => {\n${snippet(name)}\nreturn typeof result === 'undefined' ? undefined : result;\n})()`);

/**
 * Runs `bash args…` as a newcomer would after `npm start` in a clone: in a fresh directory whose
 * `.data` is the service's (so `. .data/sandbox.env` works), with `PAYTOKEN` naming the service.
 */
async function runInClone(service: ServiceProcess, args: string[]): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), 'readme-'));
  symlinkSync(service.dataDir, join(cwd, '.data'));
  const { stdout } = await promisify(execFile)('bash', args, { cwd, env: { ...process.env, PAYTOKEN: service.url } });
  return stdout;
}

/** Runs a server SDK snippet with the sandbox variables and a token id, as its first line says. */
const runSdkSnippet = (service: ServiceProcess, name: string, tokenId: string) =>
  runInClone(service, ['-c', `. .data/sandbox.env && node "${new URL(name, SNIPPETS).pathname}" ${tokenId}`]);

/** A new card token of Springfield's, made by its server: the id a page would have sent. */
async function springfieldCardToken(service: ServiceProcess): Promise<string> {
  const made = await service.asServer(service.accounts.springfield, '/api/v1/tokens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      creditCardInformation: {
        accountHolder: 'Ada Lovelace',
        cardNumber: VISA.number,
        cvc: VISA.cvc,
        month: '12',
        year: 2030,
      },
    }),
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

test('the README holds every snippet verbatim', () => {
  for (const name of [
    'sdk.js',
    'sdk-lifecycle.js',
    'hosted-script.html',
    'bank-account.js',
    'dropin.html',
    'dropin-events.js',
    'frame.html',
    'curl.sh',
    'curl-lifecycle.sh',
  ]) {
    const language = LANGUAGES[name.split('.').pop() as string] as string;
    expect(README.includes(`\`\`\`${language}\n${snippet(name)}\`\`\``), `${name} is in README.md`).toBe(true);
  }
});

test('the hosted-script page: an error is shown, then only the token id is posted', async ({ page, service }) => {
  const site = await integratorSite(service);
  try {
    await page.goto(`${site.url}/hosted-script.html`);
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
    await expect(page.locator('body')).toHaveText('Thank you.');
    expect(site.posted).toHaveLength(1);
    expect(site.posted[0]).toMatch(/^tokenId=tok_[\w-]+$/);
    const token = await service.asServer(
      service.accounts.springfield,
      `/api/v1/tokens/${(site.posted[0] as string).slice('tokenId='.length)}`,
    );
    expect(await token.json()).toMatchObject({ lastFour: '4242', payer: 'Ada Lovelace' });
  } finally {
    await site.close();
  }
});

test('the bank-account call makes a token', async ({ page, service }) => {
  const site = await integratorSite(service);
  try {
    await page.goto(`${site.url}/hosted-script.html`);
    expect(await runSnippet(page, 'bank-account.js')).toMatchObject({
      success: true,
      id: expect.stringMatching(/^tok_/),
    });
  } finally {
    await site.close();
  }
});

test('the drop-in page posts the order with only the token id', async ({ page, service }) => {
  const site = await integratorSite(service);
  try {
    await page.goto(`${site.url}/dropin.html`);
    const form = page.locator('paytoken-form');
    await expect(form.locator('button.pay')).toHaveText('Pay $103.25');
    await form.locator('#payer').fill('Ada Lovelace');
    await form.locator('#emailAddress').fill('ada@example.com');
    await form.locator('#cardHolder').fill('Ada Lovelace');
    await form.locator('#cardNumber').pressSequentially(VISA.number);
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially(VISA.cvc);
    await form.locator('button.pay').click();
    await expect(page.locator('body')).toHaveText('Thank you.');
    expect(site.posted).toEqual([expect.stringMatching(/^orderId=17&tokenId=tok_[\w-]+$/)]);
  } finally {
    await site.close();
  }
});

test('the isolated-form page posts the order with only the token id', async ({ page, service }) => {
  const site = await integratorSite(service);
  try {
    await page.goto(`${site.url}/frame.html`);
    const form = page.frameLocator('paytoken-frame iframe').locator('paytoken-form');
    await expect(form.locator('button.pay')).toHaveText('Pay $103.25');
    await form.locator('#payer').fill('Ada Lovelace');
    await form.locator('#emailAddress').fill('ada@example.com');
    await form.locator('#cardHolder').fill('Ada Lovelace');
    await form.locator('#cardNumber').pressSequentially(VISA.number);
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially(VISA.cvc);
    await form.locator('button.pay').click();
    await expect(page.locator('body')).toHaveText('Thank you.');
    expect(site.posted).toEqual([expect.stringMatching(/^orderId=17&tokenId=tok_[\w-]+$/)]);
  } finally {
    await site.close();
  }
});

test('the drop-in events, tokenize() and showPaymentError', async ({ page, service }) => {
  const site = await integratorSite(service);
  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()} ${message.text()}`));
  try {
    await page.goto(`${site.url}/dropin.html`);
    const form = page.locator('paytoken-form');
    expect(await runSnippet(page, 'dropin-events.js')).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(logged).toContainEqual(expect.stringMatching(/^warning VALIDATION_FAILED /));
    await form.locator('#payer').fill('Ada Lovelace');
    await form.locator('#emailAddress').fill('ada@example.com');
    await form.locator('#cardHolder').fill('Ada Lovelace');
    await form.locator('#cardNumber').pressSequentially(VISA.number);
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially(VISA.cvc);
    expect(await runSnippet(page, 'dropin-events.js')).toMatchObject({ success: true });
    expect(logged).toContainEqual(expect.stringMatching(/^log token tok_/));
    await expect(form.getByRole('alert')).toHaveText('The payment was declined: insufficient funds.');
    await expect(form.locator('#payer')).toHaveValue('Ada Lovelace');
    await expect(form.locator('#cardNumber')).toBeFocused();
    expect(site.posted).toEqual([]);
  } finally {
    await site.close();
  }
});

test('the curl walk-through gives the answers the README shows', async ({ service }) => {
  const stdout = await runInClone(service, [new URL('curl.sh', SNIPPETS).pathname]);
  const answers = stdout.trim().split('\n');
  expect(answers).toHaveLength(7);
  expect(JSON.parse(answers[0] as string)).toMatchObject({
    payer: 'Ada Lovelace',
    transactionType: 'Visa',
    lastFour: '4242',
  });
  expect(JSON.parse(answers[1] as string)).toEqual({ achPayerFee: 3, creditCardPayerFee: 3.25 });
  expect(JSON.parse(answers[2] as string)).toMatchObject({
    amount: 103.25,
    payerFee: 3.25,
    fee: 3.25,
    netAmount: 100,
    payerFeeMode: 'Included',
    paymentResponseCode: 'Success',
  });
  const hold = JSON.parse(answers[3] as string) as { transactionId: number };
  expect(hold).toMatchObject({ amount: 80, captured: false, transactionId: expect.any(Number) });
  expect(JSON.parse(answers[4] as string)).toMatchObject({
    id: hold.transactionId,
    amount: 50,
    payerFee: 0,
    fee: 1.63,
    netAmount: 48.37,
    payerFeeMode: 'Custom',
    events: [{ eventType: 'Authorize' }, { eventType: 'Capture' }],
  });
  expect(JSON.parse(answers[5] as string)).toMatchObject({ captured: true, transactionId: hold.transactionId });
  expect(JSON.parse(answers[6] as string)).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
});

test('the lifecycle with curl gives the answers the README shows', async ({ service }) => {
  const stdout = await runInClone(service, [new URL('curl-lifecycle.sh', SNIPPETS).pathname]);
  const answers = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(answers).toHaveLength(7);
  const [early, batch, refund, after, late, batches, members] = answers;
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
  const stdout = await runSdkSnippet(service, 'sdk.js', id);
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

test('the server SDK after the charge: void, settle, refund, as the README shows', async ({ service }) => {
  const id = await springfieldCardToken(service);
  const stdout = await runSdkSnippet(service, 'sdk-lifecycle.js', id);
  const result = JSON.parse(stdout) as { after: { id: number }; settled: number[]; batch: { numberOfDebits: number } };
  expect(result).toMatchObject({
    voided: { status: 'Voided', amount: 0, fee: 0, netAmount: 0 },
    refund: { amount: -40, netAmount: -40, fee: 0, originalTransactionId: result.after.id },
    after: { status: 'PartiallyRefunded', amount: 103.25, fee: 3.25, netAmount: 100 },
  });
  expect(result.settled).toContain(result.after.id);
  expect(result.batch.numberOfDebits).toBeGreaterThanOrEqual(1);
});
