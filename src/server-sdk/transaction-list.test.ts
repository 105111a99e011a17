import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiKey,
  cardToken,
  request,
  startTestService,
  type Created,
  type TestService,
} from '../service/testing/harness.js';
import { PaytokenApiError, PaytokenClient } from './index.js';

let service: TestService;
let apiUrl: string;
let springfield: PaytokenClient;
let requests: string[];

beforeAll(async () => {
  service = await startTestService();
  apiUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  // The tests charge the same test card the same amounts on purpose, by new tokens: off here,
  // duplicate protection has its own tests (src/service/http/routes/duplicates.test.ts).
  await service.sql.query('UPDATE accounts SET duplicate_window_minutes = 0');
  const { apiKey: key, apiSecret } = service.accounts.springfield;
  springfield = new PaytokenClient({
    apiUrl,
    apiKey: key,
    apiSecret,
    fetch: (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requests.push(url.slice(apiUrl.length));
      return fetch(input, init);
    },
  });
});
afterAll(() => service.close());
beforeEach(async () => {
  await service.reset();
  requests = [];
});

/** `count` Custom-mode charges of 1.00, 2.00, … in that order; their ids. */
async function charges(count: number, payer = 'Ada Lovelace'): Promise<number[]> {
  const tokenId = (
    await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: apiKey(service.accounts.springfield),
      body: cardToken(),
    })
  ).json<Created>().id;
  const ids: number[] = [];
  for (let i = 1; i <= count; i++)
    ids.push((await springfield.transactions.create({ payer, amount: i, payerFee: 0.01, tokenId })).id);
  return ids;
}

describe('transactions.list against the service', () => {
  it('iterates every match across pages, newest first, one request a page', async () => {
    const ids = await charges(7);
    const seen: number[] = [];
    requests = [];
    for await (const transaction of springfield.transactions.list({ pageSize: 3 })) seen.push(transaction.id);
    expect(seen).toEqual([...ids].reverse());
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatch(
      /^\/api\/v1\/transactions\?endDate=\d{4}-\d\d-\d\dT\d\d%3A\d\d%3A[\d.]+Z&page=1&pageSize=3$/,
    );
  });

  it('page(n) answers one page with the total and whether more follow', async () => {
    const ids = await charges(5);
    const list = springfield.transactions.list({ pageSize: 2, minAmount: 2, maxAmount: 4.5 });
    expect(await list.page(1)).toMatchObject({ page: 1, pageSize: 2, totalRecords: 3, hasMore: true });
    const second = await list.page(2);
    expect(second).toMatchObject({ page: 2, totalRecords: 3, hasMore: false });
    expect(second.transactions.map((transaction) => transaction.id)).toEqual([ids[1]]);
    expect((await list.page(3)).transactions).toEqual([]);
  });

  it('filters travel as the API names them; payerName with wildcards is literal', async () => {
    const [ada] = await charges(1, 'Ada 100% Lovelace');
    await charges(1, 'Grace Hopper');
    const list = springfield.transactions.list({
      payerName: '100%',
      accountNumber: '4242',
      beginDate: new Date(Date.now() - 3_600_000),
      endDate: '2100-01-01',
      transactionSearchTypeId: 'Processed',
    });
    expect((await list.toArray(10)).map((transaction) => transaction.id)).toEqual([ada]);
  });

  it('toArray stops at its limit without fetching further pages', async () => {
    await charges(6);
    requests = [];
    expect(await springfield.transactions.list({ pageSize: 2 }).toArray(3)).toHaveLength(3);
    expect(requests).toHaveLength(2);
  });

  it('a payment made while iterating neither shifts the pages nor appears', async () => {
    const ids = await charges(4);
    const seen: number[] = [];
    for await (const transaction of springfield.transactions.list({ pageSize: 2 })) {
      if (seen.length === 0) await charges(1);
      seen.push(transaction.id);
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('bad filters are a RangeError before any request; the service names what it refuses', async () => {
    await expect(springfield.transactions.list({ minAmount: 1.005 }).page(1)).rejects.toThrow(RangeError);
    await expect(springfield.transactions.list({ pageSize: 51 }).page(1)).rejects.toThrow(/pageSize/);
    await expect(springfield.transactions.list().page(0)).rejects.toThrow(RangeError);
    expect(requests).toEqual([]);
    const refused = await springfield.transactions
      .list({ accountNumber: '42' })
      .page(1)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaytokenApiError);
    expect(refused).toMatchObject({ status: 400, code: 'INVALID_LAST_FOUR', errors: [{ field: 'accountNumber' }] });
  });
});
