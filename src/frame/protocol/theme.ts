import { FRAME_THEME } from './messages.js';

type ThemeName = (typeof FRAME_THEME)[number];

const COLOR = /^(#[\da-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/+-]+\)|[a-z]{3,20})$/i;
const LENGTH = /^\d{1,3}(\.\d{1,3})?(px|rem|em)$/;
/** Fonts every system has or names generically: the frame loads no font of its own (CSP `font-src` none). */
const SYSTEM_FONTS = new Set(
  [
    'system-ui',
    '-apple-system',
    'BlinkMacSystemFont',
    'Segoe UI',
    'Roboto',
    'Helvetica Neue',
    'Helvetica',
    'Arial',
    'Noto Sans',
    'Ubuntu',
    'Cantarell',
    'Georgia',
    'Times New Roman',
    'Menlo',
    'Consolas',
    'Courier New',
    'ui-sans-serif',
    'ui-serif',
    'ui-monospace',
    'ui-rounded',
    'sans-serif',
    'serif',
    'monospace',
  ].map((font) => font.toLowerCase()),
);

/**
 * A theme value the frame accepts from the page, or null: colours (hex, `rgb()`/`hsl()`, names),
 * lengths in px/rem/em for sizes, and for the font only the system fonts in the page's list (quoted
 * when they have a space). Nothing else reaches the frame's styles: no `url()`, no `var()` of the
 * frame's, no expression.
 * @example themeValue('font-family', '"Inter", Arial, sans-serif') // 'Arial, sans-serif'
 */
export function themeValue(name: ThemeName, value: string): string | null {
  const text = value.trim();
  if (name === 'font-family') {
    const fonts = text
      .split(',')
      .map((font) => font.trim().replace(/^(["'])(.*)\1$/, '$2'))
      .filter((font) => SYSTEM_FONTS.has(font.toLowerCase()))
      .map((font) => (font.includes(' ') ? `"${font}"` : font));
    return fonts.length ? fonts.join(', ') : null;
  }
  const pattern = name.startsWith('color-') ? COLOR : LENGTH;
  return pattern.test(text) ? text : null;
}

/** The accepted values of a theme the page sent, by name. */
export function acceptedTheme(theme: Partial<Record<string, unknown>>): Partial<Record<ThemeName, string>> {
  const accepted: Partial<Record<ThemeName, string>> = {};
  for (const name of FRAME_THEME) {
    const value = theme[name];
    const checked = typeof value === 'string' ? themeValue(name, value) : null;
    if (checked) accepted[name] = checked;
  }
  return accepted;
}
