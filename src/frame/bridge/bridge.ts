/**
 * The frame page's side of `<paytoken-frame>` (paytoken-frame-bridge.js, run right after the page's form is parsed): it
 * hands the page's `<paytoken-form>` its keys, applies the loader's settings, runs `tokenize()` when
 * asked, and tells the loader the form's events, results and height. It listens only to its parent
 * window, at the origin the loader named, with the loader's nonce; it sends only there. What it
 * sends is built field by field from the form's public results: no card or account number, CVC or
 * expiry can be in it.
 */
import type { PaytokenForm } from '../../form/index.js';
import {
  FRAME_ATTRIBUTES,
  FRAME_THEME,
  type FrameResult,
  type FromFrameBody,
  type ToFrame,
} from '../protocol/messages.js';
import { acceptedTheme } from '../protocol/theme.js';
import { publicQuote, publicResult } from '../protocol/result.js';

const query = new URLSearchParams(location.search);
const nonce = location.hash.slice(1);
const parentOrigin = query.get('origin') ?? '';

const post = (message: FromFrameBody): void => window.parent.postMessage({ ...message, nonce }, parentOrigin);
/** What this page says first, and again when the loader asks (`hello`): it found the frame in a server's page. */
let announce = (): void => undefined;
/** The loader's other messages. */
let receive = (data: ToFrame): void => void data;
addEventListener('message', (event: MessageEvent) => {
  const data = event.data as ToFrame | null;
  if (event.source === window.parent && event.origin === parentOrigin && data?.nonce === nonce)
    if (data.type === 'hello') announce();
    else receive(data);
});

function start(form: PaytokenForm): void {
  form.publicKey = query.get('key') ?? undefined;
  form.impersonationAccountKey = query.get('impersonation') ?? undefined;
  form.apiUrl = new URL('..', location.href).href;

  form.addEventListener('paytoken-token', (event) =>
    post({ type: 'event', name: 'paytoken-token', detail: { id: event.id, feeQuote: publicQuote(event.feeQuote) } }),
  );
  form.addEventListener('paytoken-error', (event) => {
    const { errorMessage, code, errors } = publicResult({ success: false, ...event }) as Extract<
      FrameResult,
      { success: false }
    >;
    post({ type: 'event', name: 'paytoken-error', detail: { errorMessage, code, errors } });
  });
  form.addEventListener('paytoken-change', ({ method, brand, complete, valid }) =>
    post({ type: 'event', name: 'paytoken-change', detail: { method, brand, complete, valid } }),
  );
  // Whole pixels, rounded up: a fraction short would show a scrollbar.
  const height = () =>
    post({ type: 'height', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  new ResizeObserver(height).observe(document.documentElement);
  // At once, not at the observer's first call (the first frame): the loader sizes the frame before it paints.
  announce = () => {
    post({ type: 'hello', theme: FRAME_THEME });
    height();
  };

  // This script runs before the form's (frame/page/frame-page.ts), so that the frame gets its height
  // while the payer already sees the server's form: the loader's messages wait until Lit has adopted
  // it, so nothing changes the form before (its first render must be the server's).
  const adopted = customElements.whenDefined('paytoken-form').then(() => form.updateComplete);
  receive = (data) => void adopted.then(() => handle(data));

  function handle(data: ToFrame): void {
    if (data.type === 'settings') {
      for (const name of FRAME_ATTRIBUTES) {
        const value = data.attributes[name];
        if (typeof value === 'string') form.setAttribute(name, value);
        else form.removeAttribute(name);
      }
      document.documentElement.lang = form.language;
      form.toggleAttribute('disabled', data.disabled === true);
      const theme = acceptedTheme(data.theme ?? {});
      for (const name of Object.keys(data.theme ?? {})) form.style.removeProperty(`--paytoken-${name}`);
      for (const [name, value] of Object.entries(theme)) form.style.setProperty(`--paytoken-${name}`, value);
      // After each: a loader that kept this frame for a new load waits for it again.
      void form.updateComplete.then(() => post({ type: 'ready' }));
    } else if (data.type === 'tokenize') {
      void form.tokenize().then((result) => post({ type: 'result', id: data.id, result: publicResult(result) }));
    } else if (data.type === 'payment-error') {
      form.showPaymentError(String(data.message));
    }
  }
}

document.body.style.margin = '0';
// The form's scripts (hydration, then the form) start after the first frame that shows the form, sized
// by the loader, so the payer can type into the server's form at once; they adopt what was typed
// (frame/page/frame-page.ts preloads them). Before, a key pressed would wait for them.
const startForm = () => {
  // Each link once: the second call finds none.
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=script]')) {
    const script = document.createElement('script');
    script.src = link.href;
    script.integrity = link.integrity;
    script.async = false;
    link.replaceWith(script);
  }
};
const shown = () => (innerHeight ? setTimeout(startForm) : requestAnimationFrame(shown));
requestAnimationFrame(shown);
// A frame that is not painted (hidden, or a browser that stops its frames) gets them anyway.
setTimeout(startForm, 1000);
const failure = document.querySelector<HTMLElement>('[data-code]');
const form = document.querySelector('paytoken-form');
if (window.parent === window || !nonce) {
  // Opened on its own, not by a loader: no form, so a payer is never asked for a card here.
  form?.remove();
} else if (failure) {
  const { code = 'FRAME_UNAVAILABLE', detail } = failure.dataset;
  announce = () => post({ type: 'failed', code, message: failure.textContent ?? '', detail });
} else if (form) start(form);
announce();
