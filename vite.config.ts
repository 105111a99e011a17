/**
 * The build's modes, one per bundle; scripts/build.ts (`npm run build`) runs them in the order their
 * inputs need and then writes dist/browser/manifest.json with the content-named copies:
 *   paytoken                dist/browser/paytoken.js, IIFE, sets window.Paytoken
 *   paytoken-form-engine    the form's engine (imask, the checks, the tokenizer; window.PaytokenFormEngine)
 *   paytoken-form           dist/browser/paytoken-form.js, IIFE, defines <paytoken-form> and
 *                           window.Paytoken, and loads the engine by its content name at the first
 *                           focus or input in a field, or at Pay (build/hosted-engine.ts)
 *   paytoken-frame-bridge   the frame page's bridge
 *   paytoken-frame          the <paytoken-frame> loader, which names the page after the form and the
 *                           bridge (src/frame/page/vite-plugin.ts)
 *   paytoken-form-hydrate   Lit's hydration, the one script of a page whose form the server
 *                           rendered: it adds paytoken-form.js (by content name) after the first
 *                           paint (src/form/hydrate/hydrate.ts, src/build/hosted-form.ts)
 *   ssr                     dist/ssr/render-form.js: the form rendered to HTML in Node (`paytoken/ssr`
 *                           and the service's frame page), with the same minified templates as the
 *                           browser's, so that their digests agree when the browser hydrates them;
 *                           and <paytoken-frame> with its iframe, named as the loader names it
 *   lib                     dist/esm/*.js, ES modules for bundler users
 * An IIFE cannot be split, so each hosted bundle is its own build; the form's Spanish is a JSON file
 * beside it (src/build/hosted-locales.ts). The build plugins are in src/build/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type UserConfig } from 'vite';
import { acceptedBrandsOnly } from './src/build/accepted-card-types.js';
import { framePage } from './src/frame/page/vite-plugin.js';
import { hostedLocales } from './src/build/hosted-locales.js';
import { hostedEngine } from './src/build/hosted-engine.js';
import { hostedForm } from './src/build/hosted-form.js';
import { shortLitErrors } from './src/build/short-lit-errors.js';
import { compileHints, EAGER_BUNDLES } from './src/build/compile-hints.js';
import { minifyLitTemplates } from './src/build/minify-templates.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The hosted bundles: file name → entry. */
export const BROWSER_BUNDLES: Record<string, string> = {
  paytoken: 'src/tokenizer/global.ts',
  'paytoken-form-engine': 'src/form/engine/engine.global.ts',
  'paytoken-form': 'src/form/global.ts',
  'paytoken-form-hydrate': 'src/form/hydrate/hydrate.ts',
  'paytoken-frame-bridge': 'src/frame/bridge/bridge.ts',
  'paytoken-frame': 'src/frame/loader/global.ts',
};

/** The package's ES-module entries (see package.json "exports"). */
const LIB_ENTRIES: Record<string, string> = {
  index: 'src/tokenizer/index.ts',
  form: 'src/form/index.ts',
  server: 'src/server-sdk/index.ts',
};

/**
 * Debian's Chromium when it is installed, with the flags that keep it off the network it cannot reach
 * here (as playwright.config.ts); otherwise Playwright's own browser.
 */
/** The tests of the service and of the server SDK, which starts it: the `service` project's files. */
const SERVICE_TESTS = ['src/service/**/*.test.ts', 'src/server-sdk/**/*.test.ts'];

function chromiumLaunchOptions() {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
  if (!executablePath) return {};
  const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
  return { executablePath, args: [...args, '--disable-sync', '--disable-quic', '--no-first-run'] };
}

const shared: UserConfig = {
  define: { __PAYTOKEN_VERSION__: JSON.stringify(version) },
};

export default defineConfig(({ mode }) => {
  if (mode in BROWSER_BUNDLES) {
    return {
      ...shared,
      plugins: [
        acceptedBrandsOnly(),
        minifyLitTemplates(),
        ...(mode === 'paytoken-form'
          ? [hostedLocales(), hostedEngine(new URL('./dist/browser/', import.meta.url)), shortLitErrors()]
          : []),
        ...(EAGER_BUNDLES.includes(mode) ? [compileHints()] : []),
        ...(mode === 'paytoken-frame' ? [framePage(new URL('./dist/browser/', import.meta.url))] : []),
        ...(mode === 'paytoken-form-hydrate'
          ? [hostedForm(new URL('./dist/browser/', import.meta.url)), shortLitErrors()]
          : []),
      ],
      build: {
        outDir: 'dist/browser',
        emptyOutDir: false,
        minify: 'terser',
        terserOptions: {
          compress: {
            passes: 3,
            unsafe_arrows: true,
            ecma: 2022,
            pure_getters: true,
            unsafe_methods: true,
            unsafe_comps: true,
            // imask's two developer warnings (a mask misused by its caller) are not for payers;
            // none of the form's own code writes to the console.
            ...(mode === 'paytoken-form-engine' && { pure_funcs: ['console.warn'] }),
          },
          format: { comments: false },
        },
        target: 'es2022',
        lib: {
          entry: BROWSER_BUNDLES[mode] as string,
          formats: ['iife'],
          name: mode === 'paytoken-form-engine' ? 'PaytokenFormEngine' : 'Paytoken',
          fileName: () => `${mode}.js`,
        },
        rolldownOptions: {
          output: { generatedCode: { symbols: false } },
          // Which plugin took how long is a profiler's business, not the build's output.
          checks: { bundlerTimings: false },
        },
      },
    };
  }
  if (mode === 'ssr') {
    return {
      ...shared,
      // The frame page's name for renderPaytokenFrame: built after the form and the bridge, as the loader is.
      plugins: [acceptedBrandsOnly(), minifyLitTemplates(), framePage(new URL('./dist/browser/', import.meta.url))],
      // Lit's Node build (its DOM shim) and the server renderer go inside: the package has no dependencies.
      ssr: { noExternal: true, target: 'node' },
      build: {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        // Minified for the package's install budget; the templates' text (their digests) is not touched.
        minify: true,
        target: 'node20',
        ssr: 'src/form/ssr/render-form.ts',
        rolldownOptions: {
          external: [/^node:/],
          output: { entryFileNames: 'render-form.js' },
          checks: { bundlerTimings: false },
        },
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
        rolldownOptions: {
          // Lit, imask and card-validator go inside: the package has no dependencies to install
          // (docs/decisions/0010-one-package-without-dependencies.md).
          external: [/^node:/],
          checks: { bundlerTimings: false },
        },
      },
    };
  }
  return {
    ...shared,
    test: {
      pool: 'forks',
      maxWorkers: 2,
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // Three projects: the unit tests and the service tests in Node, and the form's component tests in
      // a real Chromium (`*.browser.test.ts`), against the real service a global setup starts.
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['src/**/*.test.ts'],
            exclude: ['src/**/*.browser.test.ts', ...SERVICE_TESTS],
          },
        },
        {
          extends: true,
          test: {
            name: 'service',
            include: SERVICE_TESTS,
            // The OpenAPI status coverage after a full run (src/service/testing/contract-coverage.ts).
            // The template first: set-ups' teardowns run in reverse, and the coverage check's teardown builds
            // an app on it.
            globalSetup: ['src/service/testing/pglite-template.ts', 'src/service/testing/contract-coverage.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['src/**/*.browser.test.ts'],
            globalSetup: ['e2e/support/component-service.ts'],
            browser: {
              enabled: true,
              headless: true,
              screenshotFailures: false,
              provider: playwright({ launchOptions: chromiumLaunchOptions() }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
      // `npm test` runs with --coverage: below these floors it fails. The floors start at what was
      // measured when they were set (README, "Tests and benchmarks"); raise them, never lower them.
      coverage: {
        provider: 'v8',
        include: ['src/**/*.ts'],
        // <paytoken-frame>'s loader and bridge run only in a browser, across two origins: e2e/frame.spec.ts
        // tests them in Chromium, which this V8 coverage does not see (their pure parts are in frame/protocol/).
        exclude: ['src/**/*.test.ts', 'src/**/testing/**', 'src/frame/loader/**', 'src/frame/bridge/**'],
        reporter: ['text-summary', 'json-summary'],
        reportOnFailure: true,
        thresholds: {
          lines: 78,
          statements: 77,
          functions: 78,
          branches: 78,
          'src/shared/**': { lines: 100 },
          'src/frame/protocol/**': { lines: 100 },
          'src/service/fees/**': { lines: 100 },
        },
      },
    },
  };
});
