/**
 * `events` and `webhookEndpoints` of the server SDK against the real service on its port: made,
 * read, filtered, rotated and deleted through HTTP, a delivery sent by the real runner to a receiver
 * on loopback and its attempt read back, and another account's ids answered as not found.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookTargetsOf } from '../service/app.js';
import { createDeliveryRunner } from '../service/delivery/runner.js';
import { TEST_CONFIG, apiKey, cardToken, request, startTestService, type Created } from '../service/testing/harness.js';
import type { TestService } from '../service/testing/harness.js';
import { webhookChannel } from '../service/webhooks/webhook-channel.js';
import { PaytokenApiError, PaytokenClient, constructEvent } from './index.js';

const config = { ...TEST_CONFIG, webhookAllowedNetworks: '127.0.0.0/8,::1' };
let service: TestService;
let apiUrl: string;
let springfield: PaytokenClient;
let shelby: PaytokenClient;
let receiver: Server;
let receiverUrl: string;
let arrivals: { body: string; signature: string }[];

beforeAll(async () => {
  service = await startTestService({ config });
  apiUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  await service.sql.query('UPDATE accounts SET duplicate_window_minutes = 0');
  const client = (account: { apiKey: string; apiSecret: string }) =>
    new PaytokenClient({ apiUrl, apiKey: account.apiKey, apiSecret: account.apiSecret });
  springfield = client(service.accounts.springfield);
  shelby = client(service.accounts.shelby);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      arrivals.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['paytoken-signature']),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await service.close();
});
beforeEach(async () => {
  await service.reset();
  arrivals = [];
});

/** A Springfield sale of `amount` through the SDK, on a new token. */
async function pay(amount: number) {
  const tokenId = (
    await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: apiKey(service.accounts.springfield),
      body: cardToken(),
    })
  ).json<Created>().id;
  return springfield.transactions.create({ payer: 'Ada Lovelace', amount, payerFee: 0, tokenId });
}

/** Sends what is due now, once, with the service's own runner and channel. */
function deliver(): Promise<number> {
  const now = () => new Date(Date.now() + 60_000);
  return createDeliveryRunner({
    repository: service.repository,
    channels: [
      webhookChannel({
        repository: service.repository,
        vault: service.vault,
        now,
        webhookTargets: webhookTargetsOf(config),
        timeoutMs: 2_000,
        version: 'test',
      }),
    ],
    owner: 'sdk-test',
    now,
    random: () => 1,
    warn: (message) => {
      throw new Error(message);
    },
  }).runOnce();
}

describe('events through the SDK', () => {
  it('lists newest first by type and time, pages, and reads one as the list shows it', async () => {
    const before = new Date();
    const first = await pay(10);
    const second = await pay(20);
    await springfield.transactions.void(second.id);

    const approved = await springfield.events.list({ type: 'transaction.approved' });
    expect(approved.totalRecords).toBe(2);
    expect(approved.events.map((event) => (event.data.object as { id: number }).id)).toEqual([second.id, first.id]);

    const both = await springfield.events.list({ type: ['transaction.approved', 'transaction.voided'], pageSize: 2 });
    expect(both.totalRecords).toBe(3);
    expect(both.events.map((event) => event.type)).toEqual(['transaction.voided', 'transaction.approved']);
    const page2 = await springfield.events.list({
      type: ['transaction.approved', 'transaction.voided'],
      page: 2,
      pageSize: 2,
    });
    expect(page2.events.map((event) => event.type)).toEqual(['transaction.approved']);

    expect((await springfield.events.list({ createdFrom: before, type: 'transaction.voided' })).totalRecords).toBe(1);
    expect((await springfield.events.list({ createdTo: before.toISOString() })).totalRecords).toBe(0);

    const [newest] = both.events;
    expect(await springfield.events.retrieve(newest!.id)).toEqual(newest);
  });

  it('refuses a bad page before any request, and the service explains a bad time range', async () => {
    let sent = 0;
    const counted = new PaytokenClient({
      apiUrl,
      apiKey: service.accounts.springfield.apiKey,
      apiSecret: service.accounts.springfield.apiSecret,
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    await expect(counted.events.list({ pageSize: 51 })).rejects.toThrow(RangeError);
    await expect(counted.events.list({ page: 0 })).rejects.toThrow('page must be a whole number from 1 to 1000000.');
    expect(sent).toBe(0);
    const later = new Date();
    await expect(
      counted.events.list({ createdFrom: later, createdTo: new Date(later.getTime() - 1) }),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_EVENT_TIME_RANGE', errors: [{ field: 'createdTo' }] });
    expect(sent).toBe(1);
  });

  it('answers another account’s event as not found', async () => {
    await pay(10);
    const [event] = (await springfield.events.list()).events;
    const error = await shelby.events.retrieve(event!.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaytokenApiError);
    expect(error).toMatchObject({ status: 404, code: 'EVENT_NOT_FOUND' });
  });
});

describe('webhook endpoints through the SDK', () => {
  it('makes, lists, reads, rotates and deletes; the secret shows only when made or rotated', async () => {
    const made = await springfield.webhookEndpoints.create({
      url: receiverUrl,
      enabledEvents: ['transaction.approved'],
    });
    expect(made).toMatchObject({ url: receiverUrl, enabledEvents: ['transaction.approved'], status: 'enabled' });
    expect(made.secret).toMatch(/^whsec_/);

    const { webhookEndpoints } = await springfield.webhookEndpoints.list();
    const { secret: _, ...shown } = made;
    expect(webhookEndpoints).toEqual([shown]);
    expect(await springfield.webhookEndpoints.retrieve(made.id)).not.toHaveProperty('secret');

    const rotated = await springfield.webhookEndpoints.rotateSecret(made.id, { overlapSeconds: 0 });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(made.secret);

    await expect(shelby.webhookEndpoints.retrieve(made.id)).rejects.toMatchObject({
      status: 404,
      code: 'WEBHOOK_ENDPOINT_NOT_FOUND',
    });
    expect(await springfield.webhookEndpoints.delete(made.id)).toEqual({ id: made.id, deleted: true });
    expect((await springfield.webhookEndpoints.list()).webhookEndpoints).toEqual([]);
    await expect(springfield.webhookEndpoints.delete(made.id)).rejects.toMatchObject({ status: 404 });
  });

  it('says why a URL or an event type is refused', async () => {
    await expect(
      springfield.webhookEndpoints.create({ url: 'http://169.254.169.254/latest', enabledEvents: ['*'] }),
    ).rejects.toMatchObject({ status: 400, errors: [{ field: 'url' }] });
    await expect(
      springfield.webhookEndpoints.create({
        url: receiverUrl,
        enabledEvents: ['transaction.paid' as 'transaction.approved'],
      }),
    ).rejects.toMatchObject({ status: 400, errors: [{ field: 'enabledEvents', code: 'INVALID_ENABLED_EVENTS' }] });
  });

  it('reads the attempts of a delivery the receiver verified with the rotated secret', async () => {
    const made = await springfield.webhookEndpoints.create({ url: receiverUrl, enabledEvents: ['*'] });
    const { secret } = await springfield.webhookEndpoints.rotateSecret(made.id, { overlapSeconds: 0 });
    const sale = await pay(12.5);
    expect(await deliver()).toBeGreaterThanOrEqual(1);

    const approved = arrivals.find((arrival) => arrival.body.includes('"transaction.approved"'));
    const event = await constructEvent(approved!.body, approved!.signature, secret!);
    expect(event).toMatchObject({
      type: 'transaction.approved',
      data: { object: { id: sale.id, amount: sale.amount } },
    });
    await expect(constructEvent(approved!.body, approved!.signature, made.secret!)).rejects.toMatchObject({
      code: 'WEBHOOK_SIGNATURE_MISMATCH',
    });

    const { attempts } = await springfield.webhookEndpoints.attempts(made.id, { pageSize: 50 });
    expect(attempts).toContainEqual({
      eventId: event.id,
      eventType: 'transaction.approved',
      attemptedAt: expect.stringMatching(/Z$/) as unknown,
      durationMs: expect.any(Number) as unknown,
      statusCode: 200,
      error: null,
    });
    await expect(springfield.webhookEndpoints.attempts(made.id, { pageSize: 0 })).rejects.toThrow(RangeError);
  });
});
