/**
 * `npm run accounts -- <command>`: manage accounts on the configured database.
 *
 *   list                                   every account with its keys (never a secret)
 *   create --name N [--system NAME] [--origins https://a,https://b] [--card-percent 3.25] [--card-fixed 0]
 *          [--ach-percent 0] [--ach-fixed 3.00]
 *                                          a client (linked to --system) or a system account; the secret is shown once
 *   rotate-secret NAME                     a new secret; the old one stops working at once
 */
import { parseArgs } from 'node:util';
import { createAccount, rotateSecret } from './accounts.js';
import { ConfigError, loadConfig } from './config.js';
import type { FeeSchedule, FeeSchedules } from './fees/schedule.js';
import { parseAmount } from '../shared/money.js';
import { migrate } from './storage/migrations.js';
import { openDatabase } from './storage/open.js';
import { createRepository, type Repository } from './storage/repository.js';

class UsageError extends Error {}

/** "3.25" (percent) → 32_500 millionths, exactly. */
function percentOf(text: string, flag: string): number {
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.cents > 10_000)
    throw new UsageError(`${flag} must be a percentage from 0 to 100 with at most 2 decimals.`);
  return parsed.cents * 100;
}

function centsOf(text: string, flag: string): number {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new UsageError(`${flag} must be an amount such as 0.30.`);
  return parsed.cents;
}

async function run(argv: string[], repository: Repository, print: (line: string) => void): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'list') {
    for (const account of await repository.accounts.list()) {
      const system = account.systemAccountId ? ` linked to #${account.systemAccountId}` : '';
      print(
        `#${account.id} ${account.name} (${account.kind}${system})  apiKey ${account.apiKey}  publicKey ${account.publicKey}` +
          `${account.impersonationKey ? `  impersonationKey ${account.impersonationKey}` : ''}${account.allowedOrigins.length ? `  origins ${account.allowedOrigins.join(',')}` : ''}`,
      );
    }
    return;
  }
  if (command === 'create') {
    const { values } = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        system: { type: 'string' },
        origins: { type: 'string' },
        'card-percent': { type: 'string', default: '3.25' },
        'card-fixed': { type: 'string', default: '0' },
        'ach-percent': { type: 'string', default: '0' },
        'ach-fixed': { type: 'string', default: '3.00' },
      },
    });
    if (!values.name) throw new UsageError('create needs --name.');
    const system = values.system ? await repository.accounts.findByName(values.system) : null;
    if (values.system && system?.kind !== 'system')
      throw new UsageError(`There is no system account named "${values.system}".`);
    const fee = (percent: string, fixed: string, prefix: string): FeeSchedule => ({
      percent: percentOf(percent, `--${prefix}-percent`),
      fixed: centsOf(fixed, `--${prefix}-fixed`),
    });
    const card = fee(values['card-percent'], values['card-fixed'], 'card');
    const ach = fee(values['ach-percent'], values['ach-fixed'], 'ach');
    const feeSchedules: FeeSchedules = { creditCard: { base: card, payer: card }, ach: { base: ach, payer: ach } };
    const origins = values.origins
      ? values.origins
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : [];
    const { credentials } = await createAccount(repository, {
      name: values.name,
      kind: system ? 'client' : 'system',
      systemAccountId: system?.id ?? null,
      feeSchedules,
      allowedOrigins: origins,
    });
    print(`Created ${credentials.kind} account "${credentials.name}". The secret is shown only now:`);
    print(JSON.stringify(credentials, null, 2));
    return;
  }
  if (command === 'rotate-secret') {
    const account = rest[0] ? await repository.accounts.findByName(rest[0]) : null;
    if (!account)
      throw new UsageError(`rotate-secret needs the name of an account${rest[0] ? `; "${rest[0]}" is not one` : ''}.`);
    print(
      `New secret for "${account.name}" (shown only now; the old one no longer works): ${await rotateSecret(repository, account)}`,
    );
    return;
  }
  throw new UsageError(
    'Commands: list | create --name N [--system NAME] [--origins …] [--card-percent …] | rotate-secret NAME',
  );
}

try {
  const config = loadConfig();
  const sql = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(sql);
  const repository = createRepository(sql);
  try {
    await run(process.argv.slice(2), repository, (line) => console.log(line));
  } finally {
    await repository.close();
  }
} catch (error) {
  console.error(error instanceof UsageError || error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
