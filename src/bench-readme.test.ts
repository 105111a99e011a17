/**
 * bench/README.md's table is written by `npm run bench` from its own report (bench/readme-table.ts),
 * with the machine it ran on: here on a small report made for the test.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSection, writeBenchReadme } from '../bench/readme-table.js';
import { reportOf, type Report } from '../bench/report.js';

const report: Report = {
  date: '2026-11-25T10:00:00.000Z',
  machine: { cpu: 'Example CPU @ 2.00GHz', cores: 2, memoryGiB: 8, node: 'v20.20.2', platform: 'linux x64' },
  rows: [
    { name: 'paytoken.js brotli', value: 4990, unit: 'B', budget: { atMost: 5000 } },
    {
      name: 'GET /tokens/{id}, PostgreSQL / bare',
      value: 0.29,
      unit: 'ratio',
      budget: { atLeast: 0.35 },
      note: '20 000 req/s',
    },
    { name: 'PostgreSQL rows', value: 0, unit: '-', note: 'skipped: set DATABASE_URL' },
  ],
};

describe('the bench table in bench/README.md', () => {
  it('names the machine and the day, and has one row per measure with its verdict', () => {
    const section = benchSection(report);
    expect(section).toContain('2026-11-25');
    expect(section).toContain('Example CPU @ 2.00GHz, 2 cores, 8 GiB, linux x64, Node v20.20.2');
    const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| measure'));
    expect(rows).toEqual([
      '| paytoken.js brotli | 4990 | B | ok (≤ 5000) |  |',
      '| GET /tokens/{id}, PostgreSQL / bare | 0.29 | ratio | OVER (≥ 0.35) | 20 000 req/s |',
      '| PostgreSQL rows | 0 | - |  | skipped: set DATABASE_URL |',
    ]);
  });

  it('replaces only its section of the README, keeping what is written by hand', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-readme-')), 'README.md');
    writeFileSync(
      file,
      '# Benchmarks\n\nBy hand.\n\n<!-- generated:bench -->\nold\n<!-- /generated:bench -->\n\nAfter.\n',
    );
    writeBenchReadme(report, file);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# Benchmarks\n\nBy hand.\n\n<!-- generated:bench -->\n')).toBe(true);
    expect(text.endsWith('<!-- /generated:bench -->\n\nAfter.\n')).toBe(true);
    expect(text).not.toContain('\nold\n');
    expect(text).toContain('| paytoken.js brotli | 4990 |');
  });

  it('reads the machine from the report the run writes', () => {
    const made = reportOf([{ name: 'x', value: 1, unit: 'B' }]);
    expect(made.machine.cores).toBeGreaterThan(0);
    expect(made.machine.node).toBe(process.version);
    expect(made.machine.cpu.length).toBeGreaterThan(0);
    expect(Date.parse(made.date)).not.toBeNaN();
  });
});
