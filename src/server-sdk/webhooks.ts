/**
 * Verifying a webhook on the integrating server (docs/integrating.md#receiving-webhooks): the body
 * exactly as it arrived, the `Paytoken-Signature` header and the endpoint's secret. Web Crypto only,
 * so it runs on any runtime with `crypto.subtle` (Node 20+, Deno, Bun, workers).
 */
import { formatMessage } from '../shared/messages/catalog.js';
import { webhookMessages } from '../shared/messages/api.js';
import { DEFAULT_TOLERANCE_SECONDS, parseSignatureHeader, signedPayload } from '../shared/webhook-signature.js';
import type { EventResponse } from '../shared/wire.js';
import { translate } from './messages.js';

export { SIGNATURE_HEADER, EVENT_ID_HEADER } from '../shared/webhook-signature.js';

type SignatureCode =
  'WEBHOOK_SIGNATURE_MISSING' | 'WEBHOOK_SIGNATURE_MISMATCH' | 'WEBHOOK_TIMESTAMP_TOO_OLD' | 'WEBHOOK_BODY_NOT_RAW';

/** A webhook that cannot be trusted: answer it 400 and do nothing it says. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  constructor(
    readonly code: SignatureCode,
    params: Record<string, string | number> = {},
  ) {
    super(formatMessage(webhookMessages[code], params));
  }

  /** The message in `locale` (Spanish for `es…`). */
  messageIn(locale: string): string {
    return translate(this.code, this.message, locale);
  }
}

export interface ConstructEventOptions {
  /** How old (or how far ahead) the signed time may be, in seconds; default 300. */
  tolerance?: number;
  /** The current time in milliseconds (tests). */
  now?: () => number;
}

const encoder = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Equal texts of equal length, compared in time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * The event a webhook carries, once its signature is checked: over the raw body, under `secret` (or
 * any of several, while you rotate), made within `tolerance` seconds. Throws `WebhookSignatureError`
 * otherwise.
 * @example
 * app.post('/hooks', express.raw({ type: 'application/json' }), async (req, res) => {
 *   const event = await webhooks.constructEvent(req.body, req.get('Paytoken-Signature'), secret);
 *   res.sendStatus(200);
 * });
 */
export async function constructEvent(
  rawBody: string | Uint8Array,
  header: string | string[] | null | undefined,
  secret: string | string[],
  options: ConstructEventOptions = {},
): Promise<EventResponse> {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array))
    throw new WebhookSignatureError('WEBHOOK_BODY_NOT_RAW');
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder('utf-8', { fatal: false }).decode(rawBody);
  const parsed = parseSignatureHeader(Array.isArray(header) ? header.join(',') : (header ?? ''));
  if (!parsed) throw new WebhookSignatureError('WEBHOOK_SIGNATURE_MISSING');
  const payload = signedPayload(parsed.timestamp, body);
  let matched = false;
  for (const each of Array.isArray(secret) ? secret : [secret]) {
    const expected = await hmacHex(each, payload);
    for (const given of parsed.signatures) if (constantTimeEqual(expected, given)) matched = true;
  }
  if (!matched) throw new WebhookSignatureError('WEBHOOK_SIGNATURE_MISMATCH');
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  const seconds = Math.round((options.now ?? Date.now)() / 1000 - parsed.timestamp);
  if (Math.abs(seconds) > tolerance)
    throw new WebhookSignatureError('WEBHOOK_TIMESTAMP_TOO_OLD', { seconds, tolerance });
  return JSON.parse(body) as EventResponse;
}

/** `import { webhooks } from 'paytoken/server'`. */
export const webhooks = { constructEvent };
