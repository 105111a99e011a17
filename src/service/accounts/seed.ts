import { RIVERSIDE_FEES, SHELBY_FEES, SPRINGFIELD_FEES, type FeeSchedules } from '../fees/schedule.js';
import { hashSecret, newCredentials } from '../auth/credentials.js';
import type { Account, Repository } from '../storage/repository.js';
import { NO_PROGRAM, RIVERSIDE_PROGRAM, type FeeProgram } from '../fees/program.js';

export interface NewAccountInput {
  name: string;
  kind: Account['kind'];
  /** The system account a client is linked to. */
  systemAccountId?: number | null;
  feeSchedules?: FeeSchedules;
  allowedOrigins?: string[];
  /** The account's fee program (docs/fees.md#fee-programs); none unless given. */
  feeProgram?: FeeProgram;
  /** The deprecated Mode C: off for every account created from now on, unless given. */
  modeCAllowed?: boolean;
}

/** An account with its secret, which exists in clear only here: it is shown once and stored hashed. */
export interface AccountCredentials {
  name: string;
  kind: Account['kind'];
  apiKey: string;
  apiSecret: string;
  publicKey: string;
  impersonationKey: string | null;
}

export async function createAccount(
  repository: Repository,
  input: NewAccountInput,
): Promise<{ account: Account; credentials: AccountCredentials }> {
  const keys = newCredentials();
  const account = await repository.accounts.create({
    name: input.name,
    kind: input.kind,
    apiKey: keys.apiKey,
    apiSecretHash: hashSecret(keys.apiSecret),
    publicKey: keys.publicKey,
    impersonationKey: input.kind === 'client' ? keys.impersonationKey : null,
    systemAccountId: input.systemAccountId ?? null,
    feeSchedules: input.feeSchedules ?? SPRINGFIELD_FEES,
    allowedOrigins: input.allowedOrigins ?? [],
    feeProgram: input.feeProgram ?? NO_PROGRAM,
    modeCAllowed: input.modeCAllowed ?? false,
  });
  const { name, kind, apiKey, publicKey, impersonationKey } = account;
  return { account, credentials: { name, kind, apiKey, apiSecret: keys.apiSecret, publicKey, impersonationKey } };
}

/** A new secret for an account; the old one stops working at once. */
export async function rotateSecret(repository: Repository, account: Account): Promise<string> {
  const { apiSecret } = newCredentials();
  await repository.accounts.setSecretHash(account.id, hashSecret(apiSecret));
  return apiSecret;
}

export interface SandboxCredentials {
  system: AccountCredentials;
  springfield: AccountCredentials;
  shelby: AccountCredentials;
  riverside: AccountCredentials;
}

/** The sandbox's system account, which collects for the sandbox's clients. */
export const SANDBOX_SYSTEM = 'Sandbox System';
/** The sandbox's client under a surcharge program (docs/fees.md#worked-examples-of-the-programs). */
export const RIVERSIDE = 'Riverside Utilities';

/** Riverside Utilities, linked to the sandbox's system account; Mode C off, as for every new account. */
const createRiverside = (repository: Repository, systemAccountId: number) =>
  createAccount(repository, {
    name: RIVERSIDE,
    kind: 'client',
    systemAccountId,
    feeSchedules: RIVERSIDE_FEES,
    feeProgram: RIVERSIDE_PROGRAM,
  });

/**
 * On an empty database: the accounts of docs/fees.md#worked-examples ("Springfield", "Shelby", "Riverside
 * Utilities") and a system account linked to them. Returns their credentials, or null when accounts already exist.
 */
export async function seedIfEmpty(repository: Repository): Promise<SandboxCredentials | null> {
  return repository.transaction(async (inTransaction) => {
    if ((await inTransaction.accounts.list()).length) return null;
    const system = await createAccount(inTransaction, {
      name: SANDBOX_SYSTEM,
      kind: 'system',
      feeSchedules: SPRINGFIELD_FEES,
      modeCAllowed: true,
    });
    // Springfield and Shelby keep the calculated fee (Mode C) as before (docs/fees.md#mode-c).
    const linked = { kind: 'client' as const, systemAccountId: system.account.id, modeCAllowed: true };
    const springfield = await createAccount(inTransaction, {
      ...linked,
      name: 'Springfield',
      feeSchedules: SPRINGFIELD_FEES,
    });
    const shelby = await createAccount(inTransaction, { ...linked, name: 'Shelby', feeSchedules: SHELBY_FEES });
    const riverside = await createRiverside(inTransaction, system.account.id);
    return {
      system: system.credentials,
      springfield: springfield.credentials,
      shelby: shelby.credentials,
      riverside: riverside.credentials,
    };
  });
}

/**
 * A sandbox database seeded before Riverside Utilities existed gains it, linked to its Sandbox System;
 * no other account is touched. Its credentials, or null when there is nothing to add (no Sandbox
 * System: not a sandbox database; or Riverside is there already).
 */
export async function addRiversideIfMissing(repository: Repository): Promise<AccountCredentials | null> {
  return repository.transaction(async (inTransaction) => {
    const system = await inTransaction.accounts.findByName(SANDBOX_SYSTEM);
    if (!system || system.kind !== 'system' || (await inTransaction.accounts.findByName(RIVERSIDE))) return null;
    return (await createRiverside(inTransaction, system.id)).credentials;
  });
}
