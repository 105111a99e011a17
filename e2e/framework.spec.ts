/**
 * The React 19 example (examples/react/checkout.jsx, shown in docs/integrating.md), built with Vite
 * as an app would be and run in Chromium against the real service, with a small integrator server
 * that charges the token through the server SDK.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { build } from 'vite';
import { PaymentDeclinedError, PaytokenClient } from '../src/server-sdk/index.js';
import { expect, test } from './fixtures.js';
import { DECLINED, VISA } from './support/checkout.js';
import { listen } from './support/http.js';

test('React 19: events, a decline shown in the form, then a receipt', async ({ page, service }) => {
  test.setTimeout(90_000); // one Vite build
  const out = mkdtempSync(join(tmpdir(), 'react-checkout-'));
  await build({
    configFile: false,
    root: new URL('./react/', import.meta.url).pathname,
    logLevel: 'warn',
    oxc: { jsx: { runtime: 'automatic' } },
    build: { outDir: out, emptyOutDir: true },
  });
  const springfield = service.accounts.springfield;
  const client = new PaytokenClient({
    apiUrl: service.url,
    apiKey: springfield.apiKey,
    apiSecret: springfield.apiSecret,
  });
  const site = await listen((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (request.method === 'POST' && url.pathname === '/checkout/pay') {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const { tokenId, amountDue } = JSON.parse(text) as { tokenId: string; amountDue: string };
        const answer = (status: number, body: unknown) =>
          response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        void client.tokens
          .retrieve(tokenId)
          .then((token) =>
            client.transactions
              .createWithPayerFee({ amountDue: Number(amountDue), tokenId, payer: token.payer })
              .then((paid) => answer(201, { charged: paid.amount, lastFour: token.lastFour })),
          )
          .catch((error: unknown) =>
            error instanceof PaymentDeclinedError
              ? answer(402, { message: error.payerMessage }) // the payer-safe message, never error.message
              : answer(500, { message: 'The payment could not be made.' }),
          );
      });
      return;
    }
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    readFile(join(out, path)).then(
      (body) =>
        response
          .writeHead(200, { 'Content-Type': extname(path) === '.html' ? 'text/html' : 'text/javascript' })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  try {
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await page.goto(`${site.url}/?${new URLSearchParams({ publicKey: springfield.publicKey, apiUrl: service.url })}`);
    const form = page.locator('paytoken-form');
    await expect(form.locator('button.pay')).toHaveText('Pay $103.25');
    await form.locator('button.pay').click();
    await expect.poll(() => warnings).toContainEqual(expect.stringMatching(/^VALIDATION_FAILED /));
    await form.locator('#payer').fill('Ada Lovelace');
    await form.locator('#emailAddress').fill('ada@example.com');
    await form.locator('#cardHolder').fill('Ada Lovelace');
    await form.locator('#cardNumber').pressSequentially(DECLINED.number);
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially(DECLINED.cvc);
    await form.locator('button.pay').click();
    await expect(form.getByRole('alert')).toHaveText(
      'The payment was declined. Please use another card or payment method.',
    );
    await expect(form.locator('#cardNumber')).toBeFocused();
    await form.locator('#cardNumber').pressSequentially(VISA.number);
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially(VISA.cvc);
    await form.locator('button.pay').click();
    await expect(page.getByRole('status').filter({ hasText: 'Paid' })).toHaveText(
      'Paid $103.25 with the card ending 4242.',
    );
    await expect(form).toBeHidden();
  } finally {
    await site.close();
  }
});
