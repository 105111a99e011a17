// @ts-check
/**
 * Lint: typescript-eslint's type-checked rules (import cycles, type-only ones included, are
 * refused by src/architecture.test.ts), and the layer boundaries of docs/contributing.md#what-may-import-what.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** A boundary: files under `files` must not import what `group` matches (gitignore-style patterns). */
const boundary = (files, group, message, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] },
});

const NOT_OURS = ['node:*'];

export default tseslint.config(
  // examples/ is the integrator's code, run by e2e/examples.spec.ts: a file a user saves there is theirs.
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.data/', 'examples/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  boundary(
    ['src/shared/**/*.ts'],
    ['**/tokenizer/**', '**/form/**', '**/server-sdk/**', '**/service/**', '**/build/**', ...NOT_OURS],
    'shared/ runs anywhere: it imports nothing of ours outside shared/ and no node: module.',
    ['src/shared/**/*.test.ts'],
  ),
  boundary(
    ['src/tokenizer/**/*.ts'],
    ['**/form/**', '**/server-sdk/**', '**/service/**', '**/build/**'],
    'tokenizer/ imports only shared/.',
    ['src/tokenizer/**/*.test.ts'],
  ),
  boundary(
    ['src/form/**/*.ts'],
    [
      '**/server-sdk/**',
      '**/service/**',
      '**/build/**',
      '**/tokenizer/*',
      '!**/tokenizer/index.js',
      '!**/tokenizer/global.js',
      '!**/tokenizer/deferred.js',
    ],
    "form/ imports shared/ and the tokenizer's entries (tokenizer/index.js, global.js, deferred.js) only.",
    ['src/form/**/*.test.ts'],
  ),
  // <paytoken-frame> is one product in src/frame/: the loader on the integrator's page, the bridge inside
  // the frame page, the protocol the two speak, and the page the service renders.
  boundary(
    ['src/frame/protocol/**/*.ts'],
    [
      '**/tokenizer/**',
      '**/form/**',
      '**/server-sdk/**',
      '**/service/**',
      '**/build/**',
      '**/loader/**',
      '**/bridge/**',
      '**/page/**',
      ...NOT_OURS,
    ],
    'frame/protocol/ is what the loader and the bridge both speak: it imports nothing of ours but shared/.',
    ['src/frame/protocol/**/*.test.ts'],
  ),
  boundary(
    ['src/frame/loader/**/*.ts'],
    ['**/tokenizer/**', '**/form/**', '**/bridge/**', '**/page/**', '**/server-sdk/**', '**/service/**', '**/build/**'],
    "frame/loader/ is <paytoken-frame>'s loader on the integrator's page: it imports only shared/ and frame/protocol/ (no Lit, no card fields).",
    ['src/frame/loader/**/*.test.ts'],
  ),
  boundary(
    ['src/frame/bridge/**/*.ts'],
    [
      '**/tokenizer/**',
      '**/loader/**',
      '**/page/**',
      '**/server-sdk/**',
      '**/service/**',
      '**/build/**',
      '**/form/*',
      '!**/form/index.js',
    ],
    "frame/bridge/ is the frame page's bridge: it imports shared/, frame/protocol/ and the form's public entry (form/index.js) only.",
    ['src/frame/bridge/**/*.test.ts'],
  ),
  boundary(
    ['src/frame/ssr/**/*.ts'],
    [
      '**/tokenizer/**',
      '**/bridge/**',
      '**/page/**',
      '**/server-sdk/**',
      '**/service/**',
      '**/build/**',
      '**/loader/*',
      '!**/loader/messages.js',
      '**/form/**/*.js',
      '!**/form/ssr/attributes.js',
    ],
    "frame/ssr/ renders <paytoken-frame> on the integrator's server: it imports shared/, frame/protocol/, the loader's words (loader/messages.js) and the form's SSR attributes (form/ssr/attributes.js) only.",
    ['src/frame/ssr/**/*.test.ts'],
  ),
  boundary(
    ['src/frame/page/**/*.ts'],
    ['**/tokenizer/**', '**/form/**', '**/loader/**', '**/bridge/**', '**/server-sdk/**'],
    'frame/page/ is the page the service renders: it never imports the browser code.',
    ['src/frame/page/**/*.test.ts'],
  ),
  boundary(
    ['src/server-sdk/**/*.ts'],
    ['**/tokenizer/**', '**/form/**', '**/service/**', '**/build/**'],
    'server-sdk/ imports only shared/.',
    ['src/server-sdk/**/*.test.ts'],
  ),
  boundary(
    ['src/service/**/*.ts'],
    ['**/tokenizer/**', '**/form/**', '**/server-sdk/**', '**/frame/loader/**', '**/frame/bridge/**'],
    'service/ never imports the browser code or the SDK (of the frame, only frame/page/ and frame/protocol/).',
    ['src/service/**/*.test.ts'],
  ),
  boundary(
    ['src/service/payments/**/*.ts', 'src/service/fees/**/*.ts', 'src/service/cards/**/*.ts'],
    [
      '**/http/**',
      '**/deps.js',
      '**/auth/authenticate.js',
      '**/auth/browser-pages.js',
      '**/auth/public-key-gate.js',
      'fastify',
      'fastify/**',
      '@fastify/**',
      'node:http',
      '**/tokenizer/**',
      '**/form/**',
      '**/server-sdk/**',
    ],
    'payments/, fees/ and cards/ are the rules: they return a Result (payments/result.ts), never an HTTP answer.',
    ['src/service/payments/**/*.test.ts', 'src/service/fees/**/*.test.ts', 'src/service/cards/**/*.test.ts'],
  ),
  boundary(
    ['src/service/{storage,vault,sandbox,accounts,config}/**/*.ts'],
    [
      '**/http/routes/**',
      '**/http/schemas/**',
      '**/auth/authenticate.js',
      '**/auth/browser-pages.js',
      '**/auth/public-key-gate.js',
      '**/deps.js',
      'fastify',
      'fastify/**',
      '@fastify/**',
    ],
    'storage/, vault/, sandbox/, accounts/ and config/ know nothing of HTTP requests: only http/ and auth/ do.',
    ['src/service/**/*.test.ts'],
  ),
  boundary(
    ['src/service/http/routes/*.ts'],
    ['./*', '**/tokenizer/**', '**/form/**', '**/server-sdk/**', '**/frame/loader/**', '**/frame/bridge/**'],
    'Routes never import each other: shared logic belongs in a domain module.',
    ['src/service/http/routes/*.test.ts'],
  ),
  // The form's element wires its controllers (src/form/controllers/) and lays out its parts
  // (src/form/form-view.ts): what it does itself stays small.
  { files: ['src/form/paytoken-form.component.ts'], rules: { 'max-lines': ['error', 250] } },
  // Plain JavaScript (an example saved at the root, say, or the demo pages' own script) has no types
  // to check, and runs in Node or in a page, which may have loaded the hosted script.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: Object.fromEntries(
        [
          ...['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'setTimeout', 'clearTimeout'],
          ...['window', 'document', 'location', 'customElements', 'Option', 'Paytoken'],
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  prettier,
);
