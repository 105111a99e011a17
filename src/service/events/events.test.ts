/**
 * Events through the API, on PGlite and (with DATABASE_URL) PostgreSQL: each change of a payment's
 * life writes one with the object as the API shows it, in the caller's scope; filters, paging, a
 * foreign id, and no card, CVC or account number in any of them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventListResponse, EventResponse, TransactionResponse } from '../../shared/wire.js';
import type { AccountCredentials } from '../accounts/seed.js';
import {
  BANK,
  CARD,
  bankToken,
  basic,
  cardToken,
  request,
  startTestService,
  type Created,
  type TestService,
} from '../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const as = (account: AccountCredentials, impersonating?: AccountCredentials) => ({
  authorization: basic(account),
  ...(impersonating && { headers: { impersonationaccountkey: impersonating.impersonationKey as string } }),
});
const springfield = () => as(service.accounts.springfield);

async function events(query = '', who = springfield()): Promise<EventListResponse> {
  const answer = await request(service.app, 'GET', `/api/v1/events${query}`, who);
  expect(answer.statusCode).toBe(200);
  return answer.json<EventListResponse>();
}

async function pay(body: object, who = springfield()) {
  return request(service.app, 'POST', '/api/v1/transactions', { ...who, body });
}

describe('events of a payment’s life', () => {
  it('a token, a sale, a decline, an authorization and its capture, a void, a refund and a settlement each write theirs', async () => {
    const token = (
      await request(service.app, 'POST', '/api/v1/tokens', { ...springfield(), body: cardToken() })
    ).json<Created>().id;
    const sale = (await pay({ payer: 'Ada', amount: 10, payerFee: 0, tokenId: token })).json<TransactionResponse>();
    const declined = await pay({
      payer: 'Ada',
      amount: 11,
      payerFee: 0,
      creditCardInformation: { ...CARD, cardNumber: '4000000000000002' },
    });
    expect(declined.statusCode).toBe(400);
    const held = await request(service.app, 'POST', '/api/v1/transactions/authorize', {
      ...springfield(),
      body: { tokenId: token, amount: 20 },
    });
    const authorizationId = held.json<{ authorizationId: string }>().authorizationId;
    const captured = await pay({ payer: 'Ada', amount: 20, payerFee: 0, authorizationId });
    expect(captured.statusCode).toBe(201);
    const other = (
      await pay({ payer: 'Ada', amount: 12, payerFee: 0, bankAccountInformation: BANK })
    ).json<TransactionResponse>();
    expect(
      (await request(service.app, 'POST', `/api/v1/transactions/${other.id}/void`, springfield())).statusCode,
    ).toBe(200);
    expect((await request(service.app, 'POST', '/api/v1/sandbox/settle', springfield())).statusCode).toBe(200);
    const refund = await request(service.app, 'POST', `/api/v1/transactions/${sale.id}/refund`, {
      ...springfield(),
      body: { amount: 4 },
    });
    expect(refund.statusCode).toBe(201);
    expect((await request(service.app, 'DELETE', `/api/v1/tokens/${token}`, springfield())).statusCode).toBe(200);

    const listed = await events('?pageSize=50');
    expect(listed.events.map((event) => event.type).reverse()).toEqual([
      'token.created',
      'transaction.approved',
      'transaction.declined',
      'transaction.approved',
      'transaction.captured',
      'transaction.approved',
      'transaction.voided',
      'batch.settled',
      'transaction.refunded',
      'token.deleted',
    ]);
    expect(listed.totalRecords).toBe(10);
    const [approvedSale] = listed.events.filter(
      (event) => event.type === 'transaction.approved' && (event.data.object as TransactionResponse).id === sale.id,
    );
    // The object as the API showed it then (without the answer's own warnings), and the event as GET /events/{id} answers it.
    const { warnings: _, ...shown } = sale as TransactionResponse & { warnings?: string[] };
    expect(approvedSale?.data.object).toEqual(shown);
    const one = await request(service.app, 'GET', `/api/v1/events/${approvedSale?.id}`, springfield());
    expect(one.json<EventResponse>()).toEqual(approvedSale);
    expect(approvedSale?.id).toMatch(/^evt_/);
  });

  it('carries no card number, CVC or account number, in any event the service stored', async () => {
    await request(service.app, 'POST', '/api/v1/tokens', { ...springfield(), body: cardToken() });
    await request(service.app, 'POST', '/api/v1/tokens', { ...springfield(), body: bankToken() });
    await pay({ payer: 'Ada', amount: 10, payerFee: 0, creditCardInformation: CARD });
    await pay({ payer: 'Ada', amount: 11, payerFee: 0, bankAccountInformation: BANK });
    await pay({
      payer: 'Ada',
      amount: 12,
      payerFee: 0,
      creditCardInformation: { ...CARD, cardNumber: '4000000000000002' },
    });
    const bodies = (await service.sql.query<{ body: string }>('SELECT body FROM events')).map((row) => row.body);
    expect(bodies).toHaveLength(5);
    for (const body of bodies) {
      const digits = body.replace(/\D/g, '');
      for (const secret of ['4242424242424242', '4000000000000002', BANK.accountNumber, BANK.routingNumber])
        expect(digits).not.toContain(secret);
      expect(body).not.toMatch(/"cvc"|"cardNumber"|"accountNumber"|"routingNumber"/);
    }
  });
});

describe('GET /api/v1/events', () => {
  it('lists only the caller’s scope: another account’s, or one made under an impersonation, are not the caller’s', async () => {
    const { system, springfield: client, shelby } = service.accounts;
    await pay({ payer: 'Ada', amount: 10, payerFee: 0, creditCardInformation: CARD });
    await pay({ payer: 'Ada', amount: 13, payerFee: 0, creditCardInformation: CARD }, as(system, client));
    expect((await events()).totalRecords).toBe(1);
    const viaSystem = await events('', as(system, client));
    expect(viaSystem.totalRecords).toBe(1);
    expect((viaSystem.events[0]?.data.object as TransactionResponse).amount).toBe(13);
    expect((await events('', as(shelby))).totalRecords).toBe(0);
    const foreign = await request(service.app, 'GET', `/api/v1/events/${viaSystem.events[0]?.id}`, springfield());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ code: string }>().code).toBe('EVENT_NOT_FOUND');
    expect((await request(service.app, 'GET', '/api/v1/events/evt_nothing', springfield())).statusCode).toBe(404);
    expect((await request(service.app, 'GET', '/api/v1/events/evt_%00', springfield())).statusCode).toBe(404);
  });

  it('filters by type and time, and pages', async () => {
    for (const amount of [10, 11, 12]) await pay({ payer: 'Ada', amount, payerFee: 0, creditCardInformation: CARD });
    await pay({
      payer: 'Ada',
      amount: 14,
      payerFee: 0,
      creditCardInformation: { ...CARD, cardNumber: '4000000000000002' },
    });
    expect((await events('?type=transaction.declined')).totalRecords).toBe(1);
    expect((await events('?type=transaction.declined,transaction.approved')).totalRecords).toBe(4);
    expect((await events('?type=transaction.declined&type=transaction.approved')).totalRecords).toBe(4);
    const page = await events('?pageSize=2&page=2');
    expect(page.events).toHaveLength(2);
    expect(page.totalRecords).toBe(4);
    const all = (await events()).events;
    const oldest = all[all.length - 1] as EventResponse;
    expect((await events(`?createdTo=${encodeURIComponent(oldest.created)}`)).totalRecords).toBe(0);
    expect((await events(`?createdFrom=${encodeURIComponent(oldest.created)}`)).totalRecords).toBe(4);
  });

  it('refuses an unknown type, a time without its offset, a range backwards and an unknown parameter', async () => {
    const codes = async (query: string) => {
      const answer = await request(service.app, 'GET', `/api/v1/events${query}`, springfield());
      expect(answer.statusCode).toBe(400);
      return answer.json<{ errors: { field: string; code: string }[] }>().errors.map((e) => `${e.field} ${e.code}`);
    };
    expect(await codes('?type=transaction.paid')).toEqual(['type INVALID_EVENT_TYPE']);
    expect(await codes('?createdFrom=2026-11-22T10:00')).toEqual(['createdFrom INVALID_EVENT_TIME']);
    expect(await codes('?createdFrom=2026-11-23T00:00Z&createdTo=2026-11-22T00:00Z')).toEqual([
      'createdTo INVALID_EVENT_TIME_RANGE',
    ]);
    expect(await codes('?pageSize=500&since=1')).toEqual([
      'since UNKNOWN_EVENT_PARAMETER',
      'pageSize INVALID_PAGE_SIZE',
    ]);
  });
});
