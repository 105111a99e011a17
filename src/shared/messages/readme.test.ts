import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientMessages, fieldMessages, transactionMessages } from './en.js';

describe('README', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  it.each(Object.entries({ ...fieldMessages, ...clientMessages, ...transactionMessages }))(
    'lists %s with its message',
    (code, message) => {
      expect(readme).toContain(`| \`${code}\` | ${message} |`);
    },
  );
});
