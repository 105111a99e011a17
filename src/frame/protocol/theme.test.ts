import { describe, expect, it } from 'vitest';
import { acceptedTheme, themeValue } from './theme.js';

describe('themeValue: what the frame accepts from the page', () => {
  it.each([
    ['color-primary', '#0a7c55', '#0a7c55'],
    ['color-primary', ' rgb(10, 124, 85) ', 'rgb(10, 124, 85)'],
    ['color-text', 'hsla(120 50% 40% / 0.5)', 'hsla(120 50% 40% / 0.5)'],
    ['color-error', 'crimson', 'crimson'],
    ['color-background', 'url(https://evil.example/x)', null],
    ['color-background', 'red; background: url(x)', null],
    ['color-border', 'var(--x)', null],
    ['radius', '4px', '4px'],
    ['font-size', '1.125rem', '1.125rem'],
    ['spacing', '12', null],
    ['spacing', 'calc(1px + 2px)', null],
    ['font-family', '"Inter", Arial, sans-serif', 'Arial, sans-serif'],
    ['font-family', "'Segoe UI', system-ui", '"Segoe UI", system-ui'],
    ['font-family', 'Comic Neue', null],
  ] as const)('%s: %j → %j', (name, value, expected) => {
    expect(themeValue(name, value)).toBe(expected);
  });

  it('keeps only the known names with accepted text values', () => {
    expect(
      acceptedTheme({ 'color-primary': '#123', radius: 'url(x)', spacing: 8, 'font-size': '16px', width: '1px' }),
    ).toEqual({ 'color-primary': '#123', 'font-size': '16px' });
  });
});
