import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthorizationResponse, ErrorBody, TransactionResponse } from '../../../shared/wire.js';
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
  anyNumber,
  matching,
} from '../../testing/harness.js';
import type { AccountCredentials } from '../../accounts/seed.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

/** How a server calls: key+secret, optionally for a client. */
interface As {
  account: AccountCredentials;
  impersonating?: AccountCredentials;
}
const headersOf = (as: As): Record<string, string> =>
  as.impersonating ? { impersonationaccountkey: as.impersonating.impersonationKey as string } : {};
const springfield = (): As => ({ account: service.accounts.springfield });
const shelby = (): As => ({ account: service.accounts.shelby });
const systemFor = (client: AccountCredentials): As => ({ account: service.accounts.system, impersonating: client });

async function tokenFor(as: As, body: unknown = cardToken()): Promise<string> {
  const response = await request(service.app, 'POST', '/api/v1/tokens', {
    authorization: basic(as.account),
    body,
    headers: headersOf(as),
  });
  expect(response.statusCode).toBe(201);
  return response.json<Created>().id;
}
const pay = (as: As, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request(service.app, 'POST', '/api/v1/transactions', {
    authorization: basic(as.account),
    body: { payer: 'Ada Lovelace', ...body },
    headers: { ...headersOf(as), ...headers },
  });
const fees = (as: As, amount: string) =>
  request(service.app, 'GET', `/api/v1/transactionFees?amount=${amount}`, {
    authorization: basic(as.account),
    headers: headersOf(as),
  });

describe('docs/fees.md#worked-examples through the API', () => {
  it.each([
    ['#1', springfield, '100.00', { creditCardPayerFee: 3.25, achPayerFee: 3 }],
    ['#2', springfield, '59.99', { creditCardPayerFee: 1.95, achPayerFee: 3 }],
    ['#3', springfield, '2.00', { creditCardPayerFee: 0.07, achPayerFee: 3 }],
    ['#11', shelby, '100.00', { creditCardPayerFee: 3.5, achPayerFee: 1.5 }],
    [
      '#11 through impersonation',
      () => systemFor(service.accounts.shelby),
      '100.00',
      { creditCardPayerFee: 3.5, achPayerFee: 1.5 },
    ],
  ])('%s: fees for %s', async (_, who, amount, expected) => {
    const get = await fees(who(), amount);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual(expected);
    const post = await request(service.app, 'POST', '/api/v1/transactionFees', {
      authorization: basic(who().account),
      headers: headersOf(who()),
      body: { amount: Number(amount) },
    });
    expect(post.json()).toEqual(expected);
  });

  it.each([
    [
      '#4 card A 103.25 P 3.25',
      springfield,
      'card',
      { amount: 103.25, payerFee: 3.25 },
      { payerFeeMode: 'Included', amount: 103.25, payerFee: 3.25, fee: 3.25, netAmount: 100 },
    ],
    [
      '#5 card A 103.00 P 3.00',
      springfield,
      'card',
      { amount: 103, payerFee: 3 },
      { payerFeeMode: 'Custom', amount: 103, fee: 3.35, netAmount: 99.65 },
    ],
    [
      '#6 card A 105.00 P 5.00',
      springfield,
      'card',
      { amount: 105, payerFee: 5 },
      { payerFeeMode: 'Custom', fee: 3.41, netAmount: 101.59 },
    ],
    [
      '#7 card A 100.00 P absent',
      springfield,
      'card',
      { amount: 100 },
      { payerFeeMode: 'ServiceCalculated', amount: 103.25, payerFee: 3.25, fee: 3.25, netAmount: 100 },
    ],
    [
      '#8 ACH A 100.00 P 0',
      springfield,
      'bank',
      { amount: 100, payerFee: 0 },
      { payerFeeMode: 'ServiceCalculated', amount: 103, fee: 3, netAmount: 100 },
    ],
    [
      '#9 card A 100.00 P 0 impersonated',
      () => systemFor(service.accounts.springfield),
      'card',
      { amount: 100, payerFee: 0 },
      { payerFeeMode: 'Custom', amount: 100, fee: 3.25, netAmount: 96.75 },
    ],
    [
      '#10 card A 110.00 P 0 I 10.00 impersonated',
      () => systemFor(service.accounts.springfield),
      'card',
      { amount: 110, payerFee: 0, initiatingPartyFee: 10 },
      { payerFeeMode: 'Custom', fee: 3.58, netAmount: 96.42, initiatingPartyFee: 10 },
    ],
    [
      '#12 Shelby card A 103.50 P 3.50',
      shelby,
      'card',
      { amount: 103.5, payerFee: 3.5 },
      { payerFeeMode: 'Custom', fee: 3.35, netAmount: 100.15 },
    ],
    [
      '#13 Shelby ACH A 101.50 P 1.50',
      shelby,
      'bank',
      { amount: 101.5, payerFee: 1.5 },
      { payerFeeMode: 'Included', fee: 1.5, netAmount: 100 },
    ],
  ])('%s', async (_, who, method, body, expected) => {
    const tokenId = await tokenFor(who(), method === 'card' ? cardToken() : bankToken());
    const response = await pay(who(), { ...body, tokenId });
    expect(response.statusCode).toBe(201);
    const transaction = response.json<TransactionResponse>();
    expect(transaction).toMatchObject({ ...expected, paymentResponseCode: 'Success', events: [{ eventType: 'Sale' }] });
    expect(response.headers.location).toMatch(new RegExp(`/api/v1/transactions/${transaction.id}$`));
    expect(Math.round(transaction.amount * 100)).toBe(
      Math.round((transaction.netAmount + transaction.fee + transaction.initiatingPartyFee) * 100),
    );
    const stored = await request(service.app, 'GET', `/api/v1/transactions/${transaction.id}`, {
      authorization: basic(who().account),
      headers: headersOf(who()),
    });
    expect(stored.json()).toEqual({ ...transaction, warnings: undefined });
  });

  it('#14 capture of an authorization, A 50.00, P absent: Custom, fee 1.63, net 48.37', async () => {
    const tokenId = await tokenFor(springfield());
    const authorized = await request(service.app, 'POST', '/api/v1/transactions/authorize', {
      authorization: basic(service.accounts.springfield),
      body: { tokenId, amount: 80 },
    });
    expect(authorized.statusCode).toBe(201);
    const { authorizationId, amount, expires } = authorized.json<AuthorizationResponse>();
    expect(amount).toBe(80);
    expect(authorized.headers.location).toMatch(new RegExp(`/api/v1/transactions/authorizations/${authorizationId}$`));
    expect(new Date(expires).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const captured = await pay(springfield(), { amount: 50, authorizationId });
    expect(captured.statusCode).toBe(201);
    expect(captured.json()).toMatchObject({
      payerFeeMode: 'Custom',
      amount: 50,
      fee: 1.63,
      netAmount: 48.37,
      events: [{ eventType: 'Authorize' }, { eventType: 'Capture' }],
    });
    const status = await request(service.app, 'GET', `/api/v1/transactions/authorizations/${authorizationId}`, {
      authorization: basic(service.accounts.springfield),
    });
    expect(status.json()).toMatchObject({ authorizationId, amount: 80, captured: true });
  });
});

describe('Mode C', () => {
  it('answers with Deprecation: true and a warning', async () => {
    const response = await pay(springfield(), { amount: 100, tokenId: await tokenFor(springfield()) });
    expect(response.headers.deprecation).toBe('true');
    expect(response.json<TransactionResponse>().warnings?.[0]).toContain('Mode C, deprecated');
  });
});

describe('payment sources', () => {
  it('charges card details sent directly, keeping only the masked number', async () => {
    const response = await pay(springfield(), {
      amount: 103.25,
      payerFee: 3.25,
      creditCardInformation: { ...CARD, cardNumber: '5555 5555 5555 4444' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      transactionType: 'MasterCard',
      maskedAccountNumber: '************4444',
      payerFeeMode: 'Included',
    });
    const rows = await service.sql.query('SELECT * FROM transactions');
    expect(JSON.stringify(rows)).not.toContain('5555555555554444');
  });

  it('charges bank details sent directly', async () => {
    const response = await pay(springfield(), { amount: 103, payerFee: 3, bankAccountInformation: BANK });
    expect(response.json()).toMatchObject({ transactionType: 'Ach', payerFeeMode: 'Included', netAmount: 100 });
  });
});

describe('declines (docs/api.md#sandbox-processor)', () => {
  it.each([
    ['4000 0000 0000 0002', 'GenericDecline'],
    ['4000 0000 0000 9995', 'InsufficientFunds'],
    ['4000 0000 0000 9987', 'LostOrStolenCard'],
    ['4000 0000 0000 0069', 'ExpiredCard'],
    ['4000 0000 0000 0127', 'DeclineCvvFail'],
    ['4000 0000 0000 0101', 'DoNotHonor'],
  ])('card %s is a 400 %s, stored', async (cardNumber, code) => {
    const tokenId = await tokenFor(springfield(), cardToken({ cardNumber }));
    const response = await pay(springfield(), { amount: 103.25, payerFee: 3.25, tokenId });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body).toMatchObject({
      code: 'PAYMENT_DECLINED',
      paymentResponseCode: code,
      id: anyNumber,
      message: matching(/\.$/),
    });
    const stored = await request(service.app, 'GET', `/api/v1/transactions/${body.id}`, {
      authorization: basic(service.accounts.springfield),
    });
    expect(stored.json()).toMatchObject({ paymentResponseCode: code, events: [] });
  });

  it.each([
    ['4000 0000 0000 9987', 'the card was reported lost or stolen'],
    ['4000 0000 0000 0101', 'do not honor'],
  ])(
    'card %s: the precise reason is the merchant’s message, the payer’s is a plain decline',
    async (cardNumber, why) => {
      const tokenId = await tokenFor(springfield(), cardToken({ cardNumber }));
      const body = (await pay(springfield(), { amount: 103.25, payerFee: 3.25, tokenId })).json<ErrorBody>();
      expect(body.message).toContain(why);
      expect(body.payerMessage).toBe('The payment was declined. Please use another card or payment method.');
    },
  );

  it('an amount over 1,000,000.00 exceeds the approval limit', async () => {
    const response = await pay(springfield(), {
      amount: 1_000_000.01,
      payerFee: 0,
      tokenId: await tokenFor(springfield()),
    });
    expect(response.json()).toMatchObject({ paymentResponseCode: 'ExceedsApprovalAmountLimit' });
  });

  it.each([
    ['011000015', '000123456789', 'Success'],
    ['021000021', '000123456789', 'Success'],
    ['111000025', '000123456789', 'Success'],
    ['021000021', '000111111113', 'InvalidAccountNumber'],
    ['322271627', '000123456789', 'InvalidRoutingNumber'],
  ])('ACH routing %s account %s is %s', async (routingNumber, accountNumber, code) => {
    const tokenId = await tokenFor(springfield(), bankToken({ routingNumber, accountNumber }));
    const response = await pay(springfield(), { amount: 103, payerFee: 3, tokenId });
    expect(response.json<ErrorBody>().paymentResponseCode).toBe(code);
  });

  it('an unknown or deleted token is InvalidToken', async () => {
    const tokenId = await tokenFor(springfield());
    await request(service.app, 'DELETE', `/api/v1/tokens/${tokenId}`, {
      authorization: basic(service.accounts.springfield),
    });
    for (const id of [tokenId, 'tok_neverexisted']) {
      const response = await pay(springfield(), { amount: 10, payerFee: 0.33, tokenId: id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_TOKEN',
        paymentResponseCode: 'InvalidToken',
        id: anyNumber,
      });
    }
  });
});

describe('authorizations and captures', () => {
  const authorize = (as: As, body: unknown) =>
    request(service.app, 'POST', '/api/v1/transactions/authorize', {
      authorization: basic(as.account),
      body,
      headers: headersOf(as),
    });

  it('refuses over-capture, a second capture, and another impersonation', async () => {
    const tokenId = await tokenFor(systemFor(service.accounts.springfield));
    const { authorizationId } = (
      await authorize(systemFor(service.accounts.springfield), { tokenId, amount: 50 })
    ).json<AuthorizationResponse>();
    const over = await pay(systemFor(service.accounts.springfield), { amount: 50.01, authorizationId });
    expect(over.json()).toMatchObject({
      code: 'INVALID_AUTHORIZATION',
      paymentResponseCode: 'InvalidAuthorization',
      message: 'The capture amount is more than the authorized 50.00.',
    });
    expect((await pay(springfield(), { amount: 50, authorizationId })).json()).toMatchObject({
      paymentResponseCode: 'InvalidAuthorization',
    });
    expect((await pay(systemFor(service.accounts.springfield), { amount: 50, authorizationId })).statusCode).toBe(201);
    const twice = await pay(systemFor(service.accounts.springfield), { amount: 10, authorizationId });
    expect(twice.json()).toMatchObject({
      paymentResponseCode: 'InvalidAuthorization',
      message: 'This authorization was already captured.',
    });
  });

  it('refuses an expired authorization', async () => {
    const tokenId = await tokenFor(springfield());
    const { authorizationId } = (await authorize(springfield(), { tokenId, amount: 20 })).json<AuthorizationResponse>();
    await service.sql.query(
      "UPDATE transactions SET authorization_expires_at = now() - interval '1 second' WHERE authorization_id = $1",
      [authorizationId],
    );
    expect((await pay(springfield(), { amount: 20, authorizationId })).json()).toMatchObject({
      message: 'This authorization expired (they last 7 days).',
    });
  });

  it('authorizes card tokens only, and declines decline cards', async () => {
    const ach = await authorize(springfield(), { tokenId: await tokenFor(springfield(), bankToken()), amount: 20 });
    expect(ach.statusCode).toBe(400);
    expect(ach.json()).toMatchObject({ code: 'INVALID_PAYMENT_TYPE', paymentResponseCode: 'InvalidPaymentType' });
    const declined = await authorize(springfield(), {
      tokenId: await tokenFor(springfield(), cardToken({ cardNumber: '4000000000009995' })),
      amount: 20,
    });
    expect(declined.json()).toMatchObject({ paymentResponseCode: 'InsufficientFunds', id: anyNumber });
    expect((await authorize(springfield(), { tokenId: 'tok_nothing', amount: 20 })).json()).toMatchObject({
      paymentResponseCode: 'InvalidToken',
    });
  });

  it('captures once under 20 racing captures', async () => {
    const tokenId = await tokenFor(springfield());
    const { authorizationId } = (await authorize(springfield(), { tokenId, amount: 30 })).json<AuthorizationResponse>();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(springfield(), { amount: 30, authorizationId })),
    );
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(1);
  });
});

describe('request rules (docs/api.md#transactions)', () => {
  it.each([
    [{ amount: 10 }, 'tokenId', 'PAYMENT_SOURCE_REQUIRED'],
    [
      { amount: 10, tokenId: 'tok_x', bankAccountInformation: BANK },
      'bankAccountInformation',
      'PAYMENT_SOURCE_CONFLICT',
    ],
    [{ amount: 0, tokenId: 'tok_x' }, 'amount', 'AMOUNT_NOT_POSITIVE'],
    [{ amount: 1.005, tokenId: 'tok_x' }, 'amount', 'AMOUNT_TOO_PRECISE'],
    [{ amount: 10, payerFee: -1, tokenId: 'tok_x' }, 'payerFee', 'INVALID_PAYER_FEE'],
    [{ amount: 10, payerFee: 11, tokenId: 'tok_x' }, 'payerFee', 'PAYER_FEE_EXCEEDS_AMOUNT'],
    [{ amount: 10, initiatingPartyFee: 1, tokenId: 'tok_x' }, 'initiatingPartyFee', 'INITIATING_PARTY_FEE_NOT_ALLOWED'],
    [{ amount: 10, tokenId: 'tok_x', ipAddress: '999.1.1.1' }, 'ipAddress', 'INVALID_IP_ADDRESS'],
    [{ amount: 10, tokenId: 'tok_x', comments: 'x'.repeat(501) }, 'comments', 'COMMENTS_TOO_LONG'],
    [{ amount: 10, tokenId: 'tok_x', currency: 'EUR' }, 'currency', 'UNSUPPORTED_CURRENCY'],
    [{ amount: 10, tokenId: 'tok_x', sendReceipt: 'yes' }, 'sendReceipt', 'INVALID_SEND_RECEIPT'],
    [{ amount: 10, tokenId: 42 }, 'tokenId', 'INVALID_TOKEN_ID'],
    [
      { amount: 10, creditCardInformation: { ...CARD, cardNumber: '4242424242424241' } },
      'creditCardInformation.cardNumber',
      'INVALID_CARD_NUMBER',
    ],
    [{ amount: 10, payer: '', tokenId: 'tok_x' }, 'payer', 'PAYER_REQUIRED'],
  ])('%j → %s %s', async (body, field, code) => {
    const response = await pay(springfield(), body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toContainEqual(expect.objectContaining({ field, code }));
  });

  it('refuses money sent as text with one clear 400, and charges nothing', async () => {
    const tokenId = await tokenFor(springfield());
    const response = await pay(springfield(), { amount: '13.57', payerFee: '0.57', tokenId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Send money as a JSON number such as 13.57, not as text ("13.57").',
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'amount', code: 'AMOUNT_AS_TEXT' },
        { field: 'payerFee', code: 'AMOUNT_AS_TEXT' },
      ],
    });
    const search = await request(service.app, 'GET', '/api/v1/transactions', {
      authorization: basic(service.accounts.springfield),
    });
    expect(search.json()).toMatchObject({ totalRecords: 0 });
    for (const [url, body] of [
      ['/api/v1/transactions/authorize', { tokenId, amount: '13.57' }],
      ['/api/v1/transactionFees', { amount: '13.57' }],
    ] as const) {
      const refused = await request(service.app, 'POST', url, {
        authorization: basic(service.accounts.springfield),
        body,
      });
      expect([url, refused.statusCode, refused.json()]).toMatchObject([
        url,
        400,
        { errors: [{ field: 'amount', code: 'AMOUNT_AS_TEXT' }] },
      ]);
    }
  });

  it('accepts IPv6 and the recommended field set', async () => {
    const response = await pay(springfield(), {
      amount: 103.25,
      payerFee: 3.25,
      tokenId: await tokenFor(springfield()),
      emailAddress: 'ada@example.com',
      attributeValues: { invoice: 'A-17' },
      comments: 'Water bill',
      sendReceipt: true,
      ipAddress: '2001:db8::1',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      comments: 'Water bill',
      emailAddress: 'ada@example.com',
      attributeValues: [{ name: 'invoice', value: 'A-17' }],
    });
  });

  it('refuses a net amount below zero', async () => {
    const response = await pay(systemFor(service.accounts.springfield), {
      amount: 10,
      payerFee: 0.5,
      initiatingPartyFee: 9.9,
      tokenId: await tokenFor(systemFor(service.accounts.springfield)),
    });
    expect(response.json<ErrorBody>().errors).toContainEqual(expect.objectContaining({ code: 'NET_AMOUNT_NEGATIVE' }));
  });

  it.each(['0', '-1', 'abc', '1.001', '10000000.01', ''])('fees refuse amount=%s', async (amount) => {
    const response = await fees(springfield(), amount);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors?.[0]).toMatchObject({
      field: 'amount',
      code: matching(/^AMOUNT_/),
    });
  });
});

describe('scoping and credentials', () => {
  it("answers another account's transaction with 404, and the public key with 403", async () => {
    const created = (
      await pay(springfield(), { amount: 103.25, payerFee: 3.25, tokenId: await tokenFor(springfield()) })
    ).json<TransactionResponse>();
    expect(
      (
        await request(service.app, 'GET', `/api/v1/transactions/${created.id}`, {
          authorization: basic(service.accounts.shelby),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await request(service.app, 'GET', `/api/v1/transactions/${created.publicId}`, {
          authorization: basic(service.accounts.springfield),
        })
      ).statusCode,
    ).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/v1/transactions'],
      ['GET', '/api/v1/transactionFees?amount=1'],
      ['POST', '/api/v1/transactions/authorize'],
      ['GET', `/api/v1/transactions/${created.id}`],
    ] as const) {
      const response = await request(service.app, method, url, {
        authorization: apiKey(service.accounts.springfield),
        ...(method === 'POST' && { body: {} }),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it("cannot charge another account's token", async () => {
    const tokenId = await tokenFor(shelby());
    expect((await pay(springfield(), { amount: 10, payerFee: 0.33, tokenId })).json()).toMatchObject({
      paymentResponseCode: 'InvalidToken',
    });
  });
});

describe('Idempotency-Key on transactions', () => {
  it('replays the first answer and charges once; another body is a 422', async () => {
    const tokenId = await tokenFor(springfield());
    const key = { 'idempotency-key': 'order-17' };
    const first = await pay(springfield(), { amount: 103.25, payerFee: 3.25, tokenId }, key);
    const again = await pay(springfield(), { amount: 103.25, payerFee: 3.25, tokenId }, key);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await pay(springfield(), { amount: 99, payerFee: 3.25, tokenId }, key)).statusCode).toBe(422);
    expect(await service.sql.query('SELECT id FROM transactions')).toHaveLength(1);
  });

  it('replays a decline too', async () => {
    const tokenId = await tokenFor(springfield(), cardToken({ cardNumber: '4000000000000002' }));
    const key = { 'idempotency-key': 'order-18' };
    const first = await pay(springfield(), { amount: 10, payerFee: 0.33, tokenId }, key);
    const again = await pay(springfield(), { amount: 10, payerFee: 0.33, tokenId }, key);
    expect(first.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
  });
});
