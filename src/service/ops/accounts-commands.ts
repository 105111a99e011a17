import { parseArgs } from 'node:util';
import { createAccount, rotateSecret } from '../accounts/seed.js';
import type { FeeSchedule, FeeSchedules } from '../fees/schedule.js';
import {
  FEE_REFUND_CHOICES,
  programProblems,
  type FeeProgram,
  type FeeRefundChoice,
  type ProgramSchedules,
} from '../fees/program.js';
import { FEE_PROGRAMS, type FeeProgramName } from '../../shared/wire.js';
import { parseAmount } from '../../shared/money.js';
import type { Account, Repository } from '../storage/repository.js';

/** A command the operator got wrong: its message is all they need. */
export class UsageError extends Error {}

export const USAGE = [
  'Commands:',
  '  list                                   every account with its keys and status (never a secret)',
  '  create --name N [--system NAME] [--origins https://a,https://b] [--card-percent 3.25] [--card-fixed 0]',
  '         [--ach-percent 0] [--ach-fixed 3.00]   a client (linked to --system) or a system account',
  '  rotate-secret NAME                     a new secret; the old one stops working',
  '  disable NAME | enable NAME             refuse or accept again every credential of the account',
  '  set-origins NAME https://a,https://b   the browser origins allowed to use its public key ("" allows any)',
  '  set-fees NAME [--card-percent …] [--card-fixed …] [--ach-percent …] [--ach-fixed …]',
  '  set-duplicate-window NAME MINUTES      a sale repeating an approved one (same method, amount) within it is declined; 0 = off',
  '  set-fee-program NAME none|surcharge|convenienceFee|serviceFee [--credit-percent 3] [--credit-fixed 0]',
  '         [--debit-… --prepaid-… --ach-…] [--flat 2.50] [--banned-states CT,MA,ME,PR] [--surcharge-unknown]',
  '         [--separate-fee-transaction [--fee-on-refund proportional|full|keep]]',
  '                                         the rules its payer fees follow (docs/fees.md#fee-programs)',
  '  set-mode-c NAME on|off                 whether a sale without payerFee gets the deprecated calculated fee',
].join('\n');

const SCHEDULE_NAMES = ['credit', 'debit', 'prepaid', 'ach'] as const;
const PROGRAM_OPTIONS = {
  ...Object.fromEntries(
    SCHEDULE_NAMES.flatMap((name) => [
      [`${name}-percent`, { type: 'string' }],
      [`${name}-fixed`, { type: 'string' }],
    ]),
  ),
  flat: { type: 'string' },
  'banned-states': { type: 'string' },
  'surcharge-unknown': { type: 'boolean' },
  'separate-fee-transaction': { type: 'boolean' },
  'fee-on-refund': { type: 'string' },
} as const;

/** A fee program from `set-fee-program`'s arguments, checked against the account's schedules. */
function programFrom(name: string | undefined, args: string[], account: Account): FeeProgram {
  if (!FEE_PROGRAMS.includes(name as FeeProgramName))
    throw new UsageError(`set-fee-program needs a program: ${FEE_PROGRAMS.join(', ')}.`);
  const { values } = parseArgs({ args, options: PROGRAM_OPTIONS });
  const text = values as Record<string, string | boolean | undefined>;
  const schedules: ProgramSchedules = {};
  for (const schedule of SCHEDULE_NAMES) {
    const percent = text[`${schedule}-percent`];
    const fixed = text[`${schedule}-fixed`];
    if (typeof percent === 'string' || typeof fixed === 'string')
      schedules[schedule] = {
        percent: typeof percent === 'string' ? percentOf(percent, `--${schedule}-percent`) : 0,
        fixed: typeof fixed === 'string' ? centsOf(fixed, `--${schedule}-fixed`) : 0,
      };
  }
  const program: FeeProgram = {
    name: name as FeeProgramName,
    ...(Object.keys(schedules).length && { schedules }),
    ...(typeof text.flat === 'string' && { flatFee: centsOf(text.flat, '--flat') }),
    ...(typeof text['banned-states'] === 'string' && {
      bannedStates: text['banned-states']
        .split(',')
        .map((state) => state.trim().toUpperCase())
        .filter(Boolean),
    }),
    ...(text['surcharge-unknown'] === true && { surchargeUnknownFunding: true }),
    ...(text['separate-fee-transaction'] === true && { separateFeeTransaction: true }),
    ...(typeof text['fee-on-refund'] === 'string' && { feeOnRefund: feeRefundChoiceOf(text['fee-on-refund']) }),
  };
  const problems = programProblems(account.feeSchedules, program);
  if (problems.length) throw new UsageError(problems.join(' '));
  return program;
}

/** `--fee-on-refund`'s value, one of FEE_REFUND_CHOICES. */
function feeRefundChoiceOf(text: string): FeeRefundChoice {
  const choice = FEE_REFUND_CHOICES.find((known) => known === text);
  if (!choice) throw new UsageError(`--fee-on-refund must be ${FEE_REFUND_CHOICES.join(', ')}, not "${text}".`);
  return choice;
}

/** How long the command waits for every running service process to apply a change. */
const SETTLE_TIMEOUT_MS = 10_000;

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

const FEE_OPTIONS = {
  'card-percent': { type: 'string' },
  'card-fixed': { type: 'string' },
  'ach-percent': { type: 'string' },
  'ach-fixed': { type: 'string' },
} as const;

/** Fee flags over `current` (same base and payer schedule per method, as docs/fees.md's examples). */
function feesFrom(values: Partial<Record<keyof typeof FEE_OPTIONS, string>>, current: FeeSchedules): FeeSchedules {
  const method = (prefix: 'card' | 'ach', now: FeeSchedule): FeeSchedule => {
    const percent = values[`${prefix}-percent`];
    const fixed = values[`${prefix}-fixed`];
    return {
      percent: percent ? percentOf(percent, `--${prefix}-percent`) : now.percent,
      fixed: fixed ? centsOf(fixed, `--${prefix}-fixed`) : now.fixed,
    };
  };
  const card = method('card', current.creditCard.base);
  const ach = method('ach', current.ach.base);
  return { creditCard: { base: card, payer: card }, ach: { base: ach, payer: ach } };
}

const originsOf = (text: string | undefined): string[] => {
  const origins = (text ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (!parsed || parsed.origin !== origin)
      throw new UsageError(`"${origin}" is not an origin such as https://shop.example (scheme, host, optional port).`);
  }
  return origins;
};

const describe = (account: Account): string => {
  const system = account.systemAccountId ? ` linked to #${account.systemAccountId}` : '';
  return (
    `#${account.id} ${account.name} (${account.kind}${system}${account.disabled ? ', DISABLED' : ''})  apiKey ${account.apiKey}  publicKey ${account.publicKey}` +
    `${account.impersonationKey ? `  impersonationKey ${account.impersonationKey}` : ''}${account.allowedOrigins.length ? `  origins ${account.allowedOrigins.join(',')}` : ''}` +
    `  duplicateWindow ${account.duplicateWindowMinutes}m  feeProgram ${account.feeProgram.name}  modeC ${account.modeCAllowed ? 'on' : 'off'}`
  );
};

/**
 * Runs one accounts command on `repository` and prints its result. A change is reported done only
 * once every running service process has applied it (`settle`).
 */
export async function runAccountsCommand(
  argv: string[],
  repository: Repository,
  print: (line: string) => void,
  settle: () => Promise<void> = () => waitForServices(repository, print),
): Promise<void> {
  const [command, ...rest] = argv;
  const named = async (verb: string): Promise<Account> => {
    const account = rest[0] ? await repository.accounts.findByName(rest[0]) : null;
    if (!account)
      throw new UsageError(`${verb} needs the name of an account${rest[0] ? `; "${rest[0]}" is not one` : ''}.`);
    return account;
  };
  if (command === 'list') {
    for (const account of await repository.accounts.list()) print(describe(account));
    return;
  }
  if (command === 'create') {
    const { values } = parseArgs({
      args: rest,
      options: { name: { type: 'string' }, system: { type: 'string' }, origins: { type: 'string' }, ...FEE_OPTIONS },
    });
    if (!values.name) throw new UsageError('create needs --name.');
    if (await repository.accounts.findByName(values.name))
      throw new UsageError(`There is already an account named "${values.name}".`);
    const system = values.system ? await repository.accounts.findByName(values.system) : null;
    if (values.system && system?.kind !== 'system')
      throw new UsageError(`There is no system account named "${values.system}".`);
    const feeSchedules = feesFrom(values, {
      creditCard: { base: { percent: 32_500, fixed: 0 }, payer: { percent: 32_500, fixed: 0 } },
      ach: { base: { percent: 0, fixed: 300 }, payer: { percent: 0, fixed: 300 } },
    });
    const { credentials } = await createAccount(repository, {
      name: values.name,
      kind: system ? 'client' : 'system',
      systemAccountId: system?.id ?? null,
      feeSchedules,
      allowedOrigins: originsOf(values.origins),
    });
    await settle();
    print(`Created ${credentials.kind} account "${credentials.name}". The secret is shown only now:`);
    print(JSON.stringify(credentials, null, 2));
    return;
  }
  if (command === 'rotate-secret') {
    const account = await named('rotate-secret');
    const secret = await rotateSecret(repository, account);
    await settle();
    print(`New secret for "${account.name}" (shown only now; the old one no longer works): ${secret}`);
    return;
  }
  if (command === 'disable' || command === 'enable') {
    const account = await named(command);
    await repository.accounts.setDisabled(account.id, command === 'disable');
    await settle();
    print(
      command === 'disable'
        ? `Disabled "${account.name}": its keys, secret and impersonation key are refused.`
        : `Enabled "${account.name}" again.`,
    );
    return;
  }
  if (command === 'set-origins') {
    const account = await named('set-origins');
    if (rest[1] === undefined)
      throw new UsageError('set-origins needs the origins, e.g. https://shop.example ("" for any).');
    const origins = originsOf(rest[1]);
    await repository.accounts.setAllowedOrigins(account.id, origins);
    await settle();
    print(`Origins of "${account.name}": ${origins.length ? origins.join(', ') : 'any'}.`);
    return;
  }
  if (command === 'set-duplicate-window') {
    const account = await named('set-duplicate-window');
    const minutes = rest[1] ?? '';
    if (!/^\d{1,4}$/.test(minutes) || Number(minutes) > 1440)
      throw new UsageError('set-duplicate-window needs the minutes, a whole number from 0 (off) to 1440 (a day).');
    await repository.accounts.setDuplicateWindow(account.id, Number(minutes));
    await settle();
    print(
      Number(minutes)
        ? `Duplicate window of "${account.name}": ${Number(minutes)} minutes.`
        : `Duplicate protection of "${account.name}" is off.`,
    );
    return;
  }
  if (command === 'set-fees') {
    const account = await named('set-fees');
    const { values } = parseArgs({ args: rest.slice(1), options: FEE_OPTIONS });
    if (!Object.values(values).some(Boolean)) throw new UsageError('set-fees needs at least one fee flag.');
    const fees = feesFrom(values, account.feeSchedules);
    await repository.accounts.setFeeSchedules(account.id, fees);
    await settle();
    print(`Fees of "${account.name}": ${JSON.stringify(fees)}.`);
    return;
  }
  if (command === 'set-fee-program') {
    const account = await named('set-fee-program');
    const program = programFrom(rest[1], rest.slice(2), account);
    await repository.accounts.setFeeProgram(account.id, program);
    await settle();
    print(`Fee program of "${account.name}": ${JSON.stringify(program)}.`);
    return;
  }
  if (command === 'set-mode-c') {
    const account = await named('set-mode-c');
    if (rest[1] !== 'on' && rest[1] !== 'off') throw new UsageError('set-mode-c needs on or off.');
    await repository.accounts.setModeCAllowed(account.id, rest[1] === 'on');
    await settle();
    print(`Mode C (the deprecated calculated fee) of "${account.name}" is ${rest[1]}.`);
    return;
  }
  throw new UsageError(USAGE);
}

/**
 * Waits until every running service process (a heartbeat in the last seconds) has cleared its
 * account cache since the last change; prints who did not within the timeout.
 */
export async function waitForServices(
  repository: Repository,
  print: (line: string) => void,
  timeoutMs = SETTLE_TIMEOUT_MS,
): Promise<void> {
  const version = await repository.instances.accountsVersion();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const behind = await repository.instances.behind(version);
    if (!behind.length) return;
    if (Date.now() > deadline) {
      print(
        `Warning: ${behind.length} service process(es) did not confirm the change within ${timeoutMs / 1000} s ` +
          `(${behind.map((row) => `pid ${row.pid} on ${row.host}`).join(', ')}); their cached credentials expire within 5 s.`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
