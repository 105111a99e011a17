/**
 * The domain never sees a request or a wire shape: request parsing and the wire's mappers live in
 * src/service/http/ (eslint.config.js already refuses payments/ → http/). This fails when a parser
 * or a mapper comes back into payments/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const HERE = new URL('./', import.meta.url);
const sources = readdirSync(HERE).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('payments/', () => {
  it('exports no request parser and no wire mapper', () => {
    const found = sources.flatMap((name) => {
      const text = readFileSync(new URL(name, HERE), 'utf8');
      const exported = [...text.matchAll(/export (?:async )?(?:function|const) (\w+)/g)].map((match) => match[1]);
      return exported
        .filter((symbol) => symbol && /^validate|^to\w*Response$|Query/.test(symbol))
        .map((symbol) => `${name}: ${symbol}`);
    });
    expect(found).toEqual([]);
  });
});
