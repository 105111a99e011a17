/**
 * Service processes for tests of operation (start, second start, signals, crashes): `npm start`'s
 * entry as a child process, on a data directory of its own or a PostgreSQL schema of its own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';

const ROOT = new URL('../../../', import.meta.url).pathname;
const MAIN = 'src/service/main.ts';
/** `npm start`'s entry: the service and the demo beside it. */
export const DEMO = 'demo/start.ts';
const CLI = 'src/service/ops/accounts-cli.ts';

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** What it printed on stdout alone (its log lines, whole: stderr never splits one). */
  stdout(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether `unshare --uts` can give a process a host name of its own here (root on Linux). */
export function canRenameHost(): boolean {
  return spawnSync('unshare', ['--uts', 'hostname', 'paytoken-probe']).status === 0;
}

function run(
  file: string,
  env: Record<string, string>,
  args: string[] = [],
  hostName?: string,
): { child: ChildProcess; output: () => string; stdout: () => string } {
  const node = [process.execPath, '--import', 'tsx', file, ...args];
  // Another host name, as a second container on a shared volume has: its own UTS namespace.
  const [command = '', ...rest] = hostName
    ? ['unshare', '--uts', 'sh', '-c', 'hostname "$0" && exec "$@"', hostName, ...node]
    : node;
  const child = spawn(command, rest, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text, stdout: () => stdout };
}

const exitOf = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/**
 * Starts the service (or `file`, e.g. `DEMO`) and waits until it prints its banner (or exits: then
 * `url` is empty and `exited` has settled). `env` is its whole configuration (PORT, DATA_DIR or
 * DATABASE_URL, …); `hostName`, a host name of its own (see `canRenameHost`).
 */
export async function startServiceProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  file = MAIN,
  hostName?: string,
): Promise<ServiceProcess> {
  const { child, output, stdout } = run(file, env, [], hostName);
  const exited = exitOf(child);
  const started = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const check = () => {
      if (/Paytoken service \S+ on /.test(output())) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  const url = started ? (/ on (http:\/\/\S+)/.exec(output())?.[1] ?? '') : '';
  return { child, url, output, stdout, exited };
}

/** `npm run accounts -- …argv` with `env`; its output and exit code. */
export async function accountsCommand(
  argv: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { child, output } = run(CLI, env, argv);
  const code = await exitOf(child);
  return { code, output: output() };
}

/** A PostgreSQL schema of its own, as a DATABASE_URL whose connections use it; drop it after. */
export async function postgresSchema(databaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `ops_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}
