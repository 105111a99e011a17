import { sandboxBinTable } from '../../cards/bin-table-file.js';
/**
 * Payment schedules and AutoPay through the API: each operation's answers, another tenant's ids as
 * 404, state changes refused as 409, and the runner's payments read back, with the test's clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AutoPayResponse, PaymentScheduleResponse, SchedulePaymentResponse } from '../../../shared/wire.js';
import { sandboxProcessor } from '../../sandbox/processor.js';
import { runDue } from '../../schedules/schedule-runner.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../../testing/harness.js';
import { movableClock } from '../../testing/movable-clock.js';

const clock = movableClock('2026-11-27T15:00:00Z');
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ now: clock.now });
});
afterAll(() => service.close());
beforeEach(async () => {
  await service.reset();
  clock.set('2026-11-27T15:00:00Z');
});

const springfield = () => basic(service.accounts.springfield);
const shelby = () => basic(service.accounts.shelby);
const call = (method: 'GET' | 'POST', url: string, body?: unknown, authorization = springfield()) =>
  request(service.app, method, url, { authorization, ...(body !== undefined && { body }) });
const runner = () =>
  runDue({
    repository: service.repository,
    vault: service.vault,
    binTable: sandboxBinTable(),
    processor: sandboxProcessor,
    now: clock.now,
    instance: { id: 'routes-test' },
  });
async function token(card = {}): Promise<string> {
  return (await call('POST', '/api/v1/tokens', cardToken(card))).json<Created>().id;
}
const schedule = async (fields: object = {}) =>
  call('POST', '/api/v1/paymentSchedules', {
    payer: 'Ada Lovelace',
    emailAddress: 'ada@example.com',
    tokenId: await token(),
    amount: 84.2,
    interval: 'Month',
    intervalCount: 1,
    startDate: '2026-11-30',
    ...fields,
  });

describe('payment schedules', () => {
  it('creates, reads, runs and lists the payments of a monthly schedule on the last day of the month', async () => {
    const created = await schedule({
      lastDayOfMonth: true,
      numberOfTotalPayments: 3,
      attributeValues: { account: 'W-1' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<PaymentScheduleResponse>();
    expect(created.headers.location).toMatch(new RegExp(`/api/v1/paymentSchedules/${body.id}$`));
    expect(body).toMatchObject({
      payer: 'Ada Lovelace',
      amount: 84.2,
      payerFee: 0,
      interval: 'Month',
      intervalCount: 1,
      lastDayOfMonth: true,
      startDate: '2026-11-30',
      endDate: null,
      nextPaymentDate: '2026-11-30',
      numberOfTotalPayments: 3,
      numberOfExecutedPayments: 0,
      status: 'Active',
      timeZone: 'America/New_York',
      attributeValues: { account: 'W-1' },
    });
    clock.set('2027-01-31T12:00:00Z');
    await runner();
    const read = (await call('GET', `/api/v1/paymentSchedules/${body.id}`)).json<PaymentScheduleResponse>();
    expect(read).toMatchObject({ numberOfExecutedPayments: 3, nextPaymentDate: null, status: 'Completed' });
    const payments = await call('GET', `/api/v1/paymentSchedules/${body.id}/payments`);
    expect(payments.json<{ payments: SchedulePaymentResponse[] }>().payments.map((p) => p.dueDate)).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]);
    for (const verb of ['cancel', 'pause', 'restart'])
      expect((await call('POST', `/api/v1/paymentSchedules/${body.id}/${verb}`)).json()).toMatchObject({
        code: 'SCHEDULE_COMPLETED',
      });
  });

  it('refuses bad fields, each with its code, and a start before today in the account’s time zone', async () => {
    const bad = await call('POST', '/api/v1/paymentSchedules', {
      payer: '',
      emailAddress: 'ada@',
      tokenId: 'nope',
      amount: '84.20',
      interval: 'Fortnight',
      intervalCount: 400,
      startDate: '2026-02-30',
      numberOfTotalPayments: -1,
      lastDayOfMonth: 'yes',
      reminderDays: 31,
      language: 'fr',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ errors: { field: string; code: string }[] }>()
        .errors.map((e) => `${e.field} ${e.code}`)
        .sort(),
    ).toEqual([
      'amount AMOUNT_AS_TEXT',
      'emailAddress INVALID_EMAIL_ADDRESS',
      'interval INVALID_INTERVAL',
      'intervalCount INVALID_INTERVAL_COUNT',
      'language INVALID_LANGUAGE',
      'lastDayOfMonth INVALID_LAST_DAY_OF_MONTH',
      'numberOfTotalPayments INVALID_TOTAL_PAYMENTS',
      'payer PAYER_REQUIRED',
      'reminderDays INVALID_REMINDER_DAYS',
      'startDate INVALID_SCHEDULE_DATE',
      'tokenId INVALID_TOKEN_ID',
    ]);
    const past = await schedule({ startDate: '2026-11-26' });
    expect(past.json()).toMatchObject({ code: 'START_DATE_PAST' });
    const foreign = await call(
      'POST',
      '/api/v1/paymentSchedules',
      {
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        tokenId: await token(),
        amount: 1,
        interval: 'Week',
        intervalCount: 1,
      },
      shelby(),
    );
    expect(foreign.json()).toMatchObject({ code: 'SCHEDULE_TOKEN_UNKNOWN' });
    const sum = await schedule({
      amount: 100,
      instalments: [
        { date: '2026-12-01', amount: 60 },
        { date: '2027-01-01', amount: 39.99 },
      ],
    });
    expect(sum.json()).toMatchObject({ code: 'INSTALMENTS_SUM_MISMATCH' });
  });

  it('pauses, restarts and cancels; another tenant’s schedule is not found', async () => {
    const { id } = (await schedule()).json<PaymentScheduleResponse>();
    for (const verb of ['pause', 'restart', 'cancel'])
      expect((await call('POST', `/api/v1/paymentSchedules/${id}/${verb}`, undefined, shelby())).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/paymentSchedules/${id}`, undefined, shelby())).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/paymentSchedules/${id}/payments`, undefined, shelby())).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/paymentSchedules/${id}/pause`)).json()).toMatchObject({ status: 'Paused' });
    clock.set('2026-12-15T12:00:00Z');
    expect((await call('POST', `/api/v1/paymentSchedules/${id}/restart`)).json()).toMatchObject({
      status: 'Active',
      nextPaymentDate: '2026-12-30',
    });
    expect((await call('POST', `/api/v1/paymentSchedules/${id}/cancel`)).json()).toMatchObject({ status: 'Cancelled' });
    const paused = await call('POST', `/api/v1/paymentSchedules/${id}/pause`);
    expect([paused.statusCode, paused.json()]).toMatchObject([409, { code: 'SCHEDULE_CANCELLED' }]);
  });

  it('will not pause a failing schedule', async () => {
    const { id } = (
      await schedule({ tokenId: await token({ cardNumber: '4000 0000 0000 9995' }), startDate: undefined })
    ).json<PaymentScheduleResponse>();
    for (const at of ['2026-11-27T15:00:00Z', '2026-11-28T15:00:00Z', '2026-11-30T15:00:00Z', '2026-12-04T15:00:00Z']) {
      clock.set(at);
      await runner();
    }
    const paused = await call('POST', `/api/v1/paymentSchedules/${id}/pause`);
    expect([paused.statusCode, paused.json()]).toMatchObject([409, { code: 'SCHEDULE_NOT_ACTIVE' }]);
  });

  it('searches by status, payer and next payment date, and refuses a bad parameter', async () => {
    await schedule({ payer: 'Ada Lovelace' });
    const { id } = (await schedule({ payer: 'Grace Hopper', startDate: '2026-12-10' })).json<PaymentScheduleResponse>();
    await call('POST', `/api/v1/paymentSchedules/${id}/pause`);
    const search = async (query: string) =>
      (await call('GET', `/api/v1/paymentSchedules?${query}`)).json<{
        paymentSchedules: PaymentScheduleResponse[];
        totalRecords: number;
      }>();
    expect((await search('status=Paused')).paymentSchedules.map((s) => s.payer)).toEqual(['Grace Hopper']);
    expect((await search('payer=lovelace')).totalRecords).toBe(1);
    expect((await search('nextPaymentDateStart=2026-12-01')).paymentSchedules.map((s) => s.id)).toEqual([id]);
    expect((await search('pageSize=1')).totalRecords).toBe(2);
    const bad = await call('GET', '/api/v1/paymentSchedules?status=Sleeping');
    expect([bad.statusCode, bad.json()]).toMatchObject([400, { code: 'INVALID_SCHEDULE_STATUS' }]);
  });
});

describe('AutoPay', () => {
  it('enrols, pays each amount due on its date, cancels and restarts', async () => {
    const created = await call('POST', '/api/v1/autoPay', {
      emailAddress: 'ada@example.com',
      publicTokenId: await token(),
      payer: 'Ada Lovelace',
      attributeValues: { account: 'W-1' },
    });
    expect(created.statusCode).toBe(201);
    const autoPay = created.json<AutoPayResponse>();
    expect(autoPay).toMatchObject({
      email: 'ada@example.com',
      attributes: { account: 'W-1' },
      status: 'Active',
      cancelDate: null,
    });
    expect(created.headers.location).toMatch(new RegExp(`/api/v1/autoPay/${autoPay.id}$`));
    const due = await call('POST', `/api/v1/autoPay/${autoPay.id}/amountsDue`, { amount: 42.5, dueDate: '2026-12-15' });
    expect(due.json()).toMatchObject({
      nextPaymentDate: '2026-12-15',
      amountsDue: [{ dueDate: '2026-12-15', amount: 42.5 }],
    });
    const early = await call('POST', `/api/v1/autoPay/${autoPay.id}/amountsDue`, { amount: 10, dueDate: '2026-12-01' });
    expect(early.json()).toMatchObject({ code: 'INVALID_AMOUNT_DUE_DATE' });
    clock.set('2026-12-15T12:00:00Z');
    await runner();
    expect((await call('GET', `/api/v1/autoPay/${autoPay.id}`)).json()).toMatchObject({ nextPaymentDate: null });
    expect((await call('GET', `/api/v1/autoPay/${autoPay.id}`, undefined, shelby())).statusCode).toBe(404);
    const search = await call('GET', '/api/v1/autoPays?createDateStart=2026-11-01');
    expect(search.json()).toMatchObject({ autoPays: [{ id: autoPay.id }], totalRecords: 1 });
    const cancelled = await call('POST', `/api/v1/autoPay/${autoPay.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'Cancelled', cancelDate: '2026-12-15T12:00:00.000Z' });
    const refused = await call('POST', `/api/v1/autoPay/${autoPay.id}/amountsDue`, {
      amount: 10,
      dueDate: '2027-01-15',
    });
    expect([refused.statusCode, refused.json()]).toMatchObject([409, { code: 'SCHEDULE_CANCELLED' }]);
    expect((await call('POST', `/api/v1/autoPay/${autoPay.id}/restart`)).json()).toMatchObject({ status: 'Active' });
    expect((await call('POST', `/api/v1/autoPay/${autoPay.id}/cancel`, undefined, shelby())).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/autoPay/${autoPay.id}/restart`, undefined, shelby())).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/v1/autoPay/${autoPay.id}/amountsDue`, { amount: 1, dueDate: '2027-01-01' }, shelby()))
        .statusCode,
    ).toBe(404);
    const badSearch = await call('GET', '/api/v1/autoPays?createDateStart=yesterday');
    expect([badSearch.statusCode, badSearch.json()]).toMatchObject([400, { code: 'INVALID_SCHEDULE_DATE' }]);
    const bad = await call('POST', '/api/v1/autoPay', { emailAddress: 'nope' });
    expect([bad.statusCode, bad.json()]).toMatchObject([400, { code: 'INVALID_EMAIL_ADDRESS' }]);
  });
});
