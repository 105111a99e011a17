import { describe, expect, it } from 'vitest';
import { escapeAttribute } from './html.js';

describe('escapeAttribute', () => {
  it('writes the characters that could end an attribute or a tag as references, and only those', () => {
    expect(escapeAttribute(`Ada "<b>" & 'Lovelace'`)).toBe(`Ada &#34;&#60;b&#62;&#34; &#38; 'Lovelace'`);
    expect(escapeAttribute('https://pay.example/frames/x.html?a=1&b=2')).toBe(
      'https://pay.example/frames/x.html?a=1&#38;b=2',
    );
  });
});
