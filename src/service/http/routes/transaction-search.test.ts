/**
 * `GET /api/v1/transactions` through the API, on PGlite and (with DATABASE_URL) PostgreSQL: filters,
 * paging and totals, scopes, and bad parameters.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionSearchResponse } from '../../../shared/transaction-search.js';
import type { ErrorBody, TransactionResponse } from '../../../shared/wire.js';
import type { AccountCredentials } from '../../accounts/seed.js';
import {
  anyNumber,
  apiKey,
  bankToken,
  basic,
  cardToken,
  matching,
  request,
  startTestService,
  type Created,
  type TestService,
} from '../../testing/harness.js';

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

/** A Custom-mode charge (payerFee 0.01), so `amount` is exactly what is charged; 201 or a 400 decline. */
async function pay(as: As, tokenId: string, amount: number, payer = 'Ada Lovelace'): Promise<number> {
  const response = await request(service.app, 'POST', '/api/v1/transactions', {
    authorization: basic(as.account),
    body: { payer, amount, payerFee: 0.01, tokenId },
    headers: headersOf(as),
  });
  expect([201, 400]).toContain(response.statusCode);
  return response.json<{ id: number }>().id;
}

const search = (as: As, query: string) =>
  request(service.app, 'GET', `/api/v1/transactions${query ? `?${query}` : ''}`, {
    authorization: basic(as.account),
    headers: headersOf(as),
  });
async function found(as: As, query = ''): Promise<TransactionSearchResponse> {
  const response = await search(as, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionSearchResponse>();
}
const idsOf = (result: TransactionSearchResponse) => result.transactions.map((transaction) => transaction.id);
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
const setCreated = (id: number, at: Date) =>
  service.sql.query('UPDATE transactions SET created_at = $2 WHERE id = $1', [id, at]);

describe('the answer', () => {
  it('lists a transaction exactly as GET /transactions/{id} shows it, with the total', async () => {
    const id = await pay(springfield(), await tokenFor(springfield()), 42.5);
    const one = await request(service.app, 'GET', `/api/v1/transactions/${id}`, {
      authorization: basic(service.accounts.springfield),
    });
    expect(await found(springfield())).toEqual({ transactions: [one.json<TransactionResponse>()], totalRecords: 1 });
  });

  it('is empty with a total of 0 when nothing matches', async () => {
    expect(await found(springfield())).toEqual({ transactions: [], totalRecords: 0 });
  });
});

describe('paging', () => {
  it('pages newest first; every page carries the exact total; a page past the end is empty', async () => {
    const token = await tokenFor(springfield());
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await pay(springfield(), token, 10 + i));
    // Creation times out of id order: the newest is the one created last in time, not the highest id.
    await setCreated(ids[0] as number, new Date());
    const newestFirst = [ids[0], ...ids.slice(1).reverse()];
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await found(springfield(), `pageSize=3&page=${page}`));
    expect(pages.map((page) => page.totalRecords)).toEqual([7, 7, 7, 7]);
    expect(pages.map(idsOf)).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3, 6), newestFirst.slice(6), []]);
  });

  it('defaults to 25 a page; pageSize 50 is the most', async () => {
    const token = await tokenFor(springfield());
    await Promise.all(Array.from({ length: 26 }, (_, i) => pay(springfield(), token, 1 + i)));
    expect((await found(springfield())).transactions).toHaveLength(25);
    expect((await found(springfield(), 'page=2')).transactions).toHaveLength(1);
    expect((await found(springfield(), 'pageSize=50')).transactions).toHaveLength(26);
    expect((await found(springfield(), 'page=1000000')).totalRecords).toBe(26);
  });
});

describe('totals and pages: the day counts agree with counting every row', () => {
  it('over windows that start and end inside days, on midnights, or not at all', async () => {
    const token = await tokenFor(springfield());
    const base = Date.parse('2026-10-01T00:00:00Z');
    const times = [0, 1, 3_600_000, 86_399_999, 86_400_000, 5 * 86_400_000 + 7, 9 * 86_400_000 - 1, 12 * 86_400_000];
    const declined = await tokenFor(springfield(), cardToken({ cardNumber: '4000 0000 0000 0002' }));
    for (const [index, offset] of times.entries()) {
      await setCreated(await pay(springfield(), token, 5 + index), new Date(base + offset));
      await setCreated(await pay(springfield(), declined, 5), new Date(base + offset));
    }
    const windows: [string, string | null][] = [
      ['2026-10-01T00:00:00Z', '2026-10-13T00:00:00Z'],
      ['2026-10-01T00:00:00.001Z', '2026-10-12T23:59:59.999Z'],
      ['2026-10-01T01:00:00Z', '2026-10-06T00:00:00.007Z'],
      ['2026-10-01T12:00:00Z', '2026-10-01T13:00:00Z'],
      ['2026-10-02T00:00:00Z', null],
      ['2026-09-30', '2026-10-05'],
    ];
    for (const [begin, end] of windows) {
      const query = `beginDate=${begin}${end ? `&endDate=${end}` : ''}`;
      const from = Date.parse(begin.length === 10 ? `${begin}T00:00:00Z` : begin);
      const until =
        end === null ? Infinity : end.length === 10 ? Date.parse(`${end}T00:00:00Z`) + 86_400_000 : Date.parse(end) + 1;
      const expected = times.filter((offset) => base + offset >= from && base + offset < until).length;
      for (const type of ['Processed', 'Rejected']) {
        const byDays = await found(springfield(), `${query}&transactionSearchTypeId=${type}`);
        const byRows = await found(springfield(), `${query}&transactionSearchTypeId=${type}&minAmount=0`);
        expect([byDays.totalRecords, byRows.totalRecords], `${query} ${type}`).toEqual([expected, expected]);
        // Every page, one row each: a page past the first skips whole days by their counts; with a
        // filter that matches everything it walks every row instead. Both must list the same rows.
        for (let page = 1; page <= expected + 1; page++) {
          const [skipping, walking] = await Promise.all([
            found(springfield(), `${query}&transactionSearchTypeId=${type}&pageSize=1&page=${page}`),
            found(springfield(), `${query}&transactionSearchTypeId=${type}&pageSize=1&page=${page}&minAmount=0`),
          ]);
          expect(idsOf(skipping), `${query} ${type} page ${page}`).toEqual(idsOf(walking));
          expect(skipping.transactions, `${query} ${type} page ${page}`).toHaveLength(page <= expected ? 1 : 0);
        }
      }
    }
  });
});

describe('filters', () => {
  it('a date-time without an offset (as the .NET client sends it) is read as UTC', async () => {
    const token = await tokenFor(springfield());
    const payment = await pay(springfield(), token, 4);
    await setCreated(payment, new Date('2026-10-01T10:00:00Z'));
    for (const [begin, end, total] of [
      ['2026-10-01T09:59:59', '2026-10-01T10:00:00', 1],
      ['2026-10-01T09:59:59.0000000', '2026-10-01T10:00:00.0000000', 1],
      ['2026-10-01T10:00:00.001', '2026-10-01T11:00:00', 0],
      ['2026-10-01T09:00:00', '2026-10-01T09:59:59.999', 0],
    ] as const)
      expect([begin, end, (await found(springfield(), `beginDate=${begin}&endDate=${end}`)).totalRecords]).toEqual([
        begin,
        end,
        total,
      ]);
  });

  it('dates: the last 30 days by default; beginDate and endDate as dates or instants', async () => {
    const token = await tokenFor(springfield());
    const old = await pay(springfield(), token, 1);
    const recent = await pay(springfield(), token, 2);
    const current = await pay(springfield(), token, 3);
    await setCreated(old, new Date('2026-01-15T12:00:00Z'));
    await setCreated(recent, ago(29));
    expect(idsOf(await found(springfield()))).toEqual([current, recent]);
    expect(idsOf(await found(springfield(), 'beginDate=2026-01-15&endDate=2026-01-15'))).toEqual([old]);
    expect(idsOf(await found(springfield(), 'beginDate=2026-01-15T12:00:00.001Z&endDate=2026-01-16'))).toEqual([]);
    expect(idsOf(await found(springfield(), 'beginDate=2026-01-01&endDate=2026-01-15T12:00:00Z'))).toEqual([old]);
    // Only endDate: the 30 days before it.
    expect(idsOf(await found(springfield(), 'endDate=2026-02-13'))).toEqual([old]);
    expect(idsOf(await found(springfield(), 'endDate=2026-02-14'))).toEqual([]);
    // An offset, its `+` sent as %2B.
    expect(idsOf(await found(springfield(), 'beginDate=2026-01-15T13:00:00%2B01:00&endDate=2026-01-16'))).toEqual([
      old,
    ]);
  });

  it('amounts: minAmount and maxAmount in currency units, both inclusive', async () => {
    const token = await tokenFor(springfield());
    const [a, b, c] = [
      await pay(springfield(), token, 9.99),
      await pay(springfield(), token, 10),
      await pay(springfield(), token, 25.01),
    ];
    expect(idsOf(await found(springfield(), 'minAmount=10'))).toEqual([c, b]);
    expect(idsOf(await found(springfield(), 'maxAmount=10.00'))).toEqual([b, a]);
    expect(idsOf(await found(springfield(), 'minAmount=9.99&maxAmount=9.99'))).toEqual([a]);
    expect((await found(springfield(), 'minAmount=25.02')).totalRecords).toBe(0);
  });

  it('accountNumber: the last four digits of the card or bank account', async () => {
    const visa = await pay(springfield(), await tokenFor(springfield()), 5);
    const mastercard = await pay(
      springfield(),
      await tokenFor(springfield(), cardToken({ cardNumber: '5555 5555 5555 4444' })),
      5,
    );
    const bank = await pay(springfield(), await tokenFor(springfield(), bankToken()), 5);
    expect(idsOf(await found(springfield(), 'accountNumber=4242'))).toEqual([visa]);
    expect(idsOf(await found(springfield(), 'accountNumber=4444'))).toEqual([mastercard]);
    expect(idsOf(await found(springfield(), 'accountNumber=6789'))).toEqual([bank]);
    expect((await found(springfield(), 'accountNumber=0000')).totalRecords).toBe(0);
  });

  it('payerName: contains, in any case; % and _ are matched as themselves', async () => {
    const token = await tokenFor(springfield());
    // Four amounts: the same token and amount within minutes would be a duplicate.
    const ada = await pay(springfield(), token, 1, 'Ada Lovelace');
    const percent = await pay(springfield(), token, 2, '100% Pure Water Co');
    const underscore = await pay(springfield(), token, 3, 'snake_case Ltd');
    const backslash = await pay(springfield(), token, 4, 'Back\\slash');
    expect(idsOf(await found(springfield(), 'payerName=LOVE'))).toEqual([ada]);
    expect(idsOf(await found(springfield(), 'payerName=ada%20love'))).toEqual([ada]);
    expect(idsOf(await found(springfield(), 'payerName=%25'))).toEqual([percent]);
    expect(idsOf(await found(springfield(), 'payerName=_'))).toEqual([underscore]);
    expect(idsOf(await found(springfield(), 'payerName=%5C'))).toEqual([backslash]);
    expect((await found(springfield(), 'payerName=Grace')).totalRecords).toBe(0);
  });

  it('transactionSearchTypeId: Processed (default) approved payments, Rejected declines', async () => {
    const approved = await pay(springfield(), await tokenFor(springfield()), 20);
    const declined = await pay(
      springfield(),
      await tokenFor(springfield(), cardToken({ cardNumber: '4000 0000 0000 0002' })),
      20,
    );
    expect(idsOf(await found(springfield()))).toEqual([approved]);
    expect(idsOf(await found(springfield(), 'transactionSearchTypeId=Processed'))).toEqual([approved]);
    const rejected = await found(springfield(), 'transactionSearchTypeId=Rejected');
    expect(idsOf(rejected)).toEqual([declined]);
    expect(rejected.transactions[0]?.paymentResponseCode).toBe('GenericDecline');
    expect(await found(springfield(), 'transactionSearchTypeId=Refunds')).toEqual({
      transactions: [],
      totalRecords: 0,
    });
    expect(idsOf(await found(springfield(), 'transactionSearchTypeId=Rejected&payerName=ada'))).toEqual([declined]);
  });

  it('payerName: a new name paid ten times at once is found ten times', async () => {
    // The first payments under a name add it to the scope's names (migration 10) while the others
    // look it up: on PostgreSQL they run on ten connections, and none may lose its name.
    const token = await tokenFor(springfield());
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, n) => pay(springfield(), token, 60 + n, 'Émile Zola-Nouveau')),
    );
    const result = await found(springfield(), 'payerName=%C3%A9mile%20zola');
    expect(result.totalRecords).toBe(10);
    expect(idsOf(result).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    const [{ names }] = (await service.sql.query<{ names: number }>(
      "SELECT count(*)::integer AS names FROM payer_names WHERE name = 'émile zola-nouveau'",
    )) as [{ names: number }];
    expect(names).toBe(1);
  });

  it('filters combine', async () => {
    const token = await tokenFor(springfield());
    await pay(springfield(), token, 30, 'Ada Lovelace');
    const match = await pay(springfield(), token, 50, 'Ada Lovelace');
    await pay(springfield(), token, 50, 'Grace Hopper');
    expect(idsOf(await found(springfield(), 'payerName=ada&minAmount=40&accountNumber=4242'))).toEqual([match]);
  });

  it('batchId finds nothing, not an error, while no batch has closed; a batch id is a whole number', async () => {
    await pay(springfield(), await tokenFor(springfield()), 7);
    expect(await found(springfield(), 'batchId=1')).toEqual({ transactions: [], totalRecords: 0 });
    const named = await search(springfield(), 'batchId=batch_2026-11-22');
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ errors: [{ field: 'batchId', code: 'INVALID_BATCH_ID' }] });
  });

  it('after settlement: batchId lists a batch (not another account’s); Refunds lists refunds by size', async () => {
    const settle = () =>
      request(service.app, 'POST', '/api/v1/sandbox/settle', { authorization: basic(service.accounts.springfield) });
    const token = await tokenFor(springfield());
    const sale = await pay(springfield(), token, 100);
    const settled = await settle();
    expect(settled.statusCode).toBe(200);
    const later = await pay(springfield(), token, 10);
    const { batchId } = (
      await request(service.app, 'GET', `/api/v1/transactions/${sale}`, {
        authorization: basic(service.accounts.springfield),
      })
    ).json<{ batchId: string | number }>();
    expect(idsOf(await found(springfield(), `batchId=${batchId}`))).toEqual([sale]);
    expect(await found(shelby(), `batchId=${batchId}`)).toEqual({ transactions: [], totalRecords: 0 });
    expect(idsOf(await found(springfield()))).toEqual([later, sale]);
    const refund = await request(service.app, 'POST', `/api/v1/transactions/${sale}/refund`, {
      authorization: basic(service.accounts.springfield),
      body: { amount: 40 },
    });
    expect(refund.statusCode).toBe(201);
    const refunds = await found(springfield(), 'transactionSearchTypeId=Refunds&minAmount=40&maxAmount=40');
    expect(refunds.transactions.map((transaction) => transaction.amount)).toEqual([-40]);
    expect(idsOf(await found(springfield()))).toEqual([later, sale]);
    // A refund is a row of its own: found by its payer's name like any other.
    const byName = await found(springfield(), 'transactionSearchTypeId=Refunds&payerName=LOVELACE');
    expect(byName.transactions.map((transaction) => transaction.amount)).toEqual([-40]);
  });
});

describe('scopes: only the caller’s own transactions, under its own impersonation', () => {
  it('never lists another account’s transactions, nor those made for a client through a system', async () => {
    const own = await pay(springfield(), await tokenFor(springfield()), 11);
    const forSpringfield = await pay(
      systemFor(service.accounts.springfield),
      await tokenFor(systemFor(service.accounts.springfield)),
      12,
    );
    const shelbys = await pay(shelby(), await tokenFor(shelby()), 13);
    const forShelby = await pay(
      systemFor(service.accounts.shelby),
      await tokenFor(systemFor(service.accounts.shelby)),
      14,
    );
    expect(await found(springfield())).toMatchObject({ totalRecords: 1, transactions: [{ id: own }] });
    expect(await found(systemFor(service.accounts.springfield))).toMatchObject({
      totalRecords: 1,
      transactions: [{ id: forSpringfield }],
    });
    expect(await found(shelby())).toMatchObject({ totalRecords: 1, transactions: [{ id: shelbys }] });
    expect(await found(systemFor(service.accounts.shelby))).toMatchObject({
      totalRecords: 1,
      transactions: [{ id: forShelby }],
    });
    expect(await found({ account: service.accounts.system })).toEqual({ transactions: [], totalRecords: 0 });
    // All four paid as Ada Lovelace: a name search stays in the caller's scope too.
    for (const [as, id] of [
      [springfield(), own],
      [systemFor(service.accounts.springfield), forSpringfield],
      [shelby(), shelbys],
      [systemFor(service.accounts.shelby), forShelby],
    ] as const)
      expect(await found(as, 'payerName=lovelace')).toMatchObject({ totalRecords: 1, transactions: [{ id }] });
  });
});

describe('refused requests', () => {
  it.each([
    ['pageSize=51', 'pageSize', 'INVALID_PAGE_SIZE'],
    ['page=0', 'page', 'INVALID_PAGE'],
    ['minAmount=1.005', 'minAmount', 'INVALID_AMOUNT_FILTER'],
    ['minAmount=5&maxAmount=4', 'minAmount', 'INVALID_AMOUNT_RANGE'],
    ['beginDate=2026-02-30', 'beginDate', 'INVALID_DATE'],
    ['beginDate=2026-02-02&endDate=2026-02-01', 'beginDate', 'INVALID_DATE_RANGE'],
    ['accountNumber=42', 'accountNumber', 'INVALID_LAST_FOUR'],
    ['transactionSearchTypeId=All', 'transactionSearchTypeId', 'INVALID_SEARCH_TYPE'],
    ['batchId=a%20b', 'batchId', 'INVALID_BATCH_ID'],
    ['payername=Ada', 'payername', 'UNKNOWN_SEARCH_PARAMETER'],
    ['page=1&page=2', 'page', 'REPEATED_SEARCH_PARAMETER'],
    ['payerName=Ada%00', 'payerName', 'INVALID_CHARACTERS'],
  ])('%s is a 400 naming %s', async (query, field, code) => {
    const response = await search(springfield(), query);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toMatchObject({ code, errors: [{ field, code }] });
  });

  it.each([
    'accountNumber=',
    'payerName=',
    'batchId=',
    'minAmount=',
    'maxAmount=',
    'beginDate=',
    'endDate=',
    'transactionSearchTypeId=',
    'page=',
    'pageSize=',
  ])('an empty filter is refused, as on every list: %s', async (query) => {
    const field = query.slice(0, -1);
    const response = await search(springfield(), query);
    expect([response.statusCode, response.json()]).toMatchObject([
      400,
      {
        code: 'EMPTY_PARAMETER',
        errors: [{ field, code: 'EMPTY_PARAMETER', message: matching(/is empty/) }],
      },
    ]);
  });

  it('an empty page or pageSize is refused on the batch lists too', async () => {
    for (const url of ['/api/v1/batches?page=', '/api/v1/batches?pageSize=', '/api/v1/batches/1/transactions?page=']) {
      const response = await request(service.app, 'GET', url, { authorization: basic(service.accounts.springfield) });
      expect([url, response.statusCode, response.json()]).toMatchObject([url, 400, { code: 'EMPTY_PARAMETER' }]);
    }
  });

  it('a value with spaces around it is refused, not trimmed: accountNumber=%204242', async () => {
    const response = await search(springfield(), 'accountNumber=%204242');
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'INVALID_LAST_FOUR' });
  });

  it.each(['endDate=9999-12-31', 'beginDate=9999-12-31T23:59:59Z', 'beginDate=9999-12-31&endDate=9999-12-31'])(
    'the last day there is, %s, is a search like any other (no 500)',
    async (query) => {
      const response = await search(springfield(), query);
      expect([response.statusCode, response.json()]).toMatchObject([200, { totalRecords: anyNumber }]);
    },
  );

  it('several problems are all listed', async () => {
    const response = await search(springfield(), 'page=x&pageSize=x');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'page' }, { field: 'pageSize' }],
    });
  });

  it('no credentials: 401; a public key or a foreign impersonation key: 403', async () => {
    expect((await request(service.app, 'GET', '/api/v1/transactions')).statusCode).toBe(401);
    const publicKey = await request(service.app, 'GET', '/api/v1/transactions', {
      authorization: apiKey(service.accounts.springfield),
    });
    expect(publicKey.statusCode).toBe(403);
    const foreign = await search({ account: service.accounts.shelby, impersonating: service.accounts.springfield }, '');
    expect(foreign.json<ErrorBody>()).toMatchObject({ code: 'IMPERSONATION_NOT_ALLOWED' });
  });
});

describe('the OpenAPI document', () => {
  it('describes searchTransactions with exact statuses, each with named examples', async () => {
    const document = (await request(service.app, 'GET', '/openapi.json')).json<{
      paths: Record<string, Record<string, { operationId: string; parameters: { name: string }[]; responses: object }>>;
    }>();
    const operation = document.paths['/api/v1/transactions']?.get;
    expect(operation?.operationId).toBe('searchTransactions');
    expect(operation?.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['beginDate', 'endDate', 'minAmount', 'payerName', 'page', 'pageSize']),
    );
    const responses = operation?.responses as Record<string, { content: { 'application/json': { examples: object } } }>;
    expect(Object.keys(responses)).toEqual(['200', '400', '401', '403', '431', '500']);
    for (const response of Object.values(responses))
      expect(Object.keys(response.content['application/json'].examples).length).toBeGreaterThan(0);
  });
});
