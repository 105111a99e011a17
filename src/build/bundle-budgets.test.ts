/**
 * The built hosted bundles (dist/browser/, made by `npm run build`; `npm test` builds first) against
 * their budgets: a bundle over its budget, or a new bundle without one, fails here and not only in
 * the bench's table.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROTLI_BUDGETS, brotliBytes, builtBundles } from './bundle-budgets.js';

const dir = new URL('../../dist/browser/', import.meta.url);

describe('the hosted bundles’ sizes', () => {
  if (!existsSync(new URL('manifest.json', dir)))
    throw new Error('dist/browser/manifest.json is missing: run `npm run build` first (npm test does).');
  const bundles = builtBundles(dir);

  it('gives every built bundle a budget, and every budget a built bundle', () => {
    expect(bundles).toEqual(Object.keys(BROTLI_BUDGETS).sort());
  });

  it.each(bundles)('keeps %s within its brotli budget', (name) => {
    const bytes = brotliBytes(readFileSync(new URL(name, dir)));
    expect(bytes, `${name}: ${bytes} B brotli`).toBeLessThanOrEqual(BROTLI_BUDGETS[name] ?? 0);
  });
});
