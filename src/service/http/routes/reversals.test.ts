/**
 * Voids, refunds and settlement batches through the API, on PGlite and (with DATABASE_URL)
 * PostgreSQL: the reversal rules, the money of a refund, idempotency, concurrent refunds and tenancy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionResponse } from '../../../shared/wire.js';
import type { AccountCredentials } from '../../accounts/seed.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const springfield = () => service.accounts.springfield;
const call = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  account: AccountCredentials = springfield(),
  headers = {},
) => request(service.app, method, url, { authorization: basic(account), body, headers });

/** A Custom-mode charge (payerFee 0.01): `amount` is exactly what is charged. */
async function charge(amount: number, account: AccountCredentials = springfield()): Promise<TransactionResponse> {
  const token = await call('POST', '/api/v1/tokens', cardToken(), account);
  const response = await call(
    'POST',
    '/api/v1/transactions',
    { payer: 'Ada Lovelace', amount, payerFee: 0.01, tokenId: token.json<Created>().id },
    account,
  );
  expect(response.statusCode).toBe(201);
  return response.json<TransactionResponse>();
}
const settle = async (account: AccountCredentials = springfield()) => {
  const response = await call('POST', '/api/v1/sandbox/settle', undefined, account);
  expect(response.statusCode).toBe(200);
  return response.json<{
    id: number;
    numberOfDebits: number;
    totalOfDebits: number;
    numberOfCredits: number;
    totalOfCredits: number;
  }>();
};
const voidOf = (id: number) => call('POST', `/api/v1/transactions/${id}/void`);
const refundOf = (id: number, body: unknown = {}, headers = {}) =>
  call('POST', `/api/v1/transactions/${id}/refund`, body, springfield(), headers);
const get = async (id: number) => (await call('GET', `/api/v1/transactions/${id}`)).json<TransactionResponse>();

describe('void', () => {
  it('cancels an unsettled sale: no charge, no fee, no net, a Void event', async () => {
    const sale = await charge(100);
    expect(sale).toMatchObject({ status: 'Captured', batchId: null, originalTransactionId: null });
    const response = await voidOf(sale.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Voided', amount: 0, fee: 0, netAmount: 0, payerFee: 0 });
    expect(response.json<TransactionResponse>().events.map((event) => event.eventType)).toEqual(['Sale', 'Void']);
  });

  it.each([
    ['a second void', 'PreviouslyVoided', /already voided/],
    ['a settled sale', 'AlreadySettled', /refund/],
  ])('refuses %s with %s', async (what, code, message) => {
    const sale = await charge(100);
    if (code === 'PreviouslyVoided') await voidOf(sale.id);
    else await settle();
    const response = await voidOf(sale.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      reversalResponseCode: code,
      message: expect.stringMatching(message) as unknown,
    });
  });

  it('refuses a declined sale as PreviouslyRejected', async () => {
    const token = await call('POST', '/api/v1/tokens', cardToken({ cardNumber: '4000 0000 0000 0002' }));
    const declined = await call('POST', '/api/v1/transactions', {
      payer: 'Ada',
      amount: 10,
      payerFee: 0.01,
      tokenId: token.json<Created>().id,
    });
    expect(declined.statusCode).toBe(400);
    const response = await voidOf(declined.json<{ id: number }>().id);
    expect(response.json()).toMatchObject({ reversalResponseCode: 'PreviouslyRejected' });
  });

  it('releases an open authorization, which then cannot be captured', async () => {
    const token = await call('POST', '/api/v1/tokens', cardToken());
    const hold = await call('POST', '/api/v1/transactions/authorize', {
      tokenId: token.json<Created>().id,
      amount: 80,
    });
    const { authorizationId, transactionId } = hold.json<{ authorizationId: string; transactionId: number }>();
    expect(await get(transactionId)).toMatchObject({ status: 'Authorized' });
    expect((await voidOf(transactionId)).json()).toMatchObject({ status: 'Voided' });
    const captured = await call('POST', '/api/v1/transactions', { payer: 'Ada', amount: 50, authorizationId });
    expect(captured.statusCode).toBe(400);
    expect(captured.json()).toMatchObject({
      paymentResponseCode: 'InvalidAuthorization',
      message: expect.stringMatching(/voided/) as unknown,
    });
    await settle();
    expect(await get(transactionId)).toMatchObject({ batchId: null });
  });

  it('is 404 for another account’s transaction', async () => {
    const sale = await charge(100, service.accounts.shelby);
    expect((await voidOf(sale.id)).statusCode).toBe(404);
  });

  it('replays an Idempotency-Key: a retried void answers 200 again, not PreviouslyVoided', async () => {
    const sale = await charge(100);
    const headers = { 'idempotency-key': 'void-1' };
    const first = await call('POST', `/api/v1/transactions/${sale.id}/void`, {}, springfield(), headers);
    const again = await call('POST', `/api/v1/transactions/${sale.id}/void`, {}, springfield(), headers);
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect((await get(sale.id)).events.filter((event) => event.eventType === 'Void')).toHaveLength(1);
  });

  it('takes sendReceipt in the query, as the .NET client of the API we follow sends it', async () => {
    const sale = await charge(100);
    const refused = await call('POST', `/api/v1/transactions/${sale.id}/void?sendReceipt=yes`);
    expect([refused.statusCode, refused.json()]).toMatchObject([400, { errors: [{ field: 'sendReceipt' }] }]);
    const voided = await call('POST', `/api/v1/transactions/${sale.id}/void?sendReceipt=True`);
    expect([voided.statusCode, voided.json()]).toMatchObject([200, { status: 'Voided' }]);
  });

  it('voids once per Idempotency-Key whether the id is numeric or txn_…; 01 is no id', async () => {
    const sale = await charge(100);
    const headers = { 'idempotency-key': 'void-spellings' };
    const zero = await call('POST', `/api/v1/transactions/0${sale.id}/void`, {}, springfield(), headers);
    expect([zero.statusCode, zero.json()]).toMatchObject([404, { code: 'TRANSACTION_NOT_FOUND' }]);
    expect((await call('GET', `/api/v1/transactions/0${sale.id}`)).statusCode).toBe(404);
    const first = await call('POST', `/api/v1/transactions/${sale.publicId}/void`, {}, springfield(), headers);
    const again = await call('POST', `/api/v1/transactions/${sale.id}/void`, {}, springfield(), headers);
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
  });

  it.each([
    [{ sendReceipt: 'yes' }, 'sendReceipt'],
    [{ amount: 10 }, 'amount'],
    [[], 'sendReceipt'],
  ])('refuses the body %j with a 400 naming %s', async (body, field) => {
    const sale = await charge(100);
    const response = await call('POST', `/api/v1/transactions/${sale.id}/void`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field }] });
    expect(await get(sale.id)).toMatchObject({ status: 'Captured' });
  });

  it('never mistakes /transactions/authorizations/… for a transaction’s void (the paths the linter calls ambiguous)', async () => {
    const read = await call('GET', '/api/v1/transactions/authorizations/void');
    expect(read.json()).toMatchObject({ code: 'AUTHORIZATION_NOT_FOUND' });
    const voided = await call('POST', '/api/v1/transactions/authorizations/void');
    expect([voided.statusCode, voided.json()]).toMatchObject([404, { code: 'TRANSACTION_NOT_FOUND' }]);
  });
});

describe('an empty body sent as application/json, as a client that sets it on every call sends it', () => {
  const empty = (url: string) =>
    request(service.app, 'POST', url, {
      authorization: basic(springfield()),
      headers: { 'content-type': 'application/json' },
    });

  it('voids, refunds in full and settles, as without the header', async () => {
    const voided = await charge(100);
    expect((await empty(`/api/v1/transactions/${voided.id}/void`)).statusCode).toBe(200);
    const refunded = await charge(50);
    expect((await empty('/api/v1/sandbox/settle')).statusCode).toBe(200);
    const refund = await empty(`/api/v1/transactions/${refunded.id}/refund`);
    expect([refund.statusCode, refund.json()]).toMatchObject([201, { amount: -50 }]);
  });

  it('is still a 400 EMPTY_BODY where a body is required', async () => {
    for (const url of ['/api/v1/transactions', '/api/v1/transactions/authorize', '/api/v1/transactionFees']) {
      const response = await empty(url);
      expect([url, response.statusCode, response.json()]).toMatchObject([url, 400, { code: 'EMPTY_BODY' }]);
    }
  });

  it('the document says which bodies are optional', async () => {
    const document = (await call('GET', '/openapi.json')).json<{
      paths: Record<string, Record<string, { requestBody?: { required: boolean } }>>;
    }>();
    expect(document.paths['/api/v1/transactions/{transactionId}/void']?.post?.requestBody?.required).toBe(false);
    expect(document.paths['/api/v1/transactions/{transactionId}/refund']?.post?.requestBody?.required).toBe(false);
    expect(document.paths['/api/v1/transactions']?.post?.requestBody?.required).toBe(true);
  });
});

describe('refund', () => {
  it('is 404 for another account’s transaction, settled or not, and for no transaction', async () => {
    const sale = await charge(100, service.accounts.shelby);
    await settle(service.accounts.shelby);
    expect((await refundOf(sale.id)).json()).toMatchObject({ code: 'TRANSACTION_NOT_FOUND' });
    expect((await refundOf(999_999_999)).statusCode).toBe(404);
  });

  it('before settlement says to void instead', async () => {
    const sale = await charge(100);
    const response = await refundOf(sale.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      reversalResponseCode: 'NotSettled',
      message: expect.stringMatching(/void/) as unknown,
    });
  });

  it('gives back part of a settled charge: −amount, netAmount −amount, fee 0; the original keeps its fee', async () => {
    const sale = await charge(103.25);
    await settle();
    const response = await refundOf(sale.id, { amount: 40 });
    expect(response.statusCode).toBe(201);
    const refund = response.json<TransactionResponse>();
    expect(response.headers.location).toMatch(new RegExp(`/api/v1/transactions/${refund.id}$`));
    expect(refund).toMatchObject({ amount: -40, netAmount: -40, fee: 0, payerFee: 0, originalTransactionId: sale.id });
    const original = await get(sale.id);
    expect(original).toMatchObject({ status: 'PartiallyRefunded', fee: sale.fee, amount: 103.25 });
    expect(original.events.map((event) => event.eventType)).toEqual(['Sale', 'Settle', 'Refund']);
    const over = await refundOf(sale.id, { amount: 63.26 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      reversalResponseCode: 'AmountExceedsRemaining',
      message: expect.stringContaining('63.25') as unknown,
    });
    expect((await refundOf(sale.id)).json()).toMatchObject({ amount: -63.25 });
    expect(await get(sale.id)).toMatchObject({ status: 'Refunded' });
  });

  it('cannot be voided, before or after its settlement: 400 CannotBeVoided, and search still lists it', async () => {
    const sale = await charge(50);
    await settle();
    const refund = (await refundOf(sale.id, { amount: 10 })).json<TransactionResponse>();
    for (const when of ['before settlement', 'after settlement']) {
      if (when === 'after settlement') await settle();
      const response = await voidOf(refund.id);
      expect(response.statusCode, when).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'REVERSAL_DECLINED',
        reversalResponseCode: 'CannotBeVoided',
        message: 'This transaction is a refund, and a refund cannot be voided.',
      });
    }
    expect(await get(refund.id)).toMatchObject({ amount: -10, status: 'Settled' });
    expect(await get(sale.id)).toMatchObject({ status: 'PartiallyRefunded' });
    const refunds = await call('GET', '/api/v1/transactions?transactionSearchTypeId=Refunds');
    expect(refunds.json<{ totalRecords: number }>().totalRecords).toBe(1);
  });

  it('replays an Idempotency-Key instead of refunding twice', async () => {
    const sale = await charge(100);
    await settle();
    const headers = { 'idempotency-key': 'refund-1' };
    const first = await refundOf(sale.id, { amount: 10 }, headers);
    const again = await refundOf(sale.id, { amount: 10 }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json<TransactionResponse>().id).toBe(first.json<TransactionResponse>().id);
    expect((await get(sale.id)).events.filter((event) => event.eventType === 'Refund')).toHaveLength(1);
  });

  it('scopes an Idempotency-Key to the transaction, however it is named: one refund, then replays', async () => {
    const sale = await charge(100);
    await settle();
    const headers = { 'idempotency-key': 'refund-spellings' };
    const answers = [];
    for (const name of [String(sale.id), sale.publicId, String(sale.id), sale.publicId.toUpperCase()]) {
      const response = await call(
        'POST',
        `/api/v1/transactions/${name}/refund`,
        { amount: 10 },
        springfield(),
        headers,
      );
      answers.push([name, response.statusCode, response.headers['idempotent-replayed'] ?? null]);
    }
    expect(answers).toEqual([
      [String(sale.id), 201, null],
      [sale.publicId, 201, 'true'],
      [String(sale.id), 201, 'true'],
      // Public ids are case-sensitive: another spelling names no transaction.
      [sale.publicId.toUpperCase(), 404, null],
    ]);
    expect((await get(sale.id)).events.filter((event) => event.eventType === 'Refund')).toHaveLength(1);
  });

  it('answers an id with leading zeros 404, refunding nothing: ids have one spelling', async () => {
    const sale = await charge(100);
    await settle();
    for (const name of [`0${sale.id}`, `00${sale.id}`]) {
      const refund = await call('POST', `/api/v1/transactions/${name}/refund`, { amount: 10 });
      expect([name, refund.statusCode, refund.json()]).toMatchObject([name, 404, { code: 'TRANSACTION_NOT_FOUND' }]);
    }
    expect(await get(sale.id)).toMatchObject({ status: 'Settled' });
  });

  it.each([[{ amount: 0 }], [{ amount: 1.005 }], [{ amount: '10' }], [{ cents: 10 }]])(
    'refuses the body %j with a 400 naming the field',
    async (body) => {
      const sale = await charge(100);
      const response = await refundOf(sale.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: unknown[] }>().errors).toHaveLength(1);
    },
  );

  it('10 concurrent refunds of 20.00 on a 100.00 charge: exactly 5 succeed', async () => {
    const sale = await charge(100);
    await settle();
    const responses = await Promise.all(Array.from({ length: 10 }, () => refundOf(sale.id, { amount: 20 })));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(5);
    expect(await get(sale.id)).toMatchObject({ status: 'Refunded' });
  });
});

describe('settlement batches', () => {
  it('settles approved, unvoided sales and refunds, once, and lists them', async () => {
    const kept = await charge(30);
    const voided = await charge(20);
    await voidOf(voided.id);
    const first = await settle();
    expect(first).toMatchObject({ numberOfDebits: 1, totalOfDebits: 30, numberOfCredits: 0, totalOfCredits: 0 });
    expect(await get(kept.id)).toMatchObject({ status: 'Settled', batchId: first.id });
    expect(await get(voided.id)).toMatchObject({ status: 'Voided', batchId: null });
    await refundOf(kept.id, { amount: 5 });
    const second = await settle();
    expect(second).toMatchObject({ numberOfDebits: 0, numberOfCredits: 1, totalOfCredits: 5 });
    const list = await call('GET', '/api/v1/batches?pageSize=1');
    expect(list.json()).toMatchObject({ batches: [{ id: second.id }], totalRecords: 2 });
    const listed = await call('GET', `/api/v1/batches/${first.id}/transactions`);
    expect(listed.json()).toMatchObject({ transactions: [{ id: kept.id }], totalRecords: 1 });
  });

  it('keeps each account to its own batches', async () => {
    await charge(30, service.accounts.shelby);
    const theirs = await settle(service.accounts.shelby);
    expect((await call('GET', `/api/v1/batches/${theirs.id}/transactions`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/batches')).json()).toEqual({ batches: [], totalRecords: 0 });
    expect((await call('GET', '/api/v1/batches/abc/transactions')).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/batches?pageSize=51')).statusCode).toBe(400);
  });
});
