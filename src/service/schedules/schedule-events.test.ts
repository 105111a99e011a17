/**
 * A schedule's events in the outbox, end to end on the real database: the runner's payments,
 * declines, reminders and failures read at GET /api/v1/events with the schedule as its GET shows it,
 * sent to a webhook receiver on loopback (signed) and e-mailed to a real SMTP server on loopback, in
 * the schedule's language; nothing of a run that did not commit. Clocks moved by the test.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { constructEvent } from '../../server-sdk/webhooks.js';
import type {
  AutoPayResponse,
  EventListResponse,
  EventResponse,
  PaymentScheduleResponse,
  WebhookEndpointResponse,
} from '../../shared/wire.js';
import { webhookTargetsOf } from '../app.js';
import { sandboxBinTable } from '../cards/bin-table-file.js';
import { createDeliveryRunner } from '../delivery/runner.js';
import { mailChannel } from '../mail/mail-channel.js';
import { createMailTransport, type MailTransport } from '../mail/transport.js';
import { sandboxProcessor } from '../sandbox/processor.js';
import {
  basic,
  cardToken,
  request,
  startTestService,
  TEST_CONFIG,
  type Created,
  type TestService,
} from '../testing/harness.js';
import { movableClock } from '../testing/movable-clock.js';
import { startSmtpReceiver, type SmtpReceiver } from '../testing/smtp-receiver.js';
import { webhookChannel } from '../webhooks/webhook-channel.js';
import { storeScheduleEvent } from './schedule-events.js';
import { runDue, type RunnerDeps } from './schedule-runner.js';

const clock = movableClock('2026-11-27T15:00:00Z');
const config = { ...TEST_CONFIG, webhookAllowedNetworks: '127.0.0.0/8' };
let service: TestService;
let smtp: SmtpReceiver;
let transport: MailTransport;
beforeAll(async () => {
  service = await startTestService({ config, now: clock.now });
  smtp = await startSmtpReceiver();
  transport = createMailTransport({ smtpUrl: smtp.url, from: 'Springfield <billing@springfield.gov>' });
});
afterAll(async () => {
  await transport.close();
  await smtp.close();
  await service.close();
});
beforeEach(async () => {
  await service.reset();
  clock.set('2026-11-27T15:00:00Z');
  smtp.received.length = 0;
});

/** A webhook receiver on loopback, answering 200. */
const hooks: { body: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    hooks.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
    res.writeHead(200).end();
  });
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  hooks.length = 0;
});
const hooksUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

const runnerDeps = (): RunnerDeps => ({
  repository: service.repository,
  vault: service.vault,
  binTable: sandboxBinTable(),
  processor: sandboxProcessor,
  now: clock.now,
  instance: { id: 'events-test' },
});
/** The payments due now, then everything the outbox holds for webhooks and e-mail, sent. */
async function runAndDeliver(): Promise<void> {
  await runDue(runnerDeps());
  const deliveries = createDeliveryRunner({
    repository: service.repository,
    channels: [
      webhookChannel({
        repository: service.repository,
        vault: service.vault,
        now: clock.now,
        webhookTargets: webhookTargetsOf(config),
        timeoutMs: 2_000,
        version: 'test',
      }),
      mailChannel({ repository: service.repository, transport }),
    ],
    owner: 'events-test',
    now: clock.now,
    random: () => 1,
    warn: (message) => {
      throw new Error(message);
    },
  });
  while ((await deliveries.runOnce()) > 0);
}

const springfield = () => basic(service.accounts.springfield);
const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown) =>
  request(service.app, method, url, { authorization: springfield(), ...(body !== undefined && { body }) }).then(
    (answer) => ({ status: answer.statusCode, body: answer.json<T>(), text: answer.body }),
  );
const token = async (card = {}) => (await call<Created>('POST', '/api/v1/tokens', cardToken(card))).body.id;
async function schedule(fields: object = {}, card = {}): Promise<PaymentScheduleResponse> {
  const made = await call<PaymentScheduleResponse>('POST', '/api/v1/paymentSchedules', {
    payer: 'Ada Lovelace',
    emailAddress: 'ada@example.com',
    tokenId: await token(card),
    amount: 84.2,
    interval: 'Month',
    intervalCount: 1,
    startDate: '2026-11-30',
    numberOfTotalPayments: 12,
    ...fields,
  });
  expect(made.status).toBe(201);
  return made.body;
}
const eventsOf = async (type = '') =>
  (await call<EventListResponse>('GET', `/api/v1/events?pageSize=50${type && `&type=${type}`}`)).body.events.reverse();
/** Midnight in New York (Springfield's time zone) at the start of `day`, in November or December 2026. */
const midnight = (day: string) => clock.set(`${day}T05:00:00Z`);
const mails = (subject: RegExp) => smtp.received.filter((mail: ParsedMail) => subject.test(mail.subject ?? ''));

describe('a schedule’s events in the outbox', () => {
  it('a reminder and a payment made: read at GET /events with the schedule as shown, sent to a webhook, e-mailed', async () => {
    const endpoint = (
      await call<WebhookEndpointResponse & { secret: string }>('POST', '/api/v1/webhookEndpoints', {
        url: hooksUrl(),
        enabledEvents: ['schedule.paid'],
      })
    ).body;
    const made = await schedule();
    await runAndDeliver(); // three days before 30 November: the reminder
    midnight('2026-11-30');
    await runAndDeliver(); // the payment
    const [reminder, paid, ...more] = await eventsOf('schedule.reminder,schedule.paid');
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      type: 'schedule.reminder',
      created: '2026-11-27T15:00:00.000Z',
      data: {
        object: { ...made, numberOfExecutedPayments: 0 },
        payment: {
          dueDate: '2026-11-30',
          amount: 84.2,
          attempt: null,
          transactionId: null,
          paymentResponseCode: null,
          retryDate: null,
        },
      },
    });
    const transactionId = paid?.data.payment?.transactionId as number;
    expect(paid?.data).toEqual({
      object: (await call<PaymentScheduleResponse>('GET', `/api/v1/paymentSchedules/${made.id}`)).body,
      payment: {
        dueDate: '2026-11-30',
        amount: 84.2,
        attempt: 0,
        transactionId,
        paymentResponseCode: 'Success',
        retryDate: null,
      },
    });
    expect(paid?.data.object).toMatchObject({ numberOfExecutedPayments: 1, nextPaymentDate: '2026-12-30' });

    // The webhook wanted schedule.paid only: that one, signed, byte for byte GET /events/{id}.
    expect(hooks).toHaveLength(1);
    const [hook] = hooks;
    const signed = await constructEvent(hook!.body, hook!.headers['paytoken-signature'], endpoint.secret, {
      now: () => clock.now().getTime(),
    });
    expect(signed.id).toBe(paid?.id);
    expect((await call('GET', `/api/v1/events/${paid!.id}`)).text).toBe(hook!.body);

    // Another tenant sees none of them: not in its list, and a 404 by id.
    const shelby = { authorization: basic(service.accounts.shelby) };
    const theirs = await request(service.app, 'GET', '/api/v1/events?type=schedule.paid', shelby);
    expect(theirs.json<EventListResponse>().totalRecords).toBe(0);
    expect((await request(service.app, 'GET', `/api/v1/events/${paid!.id}`, shelby)).statusCode).toBe(404);

    // The payer's e-mails: the reminder, and the sale's receipt naming the schedule.
    const [reminded] = mails(/^Reminder/);
    expect(reminded?.subject).toBe('Reminder: your payment to Springfield on November 30, 2026');
    expect(reminded?.to).toMatchObject({ text: 'ada@example.com' });
    expect(reminded?.text).toContain(
      'Ada Lovelace, your scheduled payment of $84.20 to Springfield will be charged on November 30, 2026.',
    );
    expect(reminded?.text).toContain(`Payment schedule: ${made.id}`);
    expect(reminded?.html).toContain('<html lang="en">');
    const [receipt] = mails(/^Receipt/);
    expect(receipt?.subject).toBe('Receipt for your payment to Springfield');
    expect(receipt?.text).toContain('Amount due: $84.20\nPayer fee: $0.00\nTotal charged: $84.20');
    expect(receipt?.text).toContain('Account: Visa ending in 4242');
    expect(receipt?.text).toContain(`Payment schedule: ${made.id}`);
    expect(smtp.received).toHaveLength(2);

    // Never a card number or a CVC: not in an event, a delivery or an e-mail.
    const stored = await service.sql.query<{ text: string }>(
      `SELECT body AS text FROM events UNION ALL SELECT coalesce(message::text, '') FROM deliveries`,
    );
    const everything = [...stored.map((row) => row.text), ...smtp.received.map((mail) => `${mail.text}${mail.html}`)];
    for (const text of everything) {
      expect(text).not.toMatch(/4242\s?4242\s?4242/);
      expect(text).not.toMatch(/"cvc"/i);
    }
  });

  it('each decline: an event and a notice in Spanish with the retry date, then the schedule failing', async () => {
    const made = await schedule(
      { startDate: '2026-12-01', reminderDays: 0, language: 'es' },
      { cardNumber: '4000 0000 0000 9995' },
    );
    for (const day of ['2026-12-01', '2026-12-02', '2026-12-04', '2026-12-08']) {
      midnight(day);
      await runAndDeliver();
    }
    const events = await eventsOf();
    const ofSchedule = events.filter((event) => event.type.startsWith('schedule.'));
    expect(ofSchedule.map((event) => [event.type, event.data.payment?.attempt, event.data.payment?.retryDate])).toEqual(
      [
        ['schedule.declined', 0, '2026-12-02'],
        ['schedule.declined', 1, '2026-12-04'],
        ['schedule.declined', 2, '2026-12-08'],
        ['schedule.declined', 3, null],
        ['schedule.failing', 3, null],
      ],
    );
    const [last, failing] = ofSchedule.slice(-2) as [EventResponse, EventResponse];
    expect(last.data.payment).toMatchObject({ paymentResponseCode: 'InsufficientFunds', amount: 84.2 });
    // Each try's transaction has its own event, which the schedule's names.
    const declined = events.filter((event) => event.type === 'transaction.declined');
    expect(declined.map((event) => (event.data.object as { id: number }).id)).toEqual(
      ofSchedule.slice(0, 4).map((event) => event.data.payment?.transactionId),
    );
    expect(failing.data.object).toEqual(
      (await call<PaymentScheduleResponse>('GET', `/api/v1/paymentSchedules/${made.id}`)).body,
    );
    expect(failing.data.object).toMatchObject({ status: 'Failing' });

    const notices = mails(/^Rechazado/);
    expect(notices).toHaveLength(4);
    expect(smtp.received).toHaveLength(4); // no e-mail of the failing event itself
    expect(notices[0]?.subject).toBe('Rechazado: su pago programado a Springfield');
    expect(notices[0]?.text).toContain(
      'Ada Lovelace, su pago programado de $84.20 a Springfield, con vencimiento el 1 de diciembre de 2026, fue rechazado.',
    );
    expect(notices.map((notice) => notice.text?.match(/Se intentará de nuevo el ([^.]+)\./)?.[1] ?? null)).toEqual([
      '2 de diciembre de 2026',
      '4 de diciembre de 2026',
      '8 de diciembre de 2026',
      null,
    ]);
    expect(notices[3]?.text).toContain('No se intentará de nuevo');
    expect(notices[3]?.html).toContain('<html lang="es">');
  });

  it('an AutoPay’s payment carries the AutoPay as GET /autoPay/{id} shows it', async () => {
    const enrolled = await call<AutoPayResponse>('POST', '/api/v1/autoPay', {
      emailAddress: 'ada@example.com',
      publicTokenId: await token(),
      payer: 'Ada Lovelace',
      reminderDays: 0,
    });
    expect(enrolled.status).toBe(201);
    const id = enrolled.body.id;
    expect(
      (await call('POST', `/api/v1/autoPay/${id}/amountsDue`, { amount: 42.5, dueDate: '2026-12-15' })).status,
    ).toBe(200);
    midnight('2026-12-15');
    await runAndDeliver();
    const [paid] = await eventsOf('schedule.paid');
    expect(paid?.data.object).toEqual((await call<AutoPayResponse>('GET', `/api/v1/autoPay/${id}`)).body);
    expect(paid?.data.payment).toMatchObject({ dueDate: '2026-12-15', amount: 42.5, paymentResponseCode: 'Success' });
    const [receipt] = mails(/^Receipt/);
    expect(receipt?.text).toContain(`AutoPay: ${id}`);
  });
});

describe('a run that did not commit', () => {
  it('left no event, no webhook and no e-mail; the run made again tells once', async () => {
    await schedule({ reminderDays: 0 });
    await call('POST', '/api/v1/webhookEndpoints', { url: hooksUrl(), enabledEvents: ['*'] });
    midnight('2026-11-30');
    // The process dies after the run wrote its event, before it commits (as a kill -9 there would).
    const dying: RunnerDeps = {
      ...runnerDeps(),
      events: async (event, repository, outcome) => {
        await storeScheduleEvent(event, repository, outcome);
        throw new Error('killed before commit');
      },
    };
    await expect(runDue(dying)).rejects.toThrow('killed before commit');
    const counts = async () =>
      (
        await service.sql.query<{ events: number; deliveries: number; runs: number }>(
          `SELECT (SELECT count(*)::int FROM events WHERE type LIKE 'schedule.%') AS events,
                  (SELECT count(*)::int FROM deliveries) AS deliveries,
                  (SELECT count(*)::int FROM schedule_runs) AS runs`,
        )
      )[0];
    expect(await counts()).toEqual({ events: 0, deliveries: 0, runs: 0 });
    await runAndDeliver();
    await runAndDeliver();
    // The run's sale and its schedule event, each to the webhook; the receipt once.
    expect(await counts()).toEqual({ events: 1, deliveries: 3, runs: 1 });
    expect(hooks.map((hook) => (JSON.parse(hook.body) as EventResponse).type).sort()).toEqual([
      'schedule.paid',
      'transaction.approved',
    ]);
    expect(smtp.received).toHaveLength(1);
  });

  it('a receipt claimed by a process killed while sending it is sent by another, once', async () => {
    await schedule({ reminderDays: 0 });
    midnight('2026-11-30');
    await runDue(runnerDeps());
    const at = clock.now();
    const lease = new Date(at.getTime() + 60_000);
    expect(await service.repository.deliveries.claim(['email'], 'killed-process', at, lease, 10)).toHaveLength(1);
    clock.set(new Date(lease.getTime() + 1));
    await runAndDeliver();
    await runAndDeliver();
    expect(mails(/^Receipt/)).toHaveLength(1);
  });
});
