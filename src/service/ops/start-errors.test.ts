import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '../storage/database-error.js';
import { openDatabase } from '../storage/open.js';
import { freePort } from '../testing/processes.js';
import { DataDirElsewhereError, DataDirInUseError } from './data-dir.js';
import { loadVaultKeys } from '../vault/vault-key.js';
import { StartError, startErrorMessage } from './start-errors.js';

const PASSWORD = 'hunter2-s3cret';
const EMBEDDED = { host: '127.0.0.1', port: 4010, databaseUrl: undefined, dataDir: '/srv/paytoken' };
const POSTGRES = { ...EMBEDDED, databaseUrl: `postgres://paytoken:${PASSWORD}@db.internal:6543/payments` };

const servers: Server[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const server of servers) server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What `listen` on `host`:`port` fails with (a real error of this machine), or null if it listens. */
function listenError(port: number, host: string): Promise<unknown> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', resolve);
    server.listen(port, host, () => {
      servers.push(server);
      resolve(null);
    });
  });
}

/** An error shaped as Node's or the PostgreSQL driver's, for failures this machine cannot cause. */
const failure = (message: string, fields: Record<string, unknown> = {}) => Object.assign(new Error(message), fields);

/** One line, without a stack. */
const expectOneLine = (message: string | null) => {
  expect(message).toMatch(/^[^\n]+$/);
  expect(message).not.toContain('    at ');
};

describe('startErrorMessage: listening', () => {
  it('names the configured host and port when the port is taken', async () => {
    const port = await freePort();
    expect(await listenError(port, '127.0.0.1')).toBeNull();
    const taken = await listenError(port, '127.0.0.1');
    const message = startErrorMessage(taken, { ...EMBEDDED, port });
    expectOneLine(message);
    expect(message).toBe(
      `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT to another port.`,
    );
  });

  it("names the demo's variable for the demo's port", async () => {
    const port = await freePort();
    expect(await listenError(port, '127.0.0.1')).toBeNull();
    expect(startErrorMessage(await listenError(port, '127.0.0.1'), { ...EMBEDDED, port }, 'DEMO_PORT')).toBe(
      `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or set DEMO_PORT to another port.`,
    );
  });

  it('says HOST is not an address of this machine', async () => {
    const error = await listenError(0, '192.0.2.1');
    const message = startErrorMessage(error, { ...EMBEDDED, host: '192.0.2.1' });
    expectOneLine(message);
    expect(message).toContain('HOST 192.0.2.1 is not an address of this machine');
  });

  it('says HOST is not a name this machine resolves', async () => {
    const error = await listenError(0, 'no-such-host.invalid');
    const message = startErrorMessage(error, { ...EMBEDDED, host: 'no-such-host.invalid' });
    expectOneLine(message);
    expect(message).toContain('HOST no-such-host.invalid is not a name this machine can resolve');
  });

  it.each([
    // Node's error when a user without the privilege listens below 1024 (root may: tests often run as root).
    [80, 'Port 80 on 127.0.0.1 may not be opened by this user (ports below 1024 need root or CAP_NET_BIND_SERVICE)'],
    [8080, 'Port 8080 on 127.0.0.1 may not be opened by this user: set PORT to another port'],
  ])('says port %i may not be opened (EACCES)', (port, expected) => {
    const error = failure(`listen EACCES: permission denied 127.0.0.1:${port}`, {
      code: 'EACCES',
      syscall: 'listen',
      address: '127.0.0.1',
      port,
    });
    const message = startErrorMessage(error, { ...EMBEDDED, port });
    expectOneLine(message);
    expect(message).toContain(expected);
  });

  it('reads a cluster service process failing to bind as its primary listening', () => {
    const error = failure('bind EADDRINUSE 127.0.0.1:4010', { code: 'EADDRINUSE', syscall: 'bind', port: 4010 });
    expect(startErrorMessage(error, EMBEDDED)).toBe(
      'Port 4010 on 127.0.0.1 is already in use: stop what listens there, or set PORT to another port.',
    );
  });
});

describe('startErrorMessage: PostgreSQL', () => {
  it('names the host and port of a database that refuses connections, and not the password', async () => {
    const port = await freePort();
    const databaseUrl = `postgres://paytoken:${PASSWORD}@127.0.0.1:${port}/payments`;
    const error = await openDatabase({ databaseUrl, dataDir: null }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    const message = startErrorMessage(error, { ...EMBEDDED, databaseUrl });
    expectOneLine(message);
    expect(message).toBe(
      `PostgreSQL at 127.0.0.1:${port} (DATABASE_URL) refused the connection: start it, or correct the host and port in DATABASE_URL.`,
    );
  });

  it.each([
    [
      'an unknown host name',
      failure('getaddrinfo ENOTFOUND db.internal', {
        code: 'ENOTFOUND',
        syscall: 'getaddrinfo',
        hostname: 'db.internal',
      }),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) cannot be reached: its host name is not found',
    ],
    [
      'no answer in time',
      failure('Connection terminated due to connection timeout'),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) did not answer in time',
    ],
    [
      'no route',
      failure('connect EHOSTUNREACH 10.1.2.3:6543', { code: 'EHOSTUNREACH', syscall: 'connect' }),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) cannot be reached: no route to its host',
    ],
    [
      'a connection closed at once',
      failure('Connection terminated unexpectedly'),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) closed the connection unexpectedly',
    ],
    [
      'a wrong password',
      failure('password authentication failed for user "paytoken"', { code: '28P01', severity: 'FATAL' }),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) refused the password of user "paytoken": correct the user or password in DATABASE_URL.',
    ],
    [
      'a refused role or host',
      failure('no pg_hba.conf entry for host "10.0.0.9", user "paytoken"', { code: '28000', severity: 'FATAL' }),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) does not let user "paytoken" connect to database "payments"',
    ],
    [
      'no CONNECT privilege on the database',
      failure('permission denied for database "payments"', { code: '42501', severity: 'FATAL' }),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) does not let user "paytoken" connect to database "payments"',
    ],
    [
      'a missing database',
      failure('database "payments" does not exist', { code: '3D000', severity: 'FATAL' }),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) has no database "payments"',
    ],
    [
      'no connection left',
      failure('sorry, too many clients already', { code: '53300', severity: 'FATAL' }),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) has no connection left',
    ],
    [
      'a server starting up',
      failure('the database system is starting up', { code: '57P03', severity: 'FATAL' }),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) is starting up, shutting down or in recovery',
    ],
    [
      'a user who may not create the tables',
      new DatabaseError('s_0123456789abcdef', '42501'),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) does not let user "paytoken" create the service\'s tables',
    ],
    [
      'a server without SSL',
      failure('The server does not support SSL connections'),
      'PostgreSQL at db.internal:6543 (DATABASE_URL) does not accept SSL',
    ],
  ])('%s', (_case, error, expected) => {
    const message = startErrorMessage(error, POSTGRES);
    expectOneLine(message);
    expect(message).toContain(expected);
    expect(message).not.toContain(PASSWORD);
  });

  it('says DATABASE_URL has no password when the server asks for one', () => {
    const error = failure('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string');
    const databaseUrl = 'postgres://paytoken@[::1]/payments';
    const message = startErrorMessage(error, { ...EMBEDDED, databaseUrl });
    expectOneLine(message);
    expect(message).toContain('PostgreSQL at [::1]:5432 (DATABASE_URL) asks user "paytoken" for a password');
  });
});

describe('startErrorMessage: the data directory', () => {
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'paytoken-start-errors-'));
    dirs.push(dir);
    return dir;
  };
  /** What mkdir -p `dataDir` fails with. */
  const mkdirError = (dataDir: string): unknown => {
    try {
      mkdirSync(dataDir, { recursive: true });
      return null;
    } catch (error) {
      return error;
    }
  };

  it('says DATA_DIR is a file', () => {
    const dataDir = join(scratch(), 'data');
    writeFileSync(dataDir, 'not a directory');
    const message = startErrorMessage(mkdirError(dataDir), { ...EMBEDDED, dataDir });
    expectOneLine(message);
    expect(message).toContain(`The data directory ${dataDir} cannot be used`);
    expect(message).toContain('set DATA_DIR');
  });

  it('says a part of DATA_DIR is a file', () => {
    const file = join(scratch(), 'file');
    writeFileSync(file, 'not a directory');
    const dataDir = join(file, 'data');
    const message = startErrorMessage(mkdirError(dataDir), { ...EMBEDDED, dataDir });
    expectOneLine(message);
    expect(message).toContain(`The data directory ${dataDir} cannot be used`);
  });

  it('says this user may not write in it (EACCES)', () => {
    const error = failure("EACCES: permission denied, open '/srv/paytoken/service.lock'", {
      code: 'EACCES',
      syscall: 'open',
      path: '/srv/paytoken/service.lock',
    });
    const message = startErrorMessage(error, EMBEDDED);
    expectOneLine(message);
    expect(message).toContain('The data directory /srv/paytoken cannot be used');
    expect(message).toContain('permission denied');
  });

  it('leaves a file error elsewhere to its stack', () => {
    const error = failure("EACCES: permission denied, open '/etc/shadow'", {
      code: 'EACCES',
      syscall: 'open',
      path: '/etc/shadow',
    });
    expect(startErrorMessage(error, EMBEDDED)).toBeNull();
  });
});

describe('startErrorMessage: the rest', () => {
  it('keeps the messages that are already one line', () => {
    const owner = { pid: 42, host: 'here', holder: 'the Paytoken service', since: '2026-01-01T00:00:00.000Z' };
    expect(startErrorMessage(new DataDirInUseError('/srv/paytoken', owner), EMBEDDED)).toContain(
      'The data directory /srv/paytoken is in use by another process',
    );
    const elsewhere = startErrorMessage(
      new DataDirElsewhereError('/srv/paytoken', { ...owner, host: 'web-2' }),
      EMBEDDED,
    );
    expectOneLine(elsewhere);
    expect(elsewhere).toContain(
      'If web-2 is gone for good, delete /srv/paytoken/service.lock (rm -r) and start again.',
    );
    expect(startErrorMessage(new StartError('Port 4010 on 127.0.0.1 is already in use.'), EMBEDDED)).toBe(
      'Port 4010 on 127.0.0.1 is already in use.',
    );
  });

  it('says what to do with a vault.key that holds no key, and never to make a new one', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paytoken-vault-'));
    dirs.push(dataDir);
    writeFileSync(join(dataDir, 'vault.key'), 'not a key\n');
    let error: unknown;
    try {
      loadVaultKeys({ vaultKey: undefined, vaultOldKeys: [], dataDir }, () => undefined);
    } catch (thrown) {
      error = thrown;
    }
    const message = startErrorMessage(error, { ...EMBEDDED, dataDir });
    expectOneLine(message);
    expect(message).toBe(
      `${join(dataDir, 'vault.key')} does not hold a 32-byte base64 key: restore it from a backup, or set PAYTOKEN_VAULT_KEY to the key. Stored card numbers can be read only with the key they were stored with.`,
    );
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a statement failing for another reason', new DatabaseError('s_0123456789abcdef', '23505')],
    [
      'a connection refused without DATABASE_URL',
      failure('connect ECONNREFUSED 127.0.0.1:9', { code: 'ECONNREFUSED' }),
    ],
    ['not an error', 'a string'],
  ])('leaves %s to its stack (null)', (_case, error) => {
    expect(startErrorMessage(error, EMBEDDED)).toBeNull();
  });
});
