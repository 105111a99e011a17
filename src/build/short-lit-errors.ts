/**
 * Lit's production build keeps long developer messages, thrown only when Lit is misused:
 * - when hydration goes wrong: a page that mixes Lit's development and production builds
 *   (lit-html/private-ssr-support.js), and a server's form that differs from the client's
 *   (@lit-labs/ssr-client). They cost paytoken-form-hydrate.js about 110 B of its 5,000 B budget,
 *   which its own work needed: adding the form's script after the first paint
 *   (docs/decisions/0166-the-form-script-after-the-first-paint.md) and, under an `async` tag, only
 *   once the page is parsed. The second keeps its first sentence: the script carries the form's
 *   content name and SHA-384, whose brotli size moves by up to about 10 B with each form build;
 * - a `CSSResult` made with `new` (@lit/reactive-element/css-tag.js): its last word, " instead.", was
 *   worth 57 B of paytoken-form.js brotli once the compile hint was on its first line
 *   (docs/decisions/0170-the-form-compiled-as-it-loads.md).
 *
 * The shorter messages keep what went wrong and the link. A Lit release that changes a text leaves
 * it as it is, and the bundle's budget test says so.
 */
import type { Plugin } from 'vite';

/** Each long message, where it is, and what it becomes. */
const MESSAGES = [
  {
    in: '/@lit/reactive-element/',
    long: 'CSSResult is not constructable. Use `unsafeCSS` or `css` instead.',
    short: 'CSSResult is not constructable. Use `unsafeCSS` or `css`',
  },
  {
    in: '/lit-html/',
    long: 'Internal error: It is possible that both dev mode and production mode Lit was mixed together during SSR. Please comment on the issue: https://github.com/lit/lit/issues/4527',
    short: 'Lit development and production builds mixed: https://github.com/lit/lit/issues/4527',
  },
  {
    in: '/@lit-labs/ssr-client/',
    long: 'Hydration value mismatch: Primitive found where TemplateResult expected. This usually occurs due to conditional rendering that resulted in a different value or template being rendered between the server and client.',
    short: 'Hydration value mismatch: Primitive found where TemplateResult expected.',
  },
];

export function shortLitErrors(): Plugin {
  return {
    name: 'paytoken-short-lit-errors',
    transform(code, id) {
      const found = MESSAGES.filter((message) => id.includes(message.in) && code.includes(message.long));
      if (!found.length) return null;
      return { code: found.reduce((text, message) => text.replace(message.long, message.short), code), map: null };
    },
  };
}
