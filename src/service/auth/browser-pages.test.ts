import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, basic, cardToken, request, startTestService, type TestService } from '../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const SHOP = 'https://shop.example';
const sale = { payer: 'Ada', amount: 10, payerFee: 0, creditCardInformation: cardToken().creditCardInformation };

describe('a key+secret operation called from a web page (docs/api.md#cors)', () => {
  it('lets the browser’s preflight through, so the page gets an answer instead of a bare CORS failure', async () => {
    const response = await service.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/transactions',
      headers: {
        origin: SHOP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': SHOP,
      'access-control-allow-headers': 'authorization, content-type',
    });
  });

  it('refuses the request with a body the page can read: what is wrong, and to rotate the secret', async () => {
    const response = await request(service.app, 'POST', '/api/v1/transactions', {
      authorization: basic(service.accounts.springfield),
      body: sale,
      headers: { origin: SHOP },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBe(SHOP);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('SECRET_IN_BROWSER');
    expect(body.message).toContain(`a web page (${SHOP}) cannot call it`);
    expect(body.message).toContain('npm run accounts -- rotate-secret');
    // Nothing was charged.
    const search = await request(service.app, 'GET', '/api/v1/transactions', {
      authorization: basic(service.accounts.springfield),
    });
    expect(search.json<{ totalRecords: number }>().totalRecords).toBe(0);
  });

  it('refuses a token made with key and secret from a page: the secret is in the page', async () => {
    const response = await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: basic(service.accounts.springfield),
      body: cardToken(),
      headers: { origin: SHOP },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('SECRET_IN_BROWSER');
  });

  it.each([
    ['GET', '/api/v1/transactions/1'],
    ['GET', '/api/v1/transactionFees?amount=10'],
    ['DELETE', '/api/v1/tokens/tok_x'],
    ['GET', '/api/v1/batches'],
  ])('refuses %s %s from a page even without credentials', async (method, url) => {
    const response = await service.app.inject({ method: method as 'GET', url, headers: { origin: SHOP } });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('SECRET_IN_BROWSER');
  });

  it('serves a server (no Origin), the service’s own page, and token creation by public key as before', async () => {
    const fromServer = await request(service.app, 'POST', '/api/v1/transactions', {
      authorization: basic(service.accounts.springfield),
      body: sale,
    });
    expect(fromServer.statusCode).toBe(201);
    const fromOwnPage = await request(service.app, 'GET', '/api/v1/transactions', {
      authorization: basic(service.accounts.springfield),
      headers: { origin: 'http://localhost' },
    });
    expect(fromOwnPage.statusCode).toBe(200);
    const token = await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: apiKey(service.accounts.springfield),
      body: cardToken(),
      headers: { origin: SHOP },
    });
    expect(token.statusCode).toBe(201);
  });

  it('keeps a header the page sent from reaching the message as it is', async () => {
    const response = await service.app.inject({
      url: '/api/v1/batches',
      headers: { origin: 'https://shop.example/\u00e9' },
    });
    expect(response.json<{ message: string }>().message).toContain('(https://shop.example/?)');
  });
});
