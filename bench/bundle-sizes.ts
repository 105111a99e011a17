/** Raw, gzip and brotli bytes of each built browser bundle (npm run build first). */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { BROTLI_BUDGETS, brotliBytes, builtBundles } from '../src/build/bundle-budgets.js';
import type { Row } from './report.js';

export function bundleSizes(dir = new URL('../dist/browser/', import.meta.url)): Row[] {
  const rows: Row[] = [];
  // The plain names the build's manifest lists, not their content-named copies beside them;
  // src/build/bundle-budgets.test.ts fails a build over a budget.
  for (const file of builtBundles(dir)) {
    const bytes = readFileSync(new URL(file, dir));
    const budget = BROTLI_BUDGETS[file];
    rows.push({ name: `${file} raw`, value: bytes.length, unit: 'B' });
    rows.push({ name: `${file} gzip`, value: gzipSync(bytes, { level: 9 }).length, unit: 'B' });
    rows.push({
      name: `${file} brotli`,
      value: brotliBytes(bytes),
      unit: 'B',
      ...(budget !== undefined && { budget: { atMost: budget } }),
    });
  }
  return rows;
}
