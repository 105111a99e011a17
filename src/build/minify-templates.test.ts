import { describe, expect, it } from 'vitest';
import { minifyCss, minifyHtml, minifyTemplates } from './minify-templates.js';

describe('minifying Lit templates for the hosted bundles', () => {
  it('keeps CSS meaning: values, strings and combinators keep their single spaces', () => {
    const css = `
      /* the host */
      :host {
        font: var(--size) / 1.4 var(--font, 'Segoe UI', sans-serif);
        box-shadow: 0 1px 3px rgb(0 0 0 / 0.15);
      }
      .summary dt, .tab:focus-visible > b { color: red; }
      @media (prefers-color-scheme: dark) { :host { color: white; } }
    `;
    expect(minifyCss(css)).toBe(
      ":host{font:var(--size) / 1.4 var(--font,'Segoe UI',sans-serif);box-shadow:0 1px 3px rgb(0 0 0 / 0.15)}" +
        '.summary dt,.tab:focus-visible > b{color:red}@media (prefers-color-scheme:dark){:host{color:white}}',
    );
  });

  it('drops HTML indentation between tags and keeps spaces written on one line', () => {
    expect(
      minifyHtml('<div class="a">\n  <label for="x">Name</label>\n  <input\n    id="x"\n    name="x" />\n</div>'),
    ).toBe('<div class="a"><label for="x">Name</label><input id="x" name="x" /></div>');
    expect(minifyHtml('<b>1</b> <i>2</i>')).toBe('<b>1</b> <i>2</i>');
    expect(minifyHtml('Pay ')).toBe('Pay ');
  });

  it('rewrites only the static parts of css and html templates, nested ones included', () => {
    const source = [
      'const styles = css`',
      '  p { color: red; }',
      '`;',
      'const view = html`<ul>',
      '  ${items.map((item) => html`<li>',
      '    ${item}',
      '  </li>`)}',
      '</ul>`;',
      'const other = `  keep   this  `;',
    ].join('\n');
    expect(minifyTemplates(source, 'view.ts')).toBe(
      [
        'const styles = css`p{color:red}`;',
        'const view = html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;',
        'const other = `  keep   this  `;',
      ].join('\n'),
    );
  });
});
