import {
  chmodSync,
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The embedded database's directory: private to the user running the service (0700, files 0600),
 * and owned by one process at a time through `service.lock`.
 */

/** Who holds a data directory. */
export interface LockOwner {
  pid: number;
  host: string;
  /** What holds it: the service or the accounts command. */
  holder: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process: ${owner.holder} with pid ${owner.pid} on ${owner.host} (since ${owner.since}). ` +
        'One process owns an embedded database; stop it first, or run several processes on PostgreSQL (DATABASE_URL).',
    );
  }
}

/** Creates `dataDir` if needed and makes it and everything in it private: directories 0700, files 0600. */
export function makePrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if ((stat.mode & 0o777) !== 0o600) {
      chmodSync(path, 0o600);
    }
  };
  walk(dataDir);
}

const lockFile = (dataDir: string) => join(dataDir, 'service.lock');

/** The lock's owner, when a live process holds it; null when free or left by a dead process. */
export function lockOwner(dataDir: string): LockOwner | null {
  let owner: LockOwner;
  try {
    owner = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as LockOwner;
  } catch {
    return null; // absent, or half-written by a process killed while writing it
  }
  return owner.host === hostname() && owner.pid !== process.pid && alive(owner.pid) ? owner : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dataDir` for this process, or throws `DataDirInUseError` naming its owner. A lock left by a
 * process that no longer runs (killed with -9) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockFile(dataDir);
  const me: LockOwner = { pid: process.pid, host: hostname(), holder, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600); // exclusive: of two starting together, one wins
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      makePrivate(dataDir); // only once it is ours: a refused start touches nothing
      return () => {
        const current = readOwner(file);
        if (current?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = lockOwner(dataDir);
      if (owner) throw new DataDirInUseError(dataDir, owner);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirInUseError(dataDir, readOwner(file) ?? { ...me, pid: 0, holder: 'unknown' });
}

function readOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}
