/**
 * One real database and one in-process app per test file: in-memory PGlite, or a schema of its own
 * on PostgreSQL when DATABASE_URL is set, so the same suites run on both. `reset()` empties the
 * tables between tests; the sandbox accounts stay.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { expect } from 'vitest';
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig } from '../config/config.js';
import { seedIfEmpty, type AccountCredentials, type SandboxCredentials } from '../accounts/seed.js';
import { createAccountCache, type AccountCache } from '../auth/account-cache.js';
import { migrate } from '../storage/migrations.js';
import { openDatabase } from '../storage/open.js';
import { createRepository, type Repository } from '../storage/repository.js';
import type { Sql } from '../storage/sql.js';
import { createVault, type Vault } from '../vault/vault.js';
import type { Payer } from '../payments/result.js';
import { newStoredToken } from '../payments/stored-token.js';
import { sandboxBinTable } from '../cards/bin-table-file.js';
import { newId } from '../vault/random.js';
import { recordContract } from './contract-recorder.js';
import { pgliteTemplate } from './pglite-template.js';

export interface TestService {
  app: FastifyInstance;
  repository: Repository;
  /** The test's own handle on the database, to look at or change rows directly. */
  sql: Sql;
  vault: Vault;
  /** Clear it after changing an account directly in the database. */
  accountCache: AccountCache;
  accounts: SandboxCredentials;
  /** Every log line the app wrote. */
  logs: string[];
  engine: 'pglite' | 'postgres';
  /** Answers that broke the OpenAPI document (contract-recorder.ts); `close()` fails when there are any. */
  contractViolations: string[];
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const TEST_CONFIG: BuildOptions['config'] = {
  tokenRateLimitPerIp: 10_000,
  tokenRateLimitPerKey: 10_000,
  publicUrl: undefined,
  logLevel: 'info',
};

export async function startTestService(overrides: Partial<BuildOptions> = {}): Promise<TestService> {
  // Checked as the service checks it: a stray line in DATABASE_URL fails with its name, not ENOTFOUND.
  const { databaseUrl } = loadConfig({ DATABASE_URL: process.env.DATABASE_URL });
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && schema) await adminQuery(databaseUrl, `CREATE SCHEMA ${schema}`);
  const template = databaseUrl ? undefined : pgliteTemplate();
  const sql = await openDatabase({
    databaseUrl,
    dataDir: null,
    ...(schema && { schema }),
    ...(template && { template }),
  });
  await migrate(sql);
  // Open the pool's 10 connections now: opened one at a time on demand, they space out requests a
  // test sends at once, and a race the test is about would not happen.
  if (databaseUrl) await Promise.all(Array.from({ length: 10 }, () => sql.query('SELECT pg_sleep(0.05)')));
  const repository = createRepository(sql);
  const accounts = (await seedIfEmpty(repository)) as SandboxCredentials;
  const vault = createVault([randomBytes(32)]);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const accountCache = createAccountCache();
  const app = await buildApp({
    repository,
    vault,
    accountCache,
    config: TEST_CONFIG,
    logStream,
    version: '0.0.0-test',
    ...overrides,
  });
  const contractViolations: string[] = [];
  recordContract(app, contractViolations);
  return {
    app,
    repository,
    sql,
    vault,
    accountCache,
    accounts,
    logs,
    engine: sql.engine,
    contractViolations,
    async reset() {
      await sql.query(
        'TRUNCATE tokens, idempotency_keys, transaction_events, transactions, batches, settlement_cutoffs, payer_names, delivery_attempts, deliveries, events, webhook_endpoints, schedule_runs, payment_schedules',
      );
    },
    async close() {
      await app.close();
      await repository.close();
      if (databaseUrl && schema) await adminQuery(databaseUrl, `DROP SCHEMA ${schema} CASCADE`);
      if (contractViolations.length)
        throw new Error(
          `Answers the OpenAPI document does not declare (testing/contract-recorder.ts):\n${[...new Set(contractViolations)].join('\n')}`,
        );
    },
  };
}

/** A seeded account (`Springfield`, say) as the payments domain's payer, acting for itself. */
export async function payerNamed(service: TestService, name: string): Promise<Payer> {
  const account = await service.repository.accounts.findByName(name);
  if (!account) throw new Error(`The harness seeds ${name}.`);
  return { scope: { accountId: account.id, viaAccountId: null }, actingFor: account };
}

/**
 * A card token of `payer`'s stored straight through the repository (no HTTP), as the payments and
 * schedules domains' tests need one; its id.
 * @example const tokenId = await storedCardToken(service, payer, { cardNumber: '4000056655665556' });
 */
export async function storedCardToken(
  service: TestService,
  payer: Payer,
  card: Partial<typeof CARD> = {},
  now: () => Date = () => new Date(),
): Promise<string> {
  const token = newStoredToken(
    newId('tok'),
    { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: { ...CARD, ...card } },
    payer.scope,
    { vault: service.vault, now, binTable: sandboxBinTable() },
  );
  await service.repository.tokens.insert(token);
  return token.id;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `Authorization` for a server: Basic base64(apiKey:apiSecret). */
export const basic = (account: Pick<AccountCredentials, 'apiKey' | 'apiSecret'>): string =>
  `Basic ${Buffer.from(`${account.apiKey}:${account.apiSecret}`).toString('base64')}`;

/** `Authorization` for a browser: Api-Key <publicKey>. */
export const apiKey = (account: Pick<AccountCredentials, 'publicKey'>): string => `Api-Key ${account.publicKey}`;

/** An injected response whose JSON body is `unknown` until a test names what it expects. */
export type ServiceResponse = Omit<LightMyRequestResponse, 'json'> & {
  /** The body parsed as JSON; name its type, e.g. `json<TokenResponse>()`, to read its fields. */
  json<Body = unknown>(): Body;
};

/** The `{ id }` answer of a create. */
export interface Created {
  id: string;
}

/** Vitest's asymmetric matchers, typed `unknown` rather than `any`, for bodies of `toMatchObject`. */
export const anyNumber: unknown = expect.any(Number);
export const anyString: unknown = expect.any(String);
/** Text matching `pattern`, inside an expected body. */
export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);

/** A JSON request through `app.inject()`. */
export function request(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { authorization?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ServiceResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.authorization && { authorization: options.authorization }),
      ...options.headers,
    },
    ...(options.body !== undefined && {
      payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    }),
  });
}

/** A sale of `amountCents` by token for the payment functions, with payer fee `payerFeeCents` (null: Mode C). */
export const saleDraft = (tokenId: string, amountCents: number, payerFeeCents: number | null): TransactionDraft => ({
  payer: 'Ada',
  amountCents,
  payerFeeCents,
  initiatingPartyFeeCents: 0,
  source: { tokenId },
  sendReceipt: false,
});

export const CARD = {
  accountHolder: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  cvc: '123',
  month: '12',
  year: 2030,
  postalCode: '12345',
};
export const BANK = {
  accountType: 'PersonalChecking',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  accountHolder: 'Ada Lovelace',
};
export const cardToken = (card: Partial<typeof CARD> = {}) => ({
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  creditCardInformation: { ...CARD, ...card },
});
export const bankToken = (bank: Partial<typeof BANK> = {}) => ({
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  bankAccountInformation: { ...BANK, ...bank },
});
