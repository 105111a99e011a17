import { SHELBY_FEES, SPRINGFIELD_FEES, type FeeSchedules } from '../fees/schedule.js';
import { hashSecret, newCredentials } from '../auth/credentials.js';
import type { Account, Repository } from '../storage/repository.js';

export interface NewAccountInput {
  name: string;
  kind: Account['kind'];
  /** The system account a client is linked to. */
  systemAccountId?: number | null;
  feeSchedules?: FeeSchedules;
  allowedOrigins?: string[];
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
}

/**
 * On an empty database: the accounts of docs/fees.md#worked-examples ("Springfield", "Shelby") and a system account
 * linked to both. Returns their credentials, or null when accounts already exist.
 */
export async function seedIfEmpty(repository: Repository): Promise<SandboxCredentials | null> {
  return repository.transaction(async (inTransaction) => {
    if ((await inTransaction.accounts.list()).length) return null;
    const system = await createAccount(inTransaction, {
      name: 'Sandbox System',
      kind: 'system',
      feeSchedules: SPRINGFIELD_FEES,
    });
    const linked = { kind: 'client' as const, systemAccountId: system.account.id };
    const springfield = await createAccount(inTransaction, {
      ...linked,
      name: 'Springfield',
      feeSchedules: SPRINGFIELD_FEES,
    });
    const shelby = await createAccount(inTransaction, { ...linked, name: 'Shelby', feeSchedules: SHELBY_FEES });
    return { system: system.credentials, springfield: springfield.credentials, shelby: shelby.credentials };
  });
}
