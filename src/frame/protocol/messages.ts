/**
 * The messages between `<paytoken-frame>` (the loader, on the integrator's page) and the bridge inside
 * its frame page (docs/integrating.md#the-isolated-form). Each carries the loader's random `nonce`, and
 * each side reads only the other's window at its exact origin. None holds a card or account number,
 * a CVC or an expiry: only attributes, theme values, the token id, error codes and messages, the
 * change state and the fee quote shown (two amounts).
 */
import type { FeeQuote, WireFieldError } from '../../shared/wire.js';

/**
 * The `<paytoken-form>` attributes the loader passes on (null: removed), in its settings and, so that
 * the service renders the form as the page set it up (frame/page/frame-page.ts), in the frame page's
 * query: there `locale` is the language the loader decided, and of the payer's name and e-mail (the
 * last two) only that they are set (`1`, which hides their inputs), never their values.
 */
export const FRAME_ATTRIBUTES = [
  'methods',
  'amount',
  'card-fee',
  'ach-fee',
  'locale',
  'payer',
  'email-address',
] as const;

/**
 * The theme custom properties (`--paytoken-{name}`) the frame takes, each checked by the bridge: its
 * hello names them, and the loader passes on those.
 */
export const FRAME_THEME = [
  'font-family',
  'font-size',
  'color-text',
  'color-muted',
  'color-background',
  'color-surface',
  'color-border',
  'color-primary',
  'color-primary-text',
  'color-error',
  'radius',
  'spacing',
] as const;

/** One field's problem: its path, code and message, never its value (src/shared/wire.ts). */
export type FrameFieldError = WireFieldError;

/** `tokenize()`'s result, as `Paytoken.createToken` gives it. */
export type FrameResult =
  | { success: true; id: string }
  | { success: false; errorMessage: string; code: string; errors: FrameFieldError[]; seconds?: number };

/** The loader's settings for the form: sent after the bridge's `hello`, and again on every change. */
export interface FrameSettings {
  type: 'settings';
  attributes: Partial<Record<(typeof FRAME_ATTRIBUTES)[number], string | null>>;
  theme: Partial<Record<(typeof FRAME_THEME)[number], string>>;
  disabled: boolean;
}

/**
 * What the loader says to the frame. `hello`: the loader found the frame in the page (a server rendered
 * it) and may have missed the bridge's own hello, which the bridge says again.
 */
export type ToFrameBody =
  { type: 'hello' } | FrameSettings | { type: 'tokenize'; id: number } | { type: 'payment-error'; message: string };

/** The loader to the frame, as sent. */
export type ToFrame = { nonce: string } & ToFrameBody;

/** The form's events, with only their public properties. */
export type FrameEvent =
  | { name: 'paytoken-token'; detail: { id: string; feeQuote?: FeeQuote } }
  | { name: 'paytoken-error'; detail: { errorMessage: string; code: string; errors: FrameFieldError[] } }
  | { name: 'paytoken-change'; detail: { method: string; brand: string | null; complete: boolean; valid: boolean } };

/** What the frame says to the loader. */
export type FromFrameBody =
  | { type: 'hello'; theme: typeof FRAME_THEME }
  | { type: 'ready' }
  /** The page's height in whole CSS pixels. */
  | { type: 'height'; height: number }
  | { type: 'failed'; code: string; message: string; detail?: string }
  | ({ type: 'event' } & FrameEvent)
  | { type: 'result'; id: number; result: FrameResult };

/** The frame to the loader, as sent. */
export type FromFrame = { nonce: string } & FromFrameBody;
