/**
 * GET /api/v1/cardFees and the fee quote of a token (docs/api.md#card-fees, docs/api.md#fee-quotes), on
 * Riverside Utilities, the sandbox's client under the surcharge program.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardFeesResponse, ErrorBody, TokenResponse } from '../../../shared/wire.js';
import {
  apiKey,
  bankToken,
  basic,
  cardToken,
  request,
  startTestService,
  TEST_CONFIG,
  type Created,
  type TestService,
} from '../../testing/harness.js';

let service: TestService;
/** This file's limits: the rate-limit test lowers them for a moment. */
const config = { ...TEST_CONFIG };
beforeAll(async () => {
  service = await startTestService({ config });
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const riverside = () => service.accounts.riverside;
const fees = (query: string, authorization = apiKey(riverside()), headers: Record<string, string> = {}) =>
  request(service.app, 'GET', `/api/v1/cardFees?${query}`, {
    authorization,
    headers,
  });

describe('GET /api/v1/cardFees', () => {
  it.each<[string, Partial<CardFeesResponse>]>([
    [
      'bin=40000566&amount=100.00',
      {
        bin: '40000566',
        transactionType: 'Visa',
        funding: 'debit',
        program: 'surcharge',
        rule: 'SURCHARGE_NOT_ON_DEBIT',
        amount: 100,
        payerFee: 0,
        totalAmount: 100,
      },
    ],
    [
      'bin=424242&amount=100.00',
      {
        bin: '424242',
        transactionType: 'Visa',
        funding: 'credit',
        rule: 'SURCHARGE_ON_CREDIT',
        payerFee: 3,
        totalAmount: 103,
      },
    ],
    [
      'bin=51051051&amount=100',
      { transactionType: 'MasterCard', funding: 'prepaid', rule: 'SURCHARGE_NOT_ON_PREPAID', payerFee: 0 },
    ],
    [
      'bin=35280000&amount=100',
      { transactionType: 'Jcb', funding: 'unknown', rule: 'SURCHARGE_NOT_ON_UNKNOWN_FUNDING', payerFee: 0 },
    ],
    ['bin=400005&amount=100', { transactionType: 'Visa', funding: 'unknown', payerFee: 0 }],
    [
      'method=ach&amount=100.00',
      { bin: null, transactionType: 'Ach', funding: null, rule: 'ACH_FEE', payerFee: 1, totalAmount: 101 },
    ],
    ['amount=100', { bin: null, transactionType: null, funding: 'unknown', payerFee: 0 }],
  ])('%s', async (query, expected) => {
    const response = await fees(query);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(expected);
  });

  it('answers Springfield (no program) its one card schedule, whatever the funding, with key and secret too', async () => {
    const response = await fees('bin=40000566&amount=100', basic(service.accounts.springfield));
    expect(response.json()).toEqual({
      bin: '40000566',
      transactionType: 'Visa',
      funding: 'debit',
      program: 'none',
      rule: 'NO_PROGRAM',
      amount: 100,
      payerFee: 3.25,
      totalAmount: 103.25,
    });
  });

  it('acts for the client an impersonation key names', async () => {
    const response = await fees('bin=42424242&amount=100', apiKey(service.accounts.system), {
      impersonationaccountkey: riverside().impersonationKey ?? '',
    });
    expect(response.json()).toMatchObject({ program: 'surcharge', payerFee: 3 });
  });

  it('refuses a card number without echoing it, and other bad queries, with their code', async () => {
    const long = await fees('bin=4000056655665556&amount=100');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'BIN_TOO_LONG' });
    expect(long.body).not.toContain('4000056655665556');
    for (const [query, code] of [
      ['bin=40000&amount=100', 'INVALID_BIN'],
      ['bin=4000x566&amount=100', 'INVALID_BIN'],
      ['bin=40000566&method=ach&amount=100', 'BIN_AND_METHOD'],
      ['method=card&amount=100', 'INVALID_FEE_METHOD'],
      ['bin=40000566&amount=0', 'AMOUNT_NOT_POSITIVE'],
      ['bin=40000566', 'AMOUNT_REQUIRED'],
      ['bin=40000566&amount=1&cardNumber=4242424242424242', 'UNKNOWN_FEE_PARAMETER'],
    ]) {
      const response = await fees(query as string);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorBody>().code, query).toBe(code);
      expect(response.body).not.toContain('4242424242424242');
    }
  });

  it('answers CORS as POST /tokens does, and refuses an origin off the allow-list', async () => {
    const preflight = await service.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/cardFees',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET');
    const allowed = await fees('bin=42424242&amount=1', apiKey(riverside()), { origin: 'https://shop.example' });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
    const account = await service.repository.accounts.findByName('Riverside Utilities');
    await service.repository.accounts.setAllowedOrigins(account?.id ?? 0, ['https://city.example']);
    service.accountCache.clear();
    try {
      const refused = await fees('bin=42424242&amount=1', apiKey(riverside()), { origin: 'https://shop.example' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    } finally {
      await service.repository.accounts.setAllowedOrigins(account?.id ?? 0, []);
      service.accountCache.clear();
    }
  });

  it('is rate-limited like token creation, on a counter of its own', async () => {
    // Shelby: no other test of this file counts against its limits.
    const shelby = apiKey(service.accounts.shelby);
    config.tokenRateLimitPerIp = 5;
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push((await fees(`bin=42424242&amount=${i + 1}`, shelby)).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
      const token = await request(service.app, 'POST', '/api/v1/tokens', { authorization: shelby, body: cardToken() });
      expect(token.statusCode).toBe(201);
    } finally {
      config.tokenRateLimitPerIp = TEST_CONFIG.tokenRateLimitPerIp;
    }
  });
});

describe('POST /api/v1/tokens with a fee quote', () => {
  const create = (body: unknown) =>
    request(service.app, 'POST', '/api/v1/tokens', {
      authorization: apiKey(riverside()),
      body,
      headers: { 'x-forwarded-for': '2' },
    });
  const read = async (id: string) =>
    (
      await request(service.app, 'GET', `/api/v1/tokens/${id}`, { authorization: basic(riverside()) })
    ).json<TokenResponse>();

  it('keeps the quote the payer was shown when it is the card’s own fee', async () => {
    const created = await create({
      ...cardToken({ cardNumber: '4000 0566 5566 5556' }),
      feeQuote: { amount: 100, payerFee: 0 },
    });
    expect(created.statusCode).toBe(201);
    expect(await read(created.json<Created>().id)).toMatchObject({
      transactionType: 'Visa',
      funding: 'debit',
      feeQuote: { amount: 100, payerFee: 0, program: 'surcharge', funding: 'debit' },
    });
  });

  it('refuses a quote that differs, saying the fee that applies (FEE_QUOTE_MISMATCH)', async () => {
    // A credit fee shown, then a debit card pasted: the fee that applies is 0.
    const response = await create({
      ...cardToken({ cardNumber: '4000 0566 5566 5556' }),
      feeQuote: { amount: 100, payerFee: 3 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FEE_QUOTE_MISMATCH',
      errors: [{ field: 'feeQuote.payerFee', code: 'FEE_QUOTE_MISMATCH' }],
    });
    expect(response.json<ErrorBody>().message).toContain('for 100.00 this card’s fee is 0.00');
    expect(response.body).not.toContain('5556');
  });

  it('recomputes with the billing state: no surcharge in Connecticut, 2 % in Colorado', async () => {
    const connecticut = await create({ ...cardToken({ postalCode: '06103' }), feeQuote: { amount: 100, payerFee: 3 } });
    expect(connecticut.json<ErrorBody>().message).toContain('this card’s fee is 0.00');
    const colorado = await create({ ...cardToken({ postalCode: '80202' }), feeQuote: { amount: 100, payerFee: 2 } });
    expect(colorado.statusCode).toBe(201);
  });

  it('takes a quote for a bank account (its ACH fee), and refuses a malformed quote', async () => {
    expect((await create({ ...bankToken(), feeQuote: { amount: 100, payerFee: 1 } })).statusCode).toBe(201);
    for (const feeQuote of [{ amount: 100 }, { amount: '100', payerFee: 1 }, { amount: 0, payerFee: 0 }, [1, 2], 'x']) {
      const response = await create({ ...cardToken(), feeQuote });
      expect(response.statusCode, JSON.stringify(feeQuote)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_FEE_QUOTE' });
    }
  });

  it('stores funding without a quote, and a legacy token reads as unknown', async () => {
    const id = (await create(cardToken({ cardNumber: '5105 1051 0510 5100' }))).json<Created>().id;
    expect(await read(id)).toMatchObject({ funding: 'prepaid', feeQuote: null });
    await service.sql.query('UPDATE tokens SET funding = NULL WHERE id = $1', [id]);
    expect(await read(id)).toMatchObject({ funding: 'unknown' });
    const bank = (await create(bankToken())).json<Created>().id;
    expect(await read(bank)).toMatchObject({ funding: null });
  });
});
