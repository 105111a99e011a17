/**
 * Builds, one mode at a time (`npm run build` runs them all):
 *   vite build --mode paytoken       dist/browser/paytoken.js       IIFE, sets window.Paytoken
 *   vite build --mode paytoken-form  dist/browser/paytoken-form.js  IIFE, defines <paytoken-form> and window.Paytoken
 *   vite build --mode lib            dist/esm/*.js                  ES modules for bundler users
 * An IIFE cannot be split, so each hosted bundle is its own build.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { ACCEPTED_BRANDS } from './src/shared/card-brands.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The hosted bundles: file name → entry. */
export const BROWSER_BUNDLES: Record<string, string> = {
  paytoken: 'src/tokenizer/global.ts',
  'paytoken-form': 'src/form/global.ts',
};

/** The package's ES-module entries (see package.json "exports"). */
const LIB_ENTRIES: Record<string, string> = {
  index: 'src/tokenizer/index.ts',
  form: 'src/form/index.ts',
  server: 'src/server-sdk/index.ts',
};

/**
 * credit-card-type's table holds 15 brands, 8 of which the service refuses; their prefix lists are a
 * fifth of the hosted script. The browser bundle keeps the accepted rows only. A refused brand then
 * fails in the browser as an invalid number, or passes as the brand its prefix shares, and the
 * service (which keeps the full table) answers UNSUPPORTED_CARD_BRAND.
 */
function acceptedBrandsOnly(): Plugin {
  const id = '\0paytoken:accepted-card-types';
  return {
    name: 'paytoken-accepted-card-types',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './lib/card-types' && importer?.includes('credit-card-type') ? id : undefined;
    },
    load(loaded) {
      if (loaded !== id) return undefined;
      const all = createRequire(import.meta.url)('credit-card-type/dist/lib/card-types') as Record<string, { type: string; patterns: unknown[]; lengths: number[] }>;
      // Only `type`, `patterns` and `lengths` are read (by card-validator's cardNumber). credit-card-type
      // still walks every brand in its test order, so a refused brand stays as a row without prefixes:
      // it can never match.
      const rows = Object.entries(all).map(([name, { type, patterns, lengths }]) => [name, name in ACCEPTED_BRANDS ? { type, patterns, lengths } : { patterns: [] }]);
      return `module.exports = ${JSON.stringify(Object.fromEntries(rows))};`;
    },
  };
}

const shared: UserConfig = {
  define: { __PAYTOKEN_VERSION__: JSON.stringify(version) },
};

export default defineConfig(({ mode }) => {
  if (mode in BROWSER_BUNDLES) {
    return {
      ...shared,
      plugins: [acceptedBrandsOnly()],
      build: {
        outDir: 'dist/browser',
        emptyOutDir: false,
        minify: 'terser',
        terserOptions: { compress: { passes: 3, unsafe_arrows: true, ecma: 2020 }, format: { comments: false } },
        target: 'es2020',
        lib: { entry: BROWSER_BUNDLES[mode] as string, formats: ['iife'], name: 'Paytoken', fileName: () => `${mode}.js` },
        rolldownOptions: { output: { generatedCode: { symbols: false } } },
      },
    };
  }
  if (mode === 'lib') {
    return {
      ...shared,
      build: {
        outDir: 'dist/esm',
        emptyOutDir: true,
        minify: false,
        target: 'es2022',
        lib: { entry: LIB_ENTRIES, formats: ['es'] },
        rolldownOptions: { external: [/^card-validator/, /^lit/, /^imask/, /^node:/] },
      },
    };
  }
  return {
    ...shared,
    test: {
      include: ['src/**/*.test.ts'],
      pool: 'forks',
      maxWorkers: 2,
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  };
});
