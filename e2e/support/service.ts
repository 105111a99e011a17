/**
 * The reference service as a black box: its own process (as `npm start` runs it), a fresh data
 * directory, a free port; the sandbox credentials come from the file it writes on first start.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callAdmin } from '../../src/service/ops/admin.js';
import { startServiceProcess as startProcess } from '../../src/service/testing/processes.js';

export interface Account {
  name: string;
  apiKey: string;
  apiSecret: string;
  publicKey: string;
  impersonationKey: string | null;
}

export interface ServiceProcess {
  url: string;
  accounts: { system: Account; springfield: Account; shelby: Account; riverside: Account };
  /** GET/DELETE with key and secret, as an integrator's server would. */
  asServer(account: Account, path: string, init?: RequestInit): Promise<Response>;
  /** Stops the process; `keepData` leaves the data directory for a restart. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  dataDir: string;
}

export async function startServiceProcess(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<ServiceProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paytoken-e2e-'));
  // A cold start makes a new embedded database (about 8 s here when idle; over 30 s with the other
  // workers' browsers on two cores): the service suite's helper waits up to a minute.
  const started = await startProcess({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env });
  const { child, url } = started;
  if (!url) {
    child.kill('SIGKILL');
    throw new Error(`The service did not start:\n${started.output()}`);
  }
  const accounts = JSON.parse(
    readFileSync(join(dataDir, 'sandbox-credentials.json'), 'utf8'),
  ) as ServiceProcess['accounts'];
  // The specs pay the same test cards the same amounts, one payer scenario after another, on the
  // worker's one service: as `npm run accounts -- set-duplicate-window NAME 0` would, duplicate
  // protection is off (its tests are src/service/http/routes/duplicates.test.ts).
  for (const account of [accounts.springfield, accounts.shelby, accounts.riverside]) {
    const answer = await callAdmin(dataDir, ['set-duplicate-window', account.name, '0']);
    if (answer.error) throw new Error(answer.error);
  }
  return {
    // "localhost" rather than 127.0.0.1: the test pages are served from 127.0.0.1, another origin.
    url: url.replace('127.0.0.1', 'localhost'),
    accounts,
    asServer: (account, path, init = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: {
          authorization: `Basic ${Buffer.from(`${account.apiKey}:${account.apiSecret}`).toString('base64')}`,
          ...init.headers,
        },
      }),
    dataDir,
    async stop(stopOptions = {}) {
      // Stopping twice (a test's own stop, then its cleanup) must not wait for an exit already seen.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
