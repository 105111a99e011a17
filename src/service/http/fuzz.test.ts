import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/wire.js';
import {
  CARD,
  apiKey,
  basic,
  cardToken,
  startTestService,
  type Created,
  type TestService,
} from '../testing/harness.js';

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

/** Text PostgreSQL cannot store, mixed with ordinary text and whole surrogate pairs. */
const nastyText = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\u0000b', '\ud83d', '\ude00x'),
  fc.string({ unit: fc.constantFrom('a', ' ', '\u0000', '\ud800', '\udc00', '😀', 'é', '\u0001') }),
);
/** Path segments: raw text, bad percent-encoding, NUL, dot segments, over-long. */
const nastySegment = fc.oneof(
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc
    .array(fc.integer({ min: 0, max: 255 }), { maxLength: 12 })
    .map((bytes) => bytes.map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('')),
  fc.constantFrom(
    '%00',
    'tok_%00',
    '%C0%80',
    '%ED%A0%80',
    '%FF',
    '%E',
    '%',
    '%%',
    'tok_%F0%9F%98',
    '.',
    '%2E',
    '%2e%2E',
  ),
  fc.integer({ min: 60, max: 3000 }).map((length) => 'a'.repeat(length)),
);

/** The contract's error shape: a sentence, a code, a request id. */
function expectContractError(body: unknown): void {
  expect(body).toMatchObject({
    message: expect.stringMatching(/\.$/) as unknown,
    code: expect.stringMatching(/^[A-Z_]+$/) as unknown,
    requestId: expect.stringMatching(/^req_/) as unknown,
  });
}

describe('no input yields a 5xx', () => {
  it('text that cannot be stored, in any text field, is a 400 naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(
        nastyText,
        fc.constantFrom('payer', 'emailAddress', 'accountHolder', 'attributeValue', 'attributeName'),
        async (text, where) => {
          const body: Record<string, unknown> = cardToken();
          if (where === 'payer' || where === 'emailAddress') body[where] = text;
          if (where === 'accountHolder') body.creditCardInformation = { ...CARD, accountHolder: text };
          if (where === 'attributeValue') body.attributeValues = { note: text };
          if (where === 'attributeName') body.attributeValues = { [text]: 'x' };
          const response = await service.app.inject({
            method: 'POST',
            url: '/api/v1/tokens',
            headers: { 'content-type': 'application/json', authorization: apiKey(service.accounts.springfield) },
            payload: JSON.stringify(body),
          });
          expect([201, 400]).toContain(response.statusCode);
          if (response.statusCode === 400) expectContractError(response.json());
          if (/[\0\p{Cs}]/u.test(text))
            expect(response.json<ErrorBody>().code).toMatch(/INVALID_CHARACTERS|VALIDATION_FAILED/);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('bad, NUL-bearing, dot and over-long path segments never get a 5xx; a 4xx has the contract shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        nastySegment,
        fc.constantFrom(
          '/api/v1/tokens/',
          '/api/v1/transactions/',
          '/api/v1/transactions/authorizations/',
          '/scripts/',
          '/',
        ),
        fc.constantFrom('GET', 'DELETE'),
        async (segment, prefix, method) => {
          const response = await service.app.inject({
            method: method as 'GET',
            url: prefix + segment,
            headers: { authorization: basic(cardAccount()) },
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) expectContractError(response.json());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('headers with control characters, NUL or too many bytes get the contract shape over a real socket', async () => {
    const address = new URL(await service.app.listen({ port: 0, host: '127.0.0.1' }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({
            unit: fc.constantFrom('a', '\u0000', '\u0001', '\u007f', '\t', ':', ' ', '\u00ff'),
            maxLength: 40,
          }),
          fc.integer({ min: 9_000, max: 40_000 }).map((length) => 'b'.repeat(length)),
        ),
        fc.constantFrom('X-Test', 'Authorization', 'Idempotency-Key', 'impersonationAccountKey', 'Origin', 'Host'),
        async (value, name) => {
          const raw = `GET /api/v1/tokens/tok_x HTTP/1.1\r\nHost: localhost\r\n${name}: ${value}\r\nConnection: close\r\n\r\n`;
          const answer = await new Promise<string>((resolve, reject) => {
            const socket = connect(Number(address.port), '127.0.0.1', () => socket.end(Buffer.from(raw, 'latin1')));
            let text = '';
            socket.on('data', (chunk) => (text += String(chunk)));
            socket.on('close', () => resolve(text));
            socket.on('error', reject);
          });
          const [head = '', body = ''] = answer.split('\r\n\r\n');
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
          expectContractError(JSON.parse(body) as unknown);
        },
      ),
      { numRuns: 100 },
    );
  });

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
    // No Authorization header (the path /authorizations/ may appear: it names no secret).
    expect(logs).not.toMatch(/"authorization"\s*:|Basic [A-Za-z0-9+/=]{8}|Api-Key pk_/i);
  });
});

function cardAccount() {
  return service.accounts.springfield;
}
