/**
 * Every document the code cites is in the repository. A comment, test name or string in src/, demo/,
 * e2e/, bench/, examples/, scripts/, the README or docs/ that names `docs/….md` must name a file that
 * exists, and its `#anchor` or `, Heading` (with an optional `rule N`) must exist in that file. Markdown links
 * in the README and docs/ are held to the same. Citations of documents outside the repository
 * ("contract §5", "spec §4.1", a bare `fees.md`) are refused, and so is an issue's number
 * ("issue 10, item 3"): point them at docs/api.md, docs/fees.md or the file that holds the rule.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(dirname(new URL(import.meta.url).pathname));
const THIS_FILE = 'src/docs-references.test.ts';
const SCANNED = ['src', 'demo', 'e2e', 'bench', 'docs', 'examples', 'scripts', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report']);
const TEXT = /\.(ts|tsx|mts|js|mjs|cjs|html|css|md)$/;

/** A file to check: its path from the repository root, and its text. */
export interface SourceText {
  name: string;
  text: string;
}

interface Heading {
  text: string;
  anchor: string;
  /** The numbers of the numbered list items under this heading, before the next heading. */
  rules: Set<number>;
}

/** An anchor as GitHub makes it from a heading: lower case, punctuation dropped, spaces to dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** The headings of a markdown document, outside code fences, with GitHub's anchors (`-1` for repeats). */
export function headingsOf(markdown: string): Heading[] {
  const headings: Heading[] = [];
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) {
      const base = anchorOf(heading[1]);
      const repeats = seen.get(base) ?? 0;
      seen.set(base, repeats + 1);
      headings.push({ text: heading[1], anchor: repeats ? `${base}-${repeats}` : base, rules: new Set() });
      continue;
    }
    const item = /^\s*(\d+)\.\s/.exec(line);
    const current = headings.at(-1);
    if (item?.[1] && current) current.rules.add(Number(item[1]));
  }
  return headings;
}

const OUTSIDE_CITATIONS: [RegExp, string][] = [
  [/\bcontract §/gi, 'cites the outside API contract'],
  [/\bspec §/gi, 'cites the outside spec'],
  [/api-contract\.md/g, 'cites the outside API contract'],
  [/000_8c73a5ce782ae9ab/g, 'cites the outside spec file'],
  // An issue tracker is not in the repository: say the rule, or cite the file or doc that holds it.
  [/\bissues? (?:#\s?)?\d+\b/gi, 'names an issue number, which no reader of the repository can look up'],
];
/** `fees.md` not as `docs/fees.md`; inside docs/ a relative `fees.md` is a real path. */
const BARE_FEES = /(?<![\w/.-])fees\.md/g;
/** `docs/x.md`, then `#anchor`, or `, Heading` with an optional `rule 3` / `rules 1, 2 and 4`. */
const DOC_REFERENCE = /(?<![\w/.-])(docs\/[\w./-]*?\.md)(?:#([\w-]+)|, ([A-Z][^\n]*))?/g;
/** A markdown link to a local `.md` file or to an anchor of the same file. */
const MARKDOWN_LINK = /\]\((?!https?:)([^)\s#]*?\.md)?(?:#([^)\s]+))?\)/g;

/**
 * Every broken reference and outside citation in `files`, as `path:line: problem`. `readDoc` gives a
 * document's text by its path from the repository root, or undefined when it does not exist.
 */
export function referenceProblems(files: SourceText[], readDoc: (path: string) => string | undefined): string[] {
  const problems: string[] = [];
  const headingCache = new Map<string, Heading[] | undefined>();
  const headings = (path: string) => {
    if (!headingCache.has(path)) {
      const text = readDoc(path);
      headingCache.set(path, text === undefined ? undefined : headingsOf(text));
    }
    return headingCache.get(path);
  };

  for (const { name, text } of files) {
    const at = (index: number) => `${name}:${text.slice(0, index).split('\n').length}`;
    const checkTarget = (index: number, doc: string, anchor?: string, headingText?: string) => {
      const docHeadings = headings(doc);
      if (!docHeadings) return problems.push(`${at(index)}: ${doc} does not exist`);
      if (anchor !== undefined && !docHeadings.some((heading) => heading.anchor === anchor))
        return problems.push(`${at(index)}: ${doc} has no heading with the anchor #${anchor}`);
      if (headingText !== undefined) {
        const heading = docHeadings
          .filter((candidate) => new RegExp(`^${escape(candidate.text)}(?![\\w-])`).test(headingText))
          .sort((a, b) => b.text.length - a.text.length)[0];
        if (!heading) return problems.push(`${at(index)}: ${doc} has no heading "${headingText.slice(0, 40)}"`);
        const rules = /^ rules? (\d+(?:(?:, | and )\d+)*)/.exec(headingText.slice(heading.text.length));
        for (const rule of rules?.[1]?.split(/, | and /).map(Number) ?? [])
          if (!heading.rules.has(rule)) problems.push(`${at(index)}: ${doc}, ${heading.text} has no rule ${rule}`);
      }
      return 0;
    };

    for (const [pattern, problem] of OUTSIDE_CITATIONS)
      for (const match of text.matchAll(pattern)) problems.push(`${at(match.index)}: ${problem} ("${match[0]}")`);
    if (!name.startsWith('docs/'))
      for (const match of text.matchAll(BARE_FEES))
        problems.push(`${at(match.index)}: cites fees.md outside the repository; use docs/fees.md`);

    for (const match of text.matchAll(DOC_REFERENCE)) checkTarget(match.index, match[1] as string, match[2], match[3]);

    if (name.endsWith('.md')) {
      for (const match of text.matchAll(MARKDOWN_LINK)) {
        const target = match[1] ? posix.normalize(posix.join(posix.dirname(name), match[1])) : name;
        if (!match[1] && !match[2]) continue;
        checkTarget(match.index, target, match[2]);
      }
    }
  }
  return problems;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  const name = path.split('/').at(-1) ?? '';
  if (SKIPPED_DIRS.has(name)) return [];
  if (TEXT.test(name)) return [path];
  try {
    return readdirSync(path).flatMap((child) => filesUnder(join(path, child)));
  } catch {
    return [];
  }
}

function readDocFromRepository(path: string): string | undefined {
  const file = join(ROOT, path);
  return existsSync(file) && !path.startsWith('..') ? readFileSync(file, 'utf8') : undefined;
}

describe('the docs the code cites', () => {
  it('exist, with the headings and rules cited, and nothing cites a document outside the repository', () => {
    const files = SCANNED.flatMap((entry) => filesUnder(join(ROOT, entry)))
      .map((path) => ({ name: relative(ROOT, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
      .filter((file) => file.name !== THIS_FILE);
    expect(files.length).toBeGreaterThan(50);
    expect(referenceProblems(files, readDocFromRepository)).toEqual([]);
  });
});

describe('the reference check', () => {
  const check = (text: string, name = 'src/example.ts') => referenceProblems([{ name, text }], readDocFromRepository);

  it.each([
    '// docs/fees.md',
    '// docs/fees.md#rates and docs/api.md#idempotency',
    '// (docs/fees.md, Mode B rule 5)',
    '// docs/fees.md, Mode A rule 4 and Mode B rules 1, 2, 4',
    "describe('docs/fees.md#worked-examples (fee calculation)'",
  ])('accepts %s', (text) => {
    expect(check(text)).toEqual([]);
  });

  it.each([
    ['// docs/nowhere.md', 'docs/nowhere.md does not exist'],
    ['// see docs/fees.md#no-such-section', 'has no heading with the anchor #no-such-section'],
    ['// docs/api.md, Webhooks', 'has no heading "Webhooks"'],
    ['// docs/fees.md, Mode B rule 9', 'Mode B has no rule 9'],
    ['// docs/fees.md, Mode A rules 1, 2 and 7', 'Mode A has no rule 7'],
    ['/** (contract §5) */', 'outside API contract'],
    ['// Mode C (spec §4.1)', 'outside spec'],
    ['// the rates of fees.md', 'use docs/fees.md'],
    ['// see `fees.md`', 'use docs/fees.md'],
    ['/** Issue 10, item 11: the headers */', 'names an issue number'],
    ['// as issue #16 asked', 'names an issue number'],
  ])('refuses %s', (text, problem) => {
    const problems = check(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
    expect(problems[0]).toMatch(/^src\/example\.ts:1: /);
  });

  it('follows markdown links relative to the document, and anchors within it', () => {
    expect(check('[fees](fees.md#rates) [up](../README.md#quick-start) [here](#auth)', 'docs/api.md')).toEqual([]);
    expect(check('[fees](fees.md#nope)', 'docs/api.md')[0]).toContain(
      'docs/fees.md has no heading with the anchor #nope',
    );
    expect(check('[x](docs/gone.md)', 'README.md')[0]).toContain('docs/gone.md does not exist');
    expect(check('[below](#no-such-part)', 'README.md')[0]).toContain('README.md has no heading');
  });

  it('makes anchors as GitHub does', () => {
    expect(anchorOf('Errors and codes')).toBe('errors-and-codes');
    expect(anchorOf('Fees: a Mode A payer fee of 0')).toBe('fees-a-mode-a-payer-fee-of-0');
    expect(headingsOf('# A\n## Mode B\n1. x\n5. y\n```\n# not a heading\n```\n## Mode B').map((h) => h.anchor)).toEqual(
      ['a', 'mode-b', 'mode-b-1'],
    );
  });
});
