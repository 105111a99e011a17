import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ACCEPTED_BRANDS } from '../shared/card-brands.js';
import type { BrandPattern, BrandRow } from '../shared/validators/brand-lookup.js';

const CARD_NUMBER = 'card-validator/dist/card-number.js';
const brandLookup = fileURLToPath(new URL('../shared/validators/brand-lookup.ts', import.meta.url));

/**
 * card-validator's cardNumber asks credit-card-type for the brands a number may be. credit-card-type
 * carries a 15-brand table (8 of which the service refuses), clones it on every lookup, and has an API
 * for adding, removing and reordering brands that nothing here calls; both are CommonJS. In the browser
 * bundles card-number.ts's `card-validator/dist/card-number.js` is this module instead: the same
 * answer (src/shared/validators/brand-lookup.ts) over the accepted brands' rows of the library's own
 * table, in its order. A refused brand then fails in the browser as an invalid number (or passes as
 * the brand its prefix shares), and the service, which keeps the whole library, answers
 * UNSUPPORTED_CARD_BRAND. accepted-card-types.test.ts checks that they agree.
 */
export function acceptedBrandsOnly(): Plugin {
  const id = '\0paytoken:card-number';
  return {
    name: 'paytoken-accepted-card-types',
    enforce: 'pre',
    resolveId(source) {
      return source === CARD_NUMBER ? id : undefined;
    },
    load(loaded) {
      if (loaded !== id) return undefined;
      return `import { cardNumberOver } from ${JSON.stringify(brandLookup)};
export const cardNumber = cardNumberOver(${JSON.stringify(acceptedBrandRows())});`;
    },
  };
}

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
 * Neighbouring patterns of one length that overlap or touch as one range (UnionPay's 62184-62187 and
 * 62185-62197 as 62184-62197; 8110-8131 … 8164-8171 as 8110-8171), a prefix inside such a range
 * dropped. A number's first digits then match the joined range exactly when they matched one of its
 * parts, with the same strength (the length), so lookups answer as before with fewer bytes.
 */
export function joinPatterns(patterns: readonly BrandPattern[]): BrandPattern[] {
  const joined: [number, number][] = [];
  for (const pattern of patterns) {
    const [min, max] = typeof pattern === 'number' ? [pattern, pattern] : pattern;
    const last = joined.at(-1);
    if (last && String(last[0]).length === String(min).length && min <= last[1] + 1 && min >= last[0])
      last[1] = Math.max(last[1], max);
    else joined.push([min, max]);
  }
  return joined.map(([min, max]) => (min === max ? min : [min, max]));
}
