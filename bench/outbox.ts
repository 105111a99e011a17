/**
 * The outbox's cost and the delivery runner's speed (docs/decisions/0136-events-outbox-and-webhook-delivery.md):
 * POST /transactions with and without the outbox, in the same run (the service as it was before it:
 * bench/servers/service.ts with BENCH_OUTBOX=off); and 1,000 events delivered to a receiver on loopback.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { seedIfEmpty } from '../src/service/accounts/seed.js';
import { webhookTargetsOf } from '../src/service/app.js';
import { createDeliveryRunner } from '../src/service/delivery/runner.js';
import { tokenCreatedEvent } from '../src/service/events/record.js';
import { newStoredToken } from '../src/service/payments/stored-token.js';
import { migrate } from '../src/service/storage/migrations.js';
import { openDatabase } from '../src/service/storage/open.js';
import { createRepository } from '../src/service/storage/repository.js';
import { createVault } from '../src/service/vault/vault.js';
import { createEndpoint } from '../src/service/webhooks/endpoints.js';
import { webhookChannel } from '../src/service/webhooks/webhook-channel.js';
import type { Row } from './report.js';
import { load, tokenBody } from './service-throughput.js';
import { spawnServer } from './servers/spawn.js';

interface ServiceInfo {
  url: string;
  engine: string;
  basic: string;
  publicKey: string;
}

async function transactionsPerSecond(databaseUrl: string | undefined, outbox: 'on' | 'off'): Promise<number> {
  const service = await spawnServer<ServiceInfo>('./service.ts', {
    DATABASE_URL: databaseUrl ?? '',
    BENCH_OUTBOX: outbox,
  });
  const created = await fetch(`${service.url}/api/v1/tokens`, {
    method: 'POST',
    body: tokenBody,
    headers: { 'content-type': 'application/json', authorization: `Api-Key ${service.publicKey}` },
  });
  const { id } = (await created.json()) as { id: string };
  const body = JSON.stringify({ payer: 'Ada Lovelace', amount: 103.25, payerFee: 3.25, tokenId: id });
  const measured = await load(`${service.url}/api/v1/transactions`, 'POST', body, { authorization: service.basic });
  await service.stop();
  return measured.rps;
}

/** POST /transactions with the outbox / without, alternated twice so drift on the machine evens out. */
async function outboxCost(databaseUrl?: string): Promise<Row[]> {
  const engine = databaseUrl ? 'postgres' : 'pglite';
  const runs = { on: [] as number[], off: [] as number[] };
  for (const outbox of ['off', 'on', 'on', 'off'] as const)
    runs[outbox].push(await transactionsPerSecond(databaseUrl, outbox));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const cost = 1 - mean(runs.on) / mean(runs.off);
  return [
    {
      name: `POST /transactions ${engine}: outbox's cost`,
      value: Math.round(cost * 1000) / 10,
      unit: '%',
      budget: { atMost: 10 },
      note: `${Math.round(mean(runs.on))} req/s with it, ${Math.round(mean(runs.off))} without`,
    },
  ];
}

/** 1,000 events written, then delivered by one runner to a receiver on loopback that answers 200. */
async function deliverThousand(databaseUrl?: string): Promise<Row> {
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (databaseUrl && schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
  }
  const sql = await openDatabase({ databaseUrl, dataDir: null, ...(schema && { schema }) });
  await migrate(sql);
  const repository = createRepository(sql);
  const accounts = await seedIfEmpty(repository);
  const account = await repository.accounts.findByApiKey(accounts!.springfield.apiKey);
  const scope = { accountId: account!.id, viaAccountId: null };
  const vault = createVault([randomBytes(32)]);
  let arrived = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const config = { tokenRateLimitPerIp: 1, tokenRateLimitPerKey: 1, publicUrl: undefined, logLevel: 'silent' as const };
  const webhookTargets = webhookTargetsOf({ ...config, webhookAllowedNetworks: '127.0.0.0/8' });
  const now = () => new Date();
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await createEndpoint({ url, enabledEvents: ['*'] }, scope, { repository, vault, now, webhookTargets });
  const body = JSON.parse(tokenBody) as Parameters<typeof newStoredToken>[1];
  for (let i = 0; i < 1000; i++)
    await repository.events.record(
      tokenCreatedEvent(newStoredToken(`tok_bench${i}`, body, scope, { vault, now }), now()),
    );
  const runner = createDeliveryRunner({
    repository,
    channels: [webhookChannel({ repository, vault, now, webhookTargets, version: 'bench' })],
    owner: 'bench',
    now,
    warn: (message) => console.error(message),
  });
  const started = performance.now();
  while (arrived < 1000 || (await repository.deliveries.counts('webhook')).pending > 0) await runner.runOnce();
  const seconds = (performance.now() - started) / 1000;
  receiver.close();
  await repository.close();
  if (databaseUrl && schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  return {
    name: `1,000 webhooks delivered to loopback ${sql.engine}`,
    value: Math.round(seconds * 100) / 100,
    unit: 's',
    budget: { atMost: 5 },
    note: `${arrived} arrivals, one runner, 100 a round`,
  };
}

export async function outbox(databaseUrl?: string): Promise<Row[]> {
  return [...(await outboxCost(databaseUrl)), await deliverThousand(databaseUrl)];
}
