import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirElsewhereError, DataDirInUseError, lockDataDir, lockHolder, lockOwner } from './data-dir.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'paytoken-data-dir-'));
  dirs.push(dir);
  return dir;
};
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;
/** What /proc says of a process's start (field 22 of its stat), as the lock records it. */
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
const record = (pid: number, host = hostname()) =>
  JSON.stringify({ pid, host, holder: 'an older version', since: '2026-01-01T00:00:00.000Z' });

describe('the data directory lock', () => {
  it('is released by its release, and the next start takes it', () => {
    const dataDir = scratch();
    const release = lockDataDir(dataDir, 'a test');
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid, host: hostname(), holder: 'a test' });
    release();
    expect(lockHolder(dataDir)).toBeNull();
    lockDataDir(dataDir, 'a test')();
    // The generations it went through are cleaned up; the drafts too.
    expect(readdirSync(join(dataDir, 'service.lock'))).toEqual(['2']);
  });

  it('takes over a lock whose pid now belongs to another process (reused after a restart)', () => {
    const dataDir = scratch();
    mkdirSync(join(dataDir, 'service.lock'), { recursive: true });
    // The parent runs, but did not start when this lock says its owner did.
    writeFileSync(
      join(dataDir, 'service.lock', '1'),
      JSON.stringify({ ...JSON.parse(record(process.ppid)), started: '1' }),
    );
    expect(lockOwner(dataDir)).toBeNull();
    const release = lockDataDir(dataDir, 'a test');
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid });
    release();
  });

  it('refuses a lock whose owner runs, the same process it names', () => {
    const dataDir = scratch();
    const release = lockDataDir(dataDir, 'a test');
    const owner = lockHolder(dataDir);
    release();
    mkdirSync(join(dataDir, 'service.lock'), { recursive: true });
    writeFileSync(
      join(dataDir, 'service.lock', '9'),
      JSON.stringify({ ...owner, pid: process.ppid, started: startOf(process.ppid) }),
    );
    expect(() => lockDataDir(dataDir, 'a test')).toThrow(DataDirInUseError);
  });

  it("honours an older version's single-file lock: refused while its owner runs, taken over once it is gone", () => {
    const dataDir = scratch();
    writeFileSync(join(dataDir, 'service.lock'), record(process.ppid));
    expect(lockOwner(dataDir)).toBeNull(); // asked before taking it (npm run accounts): no crash
    expect(() => lockDataDir(dataDir, 'a test')).toThrow(DataDirInUseError);
    writeFileSync(join(dataDir, 'service.lock'), record(deadPid()));
    const release = lockDataDir(dataDir, 'a test');
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid });
    release();
  });

  it("refuses an older version's lock from another host, dead or alive", () => {
    const dataDir = scratch();
    writeFileSync(join(dataDir, 'service.lock'), record(deadPid(), 'elsewhere'));
    expect(() => lockDataDir(dataDir, 'a test')).toThrow(DataDirElsewhereError);
  });
});
