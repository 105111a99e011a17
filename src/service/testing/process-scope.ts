/**
 * The set-up and clean-up a vitest file of process tests shares: apart from processes.ts, which
 * the browser tests import too, so that they do not load vitest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { ServiceProcess } from './processes.js';

/**
 * What a file of process tests keeps and leaves behind: after all its tests, every service in
 * `started` is killed and every one of `cleanups` runs. `freshDir()` is a data directory path in a
 * new temporary directory (named `prefix…`) that is removed then.
 * @example const { started, cleanups, freshDir } = processTestScope('paytoken-ops-');
 */
export function processTestScope(prefix: string) {
  const started: ServiceProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const service of started) service.child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'data');
  };
  return { started, cleanups, freshDir };
}
