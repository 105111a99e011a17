/** Raw, gzip and brotli bytes of each built browser bundle (npm run build first). */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Row } from './report.js';

/**
 * Brotli budgets in bytes (1 kB = 1000 B): the hosted script must shrink
 * to 4 500 B before anything is added to it; the form stays at most 13 000 B, its engine 15 000 B,
 * the frame's loader 2 500 B.
 */
const BROTLI_BUDGETS: Record<string, number> = {
  'paytoken.js': 4500,
  'paytoken-form.js': 13_000,
  'paytoken-form-engine.js': 15_000,
  'paytoken-frame.js': 2500,
};

export function bundleSizes(dir = new URL('../dist/browser/', import.meta.url)): Row[] {
  const rows: Row[] = [];
  // The plain names the build's manifest lists, not their content-named copies beside them.
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { files: object };
  for (const file of Object.keys(manifest.files)
    .filter((name) => name.endsWith('.js'))
    .sort()) {
    const bytes = readFileSync(new URL(file, dir));
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const budget = BROTLI_BUDGETS[file];
    rows.push({ name: `${file} raw`, value: bytes.length, unit: 'B' });
    rows.push({ name: `${file} gzip`, value: gzipSync(bytes, { level: 9 }).length, unit: 'B' });
    rows.push({
      name: `${file} brotli`,
      value: brotli,
      unit: 'B',
      ...(budget !== undefined && { budget: { atMost: budget } }),
    });
  }
  return rows;
}
