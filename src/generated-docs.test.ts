/**
 * The generated docs are current: docs/reference.md and the README's test cards are what
 * `npm run docs:reference` makes now from /openapi.json, the message catalogs and the sandbox
 * processor (scripts/reference.ts). Rerun it after changing any of them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replaceSection, sectionOf } from '../scripts/generated-section.js';
import { README_FILE, REFERENCE_FILE, generateReference, testCardsTable } from '../scripts/reference.js';
import { SERVICE_MESSAGES } from './service/http/errors.js';
import { fieldMessages } from './shared/messages/en.js';

describe('docs/reference.md', () => {
  it('is what npm run docs:reference makes from the document and the catalogs', async () => {
    expect(readFileSync(REFERENCE_FILE, 'utf8')).toBe(await generateReference());
  }, 60_000);

  it('lists every code with its message, once', async () => {
    const reference = await generateReference();
    for (const [code, message] of Object.entries({ ...fieldMessages, ...SERVICE_MESSAGES }))
      expect(reference).toContain(`| \`${code}\` | ${message} |`);
    expect(reference.match(/\| `INVALID_CARD_NUMBER` \|/g)).toHaveLength(1);
  }, 60_000);
});

describe("the README's test cards", () => {
  it('are the generated table', () => {
    expect(sectionOf(readFileSync(README_FILE, 'utf8'), 'test-cards')).toBe(testCardsTable());
  });
});

describe('a generated section', () => {
  const document = 'intro\n<!-- generated:x -->\nold\n<!-- /generated:x -->\nafter\n';
  it('is replaced between its markers, the rest kept', () => {
    expect(replaceSection(document, 'x', 'new')).toBe(
      'intro\n<!-- generated:x -->\nnew\n<!-- /generated:x -->\nafter\n',
    );
    expect(sectionOf(document, 'x')).toBe('old');
  });
  it('is appended when the document has none', () => {
    expect(replaceSection('intro\n', 'y', 'table')).toBe(
      'intro\n\n<!-- generated:y -->\ntable\n<!-- /generated:y -->\n',
    );
    expect(sectionOf('intro\n', 'y')).toBeUndefined();
  });
});
