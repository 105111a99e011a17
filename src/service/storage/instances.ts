import { MIGRATIONS } from './migrations.js';
import type { Sql } from './sql.js';

/** How long a process may miss its heartbeat (one a second) before it counts as gone. */
export const LEASE_SECONDS = 10;

/** A running service process, as the others see it. */
export interface InstanceRow {
  id: string;
  pid: number;
  host: string;
  accountsVersion: number;
}

/**
 * The service_instances table: every running service process beats once a second, and says which
 * version of the accounts its cache reflects; account_changes counts changes to accounts. Together
 * they let the accounts command wait until every process has seen a change, and let a claim of a
 * process that is gone be taken over after `LEASE_SECONDS`.
 */
export function instanceStore(sql: Sql) {
  return {
    async register(id: string, pid: number, host: string): Promise<void> {
      await sql.query('INSERT INTO service_instances (id, pid, host, accounts_version) VALUES ($1, $2, $3, $4)', [
        id,
        pid,
        host,
        await this.accountsVersion(),
      ]);
    },
    /** Beats, recording the accounts version this process's cache reflects; returns the current one. */
    async beat(id: string, pid: number, host: string, seenAccountsVersion: number): Promise<number> {
      const [row] = await sql.query<{ version: string }>(
        `WITH beat AS (
           INSERT INTO service_instances (id, pid, host, accounts_version) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), accounts_version = $4)
         SELECT version FROM account_changes WHERE id = 1`,
        [id, pid, host, seenAccountsVersion],
      );
      return Number(row?.version ?? 0);
    },
    async remove(id: string): Promise<void> {
      await sql.query('DELETE FROM service_instances WHERE id = $1', [id]);
    },
    /** Forgets every other process: on the embedded database only one can run (the data directory's lock). */
    async removeOthers(id: string): Promise<void> {
      await sql.query('DELETE FROM service_instances WHERE id <> $1', [id]);
    },
    /** The processes recorded for `host`: a restart there forgets those whose pid no longer runs. */
    onHost: (host: string) =>
      sql.query<InstanceRow>(
        'SELECT id, pid, host, accounts_version::int AS "accountsVersion" FROM service_instances WHERE host = $1',
        [host],
      ),
    /** Forgets processes gone for longer than the lease. */
    async removeGone(): Promise<void> {
      await sql.query(
        `DELETE FROM service_instances WHERE heartbeat_at < now() - interval '${LEASE_SECONDS * 6} seconds'`,
      );
    },
    /** Live processes whose account cache is older than `version`. */
    async behind(version: number): Promise<InstanceRow[]> {
      return sql.query<InstanceRow>(
        `SELECT id, pid, host, accounts_version::int AS "accountsVersion" FROM service_instances
         WHERE accounts_version < $1 AND heartbeat_at > now() - interval '${LEASE_SECONDS} seconds'`,
        [version],
      );
    },
    async accountsVersion(): Promise<number> {
      const [row] = await sql.query<{ version: string }>('SELECT version FROM account_changes WHERE id = 1');
      return Number(row?.version ?? 0);
    },
    /** The database answers and has every migration this build knows. */
    async ready(): Promise<boolean> {
      const [row] = await sql.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM schema_migrations',
      );
      return row?.version === Math.max(...MIGRATIONS.map((migration) => migration.version));
    },
  };
}

export type InstanceStore = ReturnType<typeof instanceStore>;
