import fc from 'fast-check';
import type { TransactionFeesResponse } from '../../../shared/wire.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, cardToken, request, startTestService, type TestService, type Created } from '../../testing/harness.js';

let service: TestService;
let tokenId: string;
beforeAll(async () => {
  service = await startTestService();
  tokenId = (
    await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: basic(service.accounts.springfield),
      body: cardToken(),
    })
  ).json<Created>().id;
});
afterAll(() => service.close());

const pay = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request(service.app, 'POST', '/api/v1/transactions', {
    authorization: basic(service.accounts.springfield),
    body: { payer: 'Ada', tokenId, ...body },
    headers,
  });

describe(`concurrency (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('50 simultaneous requests with one Idempotency-Key create exactly one transaction', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => pay({ amount: 103.25, payerFee: 3.25 }, { 'idempotency-key': 'same-order' })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    const [row] = await service.sql.query<{ count: number | string }>(
      "SELECT count(*) AS count FROM transactions WHERE payer = 'Ada' AND amount_cents = 10325",
    );
    expect(Number(row?.count)).toBe(1);
  });

  it('200 simultaneous distinct transactions all land, nothing lost', async () => {
    const amounts = Array.from({ length: 200 }, (_, i) => 200 + i);
    const responses = await Promise.all(
      amounts.map((cents) => pay({ amount: cents / 100, payerFee: 0.07, comments: `batch-${cents}` })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(amounts.map(() => 201));
    const ids = new Set(responses.map((response) => response.json<{ id: number }>().id));
    expect(ids.size).toBe(200);
    const rows = await service.sql.query<{ comments: string }>(
      "SELECT comments FROM transactions WHERE comments LIKE 'batch-%'",
    );
    expect(rows.map((row) => row.comments).sort()).toEqual(amounts.map((cents) => `batch-${cents}`).sort());
  });
});

describe('Mode A through the API (docs/fees.md#properties)', () => {
  it('fees for D, then A = D + F and P = F, nets exactly D in mode Included', async () => {
    // fast-check repeats amounts (and shrinks to them): repeats are not duplicates here.
    await service.sql.query("UPDATE accounts SET duplicate_window_minutes = 0 WHERE name = 'Springfield'");
    service.accountCache.clear();
    try {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 10_000_000 }), async (due) => {
          const amountDue = (due / 100).toFixed(2);
          const { creditCardPayerFee } = (
            await request(service.app, 'GET', `/api/v1/transactionFees?amount=${amountDue}`, {
              authorization: basic(service.accounts.springfield),
            })
          ).json<TransactionFeesResponse>();
          const charged = Number(((due + Math.round(creditCardPayerFee * 100)) / 100).toFixed(2));
          const transaction = (await pay({ amount: charged, payerFee: creditCardPayerFee })).json();
          expect(transaction).toMatchObject({
            payerFeeMode: 'Included',
            netAmount: Number(amountDue),
            fee: creditCardPayerFee,
            amount: charged,
          });
        }),
        { numRuns: 40 },
      );
    } finally {
      await service.sql.query("UPDATE accounts SET duplicate_window_minutes = 5 WHERE name = 'Springfield'");
      service.accountCache.clear();
    }
  });
});
