/**
 * What a tenant sees of transaction and batch ids (docs/decisions/0001-transaction-and-batch-ids.md):
 * whole numbers of up to 9 digits, unique across the service, that say nothing about how many
 * payments or batches other accounts made in between; request ids likewise count no one's requests.
 * On PGlite and (with DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, TransactionResponse } from '../../../shared/wire.js';
import type { AccountCredentials } from '../../accounts/seed.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const call = (method: 'GET' | 'POST', url: string, account: AccountCredentials, body?: unknown) =>
  request(service.app, method, url, { authorization: basic(account), body });

async function pay(account: AccountCredentials, amount: number): Promise<number> {
  const token = (await call('POST', '/api/v1/tokens', account, cardToken())).json<Created>().id;
  const paid = await call('POST', '/api/v1/transactions', account, { payer: 'Ada', amount, tokenId: token });
  expect(paid.statusCode).toBe(201);
  return paid.json<TransactionResponse>().id;
}

/**
 * Ids handed out one after the other with one of another account's in between: with a counter they
 * would differ by 2. Apart by less than 1 000 by chance: about 1 in 500 000 per pair.
 */
const farApart = (ids: number[]) => ids.slice(1).every((id, i) => Math.abs(id - (ids[i] as number)) > 1_000);

describe('transaction and batch ids', () => {
  it("do not show another account's payments made in between", async () => {
    const { springfield, shelby } = service.accounts;
    const ids: number[] = [];
    for (const amount of [10, 11, 12, 13, 14]) {
      ids.push(await pay(springfield, amount));
      await pay(shelby, amount);
    }
    expect(farApart(ids)).toBe(true);
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) {
      expect(id).toBeGreaterThan(0);
      expect(id).toBeLessThan(1_000_000_000);
      const found = await call('GET', `/api/v1/transactions/${id}`, springfield);
      expect(found.json<TransactionResponse>()).toMatchObject({ id });
    }
  });

  it("do not show another account's batches closed in between", async () => {
    const { springfield, shelby } = service.accounts;
    const batches: number[] = [];
    for (const amount of [20, 21, 22]) {
      await pay(springfield, amount);
      await pay(shelby, amount);
      batches.push((await call('POST', '/api/v1/sandbox/settle', springfield)).json<BatchResponse>().id);
      expect((await call('POST', '/api/v1/sandbox/settle', shelby)).statusCode).toBe(200);
    }
    expect(farApart(batches)).toBe(true);
    const listed = (await call('GET', '/api/v1/batches', springfield)).json<{ batches: BatchResponse[] }>();
    // Newest first, by when each was closed: the ids no longer tell the order.
    expect(listed.batches.map((batch) => batch.id).slice(0, 3)).toEqual([...batches].reverse());
  });

  it('are a permutation: 100 000 in a row, each once, none beyond 9 digits', async () => {
    const [row] = await service.sql.query<{ distinct: number; low: number; high: number }>(
      `SELECT count(DISTINCT id)::integer AS distinct, min(id) AS low, max(id) AS high
       FROM (SELECT scrambled_id('transactions', n) AS id
             FROM generate_series((SELECT floor + 1 FROM id_secrets WHERE name = 'transactions'),
                                  (SELECT floor + 100000 FROM id_secrets WHERE name = 'transactions')) AS n) ids`,
    );
    expect(row?.distinct).toBe(100_000);
    expect(row?.low).toBeGreaterThan(0);
    expect(row?.high).toBeLessThan(1_000_000_000);
  });

  it("request ids do not count another account's requests made in between", async () => {
    const { springfield, shelby } = service.accounts;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(String((await call('GET', '/api/v1/transactionFees?amount=10', springfield)).headers['x-request-id']));
      await call('GET', '/api/v1/transactionFees?amount=10', shelby);
    }
    for (const id of ids) expect(id).toMatch(/^req_[\w-]{16}$/);
    // A prefix and a counter would share the prefix: random ids share 8 characters about once in 2^48.
    expect(new Set(ids.map((id) => id.slice(0, 12))).size).toBe(5);
  });
});
