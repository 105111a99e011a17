import { resolve, sep } from 'node:path';
import type { ServiceConfig } from '../config/config.js';
import { DatabaseError } from '../storage/database-error.js';
import { DataDirInUseError } from './data-dir.js';

/** A start refused with a message already fit to print: a cluster's service process reporting its own. */
export class StartError extends Error {}

/** What the messages name: the configured address, database and data directory. */
export type StartConfig = Pick<ServiceConfig, 'host' | 'port' | 'databaseUrl' | 'dataDir'>;

/** The fields of Node's system errors (and the PostgreSQL driver's, whose `code` is a SQLSTATE). */
interface SystemError extends Error {
  code?: unknown;
  syscall?: unknown;
  hostname?: unknown;
  path?: unknown;
}

/**
 * The one line to print when the service cannot start for a reason on the operator's side: the
 * port taken or not allowed, HOST not an address of this machine, PostgreSQL unreachable or refusing
 * the login, the data directory unusable or in use. It names the configured host and port, the
 * database's host:port and user, never DATABASE_URL's password. `portVariable` is the variable that
 * moves the port (`DEMO_PORT` for the demo's). Null for any other error: a bug, which keeps its
 * stack trace.
 *
 * @example
 * startErrorMessage(listenError, { host: '127.0.0.1', port: 4010, databaseUrl: undefined, dataDir: '.data' })
 * // 'Port 4010 on 127.0.0.1 is already in use: stop what listens there, or set PORT to another port.'
 */
export function startErrorMessage(error: unknown, config: StartConfig, portVariable = 'PORT'): string | null {
  if (error instanceof StartError || error instanceof DataDirInUseError) return error.message;
  if (!(error instanceof Error)) return null;
  return (
    listenMessage(error, config, portVariable) ??
    (config.databaseUrl ? databaseMessage(error, config.databaseUrl) : null) ??
    dataDirMessage(error, config.dataDir)
  );
}

const SET_HOST = 'set HOST to one of its addresses (127.0.0.1 for this machine only, 0.0.0.0 for all of them).';

function listenMessage(error: SystemError, { host, port }: StartConfig, portVariable: string): string | null {
  const { code, syscall, hostname } = error;
  if (syscall === 'getaddrinfo' && hostname === host)
    return `HOST ${host} is not a name this machine can resolve: ${SET_HOST}`;
  // A cluster's service process gets `bind` from its primary, which listens for it.
  if (syscall !== 'listen' && syscall !== 'bind') return null;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use: stop what listens there, or set ${portVariable} to another port.`;
    case 'EACCES':
      return `Port ${port} on ${host} may not be opened by this user${port < 1024 ? ' (ports below 1024 need root or CAP_NET_BIND_SERVICE)' : ''}: set ${portVariable} to another port.`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: ${SET_HOST}`;
    default:
      return null;
  }
}

/**
 * Built from the URL's host, port, user and database only: a driver's message is never quoted, so no
 * part of the password can reach the terminal or a log.
 */
function databaseMessage(error: SystemError, databaseUrl: string): string | null {
  const url = new URL(databaseUrl);
  const server = `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'} (DATABASE_URL)`;
  const user = decodeURIComponent(url.username);
  const database = decodeURIComponent(url.pathname.slice(1)) || user;
  const refusedSession = `${server} does not let user "${user}" connect to database "${database}": check that the role exists and may connect, and that the server's pg_hba.conf lets this host in.`;
  switch (databaseFailure(error)) {
    case 'ECONNREFUSED':
      return `${server} refused the connection: start it, or correct the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${server} cannot be reached: its host name is not found; correct DATABASE_URL, or this machine's DNS.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${server} cannot be reached: no route to its host; check the host in DATABASE_URL and this machine's network.`;
    case 'ETIMEDOUT':
      return `${server} did not answer in time: check that it runs there and that no firewall is in the way.`;
    case 'ECONNRESET':
      return `${server} closed the connection unexpectedly: check that PostgreSQL listens on that port, and its log.`;
    case 'NO_PASSWORD':
      return `${server} asks user "${user}" for a password, and DATABASE_URL has none: add it (postgres://user:password@host:port/database).`;
    case 'NO_SSL':
      return `${server} does not accept SSL, which DATABASE_URL asks for: enable SSL on the server, or remove sslmode from DATABASE_URL.`;
    // SQLSTATEs of PostgreSQL refusing the session (class 28, 3D000, 53300, 57P03) or the migrations (42501).
    case '28P01':
      return `${server} refused the password of user "${user}": correct the user or password in DATABASE_URL.`;
    case '28000':
      return refusedSession;
    case '3D000':
      return `${server} has no database "${database}": create it (createdb ${database}), or correct DATABASE_URL.`;
    case '53300':
      return `${server} has no connection left (too many clients): raise its max_connections, or stop some of its clients.`;
    case '57P03':
      return `${server} is starting up, shutting down or in recovery: start the service again once it accepts connections.`;
    case '42501':
      // At connection: no CONNECT privilege on the database. In a migration: no CREATE on its schema.
      if (!(error instanceof DatabaseError)) return refusedSession;
      return `${server} does not let user "${user}" create the service's tables (SQLSTATE 42501): make the user the owner of database "${database}" (ALTER DATABASE ${database} OWNER TO ${user}).`;
    default:
      return null;
  }
}

/**
 * What failed, as a code: Node's (`ECONNREFUSED`, …), PostgreSQL's SQLSTATE, or, for the driver's
 * errors that carry none, the code of the same failure (`ETIMEDOUT`, `ECONNRESET`) or a name of
 * its own (`NO_PASSWORD`, `NO_SSL`).
 */
function databaseFailure(error: SystemError): unknown {
  // Node reports a host that failed on each of its addresses as an AggregateError of them.
  const code = error.code ?? (error instanceof AggregateError ? (error.errors[0] as SystemError)?.code : undefined);
  if (code !== undefined) return code;
  if (/connection timeout|timeout exceeded when trying to connect/.test(error.message)) return 'ETIMEDOUT';
  if (error.message === 'Connection terminated unexpectedly') return 'ECONNRESET';
  if (/client password must be a (non-empty )?string/.test(error.message)) return 'NO_PASSWORD';
  if (error.message === 'The server does not support SSL connections') return 'NO_SSL';
  return undefined;
}

const FILE_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EEXIST: 'a file stands where a directory should be',
  ENOTDIR: 'a file stands where a directory should be',
};

/** A file operation refused in the data directory (or on the way to it). */
function dataDirMessage(error: SystemError, dataDir: string): string | null {
  const { code, syscall, path } = error;
  const problem = typeof code === 'string' ? FILE_PROBLEMS[code] : undefined;
  if (!problem || typeof path !== 'string') return null;
  const [dir, file] = [resolve(dataDir), resolve(path)];
  const related = file === dir || file.startsWith(dir + sep) || dir.startsWith(file + sep);
  if (!related) return null;
  return `The data directory ${dataDir} cannot be used (${String(syscall)} ${path}: ${problem}): set DATA_DIR to a directory this user may write in.`;
}
