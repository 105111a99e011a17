/**
 * The BIN table with 500,000 generated ranges (docs/fees.md#the-bin-table): what it costs in memory
 * once loaded, and how long one look-up takes (median of look-ups of 8-digit BINs, in and outside
 * ranges). Budgets: 5 ms and 50 MB.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseBinTable } from '../src/service/cards/bin-table.js';
import { quantile, type Row } from './report.js';

const RANGES = 500_000;
const FUNDINGS = ['credit', 'debit', 'prepaid'];

/** A table of `count` ranges: 8-digit ranges, a tenth of them with a nested 10-digit exception. */
function generatedTable(count: number): string {
  const lines = ['start,end,brand,funding,country'];
  for (let i = 0; lines.length <= count; i++) {
    const start = String(40_000_000 + i * 50).padStart(8, '0');
    const end = String(40_000_000 + i * 50 + 39);
    lines.push(`${start},${end},Visa,${FUNDINGS[i % 3]},US`);
    if (i % 10 === 0 && lines.length <= count) lines.push(`${start}55,,Visa,debit,CA`);
  }
  return lines.join('\n');
}

/** The collector, so the memory held is what the table keeps, not what building it left behind. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export function binLookup(): Row[] {
  const gc = collector();
  const text = generatedTable(RANGES);
  gc();
  const before = process.memoryUsage();
  const table = parseBinTable(text, 'generated.csv');
  gc();
  const after = process.memoryUsage();
  const heldMb = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1_048_576;
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < 10_000; i++) {
    const bin = String(40_000_000 + ((i * 7_919) % (RANGES * 50)));
    const start = performance.now();
    if (table.lookup(bin)) found++;
    times.push(performance.now() - start);
  }
  if (!found) throw new Error('The generated table answered no look-up.');
  return [
    { name: 'BIN look-up, 500,000 ranges (median)', value: quantile(times, 0.5), unit: 'ms', budget: { atMost: 5 } },
    { name: 'BIN table, 500,000 ranges, memory held', value: Math.max(0, heldMb), unit: 'MB', budget: { atMost: 50 } },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(binLookup());
