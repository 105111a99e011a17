/**
 * The signature of a webhook (docs/api.md#webhook-signatures), one definition for the service that
 * signs and the server SDK that verifies: `Paytoken-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`,
 * each `v1` the HMAC-SHA256, under one of the endpoint's secrets, of `<t>.<the exact raw body>`.
 * Two `v1` while a rotated-out secret still signs beside the new one.
 */

/** The request header that carries the signature. */
export const SIGNATURE_HEADER = 'Paytoken-Signature';
/** The request header that names the event (the same on every delivery of it). */
export const EVENT_ID_HEADER = 'Paytoken-Event-Id';
/** How old a signed time may be by default before the SDK refuses it as a replay: 5 minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** What is signed: the time, a dot, and the body exactly as sent. */
export const signedPayload = (timestamp: number, rawBody: string): string => `${timestamp}.${rawBody}`;

/** The header's value from the time and the hex signatures. */
export const signatureHeader = (timestamp: number, signatures: string[]): string =>
  [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(',');

/**
 * The time and the `v1` signatures of a header, or null when it is not one.
 * @example parseSignatureHeader('t=1700000000,v1=ab12') // { timestamp: 1700000000, signatures: ['ab12'] }
 */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || !signatures.length ? null : { timestamp, signatures };
}
