import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { ACCEPTED_BRANDS } from '../shared/card-brands.js';

/**
 * card-validator's cardNumber asks credit-card-type for the brands a number may be. credit-card-type's
 * entry also carries a 15-brand table (8 of which the service refuses; their prefix lists were a fifth
 * of the hosted script) and an API for adding, removing and reordering brands that nothing here calls.
 * In the browser bundles its entry is this module instead: the same lookup, built from the library's
 * own matching functions, over the accepted brands in the library's own test order, keeping only the
 * fields cardNumber reads. A refused brand then fails in the browser as an invalid number (or passes
 * as the brand its prefix shares), and the service, which keeps the whole library, answers
 * UNSUPPORTED_CARD_BRAND. accepted-card-types.test.ts checks the two agree.
 */
export function acceptedBrandsOnly(): Plugin {
  const id = '\0paytoken:credit-card-type';
  return {
    name: 'paytoken-accepted-card-types',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'credit-card-type' && importer?.includes('card-validator') ? id : undefined;
    },
    load(loaded) {
      return loaded === id ? acceptedCardTypeSource() : undefined;
    },
  };
}

/** The source of the browser's credit-card-type: see acceptedBrandsOnly. */
export function acceptedCardTypeSource(): string {
  const creditCardType = createRequire(import.meta.url)('credit-card-type') as ((
    number: string,
  ) => { type: string; patterns: unknown[]; lengths: number[] }[]) & { types: Record<string, string> };
  // An empty number lists every brand in the order credit-card-type tests them.
  const cards = creditCardType('')
    .filter(({ type }) => type in ACCEPTED_BRANDS)
    .map(({ type, patterns, lengths }) => ({ type, patterns, lengths }));
  // CommonJS like card-validator, which requires it: no ES-module interop code in the bundle.
  return `const { addMatchingCardsToResults } = require('credit-card-type/dist/lib/add-matching-cards-to-results');
const { findBestMatch } = require('credit-card-type/dist/lib/find-best-match');
const { clone } = require('credit-card-type/dist/lib/clone');
const CARDS = ${JSON.stringify(cards)};
function creditCardType(number) {
  if (typeof number !== 'string') return [];
  if (!number) return CARDS.map(clone);
  const results = [];
  for (const card of CARDS) addMatchingCardsToResults(number, card, results);
  const best = findBestMatch(results);
  return best ? [best] : results;
}
creditCardType.types = { UNIONPAY: ${JSON.stringify(creditCardType.types.UNIONPAY)} };
module.exports = creditCardType;
`;
}
