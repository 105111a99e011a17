/** Benchmark rows, printed as one table and written to bench/report.json with the machine they ran on. */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';

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

/** The machine a run measured: what its figures depend on. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
}

/** What `npm run bench` writes to bench/report.json, and bench/README.md's table is made from. */
export interface Report {
  date: string;
  machine: Machine;
  rows: Row[];
}

/** The report of `rows`, measured now on this machine. */
export function reportOf(rows: Row[]): Report {
  return {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      cores: availableParallelism(),
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
    },
    rows,
  };
}

export function writeReport(report: Report): void {
  writeFileSync(new URL('./report.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
}

export function format(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}
