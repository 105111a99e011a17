// @ts-check
/**
 * Lint: typescript-eslint's type-checked rules (import cycles, type-only ones included, are
 * refused by src/architecture.test.ts), and the layer boundaries of the README's "Layout" section.
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
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.data/'] },
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
  boundary(
    ['src/frame/**/*.ts'],
    ['**/tokenizer/**', '**/form/**', '**/frame-page/**', '**/server-sdk/**', '**/service/**', '**/build/**'],
    "frame/ is <paytoken-frame>'s loader on the integrator's page: it imports only shared/ (no Lit, no card fields).",
    ['src/frame/**/*.test.ts'],
  ),
  boundary(
    ['src/frame-page/**/*.ts'],
    [
      '**/tokenizer/**',
      '**/frame/**',
      '**/server-sdk/**',
      '**/service/**',
      '**/build/**',
      '**/form/*',
      '!**/form/index.js',
    ],
    "frame-page/ is the frame page's bridge: it imports shared/ and the form's public entry (form/index.js) only.",
    ['src/frame-page/**/*.test.ts'],
  ),
  boundary(
    ['src/server-sdk/**/*.ts'],
    ['**/tokenizer/**', '**/form/**', '**/service/**', '**/build/**'],
    'server-sdk/ imports only shared/.',
    ['src/server-sdk/**/*.test.ts'],
  ),
  boundary(
    ['src/service/**/*.ts'],
    ['**/tokenizer/**', '**/form/**', '**/server-sdk/**'],
    'service/ never imports the browser code or the SDK.',
    ['src/service/**/*.test.ts'],
  ),
  boundary(
    ['src/service/payments/**/*.ts', 'src/service/fees/**/*.ts'],
    [
      '**/errors.js',
      '**/deps.js',
      '**/auth/authenticate.js',
      '**/routes/**',
      'fastify',
      'fastify/**',
      '@fastify/**',
      'node:http',
      '**/tokenizer/**',
      '**/form/**',
      '**/server-sdk/**',
    ],
    'payments/ and fees/ are the rules: they return results or throw RefusedFields, never an HTTP answer.',
    ['src/service/payments/**/*.test.ts', 'src/service/fees/**/*.test.ts'],
  ),
  boundary(
    ['src/service/routes/*.ts'],
    ['./*', '**/tokenizer/**', '**/form/**', '**/server-sdk/**'],
    'Routes never import each other: shared logic belongs in a domain module.',
    ['src/service/routes/*.test.ts'],
  ),
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  // README snippets (e2e/readme.spec.ts runs them in the page that loaded the hosted scripts).
  {
    files: ['demo/snippets/*.js'],
    languageOptions: {
      globals: { Paytoken: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly' },
    },
  },
  prettier,
);
