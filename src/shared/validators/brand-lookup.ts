/**
 * card-validator's `cardNumber` (with `{ maxLength: 19, luhnValidateUnionPay: true }`, the only way
 * card-brand.ts calls it) over a brand table given as rows. The hosted bundles use it with the
 * accepted brands only, named as the API names them (src/build/accepted-card-types.ts), instead of card-validator and
 * credit-card-type, whose CommonJS modules, deep-cloned table and unused options were a fifth of the
 * hosted script; src/build/accepted-card-types.test.ts checks that it answers as the library does.
 */

/** A prefix, or a `[min, max]` range of prefixes of one length, as credit-card-type writes them. */
export type BrandPattern = number | [number, number];

/** One brand: its name, its prefixes, its lengths. */
export type BrandRow<Name = string> = [type: Name, patterns: BrandPattern[], lengths: number[]];

/** The fields of card-validator's answer that card-number.ts reads. */
export interface NumberCheck<Name = string> {
  card: { type: Name } | null;
  isPotentiallyValid: boolean;
  isValid: boolean;
}

const MAX_LENGTH = 19;

/** Luhn's check: every second digit from the right doubled (its two digits summed), the total a multiple of 10. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = +digits[digits.length - 1 - i]!;
    sum += i % 2 ? (digit > 4 ? 2 * digit - 9 : 2 * digit) : digit;
  }
  return sum % 10 === 0;
}

/**
 * The first pattern of `row` that `digits` may start with, and how surely: the pattern's length once
 * `digits` is at least that long, else 0 (credit-card-type's `matchStrength`).
 */
function strength(digits: string, [, patterns]: BrandRow<unknown>): number | undefined {
  for (const pattern of patterns) {
    const [min, max] = typeof pattern === 'number' ? [pattern, pattern] : pattern;
    const low = String(min);
    const head = digits.slice(0, low.length);
    if (+head >= +low.slice(0, head.length) && +head <= +String(max).slice(0, head.length))
      return digits.length >= low.length ? low.length : 0;
  }
  return undefined;
}

/** `cardNumber(digits)` as card-validator answers it for a brand table of `rows`; `digits` are digits only. */
export const cardNumberOver =
  <Name>(rows: readonly BrandRow<Name>[]) =>
  (digits: string): NumberCheck<Name> => {
    const found: [row: BrandRow<Name>, sure: number][] = [];
    for (const row of rows) {
      const sure = strength(digits, row);
      if (sure !== undefined) found.push([row, sure]);
    }
    // All candidates sure: the longest prefix wins (the first of equals); otherwise all stay candidates.
    if (found.length > 1 && found.every(([, sure]) => sure))
      found.splice(
        0,
        found.length,
        found.reduce((best, next) => (next[1] > best[1] ? next : best)),
      );
    if (found.length !== 1) return { card: null, isPotentiallyValid: found.length > 1, isValid: false };
    const [[[type, , lengths]]] = found as [[BrandRow<Name>, number]];
    const card = { type };
    const { length } = digits;
    if (length > MAX_LENGTH) return { card, isPotentiallyValid: false, isValid: false };
    const isValid = lengths.includes(length) && luhn(digits);
    return { card, isPotentiallyValid: length < Math.min(MAX_LENGTH, Math.max(...lengths)) || isValid, isValid };
  };
