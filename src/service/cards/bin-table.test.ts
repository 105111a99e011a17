import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BinTableError, parseBinTable, type BinRange } from './bin-table.js';
import { SANDBOX_BIN_TABLE_FILE, loadBinTableFile, sandboxBinTable } from './bin-table-file.js';

const HEADER = 'start,end,brand,funding,country';
const table = (...lines: string[]) => parseBinTable([HEADER, ...lines].join('\n'), 'bins.csv');
const problemsOf = (text: string): string[] => {
  try {
    parseBinTable(text, 'bins.csv');
  } catch (error) {
    if (error instanceof BinTableError) return error.problems;
    throw error;
  }
  return [];
};

describe('the BIN table (docs/fees.md#the-bin-table)', () => {
  it('answers a prefix, a range and an exception nested in them', () => {
    const bins = table('4,,Visa,credit,US', '40000566,,Visa,debit,US', '51,55,MasterCard,credit,CA');
    expect(bins.lookup('4242424242424242')).toEqual({ brand: 'Visa', funding: 'credit', country: 'US' });
    expect(bins.lookup('4000056655665556')).toEqual({ brand: 'Visa', funding: 'debit', country: 'US' });
    expect(bins.lookup('40000566')).toMatchObject({ funding: 'debit' });
    expect(bins.lookup('40000567')).toMatchObject({ funding: 'credit' });
    expect(bins.lookup('53')).toMatchObject({ brand: 'MasterCard', country: 'CA' });
    expect(bins.lookup('5600000000000000')).toBeNull();
    expect(bins.lookup('3')).toBeNull();
    expect(bins.segments).toBe(4);
  });

  it('answers nothing for digits too few to tell (their cards lie in ranges that differ)', () => {
    const bins = table('4,,Visa,credit,US', '40000566,,Visa,debit,US');
    expect(bins.lookup('400005')).toBeNull();
    expect(bins.lookup('400006')).toMatchObject({ funding: 'credit' });
    expect(bins.lookup('')).toBeNull();
    expect(bins.lookup('4x')).toBeNull();
    expect(bins.lookup('1'.repeat(20))).toBeNull();
  });

  it('skips comments and blank lines, and takes Windows line ends', () => {
    const bins = parseBinTable(`# ours\r\n\r\n${HEADER}\r\n# Visa\r\n4,,Visa,prepaid,US\r\n`, 'bins.csv');
    expect(bins.lookup('41')).toMatchObject({ funding: 'prepaid' });
  });

  it.each([
    ['4,,Visa,credit', 'line 2: expected 5 comma-separated values'],
    ['4x,,Visa,credit,US', 'line 2: start must be 1 to 19 digits; it is "4x"'],
    ['4,5x,Visa,credit,US', 'line 2: end must be empty (a prefix) or 1 to 19 digits'],
    ['40,5,Visa,credit,US', 'line 2: start and end must have as many digits'],
    ['50,40,Visa,credit,US', 'line 2: end 40 is before start 50'],
    ['4,,Maestro,credit,US', 'line 2: brand must be one of Visa, MasterCard'],
    ['4,,Visa,charge,US', 'line 2: funding must be credit, debit or prepaid; it is "charge"'],
    ['4,,Visa,credit,usa', 'line 2: country must be two capital letters'],
  ])('refuses %j with its line number', (line, problem) => {
    expect(problemsOf(`${HEADER}\n${line}`)).toEqual([expect.stringContaining(`bins.csv ${problem}`)]);
  });

  it('refuses a file without the header, an empty file, and lists every bad line', () => {
    expect(problemsOf('4,,Visa,credit,US')).toEqual([expect.stringContaining('line 1: the first line must be')]);
    expect(problemsOf('# nothing\n')).toEqual([expect.stringContaining('the table is empty')]);
    expect(problemsOf(`${HEADER}\n4,,Visa,credit,US\nx\n5,,Visa,debit,XX1`)).toHaveLength(2);
  });

  it('refuses crossing and repeated ranges with both lines', () => {
    expect(problemsOf(`${HEADER}\n40,45,Visa,credit,US\n43,48,Visa,debit,US`)).toEqual([
      'bins.csv line 3: its range crosses the range of line 2 (a range must lie inside another or apart from it).',
    ]);
    expect(problemsOf(`${HEADER}\n4,,Visa,credit,US\n4,4,Visa,debit,US`)).toEqual([
      'bins.csv line 3: repeats the range of line 2.',
    ]);
  });

  it('says which file cannot be read', () => {
    expect(() => loadBinTableFile('/nonexistent/bins.csv')).toThrow('/nonexistent/bins.csv cannot be read (ENOENT).');
  });

  it('ships a sandbox table that knows the debit and prepaid test cards', () => {
    expect(loadBinTableFile(SANDBOX_BIN_TABLE_FILE).segments).toBe(sandboxBinTable().segments);
    expect(sandboxBinTable().lookup('5200828282828210')).toMatchObject({ brand: 'MasterCard', funding: 'debit' });
    expect(sandboxBinTable().lookup('5105105105105100')).toMatchObject({ brand: 'MasterCard', funding: 'prepaid' });
  });
});

describe('the BIN table against a naive reading of every range', () => {
  // Few digits, so that generated ranges often nest, touch and cross.
  const digit = fc.constantFrom('0', '1', '2', '9');
  const start = fc.array(digit, { minLength: 1, maxLength: 4 }).map((d) => d.join(''));
  const rangeOf = fc
    .tuple(start, fc.option(fc.array(digit, { minLength: 4, maxLength: 4 }).map((d) => d.join(''))))
    .map(([begin, other]) => {
      const end = other === null ? '' : other.slice(0, begin.length);
      return end === '' || end >= begin ? { start: begin, end } : { start: end, end: begin };
    });
  const range = fc.tuple(rangeOf, fc.constantFrom('credit', 'debit', 'prepaid'));
  const pad = (digits: string, fill: string) => BigInt(digits.padEnd(19, fill));
  const span = ({ start: s, end }: { start: string; end: string }) => [pad(s, '0'), pad(end || s, '9')] as const;

  it('flattens what it accepts so every number finds its innermost range, and refuses exactly what crosses', () => {
    fc.assert(
      fc.property(
        fc.array(range, { minLength: 1, maxLength: 12 }),
        fc.array(fc.array(digit, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 20 }),
        (ranges, probes) => {
          const spans = ranges.map(([r]) => span(r));
          const clash = spans.some(([lo, hi], i) =>
            spans.some(
              ([lo2, hi2], j) =>
                i < j &&
                ((lo < lo2 && lo2 <= hi && hi < hi2) ||
                  (lo2 < lo && lo <= hi2 && hi2 < hi) ||
                  (lo === lo2 && hi === hi2)),
            ),
          );
          const text = [HEADER, ...ranges.map(([r, funding]) => `${r.start},${r.end},Visa,${funding},US`)].join('\n');
          if (clash) {
            expect(() => parseBinTable(text, 'bins.csv')).toThrow(BinTableError);
            return;
          }
          const bins = parseBinTable(text, 'bins.csv');
          const innermost = (key: bigint): string | null => {
            let best: { width: bigint; funding: string } | null = null;
            spans.forEach(([lo, hi], i) => {
              if (lo <= key && key <= hi && (!best || hi - lo < best.width))
                best = { width: hi - lo, funding: ranges[i]?.[1] ?? '' };
            });
            return (best as { funding: string } | null)?.funding ?? null;
          };
          for (const probe of probes.map((d) => d.join(''))) {
            const found: BinRange | null = bins.lookup(probe);
            const first = innermost(pad(probe, '0'));
            const last = innermost(pad(probe, '9'));
            if (found) {
              expect(found.funding).toBe(first);
              expect(found.funding).toBe(last);
            } else {
              // Unknown, or too few digits to tell: the naive reading finds two answers in the span.
              expect(first !== null && sameAcross(probe)).toBe(false);
            }
          }
          function sameAcross(probe: string): boolean {
            // Naively: every boundary of every range inside the probe's span says the same as its first number.
            const [lo, hi] = [pad(probe, '0'), pad(probe, '9')];
            const want = innermost(lo);
            return spans.every(([a, b]) =>
              [a - 1n, a, b, b + 1n].every((key) => key < lo || key > hi || innermost(key) === want),
            );
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
