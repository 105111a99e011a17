import type { FeeSchedules } from '../fees/schedule.js';
import type { FeeProgram } from '../fees/program.js';
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
  /** A disabled account's credentials are refused as if unknown; `npm run accounts -- enable` restores them. */
  disabled: boolean;
  /**
   * A sale repeating an approved one (same payment method and amount) within this many minutes is
   * declined as a duplicate; 0 turns it off (docs/api.md#duplicate-protection).
   */
  duplicateWindowMinutes: number;
  /** The rules its payer fees follow (docs/fees.md#fee-programs). */
  feeProgram: FeeProgram;
  /** Whether a sale without payerFee gets the deprecated calculated fee (docs/fees.md#mode-c); off for new accounts. */
  modeCAllowed: boolean;
  /** The IANA time zone its schedules' due dates are days of (docs/autopay.md#due-dates). */
  timeZone: string;
}

export type NewAccount = Omit<
  Account,
  'id' | 'disabled' | 'duplicateWindowMinutes' | 'feeProgram' | 'modeCAllowed' | 'timeZone'
> &
  Partial<Pick<Account, 'feeProgram' | 'modeCAllowed'>>;

const ACCOUNT_COLUMNS = `id, name, kind, api_key AS "apiKey", api_secret_hash AS "apiSecretHash", public_key AS "publicKey",
  impersonation_key AS "impersonationKey", system_account_id AS "systemAccountId", fee_schedules AS "feeSchedules",
  allowed_origins AS "allowedOrigins", disabled_at IS NOT NULL AS disabled,
  duplicate_window_minutes AS "duplicateWindowMinutes", fee_program AS "feeProgram", mode_c_allowed AS "modeCAllowed",
  time_zone AS "timeZone"`;

/** Every change to accounts counts one in account_changes, in the same statement, so caches can follow. */
const COUNT_CHANGE = 'changed AS (UPDATE account_changes SET version = version + 1 WHERE id = 1)';

/** The accounts table: who may call the service, with which keys and fee schedules. */
export function accountStore(sql: Sql) {
  const accountBy = async (column: string, value: string, enabledOnly = true): Promise<Account | null> =>
    (
      await sql.query<Account>(
        `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE ${column} = $1${enabledOnly ? ' AND disabled_at IS NULL' : ''}`,
        [value],
      )
    )[0] ?? null;
  const change = async (id: number, set: string, value: unknown): Promise<boolean> =>
    (await sql.query(`WITH ${COUNT_CHANGE} UPDATE accounts SET ${set} WHERE id = $1 RETURNING id`, [id, value]))
      .length === 1;

  return {
    /** By a credential: only enabled accounts, so a disabled one's credentials are unknown. */
    findByApiKey: (apiKey: string) => accountBy('api_key', apiKey),
    findByPublicKey: (publicKey: string) => accountBy('public_key', publicKey),
    findByImpersonationKey: (key: string) => accountBy('impersonation_key', key),
    /** By id, enabled only (a schedule's runner acts for its account). */
    findById: (id: number) => accountBy('id', String(id)),
    /** An account's name by id, disabled or not (a receipt names the agency paid). */
    nameOf: async (id: number): Promise<string | null> => (await accountBy('id', String(id), false))?.name ?? null,
    /** By name, disabled or not (the accounts command). */
    findByName: (name: string) => accountBy('name', name, false),
    list: () => sql.query<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY id`),
    async create(account: NewAccount): Promise<Account> {
      const [row] = await sql.query<Account>(
        `WITH ${COUNT_CHANGE} INSERT INTO accounts (name, kind, api_key, api_secret_hash, public_key, impersonation_key, system_account_id, fee_schedules, allowed_origins, fee_program, mode_c_allowed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${ACCOUNT_COLUMNS}`,
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
          JSON.stringify(account.feeProgram ?? { name: 'none' }),
          account.modeCAllowed ?? false,
        ],
      );
      if (!row) throw new Error('INSERT … RETURNING returned no account row');
      return row;
    },
    setSecretHash: (id: number, apiSecretHash: string) => change(id, 'api_secret_hash = $2', apiSecretHash),
    setDisabled: (id: number, disabled: boolean) =>
      change(id, 'disabled_at = CASE WHEN $2::boolean THEN coalesce(disabled_at, now()) END', disabled),
    setAllowedOrigins: (id: number, origins: string[]) => change(id, 'allowed_origins = $2', origins),
    setDuplicateWindow: (id: number, minutes: number) => change(id, 'duplicate_window_minutes = $2', minutes),
    setTimeZone: (id: number, timeZone: string) => change(id, 'time_zone = $2', timeZone),
    setFeeSchedules: (id: number, feeSchedules: FeeSchedules) =>
      change(id, 'fee_schedules = $2', JSON.stringify(feeSchedules)),
    setFeeProgram: (id: number, feeProgram: FeeProgram) => change(id, 'fee_program = $2', JSON.stringify(feeProgram)),
    setModeCAllowed: (id: number, allowed: boolean) => change(id, 'mode_c_allowed = $2', allowed),
  };
}

export type AccountStore = ReturnType<typeof accountStore>;
