/**
 * The frame page's side of `<paytoken-frame>` (paytoken-frame-bridge.js, after paytoken-form.js): it
 * hands the page's `<paytoken-form>` its keys, applies the loader's settings, runs `tokenize()` when
 * asked, and tells the loader the form's events, results and height. It listens only to its parent
 * window, at the origin the loader named, with the loader's nonce; it sends only there. What it
 * sends is built field by field from the form's public results: no card or account number, CVC or
 * expiry can be in it.
 */
import type { PaytokenForm } from '../../form/index.js';
import { FRAME_ATTRIBUTES, type FrameResult, type FromFrameBody, type ToFrame } from '../protocol/messages.js';
import { acceptedTheme } from '../protocol/theme.js';
import { publicQuote, publicResult } from '../protocol/result.js';

const query = new URLSearchParams(location.search);
const nonce = location.hash.slice(1);
const parentOrigin = query.get('origin') ?? '';

const post = (message: FromFrameBody): void => window.parent.postMessage({ ...message, nonce }, parentOrigin);

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
  new ResizeObserver(() =>
    post({ type: 'height', height: document.documentElement.getBoundingClientRect().height }),
  ).observe(document.documentElement);

  let ready = false;
  addEventListener('message', (event: MessageEvent) => {
    const data = event.data as ToFrame | null;
    if (event.source !== window.parent || event.origin !== parentOrigin || data?.nonce !== nonce) return;
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
      if (!ready) {
        ready = true;
        void form.updateComplete.then(() => post({ type: 'ready' }));
      }
    } else if (data.type === 'tokenize') {
      void form.tokenize().then((result) => post({ type: 'result', id: data.id, result: publicResult(result) }));
    } else if (data.type === 'payment-error') {
      form.showPaymentError(String(data.message));
    }
  });
}

document.body.style.margin = '0';
const failure = document.querySelector<HTMLElement>('[data-code]');
const form = document.querySelector('paytoken-form');
if (window.parent === window || !nonce) {
  // Opened on its own, not by a loader: no form, so a payer is never asked for a card here.
  form?.remove();
} else if (failure) {
  const { code = 'FRAME_UNAVAILABLE', detail } = failure.dataset;
  post({ type: 'failed', code, message: failure.textContent ?? '', detail });
} else if (form) {
  start(form);
  post({ type: 'hello' });
}
