/**
 * `npm start`: the reference service on the embedded database with no set-up at all, or on
 * PostgreSQL with DATABASE_URL. The only file that listens.
 */
import cluster from 'node:cluster';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { buildApp, createLogger, processorNamed, webhookTargetsOf } from './app.js';
import { systemClock } from './clock/clock.js';
import { startScheduleRunner } from './schedules/schedule-runner.js';
import { createDeliveryRunner, type DeliveryRunner } from './delivery/runner.js';
import { webhookChannel } from './webhooks/webhook-channel.js';
import { createMailTransport } from './mail/transport.js';
import { mailChannel } from './mail/mail-channel.js';
import { createAccountCache } from './auth/account-cache.js';
import { runAccountsCommand, UsageError } from './ops/accounts-commands.js';
import { startAdminEndpoint } from './ops/admin.js';
import { startCluster } from './ops/cluster.js';
import { lockDataDir, makePrivate } from './ops/data-dir.js';
import { watchHandlers, watchRequests } from './ops/graceful-close.js';
import { startInstance } from './ops/instance.js';
import { startErrorMessage } from './ops/start-errors.js';
import { startSettlementClock } from './payments/cutoff.js';
import {
  addRiversideIfMissing,
  seedIfEmpty,
  type AccountCredentials,
  type SandboxCredentials,
} from './accounts/seed.js';
import { riversideEnv, sandboxEnv, withServiceAddress } from './sandbox/sandbox-env.js';
import { readableLogStream } from './ops/readable-log.js';
import type { DestinationStream } from 'pino';
import { ConfigError, loadConfig, type ServiceConfig } from './config/config.js';
import { migrate } from './storage/migrations.js';
import { openDatabase } from './storage/open.js';
import { createRepository, type Repository } from './storage/repository.js';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from './sandbox/test-data.js';
import { loadVaultKeys } from './vault/vault-key.js';
import { createVault, type Vault } from './vault/vault.js';
import { VERSION } from './config/version.js';

export interface RunningService {
  url: string;
  /** Credentials created by this start (a fresh database), else null. */
  seeded: SandboxCredentials | null;
  /** A sandbox database seeded before Riverside Utilities existed: its credentials, added by this start. */
  added?: AccountCredentials | null;
  close(): Promise<void>;
}

/**
 * Opens storage (the embedded database under its data directory's lock, made private), migrates,
 * seeds an empty database and listens. A cluster worker (`prepared`) leaves migrating and seeding
 * to its primary, and checking the port. Logs go to `logStream` (default: JSON on stdout).
 */
export async function startService(
  config: ServiceConfig,
  { prepared = false, logStream }: { prepared?: boolean; logStream?: DestinationStream } = {},
): Promise<RunningService> {
  const log = createLogger(config.logLevel, logStream);
  const embedded = !config.databaseUrl;
  const release = embedded ? lockDataDir(config.dataDir, 'the Paytoken service') : () => undefined;
  const stack: (() => Promise<void> | void)[] = [release];
  const unwind = async () => {
    for (const step of stack.splice(0).reverse()) await step();
  };
  /** Steps that start together at a signal (`close` below); the unwinding waits for each at its place. */
  const beside: (() => Promise<void>)[] = [];
  const startsAtOnce = (stop: () => Promise<void>) => {
    let stopping: Promise<void> | undefined;
    const step = () => (stopping ??= stop());
    beside.push(step);
    stack.push(step);
  };
  try {
    if (!prepared) await checkListen(config);
    const sql = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const repository = createRepository(sql);
    stack.push(() => repository.close());
    if (embedded) stack.push(() => makePrivate(config.dataDir));
    if (!prepared) await migrate(sql);
    const seeded = prepared ? null : await seedIfEmpty(repository);
    // Saved at once: a start failing after this point must not lose the secrets it will never show again.
    if (seeded) saveSandboxCredentials(config, seeded);
    const added = prepared || seeded ? null : await addRiversideIfMissing(repository);
    if (added) saveAddedCredentials(config, added);
    const vault = createVault(loadVaultKeys(config, (message) => log.warn(message)));
    const accountCache = createAccountCache();
    const instance = await startInstance(repository, accountCache, {
      soleProcess: embedded,
      warn: (message) => log.warn(message),
    });
    stack.push(() => instance.stop());
    const settlement = startSettlementClock(config.settlementCutoff, { repository, now: systemClock }, (message) =>
      log.warn(message),
    );
    stack.push(() => settlement.stop());
    const app = await buildApp({
      repository,
      vault,
      config,
      processorTimeoutMs: config.processorTimeoutMs,
      binTable: config.binTable,
      version: VERSION,
      accountCache,
      instance,
      sharedRateLimits: !embedded,
      ...(logStream && { logStream }),
    });
    // At a signal the port stops accepting at once, and the runners stop beside it. Handlers still
    // running after the grace (a sale waiting for the processor, up to three asks) finish before the
    // heartbeat stops (it keeps their idempotency claims theirs) and the database closes.
    const requests = watchRequests(app.server);
    const handlers = watchHandlers(app);
    const handlersLimitMs = 3 * config.processorTimeoutMs + 1_000;
    stack.push(async () => {
      if (!(await handlers.settled(handlersLimitMs)))
        log.warn(
          `Shutdown: requests were still being handled after ${handlersLimitMs} ms; closing the database anyway.`,
        );
    });
    startsAtOnce(() =>
      requests.close(
        () => app.close(),
        config.shutdownGraceMs,
        (message) => log.warn(message),
      ),
    );
    // Again after migrating and seeding, and at close: the embedded engine creates its files world-readable.
    if (embedded) makePrivate(config.dataDir);
    await app.listen({ port: config.port, host: config.host });
    // Every process runs the runner: each due payment is claimed in the database (docs/autopay.md#the-runner).
    const runner = startScheduleRunner(
      {
        repository,
        vault,
        binTable: config.binTable,
        processor: processorNamed(config.processor),
        ...(config.processorTimeoutMs !== undefined && { processorTimeoutMs: config.processorTimeoutMs }),
        now: systemClock,
        instance,
      },
      (message) => log.warn(message),
    );
    startsAtOnce(() => runner.stop());
    if (embedded) {
      const admin = await startAdminEndpoint(config.dataDir, (argv) =>
        accountsCommand(argv, repository, () => instance.sync()),
      );
      startsAtOnce(() => admin.close());
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const deliveries = startDeliveries(config, port, {
      repository,
      vault,
      owner: instance.id,
      warn: (m) => log.warn(m),
    });
    startsAtOnce(() => deliveries.stop());
    const url = config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    const close = async () => {
      for (const step of beside) step().catch(() => undefined);
      await unwind();
    };
    return { url, seeded, added, close };
  } catch (error) {
    await unwind();
    throw error;
  }
}

/**
 * The delivery runner of this process (delivery/runner.ts): webhooks, to the networks the
 * configuration allows and never to this service's own port, and e-mail receipts, through SMTP
 * (`SMTP_URL`) or into the local mailbox (docs/operating.md#e-mail-receipts).
 */
function startDeliveries(
  config: ServiceConfig,
  port: number,
  deps: { repository: Repository; vault: Vault; owner: string; warn: (message: string) => void },
): DeliveryRunner {
  const now = () => new Date();
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailboxDir: config.mailboxDir,
    from: config.mailFrom,
  });
  const runner = createDeliveryRunner({
    repository: deps.repository,
    channels: [
      webhookChannel({
        repository: deps.repository,
        vault: deps.vault,
        now,
        webhookTargets: webhookTargetsOf({ ...config, port }),
        version: VERSION,
      }),
      mailChannel({ repository: deps.repository, transport }),
    ],
    owner: deps.owner,
    now,
    warn: deps.warn,
  });
  runner.start();
  return {
    ...runner,
    async stop() {
      await runner.stop();
      await transport.close();
    },
  };
}

/**
 * Fails as listening on the configured host and port would (port taken or not allowed, HOST not an
 * address here), before the database is opened: a cold start of the embedded one takes seconds, and
 * a first start would seed it. Port 0 (any free port) cannot be taken.
 */
async function checkListen({ host, port }: Pick<ServiceConfig, 'host' | 'port'>): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

/** One accounts command run inside the service (its admin endpoint): what it printed, or why it failed. */
async function accountsCommand(argv: string[], repository: Repository, applied: () => Promise<void>) {
  const lines: string[] = [];
  try {
    await runAccountsCommand(argv, repository, (line) => lines.push(line), applied);
    return { lines };
  } catch (error) {
    return { lines, error: error instanceof UsageError ? error.message : `The command failed: ${String(error)}` };
  }
}

/** An account's credentials as the banner prints them, two lines. */
const accountLines = (account: AccountCredentials): string[] => [
  `  ${account.name.padEnd(19)} apiKey ${account.apiKey}  apiSecret ${account.apiSecret}`,
  `  ${''.padEnd(19)} publicKey ${account.publicKey}${account.impersonationKey ? `  impersonationKey ${account.impersonationKey}` : ''}`,
];

export function banner(service: RunningService, config: ServiceConfig): string {
  const lines = [
    `Paytoken service ${VERSION} on ${service.url}  (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}/pglite`})`,
    `  API description  ${service.url}/`,
    `  Hosted script    ${service.url}/scripts/paytoken.js   (integrity values: /scripts/manifest.json)`,
  ];
  if (service.seeded) {
    lines.push(
      '',
      'Sandbox accounts (secrets are shown once; also saved to ' +
        join(config.dataDir, 'sandbox-credentials.json') +
        ', mode 0600):',
    );
    const { system, springfield, shelby, riverside } = service.seeded;
    for (const account of [system, springfield, shelby, riverside]) lines.push(...accountLines(account));
    lines.push(`  For curl: . ${join(config.dataDir, 'sandbox.env')}   ($API_KEY, $API_SECRET: Springfield's own)`);
  } else if (service.added) {
    lines.push(
      '',
      `A sandbox account added to this database (its secret is shown once; also saved to ${join(config.dataDir, 'sandbox.env')}):`,
      ...accountLines(service.added),
    );
  } else {
    lines.push(
      '',
      `Accounts: npm run accounts -- list   (first-start credentials: ${join(config.dataDir, 'sandbox-credentials.json')})`,
    );
  }
  lines.push('', 'Test cards (any future expiry, any CVC of the right length):');
  for (const [number, result] of TEST_CARDS) lines.push(`  ${number.padEnd(22)} ${result}`);
  lines.push('Test bank accounts:');
  for (const [routing, account, result] of TEST_BANK_ACCOUNTS)
    lines.push(`  routing ${routing}, account ${account}: ${result}`);
  return lines.join('\n');
}

/**
 * Configuration from the environment (exiting with its problems listed when it is bad), the service
 * started, and its banner printed: what `npm start` and the demo's start share.
 */
export async function startFromEnvironment(): Promise<{ service: RunningService; config: ServiceConfig }> {
  let config: ServiceConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  let service: RunningService;
  try {
    service =
      config.processes > 1
        ? await startCluster(config, new URL(import.meta.url).pathname, async () => {
            await checkListen(config);
            return prepareDatabase(config);
          })
        : // A person reads `npm start`: one short line per request. Production keeps JSON for log collectors.
          await startService(config, {
            ...(process.env.NODE_ENV !== 'production' && { logStream: readableLogStream() }),
          });
  } catch (error) {
    // Unwound already (startService closes what it opened; startCluster stops its processes).
    const message = startErrorMessage(error, config);
    if (message === null) throw error;
    console.error(message);
    process.exit(1);
  }
  rememberAddress(config, service.url);
  console.log(banner(service, config));
  if (config.processes > 1) console.log(`\n${config.processes} service processes share the port.`);
  return { service, config };
}

/**
 * A cluster's service process. A start failing for the operator's reason goes to the primary, which
 * prints it once for all of them.
 */
async function startWorker(): Promise<RunningService> {
  const config = loadConfig();
  try {
    return await startService(config, { prepared: true });
  } catch (error) {
    const message = startErrorMessage(error, config);
    if (message === null) throw error;
    process.send?.({ startError: message }, () => process.exit(1));
    return new Promise(() => undefined); // exits once the primary has the message
  }
}

/** What a cluster's primary does once before its workers start: migrate and seed. */
async function prepareDatabase(config: ServiceConfig): Promise<SandboxCredentials | null> {
  const sql = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(sql);
    const repository = createRepository(sql);
    const seeded = await seedIfEmpty(repository);
    if (seeded) saveSandboxCredentials(config, seeded);
    const added = seeded ? null : await addRiversideIfMissing(repository);
    if (added) saveAddedCredentials(config, added);
    return seeded;
  } finally {
    await sql.close();
  }
}

function saveSandboxCredentials(config: ServiceConfig, seeded: SandboxCredentials): void {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(config.dataDir, 'sandbox-credentials.json'), `${JSON.stringify(seeded, null, 2)}\n`, {
    mode: 0o600,
  });
  writeFileSync(join(config.dataDir, 'sandbox.env'), sandboxEnv(seeded), { mode: 0o600 });
}

/**
 * An account added to a sandbox seeded before it existed: its lines appended to sandbox.env (when
 * there is one) and its credentials to sandbox-credentials.json, never rewriting the others.
 */
function saveAddedCredentials(config: ServiceConfig, added: AccountCredentials): void {
  const env = join(config.dataDir, 'sandbox.env');
  if (existsSync(env)) writeFileSync(env, `${readFileSync(env, 'utf8')}${riversideEnv(added)}\n`, { mode: 0o600 });
  const saved = join(config.dataDir, 'sandbox-credentials.json');
  if (existsSync(saved)) {
    const credentials = JSON.parse(readFileSync(saved, 'utf8')) as Record<string, unknown>;
    writeFileSync(saved, `${JSON.stringify({ ...credentials, riverside: added }, null, 2)}\n`, { mode: 0o600 });
  }
}

/** `$PAYTOKEN` in the data directory's sandbox.env (when there is one) names the address just started. */
function rememberAddress(config: ServiceConfig, url: string): void {
  const file = join(config.dataDir, 'sandbox.env');
  if (!existsSync(file)) return;
  writeFileSync(file, withServiceAddress(readFileSync(file, 'utf8'), url), { mode: 0o600 });
}

/**
 * Closes the service on SIGTERM or SIGINT and exits 0 (1 if closing failed). Listening from the
 * moment it is called: a signal during start closes the service once it has started.
 */
export function closeOnSignals(service: Promise<{ close(): Promise<void> }>): void {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    service
      .then((started) => started.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  closeOnSignals(cluster.isWorker ? startWorker() : startFromEnvironment().then(({ service }) => service));
}
