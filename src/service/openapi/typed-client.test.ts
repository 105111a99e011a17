/**
 * A client generated from the live document (openapi-typescript types + openapi-fetch) runs
 * the whole flow, type-checked by `tsc` with the rest of the project. The types are committed
 * (api-types.generated.ts); the first test fails when the document no longer generates them, so the
 * document cannot drift from this code unnoticed. Regenerate with `npm run openapi:types`.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../../scripts/openapi-types.js';
import { CARD, apiKey, basic, startTestService, type TestService } from '../testing/harness.js';
import type { paths } from './api-types.generated.js';

/** `fetch` into `app.inject()`: the generated client talks to the in-process service, no port. */
function injectFetch(app: FastifyInstance) {
  return async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    const payload = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: input.method as 'GET',
      url: url.pathname + url.search,
      headers: { host: url.host, ...Object.fromEntries(input.headers) },
      ...(payload && { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const item of [value].flat()) if (item !== undefined) headers.append(name, String(item));
    return new Response(answer.rawPayload.length ? new Uint8Array(answer.rawPayload) : null, {
      status: answer.statusCode,
      headers,
    });
  };
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

describe('the generated TypeScript client', () => {
  it('is generated from the live document as committed (else run npm run openapi:types)', async () => {
    expect(await generateApiTypes()).toBe(readFileSync(API_TYPES_FILE, 'utf8'));
  });

  it('runs the whole flow: token, fees, Mode A, a decline, an authorization and its capture', async () => {
    const client = createClient<paths>({ baseUrl: 'http://localhost', fetch: injectFetch(service.app) });
    const browser = { Authorization: apiKey(service.accounts.springfield) };
    const server = { Authorization: basic(service.accounts.springfield) };
    const payer = 'Ada Lovelace';

    // A page creates a token with the public key; the server reads it.
    const created = await client.POST('/api/v1/tokens', {
      headers: browser,
      params: { header: { 'Idempotency-Key': 'typed-client-token' } },
      body: { payer, emailAddress: 'ada@example.com', creditCardInformation: CARD },
    });
    expect(created.response.status).toBe(201);
    const tokenId = created.data?.id ?? '';
    expect(created.response.headers.get('Location')).toBe(`http://localhost/api/v1/tokens/${tokenId}`);
    const token = await client.GET('/api/v1/tokens/{tokenId}', { headers: server, params: { path: { tokenId } } });
    expect(token.data).toMatchObject({ transactionType: 'Visa', lastFour: '4242', expirationYear: 2030 });

    // Mode A: the payer fee for $100.00 due, then amount = due + fee.
    const fees = await client.GET('/api/v1/transactionFees', { headers: server, params: { query: { amount: 100 } } });
    const fee = fees.data?.creditCardPayerFee ?? NaN;
    expect(fee).toBe(3.25);
    const sale = await client.POST('/api/v1/transactions', {
      headers: server,
      params: { header: { 'Idempotency-Key': 'typed-client-sale' } },
      body: { payer, amount: 100 + fee, payerFee: fee, tokenId },
    });
    expect(sale.response.status).toBe(201);
    expect(sale.data).toMatchObject({ netAmount: 100, payerFeeMode: 'Included', paymentResponseCode: 'Success' });
    const read = await client.GET('/api/v1/transactions/{transactionId}', {
      headers: server,
      params: { path: { transactionId: String(sale.data?.id) } },
    });
    expect(read.data?.publicId).toBe(sale.data?.publicId);

    // A decline is a 400 whose typed error names the stored transaction and the processor's answer.
    const declined = await client.POST('/api/v1/transactions', {
      headers: server,
      body: { payer, amount: 10, payerFee: 0.33, creditCardInformation: { ...CARD, cardNumber: '4000000000009995' } },
    });
    expect(declined.response.status).toBe(400);
    expect(declined.error).toMatchObject({ code: 'PAYMENT_DECLINED', paymentResponseCode: 'InsufficientFunds' });
    expect(declined.error?.id).toEqual(expect.any(Number));

    // Hold $80.00, capture $50.00 of it, and see the authorization captured.
    const hold = await client.POST('/api/v1/transactions/authorize', {
      headers: server,
      body: { tokenId, amount: 80 },
    });
    expect(hold.response.status).toBe(201);
    const authorizationId = hold.data?.authorizationId ?? '';
    const captured = await client.POST('/api/v1/transactions', {
      headers: server,
      body: { payer, amount: 50, authorizationId },
    });
    expect(captured.data?.events.map((event) => event.eventType)).toEqual(['Authorize', 'Capture']);
    const authorization = await client.GET('/api/v1/transactions/authorizations/{authorizationId}', {
      headers: server,
      params: { path: { authorizationId } },
    });
    expect(authorization.data).toMatchObject({ amount: 80, captured: true, transactionId: captured.data?.id });

    // The server deletes the token; reading it again is a typed 404.
    const deleted = await client.DELETE('/api/v1/tokens/{tokenId}', { headers: server, params: { path: { tokenId } } });
    expect(deleted.data).toEqual({ id: tokenId, deleted: true });
    const gone = await client.GET('/api/v1/tokens/{tokenId}', { headers: server, params: { path: { tokenId } } });
    expect([gone.response.status, gone.error?.code]).toEqual([404, 'TOKEN_NOT_FOUND']);
  });
});
