import { requestFingerprint } from '../idempotency.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/wire.js';
import { fieldMessages } from '../../../shared/messages/en.js';
import {
  BANK,
  CARD,
  apiKey,
  bankToken,
  basic,
  cardToken,
  request,
  startTestService,
  type TestService,
  type Created,
  anyString,
  matching,
} from '../../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const create = (
  body: unknown,
  authorization = apiKey(service.accounts.springfield),
  headers: Record<string, string> = {},
) => request(service.app, 'POST', '/api/v1/tokens', { authorization, body, headers });
const idFrom = (location: string | undefined) => location?.split('/').pop() as string;

describe('POST /api/v1/tokens', () => {
  it('creates a card token with the public key: 201, Location and id', async () => {
    const response = await create(cardToken());
    expect(response.statusCode).toBe(201);
    const { id } = response.json<Created>();
    expect(id).toMatch(/^tok_[\w-]{24}$/);
    expect(response.headers.location).toBe(`http://localhost:80/api/v1/tokens/${id}`);
  });

  it('creates with key and secret too, and the token retrieves as docs/api.md#tokens', async () => {
    const springfield = service.accounts.springfield;
    const created = await create(
      { ...cardToken(), attributeValues: { accountCode: '123', invoice: 42 } },
      basic(springfield),
    );
    expect(created.statusCode).toBe(201);
    const id = idFrom(created.headers.location);
    const token = await request(service.app, 'GET', `/api/v1/tokens/${id}`, { authorization: basic(springfield) });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toEqual({
      id,
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      attributeValues: [
        { name: 'accountCode', parameterName: 'accountCode', value: '123' },
        { name: 'invoice', parameterName: 'invoice', value: '42' },
      ],
      transactionType: 'Visa',
      maskedAccountNumber: '************4242',
      lastFour: '4242',
      expirationMonth: 12,
      expirationYear: 2030,
      accountType: null,
      funding: 'credit',
      feeQuote: null,
      created: matching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it.each([
    ['5555 5555 5555 4444', 'MasterCard', '************4444'],
    ['3782 822463 10005', 'AmericanExpress', '***********0005'],
    ['6011 1111 1111 1117', 'Discover', '************1117'],
  ])('names the brand of %s', async (cardNumber, brand, masked) => {
    const cvc = brand === 'AmericanExpress' ? '1234' : '123';
    const created = await create(cardToken({ cardNumber, cvc }));
    const token = await request(service.app, 'GET', `/api/v1/tokens/${created.json<Created>().id}`, {
      authorization: basic(service.accounts.springfield),
    });
    expect(token.json()).toMatchObject({ transactionType: brand, maskedAccountNumber: masked });
  });

  it('creates a bank token', async () => {
    const created = await create(bankToken({ accountNumber: '0001-2345-6789' }));
    const token = await request(service.app, 'GET', `/api/v1/tokens/${created.json<Created>().id}`, {
      authorization: basic(service.accounts.springfield),
    });
    expect(token.json()).toMatchObject({
      transactionType: 'Ach',
      maskedAccountNumber: '********6789',
      lastFour: '6789',
      accountType: 'PersonalChecking',
      expirationMonth: null,
      expirationYear: null,
    });
  });

  it('lists every field problem with its code, and never echoes the number', async () => {
    const response = await create({
      payer: '',
      emailAddress: 'x',
      creditCardInformation: { ...CARD, cardNumber: '4242424242424241', cvc: '1', month: 0 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', requestId: matching(/^req_/) });
    expect(body.errors?.map((error) => `${error.field} ${error.code}`)).toEqual([
      'payer PAYER_REQUIRED',
      'emailAddress INVALID_EMAIL_ADDRESS',
      'creditCardInformation.cardNumber INVALID_CARD_NUMBER',
      'creditCardInformation.cvc INVALID_CVC',
      'creditCardInformation.month INVALID_EXPIRATION_MONTH',
    ]);
    expect(body.message).toContain('Card number is not valid.');
    expect(response.body).not.toContain('4242424242424241');
  });

  // Every field code of the shared catalog, reached through the API.
  const year = new Date().getUTCFullYear();
  const reachable: [string, unknown][] = [
    ['INVALID_REQUEST_BODY', []],
    ['PAYMENT_METHOD_REQUIRED', { payer: 'Ada', emailAddress: 'ada@example.com' }],
    ['PAYMENT_METHOD_CONFLICT', { ...cardToken(), bankAccountInformation: BANK }],
    ['PAYER_REQUIRED', { ...cardToken(), payer: ' ' }],
    ['PAYER_TOO_LONG', { ...cardToken(), payer: 'x'.repeat(101) }],
    ['EMAIL_ADDRESS_REQUIRED', { ...cardToken(), emailAddress: undefined }],
    ['INVALID_EMAIL_ADDRESS', { ...cardToken(), emailAddress: 'ada@' }],
    ['ACCOUNT_HOLDER_REQUIRED', cardToken({ accountHolder: '' })],
    ['ACCOUNT_HOLDER_TOO_LONG', cardToken({ accountHolder: 'x'.repeat(101) })],
    ['NAME_TOO_LONG', { ...bankToken(), bankAccountInformation: { ...BANK, firstName: 'x'.repeat(101) } }],
    ['CARD_NUMBER_REQUIRED', cardToken({ cardNumber: '' })],
    ['INVALID_CARD_NUMBER', cardToken({ cardNumber: '4242424242424241' })],
    ['UNSUPPORTED_CARD_BRAND', cardToken({ cardNumber: '6759649826438453' })],
    ['CVC_REQUIRED', cardToken({ cvc: '' })],
    ['INVALID_CVC', cardToken({ cvc: '12345' })],
    ['EXPIRATION_MONTH_REQUIRED', cardToken({ month: '' })],
    ['INVALID_EXPIRATION_MONTH', cardToken({ month: '13' })],
    ['EXPIRATION_YEAR_REQUIRED', cardToken({ year: '' as unknown as number })],
    ['INVALID_EXPIRATION_YEAR', cardToken({ year: 30 })],
    ['CARD_EXPIRED', cardToken({ month: '01', year: year - 1 })],
    ['EXPIRATION_TOO_FAR', cardToken({ year: year + 21 })],
    ['INVALID_POSTAL_CODE', cardToken({ postalCode: '12#45' })],
    ['ACCOUNT_TYPE_REQUIRED', bankToken({ accountType: '' })],
    ['INVALID_ACCOUNT_TYPE', bankToken({ accountType: 'Checking' })],
    ['ROUTING_NUMBER_REQUIRED', bankToken({ routingNumber: '' })],
    ['INVALID_ROUTING_NUMBER', bankToken({ routingNumber: '021000022' })],
    ['ACCOUNT_NUMBER_REQUIRED', bankToken({ accountNumber: '' })],
    ['INVALID_ACCOUNT_NUMBER', bankToken({ accountNumber: '12' })],
    ['INVALID_ATTRIBUTE_VALUES', { ...cardToken(), attributeValues: ['a'] }],
    [
      'TOO_MANY_ATTRIBUTE_VALUES',
      { ...cardToken(), attributeValues: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`a${i}`, i])) },
    ],
    ['INVALID_ATTRIBUTE_NAME', { ...cardToken(), attributeValues: { ['x'.repeat(65)]: 1 } }],
    ['INVALID_ATTRIBUTE_VALUE', { ...cardToken(), attributeValues: { a: { b: 1 } } }],
  ];

  it('covers every field code of the shared catalog', () => {
    const covered = new Set([...reachable.map(([code]) => code), 'VALIDATION_FAILED']);
    expect(Object.keys(fieldMessages).filter((code) => !covered.has(code))).toEqual([]);
  });

  it.each(reachable)('answers %s as a 400 with that code', async (code, body) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toContainEqual(
      expect.objectContaining({ code, message: fieldMessages[code as keyof typeof fieldMessages] }),
    );
  });

  it.each([
    ['malformed JSON', '{"payer":', 'application/json', 400, 'MALFORMED_JSON'],
    ['an empty JSON body', '', 'application/json', 400, 'EMPTY_BODY'],
    ['text/plain', 'payer=Ada', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['form encoding', 'payer=Ada', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a body over 64 KiB',
      JSON.stringify({ ...cardToken(), payer: 'x'.repeat(70_000) }),
      'application/json',
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('answers %s with a readable %i', async (_, payload, contentType, status, code) => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      payload,
      headers: { 'content-type': contentType, authorization: apiKey(service.accounts.springfield) },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      code,
      message: matching(/\.$/),
      requestId: anyString,
    });
  });

  it('matches paths without regard to case', async () => {
    const response = await request(service.app, 'POST', '/API/V1/Tokens', {
      authorization: apiKey(service.accounts.springfield),
      body: cardToken(),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('browser access (CORS)', () => {
  it('answers the preflight for any origin with the allowed headers', async () => {
    const response = await service.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/tokens',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': 'https://shop.example',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Authorization, Content-Type, impersonationAccountKey, Idempotency-Key',
    });
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('exposes Location on a token and lets the page read errors', async () => {
    const origin = { origin: 'https://shop.example' };
    const created = await create(cardToken(), undefined, origin);
    expect(created.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(created.headers['access-control-expose-headers']).toContain('Location');
    const refused = await create(cardToken({ cardNumber: '1' }), undefined, origin);
    expect(refused.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it('answers a page that reads a token with key and secret by refusing it readably (auth/browser-pages.ts)', async () => {
    const created = await create(cardToken());
    const token = await request(service.app, 'GET', `/api/v1/tokens/${created.json<Created>().id}`, {
      authorization: basic(service.accounts.springfield),
      headers: { origin: 'https://shop.example' },
    });
    expect(token.statusCode).toBe(403);
    expect(token.json<{ code: string }>().code).toBe('SECRET_IN_BROWSER');
    expect(token.headers['access-control-allow-origin']).toBe('https://shop.example');
    // The same read from a server (no Origin) is served, and sends no CORS headers.
    const fromServer = await request(service.app, 'GET', `/api/v1/tokens/${created.json<Created>().id}`, {
      authorization: basic(service.accounts.springfield),
    });
    expect(fromServer.statusCode).toBe(200);
    expect(Object.keys(fromServer.headers).filter((name) => name.startsWith('access-control'))).toEqual([]);
  });

  it("refuses an origin missing from the key's non-empty allow-list", async () => {
    const restricted = await service.sql.query<{ public_key: string }>(
      "UPDATE accounts SET allowed_origins = '{https://shop.example}' WHERE name = 'Shelby' RETURNING public_key",
    );
    service.accountCache.clear();
    try {
      const key = `Api-Key ${restricted[0]?.public_key}`;
      expect((await create(cardToken(), key, { origin: 'https://shop.example' })).statusCode).toBe(201);
      const refused = await create(cardToken(), key, { origin: 'https://evil.example' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    } finally {
      await service.sql.query("UPDATE accounts SET allowed_origins = '{}' WHERE name = 'Shelby'");
      service.accountCache.clear();
    }
  });
});

describe('rate limit (card-testing defence)', () => {
  it('answers 429 with Retry-After per public key and per IP, counting invalid cards too', async () => {
    const limited = await startTestService({
      config: { tokenRateLimitPerIp: 3, tokenRateLimitPerKey: 2, publicUrl: undefined, logLevel: 'silent' },
    });
    try {
      const post = (key: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/tokens',
          remoteAddress: ip,
          headers: { authorization: key, 'content-type': 'application/json' },
          payload: JSON.stringify(cardToken({ cardNumber: '4242424242424241' })),
        });
      const springfield = apiKey(limited.accounts.springfield);
      const shelby = apiKey(limited.accounts.shelby);
      expect((await post(springfield, '10.0.0.1')).statusCode).toBe(400);
      expect((await post(springfield, '10.0.0.2')).statusCode).toBe(400);
      const perKey = await post(springfield, '10.0.0.3');
      expect(perKey.statusCode).toBe(429);
      expect(Number(perKey.headers['retry-after'])).toBeGreaterThan(0);
      expect(perKey.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: matching(/^Too many attempts\. Try again in \d+ seconds\.$/),
      });
      // Shelby's counters are its own (per account): its key allows 2, whatever Springfield used.
      expect((await post(shelby, '10.0.0.1')).statusCode).toBe(400);
      expect((await post(shelby, '10.0.0.1')).statusCode).toBe(400);
      expect((await post(shelby, '10.0.0.1')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('Idempotency-Key', () => {
  const key = (value: string) => ({ 'idempotency-key': value });

  it('replays the first answer for the same body, and creates nothing new', async () => {
    const first = await create(cardToken(), undefined, key('retry-1'));
    const again = await create(cardToken(), undefined, key('retry-1'));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await service.sql.query('SELECT id FROM tokens')).toHaveLength(1);
  });

  it('refuses the same key with another body (422), and the same body from another account is its own', async () => {
    await create(cardToken(), undefined, key('retry-2'));
    const other = await create(cardToken({ cardNumber: '5555 5555 5555 4444' }), undefined, key('retry-2'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const shelby = await create(cardToken(), apiKey(service.accounts.shelby), key('retry-2'));
    expect(shelby.statusCode).toBe(201);
  });

  it('keeps no CVC in any form, nor the card number in clear: a retry with another CVC replays', async () => {
    const first = await create(cardToken({ cvc: '123' }), undefined, key('no-cvc'));
    const [stored] = await service.sql.query<{ request_hash: string }>(
      "SELECT request_hash FROM idempotency_keys WHERE key = 'no-cvc'",
    );
    // Every CVC gives the stored hash: trying CVCs with the vault key cannot recover it.
    const hashWith = (cvc: string) => service.vault.fingerprint(requestFingerprint(cardToken({ cvc }), service.vault));
    expect(new Set(['000', '123', '999', '4567'].map(hashWith))).toEqual(new Set([stored?.request_hash]));
    // The fingerprints themselves are random base64url, in which '987' can occur by chance.
    const hashed = requestFingerprint(cardToken({ cvc: '987' }), service.vault);
    expect(hashed).toMatch(/"fp:[\w-]{43}"/);
    expect(hashed.replace(/"fp:[\w-]{43}"/g, '"fp"')).not.toMatch(/987|4242/);
    const retry = await create(cardToken({ cvc: '999' }), undefined, key('no-cvc'));
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });

  it('keeps no claim for an invalid request, so the fixed retry runs', async () => {
    expect((await create(cardToken({ cvc: '' }), undefined, key('retry-3'))).statusCode).toBe(400);
    expect((await create(cardToken(), undefined, key('retry-3'))).statusCode).toBe(201);
  });

  it('creates exactly one token for 20 simultaneous requests with one key', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(cardToken(), undefined, key('race'))));
    const created = responses.filter((response) => response.statusCode === 201);
    expect(responses.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    expect(new Set(created.map((response) => response.json<Created>().id)).size).toBe(1);
    expect(await service.sql.query('SELECT id FROM tokens')).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const response = await create(cardToken(), undefined, key('x'.repeat(256)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY' });
  });
});

describe('DELETE /api/v1/tokens/{id}', () => {
  it('makes the token unusable and erases its encrypted details', async () => {
    const id = (await create(cardToken())).json<Created>().id;
    const auth = { authorization: basic(service.accounts.springfield) };
    const deleted = await request(service.app, 'DELETE', `/api/v1/tokens/${id}`, auth);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deleted: true });
    expect((await request(service.app, 'GET', `/api/v1/tokens/${id}`, auth)).statusCode).toBe(404);
    expect((await request(service.app, 'DELETE', `/api/v1/tokens/${id}`, auth)).statusCode).toBe(404);
    const [row] = await service.sql.query<{ sealed: string | null }>('SELECT sealed FROM tokens WHERE id = $1', [id]);
    expect(row?.sealed).toBeNull();
  });
});

describe('everything else', () => {
  it('answers an unknown path with a JSON 404', async () => {
    const response = await request(service.app, 'GET', '/api/v1/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such endpoint: GET /api/v1/nothing.' });
  });
});
