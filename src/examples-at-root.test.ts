/**
 * An integrator who saves an example at the repository's root (or in examples/) and runs it there
 * does not break `npm run lint`: ESLint and Prettier accept the file as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { check, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../', import.meta.url).pathname;
/** The Node examples the docs ship (a file an integrator adds beside them is theirs, and not checked). */
const SCRIPTS = [
  'examples/serve.mjs',
  'examples/server/pay.mjs',
  'examples/server/checkout.mjs',
  'examples/server/after-the-charge.mjs',
];

describe('an example saved where an integrator puts it', () => {
  const eslint = new ESLint({ cwd: ROOT });

  it.each(SCRIPTS)(
    '%s saved at the root passes ESLint and Prettier',
    async (path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      const atRoot = join(ROOT, path.split('/').pop() as string);
      const [result] = await eslint.lintText(text, { filePath: atRoot });
      expect(result?.messages.map((message) => `${message.ruleId ?? ''} ${message.message}`)).toEqual([]);
      expect(await check(text, { ...(await resolveConfig(atRoot)), filepath: atRoot })).toBe(true);
    },
    60_000,
  );

  it('anything saved in examples/ is left to its owner', async () => {
    expect(await eslint.isPathIgnored(join(ROOT, 'examples/mine.mjs'))).toBe(true);
    expect(readFileSync(join(ROOT, '.prettierignore'), 'utf8').split('\n')).toContain('examples/');
  });
});
