/** Raw, gzip and brotli bytes of each built browser bundle (npm run build first). */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Row } from './report.js';

/** Brotli budgets in bytes (1 kB = 1000 B), from the issues. */
const BROTLI_BUDGETS: Record<string, number> = {
  'paytoken.js': 5000,
  'paytoken-form.js': 24_000,
  'paytoken-form-engine.js': 16_000,
  'paytoken-frame.js': 3000,
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
