import type { FeeSchedules } from '../fees/schedule.js';
import type { Sql } from './sql.js';

export interface Account {
  id: number;
  name: string;
  /** A system acts for its linked clients through their impersonation keys (docs/api.md#impersonation). */
  kind: 'system' | 'client';
  apiKey: string;
  apiSecretHash: string;
  publicKey: string;
  impersonationKey: string | null;
  systemAccountId: number | null;
  feeSchedules: FeeSchedules;
  /** Browser origins allowed to use the public key; empty allows any. */
  allowedOrigins: string[];
}

export type NewAccount = Omit<Account, 'id'>;

const ACCOUNT_COLUMNS = `id, name, kind, api_key AS "apiKey", api_secret_hash AS "apiSecretHash", public_key AS "publicKey",
  impersonation_key AS "impersonationKey", system_account_id AS "systemAccountId", fee_schedules AS "feeSchedules",
  allowed_origins AS "allowedOrigins"`;

/** The accounts table: who may call the service, with which keys and fee schedules. */
export function accountStore(sql: Sql) {
  const accountBy = async (column: string, value: string): Promise<Account | null> =>
    (await sql.query<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE ${column} = $1`, [value]))[0] ?? null;

  return {
    findByApiKey: (apiKey: string) => accountBy('api_key', apiKey),
    findByPublicKey: (publicKey: string) => accountBy('public_key', publicKey),
    findByImpersonationKey: (key: string) => accountBy('impersonation_key', key),
    findByName: (name: string) => accountBy('name', name),
    list: () => sql.query<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY id`),
    async create(account: NewAccount): Promise<Account> {
      const [row] = await sql.query<Account>(
        `INSERT INTO accounts (name, kind, api_key, api_secret_hash, public_key, impersonation_key, system_account_id, fee_schedules, allowed_origins)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${ACCOUNT_COLUMNS}`,
        [
          account.name,
          account.kind,
          account.apiKey,
          account.apiSecretHash,
          account.publicKey,
          account.impersonationKey,
          account.systemAccountId,
          JSON.stringify(account.feeSchedules),
          account.allowedOrigins,
        ],
      );
      if (!row) throw new Error('INSERT … RETURNING returned no account row');
      return row;
    },
    async setSecretHash(id: number, apiSecretHash: string): Promise<void> {
      await sql.query('UPDATE accounts SET api_secret_hash = $2 WHERE id = $1', [id, apiSecretHash]);
    },
  };
}

export type AccountStore = ReturnType<typeof accountStore>;
