/**
 * Lit's production build keeps one long developer message, thrown only when a page mixes Lit's
 * development and production builds during hydration (lit-html/private-ssr-support.js). It cost
 * paytoken-form-hydrate.js 33 B of its 5,000 B budget, which the form's own script, added after the
 * first paint, needed (docs/decisions/0166-the-form-script-after-the-first-paint.md); the shorter
 * message keeps its link. A Lit release that changes the text leaves it as it is, and the bundle's
 * budget test says so.
 */
import type { Plugin } from 'vite';

const LONG =
  'Internal error: It is possible that both dev mode and production mode Lit was mixed together during SSR. Please comment on the issue: https://github.com/lit/lit/issues/4527';
const SHORT = 'Lit development and production builds mixed: https://github.com/lit/lit/issues/4527';

export function shortLitErrors(): Plugin {
  return {
    name: 'paytoken-short-lit-errors',
    transform(code, id) {
      return id.includes('/lit-html/') && code.includes(LONG) ? { code: code.replace(LONG, SHORT), map: null } : null;
    },
  };
}
