/**
 * One contender in a race of starting processes over data directories, for the race tests
 * (ops/data-dir.process.test.ts): `node --import tsx start-racer.ts <lock|vault-key>
 * <startAtMs> <spacingMs> <dir>...` takes the i-th directory's lock, or loads its vault key, at
 * `startAtMs + i * spacingMs` (spinning until then, so two contenders call it in the same instant).
 * It prints one line per directory, `<i> owner` or `<i> refused <error>` for the lock, `<i> key
 * <sha-256 of the key>` or `<i> failed <message>` for the key, then `done`, and holds the locks it
 * took until its stdin closes (or it is killed).
 */
import { createHash } from 'node:crypto';
import { lockDataDir } from '../ops/data-dir.js';
import { loadVaultKeys } from '../vault/vault-key.js';

const [what = 'lock', startAt = '0', spacing = '0', ...dirs] = process.argv.slice(2);

function contend(dir: string): string {
  try {
    if (what === 'lock') {
      lockDataDir(dir, 'a start race');
      return 'owner';
    }
    const [key] = loadVaultKeys({ vaultKey: undefined, vaultOldKeys: [], dataDir: dir }, () => undefined);
    return `key ${createHash('sha256')
      .update(key ?? '')
      .digest('hex')}`;
  } catch (error) {
    return `${what === 'lock' ? 'refused' : 'failed'} ${(error as Error).name}: ${(error as Error).message}`;
  }
}

for (const [index, dir] of dirs.entries()) {
  const at = Number(startAt) + index * Number(spacing);
  while (Date.now() < at) {
    // spin: a timer would wake each contender at a different moment
  }
  console.log(`${index} ${contend(dir)}`);
}
console.log('done');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
