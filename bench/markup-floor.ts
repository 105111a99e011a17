/**
 * The form bench's second reference point: the form's own first-render markup and styles, painted
 * by a plain custom element under the same tag (one constructed style sheet, one `innerHTML`, no
 * framework), timed by the same method. It is what the browser itself needs to parse a script and
 * create the form's elements: the floor for any first paint of this form, with or without Lit.
 */
import type { Browser } from '@playwright/test';

/** Renders the real form once and returns a script that paints the same shadow tree without Lit. */
export async function markupFloor(browser: Browser, formScript: string): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.setContent(
      '<!doctype html><html lang="en"><body><paytoken-form public-key="pk_bench" api-url="https://pay.example"></paytoken-form></body></html>',
    );
    const { markup, css } = await page.evaluate(async (source) => {
      const element = document.createElement('script');
      element.textContent = source;
      document.head.append(element);
      const form = document.querySelector('paytoken-form') as HTMLElement & { updateComplete: Promise<unknown> };
      await customElements.whenDefined('paytoken-form');
      await form.updateComplete;
      const root = form.shadowRoot as ShadowRoot;
      const rules = root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
      return { markup: root.innerHTML.replace(/<!--[^]*?-->/g, ''), css: rules.join('\n') };
    }, formScript);
    if (!markup.includes('name="cardNumber"')) throw new Error('the form did not render its card number');
    return `(() => {
  const css = ${JSON.stringify(css)};
  const markup = ${JSON.stringify(markup)};
  customElements.define('paytoken-form', class extends HTMLElement {
    updateComplete = Promise.resolve(true);
    connectedCallback() {
      if (this.shadowRoot) return;
      const root = this.attachShadow({ mode: 'open' });
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
      root.innerHTML = markup;
    }
  });
})();`;
  } finally {
    await page.close();
  }
}
