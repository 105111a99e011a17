/**
 * What the bundles are built from, as one SHA-256: every source file under src/ except tests, the
 * build's own files and the package's manifest and lock. `npm start` builds only when it changed
 * (scripts/build.ts --if-changed), so a restart does not wait for a build that would write the
 * same bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const TOP_LEVEL_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'vite.config.ts',
  'scripts/build.ts',
];
/** Written last by a build that finished; a build that failed half-way leaves the old one or none. */
const DIGEST_FILE = 'dist/.inputs-digest';
/** What a finished build leaves; if any is gone, the build is not current whatever the digest says. */
const OUTPUTS = ['dist/browser/manifest.json', 'dist/esm/index.js', 'dist/types'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.test\.ts$/.test(entry.name) ? [] : [path];
  });
}

/** @example inputsDigest('/work/paytoken') // 'a3f…' (64 hex digits) */
export function inputsDigest(root: string): string {
  const hash = createHash('sha256');
  const files = [...TOP_LEVEL_INPUTS.map((file) => join(root, file)), ...sourceFiles(join(root, 'src')).sort()];
  for (const file of files) {
    hash.update(relative(root, file)).update('\0');
    hash.update(existsSync(file) ? readFileSync(file) : '(none)').update('\0');
  }
  return hash.digest('hex');
}

/** The digest of the last finished build, or `undefined` when there is none or its output is gone. */
export function readBuiltDigest(root: string): string | undefined {
  if (!OUTPUTS.every((output) => existsSync(join(root, output)))) return undefined;
  const file = join(root, DIGEST_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export function writeBuiltDigest(root: string, digest: string): void {
  writeFileSync(join(root, DIGEST_FILE), `${digest}\n`);
}
