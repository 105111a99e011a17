/**
 * The table of bench/README.md, written from a run's report (bench/report.json) by `npm run bench`,
 * never by hand: the figures and the machine they were measured on come from the same run.
 * `node --import tsx bench/readme-table.ts` writes it again from the last report.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceSection } from '../scripts/generated-section.js';
import { format, verdict, type Report } from './report.js';

/** bench/README.md. */
export const BENCH_README = new URL('./README.md', import.meta.url).pathname;

const cell = (text: string): string => text.replace(/\s+/g, ' ').replaceAll('|', '\\|');

/** The generated section: the run's day and machine, then one row per measure with its verdict. */
export function benchSection({ date, machine, rows }: Report): string {
  const { cpu, cores, memoryGiB, platform, node } = machine;
  return [
    `Measured on ${date.slice(0, 10)} on ${cpu}, ${cores} cores, ${memoryGiB} GiB, ${platform}, Node ${node}.`,
    '',
    '| measure | value | unit | budget | note |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) => `| ${[row.name, format(row.value), row.unit, verdict(row), row.note ?? ''].map(cell).join(' | ')} |`,
    ),
  ].join('\n');
}

/** Writes `report`'s table into the README at `file`, keeping everything outside its section. */
export function writeBenchReadme(report: Report, file: string = BENCH_README): void {
  writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), 'bench', benchSection(report)));
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const report = JSON.parse(readFileSync(new URL('./report.json', import.meta.url), 'utf8')) as Report;
  writeBenchReadme(report);
  console.log(`Wrote the table of ${BENCH_README} from bench/report.json`);
}
