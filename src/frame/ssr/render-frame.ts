/**
 * `<paytoken-frame>` rendered to HTML on a server, its iframe already in it (declarative shadow DOM, under
 * both names of its attribute, as Lit's server renderer writes it):
 * the browser starts loading the frame page while it parses the integrator's page, rather than after
 * `paytoken-frame.js` has run. The loader keeps that iframe when it shows the very page it would open
 * itself (frame/loader/paytoken-frame.ts), and replaces it otherwise: a page rendered with another
 * origin, language or version of the service still gets its form, one page load later. An integrator's
 * server imports it as `paytoken/ssr` (docs/integrating.md#a-frame-your-server-renders).
 *
 * @example
 * import { renderPaytokenFrame } from 'paytoken/ssr';
 * const frame = renderPaytokenFrame(
 *   { 'public-key': 'pk_…', 'api-url': 'https://pay.example.com', amount: '100.00', 'card-fee': '3.25', locale: 'en' },
 *   { origin: 'https://shop.example' },
 * );
 * // `<form method="post">${frame}</form>`, and paytoken-frame.js from the service
 */
import { serverLocale, type PaytokenFormAttributes } from '../../form/ssr/attributes.js';
import { LOADER_TEXT } from '../loader/messages.js';
import { FRAME_HOST_STYLE, frameNonce, SECURE_API, setFrameQuery } from '../protocol/frame-query.js';
import { FRAME_ATTRIBUTES } from '../protocol/messages.js';
import { escapeAttribute } from '../../shared/html.js';

/** The frame page's name, known when this module is built (frame/page/vite-plugin.ts). */
declare const __PAYTOKEN_FRAME_PAGE__: string;

/**
 * The attributes of `<paytoken-frame>` a server may set: those of `<paytoken-form>`, with the key and
 * the service's address required (the server cannot know where the page loads `paytoken-frame.js` from).
 */
export type PaytokenFrameAttributes = PaytokenFormAttributes & { 'public-key': string; 'api-url': string };

/** Where the page is served. */
export interface PaytokenFramePage {
  /** The page's origin as the browser sees it (`https://shop.example`): the frame answers only it. */
  origin: string;
}

/** The attributes written on the element, in this order; any other name is left out. */
const WRITTEN = ['public-key', 'api-url', 'impersonation-account-key', 'name', ...FRAME_ATTRIBUTES] as const;

/** A C0 control character or DEL: the HTML parser would not keep it as the frame's address has it. */
const isControl = (character: string): boolean => character.charCodeAt(0) < 0x20 || character === '\x7f';

/**
 * The HTML of one `<paytoken-frame>` with its iframe, for a page served at `page.origin`. Attribute
 * values are escaped; an empty or missing one is left out, and `locale` is written out (`en` unless it
 * starts with `es`). A set-up mistake throws a `TypeError` that says what to give, before any payer:
 * an `api-url` the loader would not open (https, or http on this machine; no query or fragment), a
 * `page.origin` that is not an http(s) origin, or a value that is not a string or holds a control
 * character (the browser would read it otherwise than the frame's address has it).
 */
export function renderPaytokenFrame(attributes: PaytokenFrameAttributes, page: PaytokenFramePage): string {
  for (const name of WRITTEN) {
    const given: unknown = attributes?.[name];
    if (given !== undefined && (typeof given !== 'string' || [...given].some(isControl)))
      throw new TypeError(
        `renderPaytokenFrame: ${name} must be a string of printable characters, like "100.00", not ${typeof given === 'string' ? JSON.stringify(given) : typeof given}.`,
      );
  }
  const apiUrl = (attributes['api-url'] ?? '').replace(/\/+$/, '');
  const url = URL.canParse(`${apiUrl}/frames/`) ? new URL(`${apiUrl}/frames/${__PAYTOKEN_FRAME_PAGE__}`) : null;
  if (!url || !SECURE_API.test(url.protocol + url.hostname) || /[?#]/.test(apiUrl))
    throw new TypeError(
      `renderPaytokenFrame: api-url must be the service's https URL (http only on localhost, 127.0.0.1 or [::1]), with no query or fragment, not ${JSON.stringify(attributes['api-url'])}.`,
    );
  const origin = String(page?.origin ?? '');
  if (!URL.canParse(origin) || new URL(origin).origin !== origin || !origin.startsWith('http'))
    throw new TypeError(
      `renderPaytokenFrame: page.origin must be the page's origin as the browser sees it, like https://shop.example, not ${JSON.stringify(page?.origin)}.`,
    );
  const language = serverLocale(attributes.locale);
  const values: Partial<Record<string, string>> = { ...attributes, locale: language };
  const value = (name: string) => values[name] || undefined;
  setFrameQuery(url.searchParams, value, origin);
  url.hash = frameNonce();
  const tag = WRITTEN.map((name) => {
    const text = value(name);
    return text === undefined ? '' : ` ${name}="${escapeAttribute(text)}"`;
  }).join('');
  return (
    `<paytoken-frame${tag}><template shadowroot="open" shadowrootmode="open" shadowrootdelegatesfocus>` +
    `<style>${FRAME_HOST_STYLE}</style><iframe title="${LOADER_TEXT[language].title}" src="${escapeAttribute(url.href)}"></iframe>` +
    `</template></paytoken-frame>`
  );
}
