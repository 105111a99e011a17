/**
 * One contender for data directories' locks, for the lock's race tests (operation/data-dir.process.test.ts):
 * `node --import tsx lock-racer.ts <startAtMs> <spacingMs> <dir>...` takes the lock of the i-th
 * directory at `startAtMs + i * spacingMs` (spinning until then, so two contenders call it in the
 * same instant), prints one line per directory, `<i> owner` or `<i> refused`, then `done`, and holds
 * what it took until its stdin closes (or it is killed).
 */
import { lockDataDir } from '../operation/data-dir.js';

const [startAt = '0', spacing = '0', ...dirs] = process.argv.slice(2);
for (const [index, dir] of dirs.entries()) {
  const at = Number(startAt) + index * Number(spacing);
  while (Date.now() < at) {
    // spin: a timer would wake each contender at a different moment
  }
  try {
    lockDataDir(dir, 'a lock race');
    console.log(`${index} owner`);
  } catch (error) {
    console.log(`${index} refused ${(error as Error).name}`);
  }
}
console.log('done');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
