/**
 * `<paytoken-form>` rendered to HTML on a server, with Lit's own server renderer (`@lit-labs/ssr`): the
 * element with its shadow root as declarative shadow DOM, its styles inline, in its language, with
 * its methods, labels and amounts. The browser paints it, and the payer can type into it, before any
 * script has run; `paytoken-form-hydrate.js` then lets the form's script, which it adds after the first
 * paint, adopt those very inputs (hydrate/hydrate.ts). The service renders the frame page with it (frame/page/frame-page.ts); an
 * integrator's server imports it as `paytoken/ssr` (docs/integrating.md#a-form-your-server-renders).
 *
 * @example
 * import { renderPaytokenForm } from 'paytoken/ssr';
 * const form = renderPaytokenForm({ 'public-key': 'pk_…', amount: '100.00', 'card-fee': '3.25', locale: 'en' });
 * // `<form method="post">${form}</form>`, and one script: paytoken-form-hydrate.js (it adds paytoken-form.js)
 */
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html, nothing } from 'lit';
import { loadCatalog } from '../locale.js';
import { serverLocale, type PaytokenFormAttributes } from './attributes.js';
import '../define.js';

// The server renders every language the form speaks at once: Spanish is read before the first render.
await loadCatalog('es');

/**
 * The HTML of one `<paytoken-form>` with its shadow root. Attribute values are escaped; an empty or
 * missing one is left out.
 */
export function renderPaytokenForm(attributes: PaytokenFormAttributes = {}): string {
  const a = (name: keyof PaytokenFormAttributes) => attributes[name] || nothing;
  const template = html`<paytoken-form
    public-key=${a('public-key')}
    api-url=${a('api-url')}
    impersonation-account-key=${a('impersonation-account-key')}
    name=${a('name')}
    methods=${a('methods')}
    locale=${serverLocale(attributes.locale)}
    payer=${a('payer')}
    email-address=${a('email-address')}
    amount=${a('amount')}
    card-fee=${a('card-fee')}
    ach-fee=${a('ach-fee')}
  ></paytoken-form>`;
  // The markers around the element are for a page Lit hydrates as a whole; this page is not one.
  return collectResultSync(render(template))
    .replace(/^<!--lit-part [^>]*-->(<!--lit-node \d+-->)?/, '')
    .replace(/<!--\/lit-part-->$/, '')
    .replace(/^<paytoken-form[^>]*>/, (tag) => tag.replace(/\s+/g, ' ').replace(' >', '>'));
}

// `paytoken/ssr` renders the isolated form too: `<paytoken-frame>` with its iframe.
export { serverLocale, type PaytokenFormAttributes } from './attributes.js';
export {
  renderPaytokenFrame,
  type PaytokenFrameAttributes,
  type PaytokenFramePage,
} from '../../frame/ssr/render-frame.js';
