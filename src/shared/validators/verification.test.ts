import { describe, expect, it } from 'vitest';
import { DIGIT_SEPARATORS, SEPARATOR, WHITE_SPACE } from './verification.js';

/** Every code point of the Basic Multilingual Plane, and a few beyond it. */
const CODE_POINTS = [...Array.from({ length: 0x10000 }, (_, point) => point), 0x1f600, 0x10ffff];
const matching = (pattern: RegExp) =>
  CODE_POINTS.filter((point) =>
    new RegExp(pattern.source, pattern.flags.replace('g', '')).test(String.fromCodePoint(point)),
  );

describe('the digit separators, spelled twice', () => {
  it('JavaScript’s short spelling in the hosted script matches exactly the set the document spells out', () => {
    expect(matching(SEPARATOR)).toEqual(matching(new RegExp(`[${DIGIT_SEPARATORS}]`)));
  });

  it('the spelled-out white space is what String.prototype.trim removes', () => {
    const trimmed = CODE_POINTS.filter((point) => String.fromCodePoint(point).trim() === '');
    expect(matching(new RegExp(`[${WHITE_SPACE}]`))).toEqual(trimmed);
  });
});
