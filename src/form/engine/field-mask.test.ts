import { describe, expect, it } from 'vitest';
import { placeIn } from './field-mask.js';

// The caret rules of the masks (e2e/form.spec.ts drives them with real keys in Chromium).
describe('placeIn: where a place in a text is once the mask has grouped it anew', () => {
  it.each([
    ['42424242', '4242 4242', 4, 4, 'after the same four digits'],
    ['4242-4242', '4242 4242', 5, 5, "after the separator the payer typed, the mask's one"],
    ['4242 4242 4242 4242', '4242 424242 42424', 10, 9, 'a new brand regroups: after the same eight digits'],
    ['1/2030', '01/30', 1, 2, 'after the same digit of a month the mask padded with a 0'],
    ['42424242', '4242 4242', 8, 9, 'the end stays the end'],
    ['42424242', '4242 4242', 0, 0, 'the start stays the start'],
  ])('%j → %j: %i → %i (%s)', (before, after, index, expected) => {
    expect(placeIn(before, after, index)).toBe(expected);
  });
});
