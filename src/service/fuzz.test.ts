import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../shared/wire.js';
import { apiKey, basic, cardToken, startTestService, type Created, type TestService } from './testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const anyJson = fc.jsonValue({ maxDepth: 4 });
/** Bodies near the real shape: the right fields holding anything. */
const nearlyTokens = fc.record(
  {
    payer: anyJson,
    emailAddress: anyJson,
    creditCardInformation: fc.option(
      fc.record(
        {
          accountHolder: anyJson,
          cardNumber: fc.oneof(fc.string(), anyJson),
          cvc: anyJson,
          month: anyJson,
          year: anyJson,
          postalCode: anyJson,
        },
        { requiredKeys: [] },
      ),
    ),
    bankAccountInformation: fc.option(
      fc.record({ accountType: anyJson, routingNumber: anyJson, accountNumber: anyJson }, { requiredKeys: [] }),
    ),
    attributeValues: fc.option(fc.dictionary(fc.string(), anyJson)),
  },
  { requiredKeys: [] },
);

describe('no input yields a 5xx', () => {
  it('random JSON bodies get a 201 or a readable 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyJson, nearlyTokens), fc.constantFrom('springfield', 'system'), async (body, who) => {
        const response = await service.app.inject({
          method: 'POST',
          url: '/api/v1/tokens',
          headers: {
            'content-type': 'application/json',
            authorization: apiKey(service.accounts[who as 'springfield']),
          },
          payload: JSON.stringify(body),
        });
        expect([201, 400]).toContain(response.statusCode);
        if (response.statusCode === 400) expect(response.json<ErrorBody>().message).toMatch(/\.$/);
      }),
      { numRuns: 300 },
    );
  });

  it('random bytes, headers and paths get a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml', ''),
        fc.oneof(fc.constant(undefined), fc.string({ maxLength: 40 }), fc.constant(basic(cardAccount()))),
        fc.oneof(
          fc.constant('/api/v1/tokens'),
          fc.string({ maxLength: 30 }).map((tail) => `/api/v1/tokens/${encodeURIComponent(tail)}`),
        ),
        fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH'),
        async (payload, contentType, authorization, url, method) => {
          const response = await service.app.inject({
            method: method as 'GET',
            url,
            payload: method === 'GET' ? undefined : payload,
            headers: {
              ...(contentType && { 'content-type': contentType }),
              ...(authorization !== undefined && { authorization }),
            },
          });
          expect(response.statusCode).toBeLessThan(500);
          expect(() => response.json<unknown>()).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('random transaction and fee requests get a 201 or a readable 4xx', async () => {
    const token = (
      await service.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: { 'content-type': 'application/json', authorization: basic(cardAccount()) },
        payload: JSON.stringify(cardToken()),
      })
    ).json<Created>().id;
    const transactions = fc.record(
      {
        payer: anyJson,
        amount: fc.oneof(anyJson, fc.double(), fc.integer()),
        payerFee: fc.oneof(anyJson, fc.double()),
        initiatingPartyFee: anyJson,
        tokenId: fc.oneof(fc.constant(token), anyJson),
        authorizationId: anyJson,
        comments: anyJson,
        ipAddress: anyJson,
        sendReceipt: anyJson,
        currency: anyJson,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyJson, transactions),
        fc.constantFrom('/api/v1/transactions', '/api/v1/transactions/authorize', '/api/v1/transactionFees'),
        async (body, url) => {
          const response = await service.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', authorization: basic(cardAccount()) },
            payload: JSON.stringify(body),
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json<ErrorBody>().message).toMatch(/\.$/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the whole run logged no card number and no secret', async () => {
    await service.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: { 'content-type': 'application/json', authorization: basic(cardAccount()) },
      payload: JSON.stringify(cardToken({ cardNumber: '5555555555554444', cvc: '321' })),
    });
    await service.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: { 'content-type': 'application/json', authorization: basic(cardAccount()) },
      payload: JSON.stringify(cardToken({ cardNumber: '5555555555554445' })),
    });
    const logs = service.logs.join('\n');
    expect(service.logs.length).toBeGreaterThan(10);
    for (const secret of [
      '4242424242424242',
      '4242 4242 4242 4242',
      '5555555555554444',
      '5555555555554445',
      cardAccount().apiSecret,
      '"321"',
    ])
      expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/authorization/i);
  });
});

function cardAccount() {
  return service.accounts.springfield;
}
