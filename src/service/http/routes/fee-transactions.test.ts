/**
 * The service fee as its own transaction, through the API (docs/fees.md#the-service-fee-as-its-own-transaction):
 * a sale under a `serviceFee` program with `separateFeeTransaction` is a principal and a fee transaction
 * linked to it, both in the answer; voided together; a refund of the principal does to the fee what the
 * account's `feeOnRefund` says; another tenant's ids are not found.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventListResponse, TransactionFeesResponse, TransactionResponse } from '../../../shared/wire.js';
import type { AccountCredentials } from '../../accounts/seed.js';
import { runAccountsCommand } from '../../ops/accounts-commands.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
  await feeProgram('proportional');
});
afterAll(() => service.close());
beforeEach(() => service.reset());

/** Springfield (card 3.25 %) under a service fee charged as its own transaction. */
async function feeProgram(feeOnRefund: string): Promise<string[]> {
  const lines: string[] = [];
  await runAccountsCommand(
    ['set-fee-program', 'Springfield', 'serviceFee', '--separate-fee-transaction', '--fee-on-refund', feeOnRefund],
    service.repository,
    (line) => lines.push(line),
    () => Promise.resolve(),
  );
  service.accountCache.clear();
  return lines;
}

const springfield = () => service.accounts.springfield;
const call = (method: 'GET' | 'POST', url: string, body?: unknown, account: AccountCredentials = springfield()) =>
  request(service.app, method, url, { authorization: basic(account), body });

async function pay(body: object): Promise<TransactionResponse> {
  const token = await call('POST', '/api/v1/tokens', cardToken());
  const response = await call('POST', '/api/v1/transactions', {
    payer: 'Ada Lovelace',
    tokenId: token.json<Created>().id,
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json<TransactionResponse>();
}
const get = async (id: number) => (await call('GET', `/api/v1/transactions/${id}`)).json<TransactionResponse>();

describe('a sale whose service fee is its own transaction', () => {
  it('is set by npm run accounts', async () => {
    expect(await feeProgram('proportional')).toEqual([
      'Fee program of "Springfield": {"name":"serviceFee","separateFeeTransaction":true,"feeOnRefund":"proportional"}.',
    ]);
  });

  it('answers the principal, with the fee transaction linked to it; both sum to what the payer was charged', async () => {
    const principal = await pay({ amount: 103.25, payerFee: 3.25 });
    expect(principal).toMatchObject({
      amount: 100,
      payerFee: 0,
      fee: 0,
      netAmount: 100,
      payerFeeMode: 'Included',
      feeProgram: 'serviceFee',
      funding: 'credit',
      principalTransactionId: null,
      status: 'Captured',
    });
    const fee = principal.feeTransaction;
    expect(fee).toMatchObject({
      amount: 3.25,
      payerFee: 3.25,
      fee: 3.25,
      netAmount: 0,
      principalTransactionId: principal.id,
      feeTransactionId: null,
      feeProgram: 'serviceFee',
    });
    expect(principal.feeTransactionId).toBe(fee?.id);
    expect(await get(principal.id)).toMatchObject({ feeTransactionId: fee?.id, principalTransactionId: null });
    expect(await get(fee?.id ?? 0)).toMatchObject({ principalTransactionId: principal.id, feeTransactionId: null });
  });

  it('splits a calculated fee (Mode C) and a fee other than the service’s own the same way', async () => {
    // Under a program, Mode C's service fee is the base on what is charged: 3.25 % of 103.25 = 3.36.
    const modeC = await pay({ amount: 100 });
    expect(modeC).toMatchObject({ amount: 100, payerFee: 0, fee: 0.11, netAmount: 99.89 });
    expect(modeC.payerFeeMode).toBe('ServiceCalculated');
    expect(modeC.feeTransaction).toMatchObject({ amount: 3.25, payerFee: 3.25, fee: 3.25, netAmount: 0 });
    expect(modeC.warnings?.[0]).toContain('a payer fee of 3.25');
    // Below the service's fee (the agency pays the rest of it): fee(3.25 % of 102.00) = 3.32 (331.5¢).
    const subsidised = await pay({ amount: 102, payerFee: 1 });
    expect(subsidised).toMatchObject({ amount: 101, fee: 2.32, netAmount: 98.68 });
    expect(subsidised.feeTransaction).toMatchObject({ amount: 1, fee: 1, netAmount: 0 });
  });

  it('is one transaction when the agency bears the fee', async () => {
    const accounts = (mode: string) =>
      runAccountsCommand(
        ['set-mode-c', 'Springfield', mode],
        service.repository,
        () => {},
        () => Promise.resolve(),
      );
    try {
      await accounts('off');
      service.accountCache.clear();
      const borne = await pay({ amount: 100, payerFee: 0 });
      expect(borne).toMatchObject({ amount: 100, fee: 3.25, netAmount: 96.75, feeTransactionId: null });
      expect(borne.feeTransaction).toBeUndefined();
    } finally {
      await accounts('on');
      service.accountCache.clear();
    }
  });

  it('tells of both in the events: the principal’s carries its fee transaction', async () => {
    const principal = await pay({ amount: 103.25, payerFee: 3.25 });
    const events = (await call('GET', '/api/v1/events')).json<EventListResponse>().events;
    const approved = events.filter((event) => event.type === 'transaction.approved');
    const objects = approved.map((event) => event.data.object as TransactionResponse);
    expect(objects.map((object) => object.id).sort()).toEqual([principal.id, principal.feeTransactionId].sort());
    expect(objects.find((object) => object.id === principal.id)).toMatchObject({
      feeTransactionId: principal.feeTransactionId,
      feeTransaction: { id: principal.feeTransactionId, amount: 3.25 },
    });
  });

  it('is not found by another tenant', async () => {
    const principal = await pay({ amount: 103.25, payerFee: 3.25 });
    for (const id of [principal.id, principal.feeTransactionId])
      expect((await call('GET', `/api/v1/transactions/${id}`, undefined, service.accounts.shelby)).statusCode).toBe(
        404,
      );
  });
});

const settle = async () => expect((await call('POST', '/api/v1/sandbox/settle')).statusCode).toBe(200);
const refundOf = (id: number | null, body: object = {}) => call('POST', `/api/v1/transactions/${id}/refund`, body);

describe('a capture whose service fee is its own transaction', () => {
  it('captures the principal on the authorization and charges the fee as its own payment', async () => {
    const tokenId = (await call('POST', '/api/v1/tokens', cardToken())).json<Created>().id;
    const held = await call('POST', '/api/v1/transactions/authorize', { tokenId, amount: 110 });
    const { authorizationId, transactionId } = held.json<{ authorizationId: string; transactionId: number }>();
    const captured = await call('POST', '/api/v1/transactions', {
      payer: 'Ada Lovelace',
      amount: 103.25,
      payerFee: 3.25,
      authorizationId,
    });
    expect(captured.statusCode).toBe(201);
    const principal = captured.json<TransactionResponse>();
    expect(principal).toMatchObject({ id: transactionId, amount: 100, payerFee: 0, fee: 0, netAmount: 100 });
    expect(principal.feeTransaction).toMatchObject({ amount: 3.25, fee: 3.25, principalTransactionId: transactionId });
    expect((await call('POST', `/api/v1/transactions/${principal.feeTransactionId}/void`)).statusCode).toBe(200);
    expect(await get(transactionId)).toMatchObject({ status: 'Voided', amount: 0 });
  });

  it('refuses to capture a separate fee whose token was deleted, and captures nothing', async () => {
    const tokenId = (await call('POST', '/api/v1/tokens', cardToken())).json<Created>().id;
    const held = await call('POST', '/api/v1/transactions/authorize', { tokenId, amount: 110 });
    const { authorizationId, transactionId } = held.json<{ authorizationId: string; transactionId: number }>();
    await request(service.app, 'DELETE', `/api/v1/tokens/${tokenId}`, { authorization: basic(springfield()) });
    const refused = await call('POST', '/api/v1/transactions', {
      payer: 'Ada Lovelace',
      amount: 103.25,
      payerFee: 3.25,
      authorizationId,
    });
    expect(refused.json()).toMatchObject({ paymentResponseCode: 'InvalidAuthorization' });
    expect(refused.json<{ message: string }>().message).toContain('capture with payerFee 0');
    expect(await get(transactionId)).toMatchObject({ status: 'Authorized' });
  });
});

describe('voiding a payment whose service fee is its own transaction', () => {
  it.each([
    ['the principal', (paid: TransactionResponse) => paid.id],
    ['the fee', (paid: TransactionResponse) => paid.feeTransactionId],
  ])('voids both when %s is voided, in one database transaction', async (_, which) => {
    const paid = await pay({ amount: 103.25, payerFee: 3.25 });
    const voided = await call('POST', `/api/v1/transactions/${which(paid)}/void`);
    expect(voided.statusCode).toBe(200);
    for (const id of [paid.id, paid.feeTransactionId ?? 0])
      expect(await get(id)).toMatchObject({ status: 'Voided', amount: 0, fee: 0, netAmount: 0 });
    const again = await call('POST', `/api/v1/transactions/${paid.id}/void`);
    expect(again.json()).toMatchObject({ reversalResponseCode: 'PreviouslyVoided' });
    const events = (await call('GET', '/api/v1/events')).json<EventListResponse>().events;
    expect(events.filter((event) => event.type === 'transaction.voided')).toHaveLength(2);
  });

  it('voids both, whichever is voided, for any amount (a property, on the database)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.integer({ min: 100, max: 1_000_000 }), async (feeFirst, dueCents) => {
        await service.reset();
        const shown = (
          await call('GET', `/api/v1/transactionFees?amount=${dueCents / 100}`)
        ).json<TransactionFeesResponse>().creditCardPayerFee;
        const paid = await pay({ amount: (dueCents + Math.round(shown * 100)) / 100, payerFee: shown });
        expect(paid.feeTransaction?.amount).toBe(shown);
        await call('POST', `/api/v1/transactions/${feeFirst ? paid.feeTransactionId : paid.id}/void`);
        for (const id of [paid.id, paid.feeTransactionId ?? 0]) expect((await get(id)).status).toBe('Voided');
      }),
      { numRuns: 6 },
    );
  });

  it('is not found by another tenant, and voids nothing then', async () => {
    const paid = await pay({ amount: 103.25, payerFee: 3.25 });
    for (const id of [paid.id, paid.feeTransactionId]) {
      const foreign = await call('POST', `/api/v1/transactions/${id}/void`, {}, service.accounts.shelby);
      expect(foreign.statusCode).toBe(404);
      expect((await refundOf(id, {})).statusCode).toBe(400);
    }
    expect(await get(paid.id)).toMatchObject({ status: 'Captured' });
  });
});

describe('refunding a principal whose service fee is its own transaction', () => {
  afterAll(() => feeProgram('proportional'));

  it('gives back the fee’s share by default (proportional), and all of it with the last refund', async () => {
    await feeProgram('proportional');
    const paid = await pay({ amount: 103.25, payerFee: 3.25 });
    await settle();
    const part = await refundOf(paid.id, { amount: 40 });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({
      amount: -40,
      originalTransactionId: paid.id,
      feeTransaction: { amount: -1.3, originalTransactionId: paid.feeTransactionId },
    });
    const rest = await refundOf(paid.id);
    expect(rest.json()).toMatchObject({ amount: -60, feeTransaction: { amount: -1.95 } });
    expect(await get(paid.feeTransactionId ?? 0)).toMatchObject({ status: 'Refunded' });
    expect((await refundOf(paid.feeTransactionId)).json()).toMatchObject({
      reversalResponseCode: 'AmountExceedsRemaining',
    });
  });

  it('gives back all of the fee with the first refund (full), or none of it (keep)', async () => {
    await feeProgram('full');
    const full = await pay({ amount: 103.25, payerFee: 3.25 });
    await feeProgram('keep');
    const kept = await pay({ amount: 206.5, payerFee: 6.5 });
    await settle();
    await feeProgram('full');
    expect((await refundOf(full.id, { amount: 10 })).json()).toMatchObject({ feeTransaction: { amount: -3.25 } });
    expect((await refundOf(full.id, { amount: 10 })).json<TransactionResponse>().feeTransaction).toBeUndefined();
    await feeProgram('keep');
    const none = (await refundOf(kept.id)).json<TransactionResponse>();
    expect(none).toMatchObject({ amount: -200 });
    expect(none.feeTransaction).toBeUndefined();
    expect(await get(kept.feeTransactionId ?? 0)).toMatchObject({ status: 'Settled', amount: 6.5 });
  });
});
