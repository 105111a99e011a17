import { createHmac } from 'node:crypto';
import { signatureHeader, signedPayload } from '../../shared/webhook-signature.js';

/**
 * The `Paytoken-Signature` value of a body sent at `at`, signed with every secret given (the current
 * one, and the one before a rotation while its overlap lasts): src/shared/webhook-signature.ts.
 */
export function signWebhook(rawBody: string, secrets: string[], at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const payload = signedPayload(timestamp, rawBody);
  return signatureHeader(
    timestamp,
    secrets.map((secret) => createHmac('sha256', secret).update(payload).digest('hex')),
  );
}
