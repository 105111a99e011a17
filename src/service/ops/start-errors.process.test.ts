/**
 * A start that fails for a reason on the operator's side (start-errors.ts) prints one readable line,
 * no stack, never DATABASE_URL's password, and exits 1, leaving nothing behind. Real processes, so
 * kept to a few: the listening cases fail before the database is opened.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { accountsCommand, DEMO, freePort, postgresSchema, startServiceProcess } from '../testing/processes.js';
import { processTestScope } from '../testing/process-scope.js';
import { lockHolder } from './data-dir.js';

const DATABASE_URL = process.env.DATABASE_URL;
vi.setConfig({ testTimeout: 60_000 });
const { started, cleanups, freshDir } = processTestScope('paytoken-start-');

/** A port something else listens on, as the operator's other program would. */
async function takenPort(host = '127.0.0.1'): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Starts the service with `env`, expects it to exit 1 having printed exactly `line` (no stack trace,
 * no banner), and returns its output. (How soon is not timed here: a taken port is refused before the
 * database is opened, which the first test checks by what is left in the data directory.)
 */
async function expectRefused(env: Record<string, string>, line: string): Promise<string> {
  const service = await startServiceProcess(env);
  started.push(service);
  expect(await service.exited).toBe(1);
  const output = service.output();
  expect(output).toContain(line);
  expect(output).not.toContain('    at ');
  expect(output.trim()).toBe(line);
  return output;
}

// These never reach the pass's database (no DATABASE_URL, or an unreachable one): the first pass runs
// them, the PostgreSQL pass would run the same again.
describe.skipIf(DATABASE_URL)('listening', () => {
  it('a taken port: names host and port, before the embedded database is created, and releases the data directory', async () => {
    const port = await takenPort();
    const dataDir = freshDir();
    await expectRefused(
      { PORT: String(port), DATA_DIR: dataDir },
      `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT to another port.`,
    );
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(lockHolder(dataDir)).toBeNull();
  });

  // A cold start of the embedded database comes first (the demo starts once the service has).
  it("the demo's port taken: names DEMO_PORT, and the service it started stops", async () => {
    const port = await takenPort();
    const dataDir = freshDir();
    const service = await startServiceProcess({ PORT: '0', DEMO_PORT: String(port), DATA_DIR: dataDir }, 60_000, DEMO);
    started.push(service);
    expect(await service.exited).toBe(1);
    // After the service's banner (it had started), one line, and the service closed (its lock gone).
    expect(service.output().trim().split('\n').at(-1)).toBe(
      `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or set DEMO_PORT to another port.`,
    );
    expect(service.output()).not.toContain('    at ');
    expect(lockHolder(dataDir)).toBeNull();
  });

  it('a HOST that is not an address of this machine', async () => {
    await expectRefused(
      { PORT: String(await freePort()), HOST: '192.0.2.1', DATA_DIR: freshDir() },
      'HOST 192.0.2.1 is not an address of this machine: set HOST to one of its addresses (127.0.0.1 for this machine only, 0.0.0.0 for all of them).',
    );
  });

  const root = process.getuid?.() === 0;
  // Linux lets anyone open ports from this one up (1024 unless changed; 0 in many containers).
  const sysctl = '/proc/sys/net/ipv4/ip_unprivileged_port_start';
  const unprivilegedFrom = existsSync(sysctl) ? Number(readFileSync(sysctl, 'utf8')) : 1024;
  it.skipIf(root || unprivilegedFrom <= 80)('a port below 1024 without the privilege (EACCES)', async () => {
    await expectRefused(
      { PORT: '80', DATA_DIR: freshDir() },
      'Port 80 on 127.0.0.1 may not be opened by this user (ports below 1024 need root or CAP_NET_BIND_SERVICE): set PORT to another port.',
    );
  });
});

describe('PostgreSQL', () => {
  // An unreachable database, not the pass's: run in the first pass only, as 'listening' above.
  it.skipIf(DATABASE_URL)('an unreachable DATABASE_URL: names its host and port, never its password', async () => {
    const password = 'pw-that-must-not-show-7f3a';
    const port = await freePort();
    const output = await expectRefused(
      {
        PORT: String(await freePort()),
        DATA_DIR: freshDir(),
        DATABASE_URL: `postgres://paytoken:${password}@127.0.0.1:${port}/paytoken`,
      },
      `PostgreSQL at 127.0.0.1:${port} (DATABASE_URL) refused the connection: start it, or correct the host and port in DATABASE_URL.`,
    );
    expect(output).not.toContain(password);
  });

  it.skipIf(DATABASE_URL)(
    'npm run accounts on an unreachable DATABASE_URL: the same line, never the password',
    async () => {
      const password = 'pw-that-must-not-show-c81d';
      const port = await freePort();
      const { code, output } = await accountsCommand(['list'], {
        DATA_DIR: freshDir(),
        DATABASE_URL: `postgres://paytoken:${password}@127.0.0.1:${port}/paytoken`,
      });
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        `PostgreSQL at 127.0.0.1:${port} (DATABASE_URL) refused the connection: start it, or correct the host and port in DATABASE_URL.`,
      );
      expect(output).not.toContain(password);
    },
  );

  it.skipIf(!DATABASE_URL)('a wrong password: names the user, never the password', async () => {
    const url = new URL(DATABASE_URL ?? '');
    const wrong = 'wrong-pw-that-must-not-show-91c2';
    url.password = wrong;
    const output = await expectRefused(
      { PORT: String(await freePort()), DATA_DIR: freshDir(), DATABASE_URL: url.toString() },
      `PostgreSQL at ${url.hostname}:${url.port || '5432'} (DATABASE_URL) refused the password of user "${decodeURIComponent(url.username)}": correct the user or password in DATABASE_URL.`,
    );
    expect(output).not.toContain(wrong);
  });

  it.skipIf(!DATABASE_URL)('a taken port with PAYTOKEN_PROCESSES=2: one line, from the primary', async () => {
    const schema = await postgresSchema(DATABASE_URL ?? '');
    cleanups.push(() => schema.drop());
    const port = await takenPort();
    await expectRefused(
      { PORT: String(port), DATA_DIR: freshDir(), DATABASE_URL: schema.url, PAYTOKEN_PROCESSES: '2' },
      `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT to another port.`,
    );
  });
});
