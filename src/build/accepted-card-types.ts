import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ACCEPTED_BRANDS } from '../shared/card-brands.js';
import type { BrandPattern, BrandRow } from '../shared/validators/brand-lookup.js';

const CARD_BRAND = './card-brand.js';
const brandLookup = fileURLToPath(new URL('../shared/validators/brand-lookup.ts', import.meta.url));

/**
 * card-validator's cardNumber asks credit-card-type for the brands a number may be. credit-card-type
 * carries a 15-brand table (8 of which the service refuses), clones it on every lookup, and has an API
 * for adding, removing and reordering brands that nothing here calls; both are CommonJS. In the browser
 * bundles card-number.ts's `./card-brand.js` (card-validator, its brand names mapped to the API's) is
 * this module instead: the same answer (src/shared/validators/brand-lookup.ts) over the accepted
 * brands' rows of the library's own table, in its order, already named as the API names them. A refused brand then fails in the browser as an invalid number (or passes as
 * the brand its prefix shares), and the service, which keeps the whole library, answers
 * UNSUPPORTED_CARD_BRAND. accepted-card-types.test.ts checks that they agree.
 */
export function acceptedBrandsOnly(): Plugin {
  const id = '\0paytoken:card-brand';
  return {
    name: 'paytoken-accepted-card-types',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === CARD_BRAND && importer?.endsWith('/validators/card-number.ts') ? id : undefined;
    },
    load(loaded) {
      if (loaded !== id) return undefined;
      return `import { cardNumberOver } from ${JSON.stringify(brandLookup)};
export const checkCardNumber = cardNumberOver(${JSON.stringify(namedRows())});`;
    },
  };
}

/** The accepted rows named as the API names the brands (Visa, AmericanExpress…), as card-brand.ts answers. */
export const namedRows = (): BrandRow[] =>
  acceptedBrandRows().map(([type, patterns, lengths]) => [ACCEPTED_BRANDS[type] as string, patterns, lengths]);

/** credit-card-type's whole table as rows, in the order it tests them. */
export function allBrandRows(): BrandRow[] {
  const creditCardType = createRequire(import.meta.url)('credit-card-type') as (
    number: string,
  ) => { type: string; patterns: BrandPattern[]; lengths: number[] }[];
  // An empty number lists every brand in the order credit-card-type tests them.
  return creditCardType('').map(({ type, patterns, lengths }) => [type, patterns, lengths]);
}

/** The rows of the brands the service accepts (src/shared/card-brands.ts), their patterns joined. */
export const acceptedBrandRows = (): BrandRow[] =>
  allBrandRows()
    .filter(([type]) => type in ACCEPTED_BRANDS)
    .map(([type, patterns, lengths]) => [type, joinPatterns(patterns), lengths]);

/**
 * A row's patterns as few and short as they can be written. Each pattern is the set of numbers that
 * start with one of its prefixes; written as a range at the row's longest prefix length (UnionPay's
 * 620 as 620000-620999), overlapping and touching ranges join, and each joined range is written
 * back with as few digits as it needs (2221-2229, 223-229, 23-26, 270-271 and 2720 as 2221-2720).
 * A number then starts with a joined range's prefix exactly when it started with one of its parts.
 * How surely a brand is known from a few digits (credit-card-type's `matchStrength`) may come later
 * than with the library's own patterns, which changes an answer only where two accepted brands share
 * a prefix: none do, and accepted-card-types.test.ts checks every answer against the library's rows.
 */
export function joinPatterns(patterns: readonly BrandPattern[]): BrandPattern[] {
  const width = Math.max(
    ...patterns.map((pattern) => String(typeof pattern === 'number' ? pattern : pattern[0]).length),
  );
  const ranges = patterns
    .map((pattern) => {
      const [min, max] = typeof pattern === 'number' ? [pattern, pattern] : pattern;
      const pad = 10 ** (width - String(min).length);
      return [min * pad, max * pad + pad - 1] as [number, number];
    })
    .sort((a, b) => a[0] - b[0]);
  const joined: [number, number][] = [];
  for (const [min, max] of ranges) {
    const last = joined.at(-1);
    if (last && min <= last[1] + 1) last[1] = Math.max(last[1], max);
    else joined.push([min, max]);
  }
  return joined.map(([min, max]) => {
    while (min % 10 === 0 && max % 10 === 9 && min >= 10) [min, max] = [min / 10, (max - 9) / 10];
    return min === max ? min : [min, max];
  });
}
