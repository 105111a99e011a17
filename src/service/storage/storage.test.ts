import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { seedIfEmpty } from '../accounts/seed.js';
import {
  TEST_CONFIG,
  apiKey,
  bankToken,
  basic,
  cardToken,
  request,
  startTestService,
  type TestService,
  type Created,
} from '../testing/harness.js';
import { createVault } from '../vault/vault.js';
import { MIGRATIONS, OUTBOX_VERSIONS, migrate } from './migrations.js';
import { openDatabase } from './open.js';
import { createRepository } from './repository.js';
import type { Sql } from './sql.js';
import type { Token } from '../payments/model.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe('tokens at rest', () => {
  it('stores no readable card number, no CVC, and seals the rest to its row', async () => {
    const created = await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: apiKey(service.accounts.springfield),
      body: cardToken({ cvc: '737' }),
    });
    const { id } = created.json<Created>();
    const [row] = await service.sql.query<Record<string, unknown>>('SELECT * FROM tokens WHERE id = $1', [id]);
    const stored = JSON.stringify(row);
    for (const secret of ['4242424242424242', '424242424242', Buffer.from('4242424242424242').toString('base64')])
      expect(stored).not.toContain(secret);
    // Three digits can turn up by chance in anything random (the ciphertext, the token id, the vault
    // key's id, a timestamp's milliseconds): look for the CVC in every column written from the
    // request, and (below) in what the vault opens. A new column is written from the request unless
    // it is named here.
    const RANDOM_OR_NOT_TEXT = new Set(['id', 'vault_key_id', 'sealed', 'created_at', 'deleted_at']);
    const fromRequest = Object.entries(row ?? {}).filter(([column]) => !RANDOM_OR_NOT_TEXT.has(column));
    expect(fromRequest.map(([column]) => column)).toContain('payer');
    expect(JSON.stringify(fromRequest)).not.toContain('737');
    const token = await service.repository.tokens.find(id, {
      accountId: row?.account_id as number,
      viaAccountId: null,
    });
    const opened = service.vault.open(token?.vaultKeyId as string, token?.sealed as string, id) as Record<
      string,
      unknown
    >;
    expect(opened).toEqual({ cardNumber: '4242424242424242', accountHolder: 'Ada Lovelace', postalCode: '12345' });
    expect(() => service.vault.open(token?.vaultKeyId as string, token?.sealed as string, 'tok_other_row')).toThrow();
  });

  it('stores no readable bank account number', async () => {
    const created = await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: basic(service.accounts.shelby),
      body: bankToken({ accountNumber: '987654321012' }),
    });
    const [row] = await service.sql.query('SELECT * FROM tokens WHERE id = $1', [created.json<Created>().id]);
    expect(JSON.stringify(row)).not.toContain('987654321012');
  });
});

describe('tokens read and written together (batched)', () => {
  const token = (id: string, accountId: number, overrides: Partial<Token> = {}): Token => ({
    id,
    scope: { accountId, viaAccountId: null },
    payer: 'Ada',
    emailAddress: 'ada@example.com',
    attributeValues: { note: 'it\'s "quoted"' },
    transactionType: 'Visa',
    maskedAccountNumber: '************4242',
    lastFour: '4242',
    expirationMonth: 12,
    expirationYear: 2030,
    accountType: null,
    funding: 'credit',
    feeQuote: null,
    vaultKeyId: 'k',
    sealed: 'v1.x',
    created: new Date('2026-11-22T06:00:00Z'),
    ...overrides,
  });

  it('stores every row of a batch but the one at fault, which alone fails', async () => {
    const springfield = (await service.repository.accounts.findByName('Springfield'))!.id;
    const results = await Promise.allSettled([
      service.repository.tokens.insert(token('tok_batch_a', springfield)),
      service.repository.tokens.insert(token('tok_batch_b', 999_999)), // no such account
      service.repository.tokens.insert(
        token('tok_batch_c', springfield, {
          accountType: 'PersonalChecking',
          expirationMonth: null,
          expirationYear: null,
        }),
      ),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const scope = { accountId: springfield, viaAccountId: null };
    expect(await service.repository.tokens.find('tok_batch_a', scope)).toEqual(token('tok_batch_a', springfield));
    expect(await service.repository.tokens.find('tok_batch_c', scope)).toMatchObject({
      accountType: 'PersonalChecking',
      expirationMonth: null,
    });
    expect(await service.repository.tokens.find('tok_batch_b', { accountId: 999_999, viaAccountId: null })).toBeNull();
  });

  it('answers each reader of one batch for its own scope', async () => {
    const springfield = (await service.repository.accounts.findByName('Springfield'))!.id;
    const shelby = (await service.repository.accounts.findByName('Shelby'))!.id;
    await service.repository.tokens.insert(token('tok_batch_owned', springfield));
    const [owner, other, impersonated, missing] = await Promise.all([
      service.repository.tokens.find('tok_batch_owned', { accountId: springfield, viaAccountId: null }),
      service.repository.tokens.find('tok_batch_owned', { accountId: shelby, viaAccountId: null }),
      service.repository.tokens.find('tok_batch_owned', { accountId: springfield, viaAccountId: shelby }),
      service.repository.tokens.find('tok_batch_none', { accountId: springfield, viaAccountId: null }),
    ]);
    expect(owner?.id).toBe('tok_batch_owned');
    expect([other, impersonated, missing]).toEqual([null, null, null]);
  });
});

describe('vault keys', () => {
  it('opens what a former key sealed after rotation', () => {
    const oldKey = randomBytes(32);
    const sealed = createVault([oldKey]).seal({ cardNumber: '4242' }, 'tok_1');
    const rotated = createVault([randomBytes(32), oldKey]);
    expect(rotated.keyId).not.toBe(sealed.keyId);
    expect(rotated.open(sealed.keyId, sealed.sealed, 'tok_1')).toEqual({ cardNumber: '4242' });
  });
});

describe('restart', () => {
  it('keeps what was written before a restart', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    const dir = mkdtempSync(join(tmpdir(), 'paytoken-restart-'));
    const schema = databaseUrl ? `restart_${randomBytes(4).toString('hex')}` : undefined;
    const key = randomBytes(32);
    const open = async () => {
      const sql = await openDatabase({ databaseUrl, dataDir: dir, ...(schema && { schema }) });
      if (schema) await sql.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await migrate(sql);
      const repository = createRepository(sql);
      return {
        sql,
        repository,
        app: await buildApp({ repository, vault: createVault([key]), config: { ...TEST_CONFIG, logLevel: 'silent' } }),
      };
    };
    try {
      const first = await open();
      const accounts = await seedIfEmpty(first.repository);
      expect(accounts).not.toBeNull();
      const id = (
        await request(first.app, 'POST', '/api/v1/tokens', {
          authorization: apiKey(accounts!.springfield),
          body: cardToken(),
        })
      ).json<Created>().id;
      await first.app.close();
      await first.repository.close();

      const second = await open();
      expect(await seedIfEmpty(second.repository)).toBeNull();
      const token = await request(second.app, 'GET', `/api/v1/tokens/${id}`, {
        authorization: basic(accounts!.springfield),
      });
      expect(token.statusCode).toBe(200);
      expect(token.json()).toMatchObject({ id, lastFour: '4242' });
      if (schema) await second.sql.query(`DROP SCHEMA ${schema} CASCADE`);
      await second.app.close();
      await second.repository.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies migrations once', async () => {
    expect(await migrate(service.sql)).toEqual([]);
  });
});

/**
 * A database of the test's own: a new schema on PostgreSQL (DATABASE_URL), else a PGlite in memory.
 * `open` opens it again (another pool on PostgreSQL); `drop` removes the schema.
 */
/** Every migration from `version` on, in the order they apply, but those applied ahead with `also`. */
const versionsFrom = (version: number) =>
  MIGRATIONS.map((m) => m.version).filter((v) => v >= version && ![...OUTBOX_VERSIONS, 19].includes(v));

/** Today's code reads the accounts' columns of later migrations (which add them only if missing). */
async function todaysAccountColumns(sql: Sql): Promise<void> {
  await sql.query(`ALTER TABLE accounts ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'America/New_York'`);
}

async function ownDatabase(prefix: string): Promise<{ sql: Sql; open: () => Promise<Sql>; drop: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `${prefix}_${randomBytes(4).toString('hex')}` : undefined;
  const open = () => openDatabase({ databaseUrl, dataDir: null, ...(schema && { schema }) });
  const sql = await open();
  if (schema) await sql.query(`CREATE SCHEMA ${schema}`);
  const drop = async () => {
    if (schema) await sql.query(`DROP SCHEMA ${schema} CASCADE`);
  };
  return { sql, open, drop };
}

describe('two processes migrating at once', () => {
  it('apply each migration once, and neither fails', async () => {
    const { sql: first, open, drop } = await ownDatabase('race');
    // Two pools on PostgreSQL, as two processes have; PGlite has one writer, so one database twice.
    const second = process.env.DATABASE_URL ? await open() : first;
    try {
      const [a, b] = await Promise.all([migrate(first), migrate(second)]);
      const applied = [...a, ...b].sort((x, y) => x - y);
      expect(new Set(applied).size).toBe(applied.length); // none applied twice
      const versions = await first.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.map((row) => row.version)).toEqual(applied);
      expect(await migrate(second)).toEqual([]);
    } finally {
      if (second !== first) await second.close();
      await drop();
      await first.close();
    }
  });
});

/**
 * The columns today's code reads and writes, added as migrations 13 and 14 add them (which add them
 * only if missing): an upgrade test runs today's code on an older schema.
 */
async function addTodaysColumns(sql: Sql): Promise<void> {
  for (const migration of MIGRATIONS.filter((m) => m.version === 13 || m.version === 14 || m.version === 26))
    for (const statement of migration.sql.split(/;\s*$/m).filter((text) => text.trim())) await sql.query(statement);
}

describe('upgrades', () => {
  it('migration 10 names the payers of the payments made before it, and search finds them', async () => {
    const { sql, drop } = await ownDatabase('upgrade');
    const repository = createRepository(sql);
    // Today's payments write their events too (the outbox's tables), and the payer's language (19).
    expect(await migrate(sql, 9, [...OUTBOX_VERSIONS, 19])).toEqual([1, 2, 3, 5, 6, 7, 8, 9, ...OUTBOX_VERSIONS, 19]);
    // Today's code stores each sale's method fingerprint (migration 11, which adds it if missing).
    await sql.query('ALTER TABLE transactions ADD COLUMN payment_method_fingerprint TEXT');
    await addTodaysColumns(sql);
    await todaysAccountColumns(sql);
    const app = await buildApp({
      repository,
      vault: createVault([randomBytes(32)]),
      config: { ...TEST_CONFIG, logLevel: 'silent' },
    });
    try {
      const accounts = (await seedIfEmpty(repository))!;
      const token = (
        await request(app, 'POST', '/api/v1/tokens', { authorization: basic(accounts.springfield), body: cardToken() })
      ).json<Created>().id;
      const pay = (payer: string, amount: number) =>
        request(app, 'POST', '/api/v1/transactions', {
          authorization: basic(accounts.springfield),
          body: { payer, amount, payerFee: 0.01, tokenId: token },
        });
      for (const [payer, amount] of [
        ['Ada Lovelace', 10],
        ['Grace Hopper', 11],
        ['ada lovelace', 12],
      ] as const)
        expect((await pay(payer, amount)).statusCode).toBe(201);

      expect(await migrate(sql)).toEqual(versionsFrom(10));
      const search = async (query: string) =>
        (
          await request(app, 'GET', `/api/v1/transactions?${query}`, { authorization: basic(accounts.springfield) })
        ).json<{ totalRecords: number }>().totalRecords;
      expect(await search('payerName=LOVELACE')).toBe(2);
      expect(await search('payerName=hopper')).toBe(1);
      expect((await pay('Grace Hopper', 13)).statusCode).toBe(201);
      expect(await search('payerName=hopper')).toBe(2);
      expect(await sql.query('SELECT name FROM payer_names ORDER BY name')).toEqual([
        { name: 'ada lovelace' },
        { name: 'grace hopper' },
      ]);
    } finally {
      await app.close();
      await drop();
      await repository.close();
    }
  });

  it('migration 12 keeps the ids handed out before it, and hands out new ones above them', async () => {
    const { sql, drop } = await ownDatabase('upgrade');
    const repository = createRepository(sql);
    await migrate(sql, 11, [...OUTBOX_VERSIONS, 19]);
    await addTodaysColumns(sql);
    await todaysAccountColumns(sql);
    const app = await buildApp({
      repository,
      vault: createVault([randomBytes(32)]),
      config: { ...TEST_CONFIG, logLevel: 'silent' },
    });
    try {
      const accounts = (await seedIfEmpty(repository))!;
      const as = { authorization: basic(accounts.springfield) };
      const token = (await request(app, 'POST', '/api/v1/tokens', { ...as, body: cardToken() })).json<Created>().id;
      const pay = async (amount: number) => {
        const paid = await request(app, 'POST', '/api/v1/transactions', {
          ...as,
          body: { payer: 'Ada', amount, tokenId: token },
        });
        expect(paid.statusCode).toBe(201);
        return paid.json<{ id: number }>().id;
      };
      const settle = async () => (await request(app, 'POST', '/api/v1/sandbox/settle', as)).json<{ id: number }>().id;
      const before = [await pay(10), await pay(11), await pay(12)];
      expect(before).toEqual([1, 2, 3]);
      expect(await settle()).toBe(1);

      expect(await migrate(sql)).toEqual(versionsFrom(12));
      const after = [await pay(13), await pay(14), await pay(15)];
      const batch = await settle();
      for (const id of after) {
        expect(id).toBeGreaterThan(3);
        expect(id).toBeLessThan(1_000_000_000);
      }
      expect(new Set([...before, ...after]).size).toBe(6);
      expect(batch).toBeGreaterThan(1);
      for (const id of [...before, ...after])
        expect((await request(app, 'GET', `/api/v1/transactions/${id}`, as)).json()).toMatchObject({ id });
      const batches = (await request(app, 'GET', '/api/v1/batches', as)).json<{ batches: { id: number }[] }>();
      expect(batches.batches.map((each) => each.id)).toEqual([batch, 1]);
    } finally {
      await app.close();
      await drop();
      await repository.close();
    }
  });
});
