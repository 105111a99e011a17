/**
 * The BIN range table (docs/fees.md#card-funding): which brand, funding and issuer country a card
 * number's leading digits belong to. Read from a CSV file at start (bin-table-file.ts), flattened into
 * disjoint sorted segments, so that a lookup is one binary search whatever the table's size.
 */
import { CARD_BRANDS, type CardBrand, type Funding } from '../../shared/wire.js';

/** What the table knows of a range of card numbers. */
export interface BinRange {
  brand: CardBrand;
  /** `credit`, `debit` or `prepaid`; a number outside every range has funding `unknown`. */
  funding: Exclude<Funding, 'unknown'>;
  /** The issuer's country, ISO 3166-1 alpha-2 (`US`). */
  country: string;
}

/** A loaded table: `lookup` takes 1 to 19 leading digits. */
export interface BinTable {
  /**
   * The range every card starting with `digits` lies in, or null when the table does not know, or
   * when those digits are too few to tell (cards starting with them lie in ranges that differ).
   * @example table.lookup('40000566') // { brand: 'Visa', funding: 'debit', country: 'US' }
   */
  lookup(digits: string): BinRange | null;
  /** Disjoint segments after flattening (at most twice the ranges). */
  readonly segments: number;
}

/** A problem of the file, by line, as start-up reports it. */
export class BinTableError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The header line every table starts with (comments and blank lines aside). */
export const BIN_TABLE_HEADER = 'start,end,brand,funding,country';
const WIDTH = 19;
const FUNDINGS: readonly string[] = ['credit', 'debit', 'prepaid'];
const BRANDS: readonly string[] = CARD_BRANDS;

interface Entry {
  lo: bigint;
  hi: bigint;
  line: number;
  range: BinRange;
}

const low = (digits: string) => BigInt(digits.padEnd(WIDTH, '0'));
const high = (digits: string) => BigInt(digits.padEnd(WIDTH, '9'));

/** One data line as an entry, or the reason it is not one. */
function parseLine(text: string, line: number): Entry | string {
  const cells = text.split(',').map((cell) => cell.trim());
  if (cells.length !== 5) return `expected 5 comma-separated values (${BIN_TABLE_HEADER}), found ${cells.length}`;
  const [start = '', end = '', brand = '', funding = '', country = ''] = cells;
  if (!/^\d{1,19}$/.test(start)) return `start must be 1 to 19 digits; it is "${start}"`;
  if (end !== '' && !/^\d{1,19}$/.test(end)) return `end must be empty (a prefix) or 1 to 19 digits; it is "${end}"`;
  if (end !== '' && end.length !== start.length)
    return `start and end must have as many digits (${start} has ${start.length}, ${end} has ${end.length})`;
  if (end !== '' && end < start) return `end ${end} is before start ${start}`;
  if (!BRANDS.includes(brand)) return `brand must be one of ${CARD_BRANDS.join(', ')}; it is "${brand}"`;
  if (!FUNDINGS.includes(funding)) return `funding must be credit, debit or prepaid; it is "${funding}"`;
  if (!/^[A-Z]{2}$/.test(country))
    return `country must be two capital letters (ISO 3166-1, e.g. US); it is "${country}"`;
  return {
    lo: low(start),
    hi: high(end || start),
    line,
    range: { brand: brand as CardBrand, funding: funding as BinRange['funding'], country },
  };
}

/** The entries of a table's text, or every problem with its line number. */
function parseEntries(text: string, source: string): Entry[] {
  const entries: Entry[] = [];
  const problems: string[] = [];
  let header = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    if (!header) {
      header = true;
      if (content.replace(/\s/g, '') !== BIN_TABLE_HEADER)
        problems.push(`${source} line ${line}: the first line must be the header "${BIN_TABLE_HEADER}".`);
      return;
    }
    const entry = parseLine(content, line);
    if (typeof entry === 'string') problems.push(`${source} line ${line}: ${entry}.`);
    else entries.push(entry);
  });
  if (!header) problems.push(`${source}: the table is empty; its first line must be "${BIN_TABLE_HEADER}".`);
  if (problems.length) throw new BinTableError(problems);
  return entries;
}

/**
 * Disjoint segments of a laminar set of ranges: a range nested in another is an exception of its
 * parent, so the parent's segments go around it. Crossing ranges (neither apart nor nested) and
 * repeated ones are refused with both lines.
 */
function flatten(entries: Entry[], source: string): { lo: bigint; hi: bigint; range: BinRange }[] {
  entries.sort((a, b) => (a.lo < b.lo ? -1 : a.lo > b.lo ? 1 : a.hi > b.hi ? -1 : a.hi < b.hi ? 1 : 0));
  const segments: { lo: bigint; hi: bigint; range: BinRange }[] = [];
  const emit = (lo: bigint, hi: bigint, range: BinRange) => {
    if (lo > hi) return;
    const last = segments[segments.length - 1];
    // Neighbours that say the same are one segment, so a short BIN spanning them still has an answer.
    if (last && last.hi + 1n === lo && sameRange(last.range, range)) last.hi = hi;
    else segments.push({ lo, hi, range });
  };
  const open: (Entry & { cursor: bigint })[] = [];
  const close = () => {
    const done = open.pop() as Entry & { cursor: bigint };
    emit(done.cursor, done.hi, done.range);
    const parent = open[open.length - 1];
    if (parent) parent.cursor = done.hi + 1n;
  };
  const problems: string[] = [];
  for (const entry of entries) {
    while (open.length && (open[open.length - 1] as Entry).hi < entry.lo) close();
    const parent = open[open.length - 1];
    if (parent && parent.lo === entry.lo && parent.hi === entry.hi) {
      problems.push(`${source} line ${entry.line}: repeats the range of line ${parent.line}.`);
      continue;
    }
    if (parent && parent.hi < entry.hi) {
      problems.push(
        `${source} line ${entry.line}: its range crosses the range of line ${parent.line} (a range must lie inside another or apart from it).`,
      );
      continue;
    }
    if (parent) {
      emit(parent.cursor, entry.lo - 1n, parent.range);
      parent.cursor = entry.lo;
    }
    open.push({ ...entry, cursor: entry.lo });
  }
  while (open.length) close();
  if (problems.length) throw new BinTableError(problems);
  return segments;
}

const sameRange = (a: BinRange, b: BinRange) =>
  a.brand === b.brand && a.funding === b.funding && a.country === b.country;

/**
 * A table from its CSV text (format: docs/fees.md#the-bin-table); throws `BinTableError` listing
 * every bad line. Segment bounds are 19-digit numbers, which fit 64 bits: two BigUint64Arrays and
 * an index into the distinct ranges keep half a million ranges in about 20 MB.
 * @example parseBinTable('start,end,brand,funding,country\n4,,Visa,credit,US\n40000566,,Visa,debit,US', 'bins.csv')
 */
export function parseBinTable(text: string, source: string): BinTable {
  const segments = flatten(parseEntries(text, source), source);
  const lows = new BigUint64Array(segments.length);
  const highs = new BigUint64Array(segments.length);
  const which = new Uint32Array(segments.length);
  const ranges: BinRange[] = [];
  const known = new Map<string, number>();
  segments.forEach((segment, index) => {
    const key = `${segment.range.brand},${segment.range.funding},${segment.range.country}`;
    let at = known.get(key);
    if (at === undefined) {
      at = ranges.push(segment.range) - 1;
      known.set(key, at);
    }
    lows[index] = segment.lo;
    highs[index] = segment.hi;
    which[index] = at;
  });
  return {
    segments: segments.length,
    lookup(digits) {
      if (!/^\d{1,19}$/.test(digits)) return null;
      const lo = low(digits);
      // The last segment starting at or before lo.
      let left = 0;
      let right = lows.length - 1;
      let found = -1;
      while (left <= right) {
        const middle = (left + right) >> 1;
        if ((lows[middle] as bigint) <= lo) {
          found = middle;
          left = middle + 1;
        } else right = middle - 1;
      }
      if (found < 0 || (highs[found] as bigint) < high(digits)) return null;
      return ranges[which[found] as number] ?? null;
    },
  };
}
