import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputsDigest, readBuiltDigest, writeBuiltDigest } from './inputs-digest.js';

/** A repository-shaped folder with one source, one test and a finished build's outputs. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'paytoken-inputs-'));
  mkdirSync(join(root, 'src/form'), { recursive: true });
  mkdirSync(join(root, 'dist/browser'), { recursive: true });
  mkdirSync(join(root, 'dist/esm'), { recursive: true });
  mkdirSync(join(root, 'dist/types'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"version":"1.0.0"}');
  writeFileSync(join(root, 'src/form/form.ts'), 'export const a = 1;');
  writeFileSync(join(root, 'src/form/form.test.ts'), 'it("a", () => {});');
  writeFileSync(join(root, 'dist/browser/manifest.json'), '{}');
  writeFileSync(join(root, 'dist/esm/index.js'), '');
  return root;
}

describe('inputsDigest (npm start builds only when an input changed)', () => {
  it('changes with a source file, the package manifest or a new file, and not with a test', () => {
    const root = project();
    const before = inputsDigest(root);
    writeFileSync(join(root, 'src/form/form.test.ts'), 'it("b", () => {});');
    expect(inputsDigest(root)).toBe(before);
    writeFileSync(join(root, 'src/form/form.ts'), 'export const a = 2;');
    const edited = inputsDigest(root);
    expect(edited).not.toBe(before);
    writeFileSync(join(root, 'package.json'), '{"version":"1.0.1"}');
    expect(inputsDigest(root)).not.toBe(edited);
    const bumped = inputsDigest(root);
    writeFileSync(join(root, 'src/form/styles.ts'), '');
    expect(inputsDigest(root)).not.toBe(bumped);
  });

  it('reads back the digest of the last finished build, and none once an output is gone', () => {
    const root = project();
    expect(readBuiltDigest(root)).toBeUndefined();
    writeBuiltDigest(root, inputsDigest(root));
    expect(readBuiltDigest(root)).toBe(inputsDigest(root));
    rmSync(join(root, 'dist/browser/manifest.json'));
    expect(readBuiltDigest(root)).toBeUndefined();
  });
});
