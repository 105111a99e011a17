/**
 * The reference service as a black box: its own process (as `npm start` runs it), a fresh data
 * directory, a free port; the sandbox credentials come from the file it writes on first start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Account {
  name: string;
  apiKey: string;
  apiSecret: string;
  publicKey: string;
  impersonationKey: string | null;
}

export interface ServiceProcess {
  url: string;
  accounts: { system: Account; springfield: Account; shelby: Account };
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
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/service/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A cold start makes a new embedded database (about 8 s here when idle); with the other workers'
    // browsers on two cores it has taken over 30 s, so this waits as long as testing/processes.ts.
    const timer = setTimeout(() => reject(new Error(`The service did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Paytoken service \S+ on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`The service exited (${code}):\n${output}`)));
  });
  const accounts = JSON.parse(
    readFileSync(join(dataDir, 'sandbox-credentials.json'), 'utf8'),
  ) as ServiceProcess['accounts'];
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
