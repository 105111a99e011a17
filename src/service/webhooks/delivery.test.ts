/**
 * Webhooks end to end on a real loopback receiver and the real database: made through the API, sent
 * by the delivery runner on a moved clock (no sleeping through backoff), signed as the server SDK
 * checks, retried, given up after 3 days, in order per object, every attempt readable.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { constructEvent } from '../../server-sdk/webhooks.js';
import type { EventResponse, TransactionResponse, WebhookEndpointResponse } from '../../shared/wire.js';
import { createDeliveryRunner, RETRY_FOR_MS } from '../delivery/runner.js';
import { CARD, TEST_CONFIG, basic, request, startTestService, type TestService } from '../testing/harness.js';
import { webhookTargetsOf } from '../app.js';
import { webhookChannel } from './webhook-channel.js';

interface Arrival {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A receiver on loopback that answers each POST with the next status of `script` (then 200). */
async function receiver(script: number[] = []) {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      arrivals.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(script.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { arrivals, script, url: `http://127.0.0.1:${port}/hooks`, close: () => new Promise((r) => server.close(r)) };
}

let service: TestService;
const config = { ...TEST_CONFIG, webhookAllowedNetworks: '127.0.0.0/8,::1' };
beforeAll(async () => {
  service = await startTestService({ config });
});
afterAll(() => service.close());
beforeEach(() => service.reset());

/** The runner's clock, moved by the test: from a minute after the real one, so what a test writes is due. */
let clock = 0;
const runner = () =>
  createDeliveryRunner({
    repository: service.repository,
    channels: [
      webhookChannel({
        repository: service.repository,
        vault: service.vault,
        now: () => new Date(clock),
        webhookTargets: webhookTargetsOf(config),
        timeoutMs: 2_000,
        version: 'test',
      }),
    ],
    owner: 'test-runner',
    now: () => new Date(clock),
    random: () => 1,
    warn: (message) => {
      throw new Error(message);
    },
  });
beforeEach(() => {
  clock = Date.now() + 60_000;
});

const springfield = () => ({ authorization: basic(service.accounts.springfield) });
async function endpointFor(url: string, enabledEvents: string[] = ['*']) {
  const made = await request(service.app, 'POST', '/api/v1/webhookEndpoints', {
    ...springfield(),
    body: { url, enabledEvents },
  });
  expect(made.statusCode).toBe(201);
  return made.json<WebhookEndpointResponse & { secret: string }>();
}
const pay = async (amount = 10) =>
  (
    await request(service.app, 'POST', '/api/v1/transactions', {
      ...springfield(),
      body: { payer: 'Ada', amount, payerFee: 0, creditCardInformation: CARD },
    })
  ).json<TransactionResponse>();

describe('delivery', () => {
  it('answered 500 five times then 200: arrives once accepted, after 6 attempts, all recorded and signed', async () => {
    const hooks = await receiver([500, 500, 500, 500, 500]);
    try {
      const endpoint = await endpointFor(hooks.url, ['transaction.approved']);
      const sale = await pay();
      const run = runner();
      for (let round = 0; round < 6; round++) {
        expect(await run.runOnce()).toBe(1);
        expect(await run.runOnce()).toBe(0); // not due again until the backoff has passed
        clock += 7 * 3_600_000; // longer than the longest wait
      }
      expect(await run.runOnce()).toBe(0);
      expect(hooks.arrivals).toHaveLength(6);
      const ids = new Set(hooks.arrivals.map((arrival) => arrival.headers['paytoken-event-id']));
      expect(ids.size).toBe(1);
      const last = hooks.arrivals[5] as Arrival;
      const event = await constructEvent(last.body, last.headers['paytoken-signature'], endpoint.secret, {
        now: () => clock - 7 * 3_600_000,
      });
      expect(event.type).toBe('transaction.approved');
      expect((event.data.object as TransactionResponse).id).toBe(sale.id);
      // Byte for byte what the API shows of it.
      const shown = await request(service.app, 'GET', `/api/v1/events/${event.id}`, springfield());
      expect(shown.body).toBe(last.body);
      const attempts = await request(
        service.app,
        'GET',
        `/api/v1/webhookEndpoints/${endpoint.id}/attempts`,
        springfield(),
      );
      expect(attempts.statusCode).toBe(200);
      const listed = attempts.json<{ attempts: { eventId: string; statusCode: number; durationMs: number }[] }>()
        .attempts;
      expect(listed.map((attempt) => attempt.statusCode)).toEqual([200, 500, 500, 500, 500, 500]);
      expect(listed.every((attempt) => attempt.eventId === event.id && attempt.durationMs >= 0)).toBe(true);
    } finally {
      await hooks.close();
    }
  });

  it('gives up after 3 days and marks the endpoint failing; the event stays readable; a success enables it again', async () => {
    const hooks = await receiver(Array.from({ length: 100 }, () => 503));
    try {
      const endpoint = await endpointFor(hooks.url);
      await pay();
      const run = runner();
      const start = clock;
      while (clock - start <= RETRY_FOR_MS + 7 * 3_600_000) {
        await run.runOnce();
        clock += 3_600_000;
      }
      const tries = hooks.arrivals.length;
      expect(tries).toBeGreaterThan(10);
      expect(await service.repository.deliveries.counts('webhook')).toEqual({ pending: 0, delivered: 0, failed: 1 });
      const read = await request(service.app, 'GET', `/api/v1/webhookEndpoints/${endpoint.id}`, springfield());
      expect(read.json<WebhookEndpointResponse>().status).toBe('failing');
      const id = hooks.arrivals[0]?.headers['paytoken-event-id'] as string;
      expect((await request(service.app, 'GET', `/api/v1/events/${id}`, springfield())).statusCode).toBe(200);

      hooks.arrivals.length = 0;
      hooks.script.length = 0; // from now on the receiver answers 200
      await pay(11);
      clock += 1;
      expect(await run.runOnce()).toBe(1);
      expect(hooks.arrivals).toHaveLength(1);
      const again = await request(service.app, 'GET', `/api/v1/webhookEndpoints/${endpoint.id}`, springfield());
      expect(again.json<WebhookEndpointResponse>().status).toBe('enabled');
    } finally {
      await hooks.close().catch(() => undefined);
    }
  });

  it('keeps the order of one object: a void waits until its sale’s approval arrived', async () => {
    const hooks = await receiver([500]);
    try {
      await endpointFor(hooks.url);
      const sale = await pay();
      const voided = await request(service.app, 'POST', `/api/v1/transactions/${sale.id}/void`, springfield());
      expect(voided.statusCode).toBe(200);
      const run = runner();
      expect(await run.runOnce()).toBe(1); // only the approval: the void is held behind it
      clock += 7 * 3_600_000;
      expect(await run.runOnce()).toBe(1);
      expect(await run.runOnce()).toBe(1);
      const types = hooks.arrivals.map((arrival) => (JSON.parse(arrival.body) as EventResponse).type);
      expect(types).toEqual(['transaction.approved', 'transaction.approved', 'transaction.voided']);
    } finally {
      await hooks.close();
    }
  });

  it('records a refused connection, and sends nothing more to a deleted endpoint', async () => {
    const hooks = await receiver();
    await hooks.close();
    const endpoint = await endpointFor(hooks.url);
    await pay();
    const run = runner();
    expect(await run.runOnce()).toBe(1);
    const attempts = await request(
      service.app,
      'GET',
      `/api/v1/webhookEndpoints/${endpoint.id}/attempts`,
      springfield(),
    );
    const [first] = attempts.json<{ attempts: { statusCode: number | null; error: string }[] }>().attempts;
    expect(first?.statusCode).toBeNull();
    expect(first?.error).toMatch(/ECONNREFUSED/);
    const deleted = await request(service.app, 'DELETE', `/api/v1/webhookEndpoints/${endpoint.id}`, springfield());
    expect(deleted.json()).toEqual({ id: endpoint.id, deleted: true });
    clock += 7 * 3_600_000;
    expect(await run.runOnce()).toBe(0);
    expect(await service.repository.deliveries.counts('webhook')).toEqual({ pending: 0, delivered: 0, failed: 1 });
  });

  it('signs with the old and the new secret during a rotation’s overlap, then with the new one only', async () => {
    const hooks = await receiver();
    try {
      const endpoint = await endpointFor(hooks.url);
      const rotated = await request(service.app, 'POST', `/api/v1/webhookEndpoints/${endpoint.id}/rotateSecret`, {
        ...springfield(),
        body: { overlapSeconds: 3600 },
      });
      expect(rotated.statusCode).toBe(200);
      const { secret } = rotated.json<{ secret: string }>();
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(endpoint.secret);
      await pay();
      const run = runner();
      await run.runOnce();
      clock += 2 * 3_600_000;
      await pay(12);
      await run.runOnce();
      const [during, after] = hooks.arrivals as [Arrival, Arrival];
      expect(String(during.headers['paytoken-signature']).match(/v1=/g)).toHaveLength(2);
      const at = (arrival: Arrival) => () =>
        Number(/t=(\d+)/.exec(String(arrival.headers['paytoken-signature']))?.[1]) * 1000;
      for (const each of [endpoint.secret, secret])
        await constructEvent(during.body, during.headers['paytoken-signature'], each, { now: at(during) });
      await constructEvent(after.body, after.headers['paytoken-signature'], secret, { now: at(after) });
      await expect(
        constructEvent(after.body, after.headers['paytoken-signature'], endpoint.secret, { now: at(after) }),
      ).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_MISMATCH' });
    } finally {
      await hooks.close();
    }
  });
});

describe('webhook endpoints', () => {
  it('shows the secret once, lists and reads without it, and keeps other scopes out', async () => {
    const endpoint = await endpointFor('http://127.0.0.1:9/hooks', ['transaction.approved', 'transaction.refunded']);
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    const listed = await request(service.app, 'GET', '/api/v1/webhookEndpoints', springfield());
    expect(listed.json()).toEqual({
      webhookEndpoints: [{ ...endpoint, secret: undefined }].map(({ secret: _, ...rest }) => rest),
    });
    expect(listed.body).not.toContain('whsec_');
    const shelby = { authorization: basic(service.accounts.shelby) };
    for (const [method, url] of [
      ['GET', `/api/v1/webhookEndpoints/${endpoint.id}`],
      ['DELETE', `/api/v1/webhookEndpoints/${endpoint.id}`],
      ['GET', `/api/v1/webhookEndpoints/${endpoint.id}/attempts`],
      ['GET', '/api/v1/webhookEndpoints/we_nothing'],
    ] as const) {
      const answer = await request(service.app, method, url, shelby);
      expect(answer.statusCode).toBe(404);
      expect(answer.json<{ code: string }>().code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    }
    const rotate = await request(service.app, 'POST', `/api/v1/webhookEndpoints/${endpoint.id}/rotateSecret`, {
      ...shelby,
      body: {},
    });
    expect(rotate.statusCode).toBe(404);
    expect((await request(service.app, 'GET', '/api/v1/webhookEndpoints', shelby)).json()).toEqual({
      webhookEndpoints: [],
    });
  });

  it('refuses metadata, link-local and private addresses, this service itself, and bad bodies', async () => {
    const refused = async (url: string) => {
      const answer = await request(service.app, 'POST', '/api/v1/webhookEndpoints', {
        ...springfield(),
        body: { url, enabledEvents: ['*'] },
      });
      expect(answer.statusCode, url).toBe(400);
      return answer.json<{ errors: { field: string; code: string }[] }>().errors.map((e) => `${e.field} ${e.code}`);
    };
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://10.0.0.5/hooks',
      'http://192.168.1.20/hooks',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0:8080/',
    ])
      expect(await refused(url)).toEqual(['url WEBHOOK_URL_NOT_ALLOWED']);
    expect(await refused('ftp://example.com/')).toEqual(['url INVALID_WEBHOOK_URL']);
    expect(await refused('http://user:pass@127.0.0.1/')).toEqual(['url INVALID_WEBHOOK_URL']);
    expect(await refused('http://no-such-host.invalid/')).toEqual(['url WEBHOOK_HOST_NOT_FOUND']);
    const bad = await request(service.app, 'POST', '/api/v1/webhookEndpoints', {
      ...springfield(),
      body: { url: 'http://127.0.0.1:9/', enabledEvents: ['transaction.paid'], secret: 'mine' },
    });
    expect(bad.json<{ errors: { field: string; code: string }[] }>().errors.map((e) => `${e.field} ${e.code}`)).toEqual(
      ['secret UNKNOWN_WEBHOOK_FIELD', 'enabledEvents INVALID_ENABLED_EVENTS'],
    );
  });
});
