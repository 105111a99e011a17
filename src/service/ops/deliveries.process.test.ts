/**
 * Webhook delivery survives kill -9: a real service process (on its data directory, or PostgreSQL
 * with DATABASE_URL) sends 1,000 events to a receiver on loopback, is killed while deliveries are in
 * flight, and started again on the same data. Every event arrives, each id at least once; the
 * duplicates (deliveries that arrived but whose answer the killed process never recorded) are
 * counted and printed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SandboxCredentials } from '../accounts/seed.js';
import { freePort, postgresSchema, startServiceProcess, type ServiceProcess } from '../testing/processes.js';
import { processTestScope } from '../testing/process-scope.js';

const DATABASE_URL = process.env.DATABASE_URL;
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });
const { started, cleanups, freshDir } = processTestScope('paytoken-deliveries-');
const EVENTS = 1_000;

async function start(env: Record<string, string>): Promise<ServiceProcess> {
  const service = await startServiceProcess(env, 60_000);
  started.push(service);
  expect(service.url, service.output()).not.toBe('');
  return service;
}

/** A receiver that counts every event id it is sent, and holds its answers once `holdAfter` arrived. */
async function receiver(holdAfter: number) {
  const arrivals: string[] = [];
  const held: ServerResponse[] = [];
  let holding = true;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(String(req.headers['paytoken-event-id']));
      if (holding && arrivals.length > holdAfter) held.push(res);
      else res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    arrivals,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    held: () => held.length,
    release() {
      holding = false;
      for (const res of held.splice(0)) res.destroy();
    },
  };
}

const until = async (condition: () => boolean, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
};

describe('webhook delivery and kill -9', () => {
  it('delivers every one of 1,000 events, each id at least once, across a kill -9 and a restart', async () => {
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      DATA_DIR: freshDir(),
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
    };
    if (DATABASE_URL) {
      const schema = await postgresSchema(DATABASE_URL);
      cleanups.push(() => schema.drop());
      env.DATABASE_URL = schema.url;
    }
    const first = await start(env);
    const { springfield } = JSON.parse(
      readFileSync(join(env.DATA_DIR as string, 'sandbox-credentials.json'), 'utf8'),
    ) as SandboxCredentials;
    const authorization = `Basic ${Buffer.from(`${springfield.apiKey}:${springfield.apiSecret}`).toString('base64')}`;
    const call = (url: string, method: string, path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { authorization, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });

    const hooks = await receiver(EVENTS / 2);
    const made = await call(first.url, 'POST', '/api/v1/webhookEndpoints', {
      url: hooks.url,
      enabledEvents: ['token.created'],
    });
    expect(made.status).toBe(201);
    const card = { accountHolder: 'Ada', cardNumber: '4242424242424242', cvc: '123', month: '12', year: 2030 };
    for (let batch = 0; batch < EVENTS / 20; batch++)
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const answer = await call(first.url, 'POST', '/api/v1/tokens', {
            payer: 'Ada',
            emailAddress: 'ada@example.com',
            creditCardInformation: card,
          });
          expect(answer.status).toBe(201);
        }),
      );
    // Killed with deliveries in flight: they arrived, and their answers are held.
    expect(await until(() => hooks.held() > 0, 60_000)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    hooks.release();

    const second = await start(env);
    const ids = new Set<string>();
    for (let page = 1; page <= EVENTS / 50; page++) {
      const listed = (await (await call(second.url, 'GET', `/api/v1/events?pageSize=50&page=${page}`)).json()) as {
        events: { id: string }[];
      };
      for (const event of listed.events) ids.add(event.id);
    }
    expect(ids.size).toBe(EVENTS);
    expect(await until(() => [...ids].every((id) => hooks.arrivals.includes(id)), 90_000)).toBe(true);
    const duplicates = hooks.arrivals.length - new Set(hooks.arrivals).size;
    console.log(
      `kill -9 during delivery: ${EVENTS} events, ${hooks.arrivals.length} deliveries, ${duplicates} duplicates, 0 lost`,
    );
    expect(new Set(hooks.arrivals).size).toBe(EVENTS);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
