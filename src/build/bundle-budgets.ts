/**
 * The hosted bundles' size budgets, brotli bytes at quality 11 (1 kB = 1000 B), and how they are
 * measured. bench/bundle-sizes.ts reports them; src/build/bundle-budgets.test.ts fails a build that
 * goes over one, or a built bundle that has none.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * The hosted script shrank to 4 500 B before the load-time checks were added to it; the form stays
 * at most 13 000 B, its engine 15 000 B, its hydration 5 000 B, the frame's loader 2 500 B and the frame page's bridge 1 600 B
 * (1 500 B until it both waited for the server-rendered form's hydration and passed the fee quote on).
 */
export const BROTLI_BUDGETS: Readonly<Record<string, number>> = {
  'paytoken.js': 4500,
  'paytoken-form.js': 13_000,
  'paytoken-form-engine.js': 15_000,
  // Lit's hydration with a lit-html of its own, only on pages with a server-rendered form.
  'paytoken-form-hydrate.js': 5000,
  'paytoken-frame.js': 2500,
  'paytoken-frame-bridge.js': 1600,
};

/** A file's size as the budgets count it. */
export const brotliBytes = (bytes: Uint8Array): number =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The plain names of the built JavaScript bundles that dist/browser/manifest.json lists, sorted. */
export function builtBundles(dir: URL): string[] {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { files: object };
  return Object.keys(manifest.files)
    .filter((name) => name.endsWith('.js'))
    .sort();
}
