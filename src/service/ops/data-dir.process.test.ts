/**
 * What processes starting together on one data directory race for: its lock (data-dir.ts), of which
 * exactly one of two calling it in the same instant is the owner, whether it was free or left by a
 * killed process; and its generated vault key (vault/vault-key.ts), which both must end up sharing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { processTestScope } from '../testing/process-scope.js';
import { describeEmbedded } from '../testing/engine.js';

vi.setConfig({ testTimeout: 120_000 });
const { freshDir } = processTestScope('paytoken-lock-');
const RACER = new URL('../testing/start-racer.ts', import.meta.url).pathname;
const ROUNDS = 30;
const racers: ChildProcess[] = [];
afterAll(() => {
  for (const racer of racers) racer.kill('SIGKILL');
});

/** A contender (testing/start-racer.ts) for `dirs`, from `startAt`; its lines once it has tried each. */
function race(
  dirs: string[],
  startAt: number,
  spacingMs: number,
  what: 'lock' | 'vault-key' = 'lock',
): { child: ChildProcess; lines: Promise<string[]> } {
  const args = ['--import', 'tsx', RACER, what, String(startAt), String(spacingMs), ...dirs];
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  racers.push(child);
  const lines = new Promise<string[]>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('done\n')) resolve(text.trim().split('\n'));
    });
    child.once('exit', (code) => reject(new Error(`A lock racer exited with ${code}:\n${text}`)));
  });
  return { child, lines };
}

/** Two contenders for each of `dirs` in the same instant; how many owners each directory got. */
async function ownersPerRound(dirs: string[]): Promise<number[]> {
  // Far enough ahead for both to have loaded (tsx, a loaded 2-core machine).
  const startAt = Date.now() + 6_000;
  const [first, second] = [race(dirs, startAt, 40), race(dirs, startAt, 40)];
  const lines = [...(await first.lines), ...(await second.lines)];
  return dirs.map((_, index) => lines.filter((line) => line === `${index} owner`).length);
}

describeEmbedded('the data directory lock under a race', () => {
  it('two processes taking a free directory in the same instant: one owner each time', async () => {
    const dirs = Array.from({ length: ROUNDS }, () => freshDir());
    expect(await ownersPerRound(dirs)).toEqual(dirs.map(() => 1));
  });

  it("two processes taking over a killed process's lock in the same instant: one owner each time", async () => {
    const dirs = Array.from({ length: ROUNDS }, () => freshDir());
    const killed = race(dirs, Date.now(), 0);
    expect((await killed.lines).filter((line) => line.endsWith(' owner'))).toHaveLength(ROUNDS);
    killed.child.kill('SIGKILL');
    await new Promise((resolve) => killed.child.once('exit', resolve));
    expect(await ownersPerRound(dirs)).toEqual(dirs.map(() => 1));
  });
});

describeEmbedded('the generated vault key under a race', () => {
  // PAYTOKEN_PROCESSES=N without PAYTOKEN_VAULT_KEY: every service process loads the key at once.
  it('two processes generating it in the same instant: both use the one key the file keeps', async () => {
    const dirs = Array.from({ length: ROUNDS }, () => freshDir());
    const startAt = Date.now() + 6_000;
    const [first, second] = [race(dirs, startAt, 40, 'vault-key'), race(dirs, startAt, 40, 'vault-key')];
    const lines = [...(await first.lines), ...(await second.lines)];
    const kept = dirs.map((dir) => {
      const key = Buffer.from(readFileSync(join(dir, 'vault.key'), 'utf8').trim(), 'base64');
      return `key ${createHash('sha256').update(key).digest('hex')}`;
    });
    const used = dirs.map((_, index) =>
      lines.filter((line) => line.startsWith(`${index} `)).map((line) => line.slice(`${index} `.length)),
    );
    expect(used).toEqual(kept.map((key) => [key, key]));
  });
});
