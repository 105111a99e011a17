/**
 * docs/domain.md shows the life of a payment; this renders it from payments/lifecycle.ts and fails
 * when the page says anything else (the table lives in the code, the page only shows it).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lifecycleMarkdown } from './lifecycle-markdown.js';

describe('docs/domain.md', () => {
  it('shows the states table of payments/lifecycle.ts as it is', () => {
    const page = readFileSync(new URL('../../../docs/domain.md', import.meta.url), 'utf8');
    expect(page).toContain(lifecycleMarkdown());
  });
});
