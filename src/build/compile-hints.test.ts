/**
 * The built form bundle (dist/browser/, `npm test` builds first) asks Chromium to compile its functions
 * as it loads them (compile-hints.ts), and the bundles whose functions wait for the payer do not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtBundles } from './bundle-budgets.js';
import { ALL_FUNCTIONS_CALLED_ON_LOAD, EAGER_BUNDLES } from './compile-hints.js';

const dir = new URL('../../dist/browser/', import.meta.url);

describe('compile hints in the hosted bundles', () => {
  it.each(builtBundles(dir))('%s starts with the hint only when all its functions run at load', (name) => {
    const text = readFileSync(new URL(name, dir), 'utf8');
    expect(text.startsWith(`${ALL_FUNCTIONS_CALLED_ON_LOAD}\n`)).toBe(
      EAGER_BUNDLES.includes(name.replace(/\.js$/, '')),
    );
  });

  it('names the form, whose first render runs nearly all of its code', () => {
    expect(EAGER_BUNDLES).toEqual(['paytoken-form']);
  });
});
