/**
 * The module graph of src/ has no cycles, type-only imports included (ESLint's import-x/no-cycle
 * skips `import type`, and a type cycle is still two modules that cannot be understood apart).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = dirname(new URL(import.meta.url).pathname);
const IMPORT = /(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\s*\(\s*'(\.[^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** file → the files of ours it imports. */
export function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((match) => resolve(dirname(file), (match[1] ?? match[2]) as string).replace(/\.js$/, '.ts'))
        .filter((target) => files.includes(target));
      return [file, targets];
    }),
  );
}

/** Every cycle, each as the list of files around it (found by depth-first search). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the module graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no import cycles in src/, type-only imports included', () => {
    const graph = importGraph(sourceFiles(SRC));
    expect(graph.size).toBeGreaterThan(50);
    const named = cycles(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '));
    expect(named).toEqual([]);
  });
});

describe("the service's layout", () => {
  const service = join(SRC, 'service');
  const files = sourceFiles(service).map((file) => relative(service, file));

  it('keeps only its entry points loose: the rest lives in folders named for what they hold', () => {
    expect(files.filter((file) => !file.includes('/')).sort()).toEqual(['app.ts', 'deps.ts', 'main.ts']);
  });

  it('gives no two files one name (a name says one thing)', () => {
    const byName = new Map<string, string[]>();
    for (const file of files) {
      const name = file.split('/').at(-1) as string;
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    expect([...byName.values()].filter((same) => same.length > 1)).toEqual([]);
  });
});
