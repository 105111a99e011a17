/**
 * Operation in-process, on the test database (PGlite, or PostgreSQL with DATABASE_URL): readiness,
 * idempotency leases and purge, account changes seen through the heartbeat, shared rate limits.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createAccountCache } from '../auth/account-cache.js';
import { loadConfig } from '../config/config.js';
import { createSharedRateLimiter } from '../http/rate-limit.js';
import { migrate } from '../storage/migrations.js';
import { openDatabase } from '../storage/open.js';
import { rateLimitStore } from '../storage/rate-limit-counts.js';
import { createRepository } from '../storage/repository.js';
import { ENGINE } from '../testing/engine.js';
import { TEST_CONFIG, request, startTestService, type TestService } from '../testing/harness.js';
import { postgresSchema } from '../testing/processes.js';
import { startInstance } from './instance.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const scope = () => ({ accountId: springfieldId, viaAccountId: null });
let springfieldId = 0;
beforeAll(async () => {
  springfieldId = (await service.repository.accounts.findByName('Springfield'))?.id ?? 0;
});

describe('health', () => {
  it('answers /healthz and /readyz without credentials, and neither is in the API description', async () => {
    expect((await request(service.app, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await request(service.app, 'GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    const paths = Object.keys((await request(service.app, 'GET', '/openapi.json')).json<{ paths: object }>().paths);
    expect(paths.filter((path) => /healthz|readyz/.test(path))).toEqual([]);
  });
});

describe('idempotency claims', () => {
  it('takes over a claim whose process is gone, never one whose process beats', async () => {
    const { idempotency, instances } = service.repository;
    const key = (owner: string) => ({ scope: scope(), operation: 'test.lease', key: 'lease-1', owner });
    await instances.register('ins_alive', process.pid, 'test');
    expect(await idempotency.claim(key('ins_alive'), 'h')).toEqual({ state: 'claimed' });
    expect(await idempotency.claim(key('ins_other'), 'h')).toEqual({ state: 'running' });
    // The owner stops beating (gone longer than the lease): its claim committed nothing and is retried.
    await service.sql.query(
      "UPDATE service_instances SET heartbeat_at = now() - interval '11 seconds' WHERE id = 'ins_alive'",
    );
    expect(await idempotency.claim(key('ins_other'), 'h')).toEqual({ state: 'claimed' });
    // The former owner, were it still working, can no longer complete it.
    expect(await idempotency.complete(key('ins_alive'), 201, {}, {})).toBe(false);
    expect(await idempotency.complete(key('ins_other'), 201, {}, { id: 'x' })).toBe(true);
    await instances.remove('ins_alive');
  });

  it('claims a key anew once its 24 hours are over, answered or not, and a fresh one never', async () => {
    const { idempotency } = service.repository;
    const key = (name: string) => ({ scope: scope(), operation: 'test.expiry', key: name, owner: 'ins_expiry' });
    await service.repository.instances.register('ins_expiry', process.pid, 'test');
    expect(await idempotency.claim(key('answered'), 'h')).toEqual({ state: 'claimed' });
    expect(await idempotency.complete(key('answered'), 201, {}, { id: 'first' })).toBe(true);
    expect(await idempotency.claim(key('running'), 'h')).toEqual({ state: 'claimed' });
    expect(await idempotency.claim(key('answered'), 'h')).toMatchObject({ state: 'done', body: { id: 'first' } });
    expect(await idempotency.claim(key('running'), 'h')).toEqual({ state: 'running' });
    await service.sql.query(
      "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE operation = 'test.expiry'",
    );
    expect(await idempotency.claim(key('answered'), 'other')).toEqual({ state: 'claimed' });
    expect(await idempotency.claim(key('running'), 'other')).toEqual({ state: 'claimed' });
    expect(await idempotency.claim(key('answered'), 'other')).toEqual({ state: 'running' });
    await service.repository.instances.remove('ins_expiry');
  });

  it('purges keys older than 24 hours', async () => {
    const { idempotency } = service.repository;
    const key = { scope: scope(), operation: 'test.purge', key: 'old', owner: 'ins_purge' };
    await idempotency.claim(key, 'h');
    await service.sql.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old'");
    expect(await idempotency.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await service.sql.query("SELECT key FROM idempotency_keys WHERE key = 'old'")).toEqual([]);
  });
});

describe('account changes', () => {
  it('clear the account cache of a running process at its next beat, and it reports so', async () => {
    const cache = createAccountCache(60_000);
    const instance = await startInstance(service.repository, cache, { intervalMs: 60_000 });
    try {
      const account = await service.repository.accounts.findByName('Springfield');
      if (!account) throw new Error('no Springfield');
      await cache.get('api:x', () => Promise.resolve(account));
      expect(cache.peek('api:x')).not.toBeNull();
      await service.repository.accounts.setDisabled(account.id, true);
      const version = await service.repository.instances.accountsVersion();
      expect((await service.repository.instances.behind(version)).map((row) => row.id)).toContain(instance.id);
      await instance.sync();
      expect(cache.peek('api:x')).toBeNull();
      expect((await service.repository.instances.behind(version)).map((row) => row.id)).not.toContain(instance.id);
      await service.repository.accounts.setDisabled(account.id, false);
    } finally {
      await instance.stop();
    }
  });

  it('never remembers an account read before the cache was cleared', async () => {
    const cache = createAccountCache();
    const account = await service.repository.accounts.findByName('Springfield');
    let finish: (value: typeof account) => void = () => undefined;
    const loading = cache.get('api:slow', () => new Promise((resolve) => (finish = resolve)));
    cache.clear(); // the account changed while the old row was on its way
    finish(account);
    await loading;
    expect(cache.peek('api:slow')).toBeNull();
  });
});

describe('rate limits shared through the database', () => {
  it('two processes on one database enforce one limit', async () => {
    // Each process counts in rows of its own: two stores named as two processes.
    const limiters = ['one', 'two'].map((id) => createSharedRateLimiter(rateLimitStore(service.sql, id)));
    const name = `ip:shared-${Date.now()}`;
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push((await (limiters[i % 2] ?? limiters[0])!.hit(name, 4)).allowed);
    expect(verdicts).toEqual([true, true, true, true, false, false]);
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can hold one open beside another.
  it.runIf(ENGINE === 'postgres')('a process counts while another holds its count uncommitted', async () => {
    const name = `key:unblocked-${Date.now()}`;
    const windowStart = Date.now() - (Date.now() % 60_000);
    const other = rateLimitStore(service.sql, 'two');
    let release: () => void = () => undefined;
    const open = new Promise<void>((resolve) => (release = resolve));
    let counted: () => void = () => undefined;
    const countedInside = new Promise<void>((resolve) => (counted = resolve));
    const holder = service.sql.transaction(async (tx) => {
      await rateLimitStore(tx, 'one').hit(name, windowStart);
      counted();
      await open; // its row stays locked until this commits
    });
    await countedInside;
    const answer = await Promise.race([
      other.hit(name, windowStart),
      new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2_000)),
    ]);
    release();
    await holder;
    expect(answer).toBe(1); // the other's hit is not committed: not seen, and not waited for
    expect(await other.hit(name, windowStart)).toBe(3);
  });

  it('counts hits that arrive together exactly (one statement, one count each)', async () => {
    const limiter = createSharedRateLimiter(service.repository.rateLimits);
    const name = `key:together-${Date.now()}`;
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => limiter.hit(name, 20)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(20);
  });
});

describe('PAYTOKEN_PROCESSES', () => {
  it('refuses several processes on the embedded database, with the reason', () => {
    expect(() => loadConfig({ PAYTOKEN_PROCESSES: '2' })).toThrow(/PAYTOKEN_PROCESSES=2 needs PostgreSQL/);
    expect(loadConfig({ PAYTOKEN_PROCESSES: '2', DATABASE_URL: 'postgres://x@y/z' }).processes).toBe(2);
  });
});

describe.runIf(process.env.DATABASE_URL)('/readyz while PostgreSQL is down', () => {
  it('answers 503 while the database cannot be reached and 200 once it is back', async () => {
    // A TCP proxy of ours in front of PostgreSQL stands in for stopping it (the cluster is shared).
    const target = new URL(process.env.DATABASE_URL ?? '');
    const sockets = new Set<Socket>();
    let proxy: Server | null = null;
    const open = (port: number) =>
      new Promise<Server>((resolve) => {
        const server = createServer((client) => {
          const upstream = connect(Number(target.port || 5432), target.hostname);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('error', () => undefined);
            socket.on('close', () => sockets.delete(socket));
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => resolve(server));
      });
    proxy = await open(0);
    const address = proxy.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const schema = await postgresSchema(target.toString());
    const url = new URL(schema.url);
    url.port = String(port);
    const sql = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    await migrate(sql);
    const repository = createRepository(sql);
    const app = await buildApp({
      repository,
      vault: service.vault,
      config: TEST_CONFIG,
      version: 'test',
      logStream: { write: () => undefined },
    });
    try {
      expect((await request(app, 'GET', '/readyz')).statusCode).toBe(200);
      const closed = new Promise<void>((resolve) => proxy?.close(() => resolve()) ?? resolve());
      for (const socket of sockets) socket.destroy();
      await closed;
      const down = await request(app, 'GET', '/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'NOT_READY' });
      proxy = await open(port);
      expect((await request(app, 'GET', '/readyz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await repository.close();
      proxy?.close();
      for (const socket of sockets) socket.destroy();
      await schema.drop();
    }
  });
});
