/**
 * The built form bundle (dist/browser/, `npm test` builds first) asks Chromium to compile its functions
 * as it loads them (compile-hints.ts), under both its names, and the bundles whose functions wait for
 * the payer do not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtBundles } from './bundle-budgets.js';
import { ALL_FUNCTIONS_CALLED_ON_LOAD, EAGER_BUNDLES } from './compile-hints.js';

const dir = new URL('../../dist/browser/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as {
  files: Record<string, { immutableUrl: string }>;
};

describe('compile hints in the hosted bundles', () => {
  it.each(builtBundles(dir))('%s starts with the hint only when all its functions run at load', (name) => {
    const eager = EAGER_BUNDLES.includes(name.replace(/\.js$/, ''));
    for (const file of [name, manifest.files[name]?.immutableUrl ?? '']) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      expect(text.startsWith(`${ALL_FUNCTIONS_CALLED_ON_LOAD}\n`), file).toBe(eager);
    }
  });
});
