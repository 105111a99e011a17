/**
 * The frame page's query, one home for the loader that opens it (frame/loader/paytoken-frame.ts) and
 * the server that renders `<paytoken-frame>` with its iframe (frame/ssr/render-frame.ts): the loader
 * keeps a server's iframe only when its address is the one it would open itself.
 */
import { FRAME_ATTRIBUTES } from './messages.js';

/**
 * Writes into `query` the frame page's parameters for an element whose attributes `attribute` gives
 * (for `locale`, the language already decided), on a page of `origin`: its key, impersonation key and
 * origin, then each `FRAME_ATTRIBUTES` value that is set, except that of the payer's name and e-mail only
 * that they are set (`1`), never their values (docs/api.md#frame-page).
 */
export function setFrameQuery(
  query: URLSearchParams,
  attribute: (name: string) => string | null | undefined,
  origin: string,
): void {
  // Without a key too the frame page is asked for: the service says what is missing (frame/page/frame-access.ts).
  query.set('key', attribute('public-key') ?? '');
  const impersonation = attribute('impersonation-account-key');
  if (impersonation) query.set('impersonation', impersonation);
  query.set('origin', origin);
  FRAME_ATTRIBUTES.forEach((name, index) => {
    const value = attribute(name);
    if (value) query.set(name, index < 5 ? value : '1');
  });
}

/** A frame's nonce, as the loader and a server draw it: four random 32-bit numbers, one after the other (~128 bits). */
export const frameNonce = (): string => crypto.getRandomValues(new Uint32Array(4)).join('');

/** `protocol` + `hostname` of an API URL the frame may be opened from: https, or http on this machine. */
export const SECURE_API = /^https:|^http:(localhost|127\.0\.0\.1|\[::1\])$/;

/** `<paytoken-frame>`'s own styles: the loader's, and inline in a server-rendered one before it runs. */
export const FRAME_HOST_STYLE =
  ':host{display:block;max-width:460px}:host([hidden]){display:none}iframe{display:block;width:100%;height:0;border:0}p{margin:0;color:var(--paytoken-color-error,#c0262d)}';
