/** Benchmark rows, printed as one table and written to bench/report.json. */
import { writeFileSync } from 'node:fs';

export interface Row {
  /** What was measured, e.g. "paytoken.js brotli". */
  name: string;
  value: number;
  unit: string;
  /** The issue's budget, when it names one; `atMost` for sizes and times, `atLeast` for ratios. */
  budget?: { atMost?: number; atLeast?: number };
  note?: string;
}

/** The value below which a share `q` of `values` lies: `quantile(times, 0.95)` is the p95. */
export const quantile = (values: number[], q: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] as number;

export function verdict(row: Row): string {
  if (!row.budget) return '';
  const { atMost, atLeast } = row.budget;
  const ok = (atMost === undefined || row.value <= atMost) && (atLeast === undefined || row.value >= atLeast);
  return `${ok ? 'ok' : 'OVER'} (${atMost !== undefined ? `≤ ${atMost}` : `≥ ${atLeast}`})`;
}

export function printTable(rows: Row[]): void {
  const cells = rows.map((row) => [row.name, format(row.value), row.unit, verdict(row), row.note ?? '']);
  const header = ['measure', 'value', 'unit', 'budget', 'note'];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => (cell[i] ?? '').length)));
  const line = (cell: string[]) =>
    cell
      .map((text, i) => (i === 1 ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cell of cells) console.log(line(cell));
}

export function writeReport(rows: Row[]): void {
  writeFileSync(
    new URL('./report.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
  );
}

function format(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}
