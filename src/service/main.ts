/**
 * `npm start`: the reference service on the embedded database with no set-up at all, or on
 * PostgreSQL with DATABASE_URL. The only file that listens.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, createLogger } from './app.js';
import { seedIfEmpty, type SandboxCredentials } from './accounts.js';
import { sandboxEnv } from './sandbox-env.js';
import { readableLogStream } from './readable-log.js';
import type { DestinationStream } from 'pino';
import { ConfigError, loadConfig, type ServiceConfig } from './config.js';
import { migrate } from './storage/migrations.js';
import { openDatabase } from './storage/open.js';
import { createRepository } from './storage/repository.js';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from './test-data.js';
import { loadVaultKeys } from './vault-key.js';
import { createVault } from './vault.js';
import { VERSION } from './version.js';

export interface RunningService {
  url: string;
  /** Credentials created by this start (a fresh database), else null. */
  seeded: SandboxCredentials | null;
  close(): Promise<void>;
}

/** Opens storage, migrates, seeds an empty database and listens; logs go to `logStream` (default: JSON on stdout). */
export async function startService(config: ServiceConfig, logStream?: DestinationStream): Promise<RunningService> {
  const log = createLogger(config.logLevel, logStream);
  const sql = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(sql);
  const repository = createRepository(sql);
  const seeded = await seedIfEmpty(repository);
  const vault = createVault(loadVaultKeys(config, (message) => log.warn(message)));
  const app = await buildApp({ repository, vault, config, version: VERSION, ...(logStream && { logStream }) });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  if (seeded) {
    const file = join(config.dataDir, 'sandbox-credentials.json');
    writeFileSync(file, `${JSON.stringify(seeded, null, 2)}\n`, { mode: 0o600 });
    writeFileSync(join(config.dataDir, 'sandbox.env'), sandboxEnv(seeded), { mode: 0o600 });
  }
  return {
    url,
    seeded,
    async close() {
      await app.close();
      await repository.close();
    },
  };
}

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
    const { system, springfield, shelby } = service.seeded;
    for (const account of [system, springfield, shelby]) {
      lines.push(`  ${account.name.padEnd(15)} apiKey ${account.apiKey}  apiSecret ${account.apiSecret}`);
      lines.push(
        `  ${''.padEnd(15)} publicKey ${account.publicKey}${account.impersonationKey ? `  impersonationKey ${account.impersonationKey}` : ''}`,
      );
    }
    lines.push(`  For curl: . ${join(config.dataDir, 'sandbox.env')}   ($API_KEY, $API_SECRET: Springfield's own)`);
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
  // A person reads `npm start`: one short line per request. Production keeps JSON for log collectors.
  const service = await startService(config, process.env.NODE_ENV === 'production' ? undefined : readableLogStream());
  console.log(banner(service, config));
  return { service, config };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { service } = await startFromEnvironment();
  const stop = () => void service.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
