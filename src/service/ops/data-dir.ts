import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
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
  /** When the process started, in the kernel's clock ticks since boot (Linux); tells a reused pid. */
  started?: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
    message = `The data directory ${dataDir} is in use by another process: ${owner.holder} with pid ${owner.pid} on ${owner.host} (since ${owner.since}). ` +
      'One process owns an embedded database; stop it first, or run several processes on PostgreSQL (DATABASE_URL).',
  ) {
    super(message);
  }
}

/**
 * The lock was taken on another host (another machine, or a container with its own host name, on
 * a shared volume): whether its process still runs cannot be told from here, so it is never taken
 * over by a guess. Deleting the lock is the deliberate takeover.
 */
export class DataDirElsewhereError extends DataDirInUseError {
  constructor(dataDir: string, owner: LockOwner) {
    super(
      dataDir,
      owner,
      `The data directory ${dataDir} is locked by ${owner.holder} with pid ${owner.pid} on host ${owner.host} (since ${owner.since}), ` +
        `and this is host ${hostname()}: whether that process still runs cannot be seen from here. ` +
        'The embedded database has one writer; services on several hosts need PostgreSQL (DATABASE_URL). ' +
        `If ${owner.host} is gone for good, delete ${lockDir(dataDir)} (rm -r) and start again.`,
    );
  }
}

/**
 * Creates `dataDir` if needed and makes it and everything in it private: directories 0700, files
 * 0600. An entry that goes away during the walk is passed over: another process starting on the same
 * directory removes its own draft of the lock (`service.lock/.{pid}-…`) at any moment.
 */
export function makePrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const entry of readdirSync(path)) unlessGone(() => walk(join(path, entry)));
    } else if ((stat.mode & 0o777) !== 0o600) {
      chmodSync(path, 0o600);
    }
  };
  walk(dataDir);
}

function unlessGone(step: () => void): void {
  try {
    step();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const lockDir = (dataDir: string) => join(dataDir, 'service.lock');

/**
 * The lock is a folder of generations, `service.lock/1`, `2`, …; the highest is the current one.
 * Each is created whole (a hard link to a file already written: never seen half-written) and
 * exclusively (a link fails where the name exists). Taking over a dead owner's generation n is
 * creating n + 1, so of two processes doing it in the same instant one wins. Release marks the
 * generation released instead of deleting it: numbers only grow, and a process acting on what it
 * read a moment ago cannot create a generation that another has already passed unnoticed.
 */
const GENERATION = /^\d+$/;

/** What a generation holds: its owner, or that it was released. */
type LockRecord = LockOwner | { released: string };

/** The generations present, highest first; none when there is no folder. */
function generations(dir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    // No folder: never locked, or locked by an older version's single file (replaceSingleFileLock).
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
  return names
    .filter((name) => GENERATION.test(name))
    .map(Number)
    .sort((a, b) => b - a);
}

/** A generation's record: undefined when it is gone (cleaned up by a new owner meanwhile). */
function readRecord(file: string): LockRecord | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as LockRecord;
  } catch {
    return null; // not written by this code (each generation is created whole): nobody's
  }
}

/** The current generation and its owner (alive or not); owner null when free or released. */
function current(dir: string): { generation: number; owner: LockOwner | null } {
  for (;;) {
    const generation = generations(dir)[0] ?? 0;
    if (generation === 0) return { generation, owner: null };
    const record = readRecord(join(dir, String(generation)));
    if (record !== undefined) return { generation, owner: record && 'pid' in record ? record : null };
  }
}

/** Who the lock names, whether or not that process still runs; null when free or released. */
export function lockHolder(dataDir: string): LockOwner | null {
  return current(lockDir(dataDir)).owner;
}

/** The lock's owner, when a live process of this host holds it; null when free or left by a dead process. */
export function lockOwner(dataDir: string): LockOwner | null {
  const owner = lockHolder(dataDir);
  return owner && owner.host === hostname() && owner.pid !== process.pid && alive(owner) ? owner : null;
}

/** Whether the owner still runs: its pid is taken, and (where the system tells) by the same process. */
function alive({ pid, started }: LockOwner): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A pid is reused once its process is gone: after a reboot, or in a container started again.
  const now = startTime(pid);
  return started === undefined || now === undefined || now === started;
}

/** A process's start time from /proc/<pid>/stat (field 22, after the parenthesized name); undefined elsewhere. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * Takes `dataDir` for this process, or throws `DataDirInUseError` naming its owner. A lock left by a
 * process of this host that no longer runs (killed with -9) is taken over; a lock taken on another
 * host never is (`DataDirElsewhereError`). Returns the release.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const dir = lockDir(dataDir);
  replaceSingleFileLock(dataDir, dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const started = startTime(process.pid);
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    holder,
    since: new Date().toISOString(),
    ...(started && { started }),
  };
  const draft = join(dir, `.${process.pid}-${randomBytes(6).toString('hex')}`);
  writeFileSync(draft, JSON.stringify(me), { mode: 0o600, flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { generation, owner } = current(dir);
      if (owner) refuseIfHeld(dataDir, owner);
      const mine = join(dir, String(generation + 1));
      try {
        linkSync(draft, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue; // another won this generation
        throw error;
      }
      const [highest = 0, ...older] = generations(dir);
      if (highest > generation + 1) {
        // This number had been passed and cleaned up while this process looked: not the current one.
        rmSync(mine, { force: true });
        continue;
      }
      try {
        for (const old of older) rmSync(join(dir, String(old)), { force: true });
        makePrivate(dataDir); // only once it is ours: a refused start touches nothing
      } catch (error) {
        release(mine, me); // a start that fails here leaves the lock to the next one
        throw error;
      }
      return () => release(mine, me);
    }
    throw new DataDirInUseError(dataDir, lockHolder(dataDir) ?? { ...me, pid: 0, holder: 'unknown' });
  } finally {
    rmSync(draft, { force: true });
  }
}

function refuseIfHeld(dataDir: string, owner: LockOwner): void {
  if (owner.host !== hostname()) throw new DataDirElsewhereError(dataDir, owner);
  // Its own pid: a process before this one (a container restarted), since this one holds nothing yet.
  if (owner.pid !== process.pid && alive(owner)) throw new DataDirInUseError(dataDir, owner);
}

/** Marks this process's generation released, if it is still this process's. */
function release(file: string, me: LockOwner): void {
  const record = readRecord(file);
  if (!record || !('pid' in record) || record.pid !== me.pid || record.since !== me.since) return;
  const draft = `${file}.released`;
  writeFileSync(draft, JSON.stringify({ released: new Date().toISOString() }), { mode: 0o600 });
  renameSync(draft, file);
}

/**
 * An older version's lock, a single file `service.lock`: honoured as it was meant (refused when its
 * owner runs, or ran on another host), else removed to make way for the folder.
 */
function replaceSingleFileLock(dataDir: string, dir: string): void {
  let text: string;
  try {
    if (!lstatSync(dir).isFile()) return;
    text = readFileSync(dir, 'utf8');
  } catch {
    return;
  }
  let owner: LockOwner | null = null;
  try {
    owner = JSON.parse(text) as LockOwner;
  } catch {
    // half-written by a process killed while writing it
  }
  if (owner?.pid) refuseIfHeld(dataDir, owner);
  try {
    rmSync(dir, { force: true });
  } catch {
    // another starting process replaced it with the folder already
  }
}
