/**
 * The webhook channel of the delivery runner (delivery/runner.ts): POSTs an event's exact body to its
 * endpoint, signed (signing.ts), from an address the target policy allows (target.ts: the address the
 * socket connects to is the one checked). A 2xx is delivered; anything else, a timeout or a refused
 * connection is tried again. A deleted endpoint is given up at once.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../shared/webhook-signature.js';
import type { Channel, SendResult } from '../delivery/runner.js';
import type { ClaimedDelivery, Repository, WebhookEndpointRecord } from '../storage/repository.js';
import type { Vault } from '../vault/vault.js';
import { openSecret } from './endpoints.js';
import { signWebhook } from './signing.js';
import { pinnedLookup, portOf, refusedByName, type TargetPolicy } from './target.js';

export interface WebhookChannelDeps {
  repository: Pick<Repository, 'webhookEndpoints'>;
  vault: Vault;
  now: () => Date;
  webhookTargets: TargetPolicy;
  /** How long one POST may take, connection included. Default 10 s. */
  timeoutMs?: number;
  version: string;
}

/** The channel's name in the outbox. */
export const WEBHOOK_CHANNEL = 'webhook';

export function webhookChannel(deps: WebhookChannelDeps): Channel {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  // One read per endpoint for a round of deliveries, not one per delivery: kept for a second.
  const recent = new Map<string, { at: number; endpoint: Promise<WebhookEndpointRecord | null> }>();
  const endpointOf = (id: string) => {
    const now = performance.now();
    const cached = recent.get(id);
    if (cached && now - cached.at < 1_000) return cached.endpoint;
    if (recent.size > 1_000) recent.clear();
    const endpoint = deps.repository.webhookEndpoints.forDelivery(id);
    recent.set(id, { at: now, endpoint });
    return endpoint;
  };
  return {
    name: WEBHOOK_CHANNEL,
    async send(delivery: ClaimedDelivery): Promise<SendResult> {
      const endpoint = await endpointOf(delivery.target);
      if (!endpoint || endpoint.deleted || delivery.body === null)
        return { ok: false, statusCode: null, error: 'The endpoint was deleted.', final: true };
      const url = new URL(endpoint.url);
      // An address in the URL itself is never looked up: checked here. A name is checked as it connects.
      if (refusedByName(url, deps.webhookTargets))
        return { ok: false, statusCode: null, error: 'The URL is not one webhooks are sent to.' };
      const at = deps.now();
      const secrets = [openSecret(deps.vault, endpoint.id, endpoint.vaultKeyId, endpoint.sealedSecret)];
      if (
        endpoint.previousVaultKeyId &&
        endpoint.previousSealed &&
        endpoint.previousUntil &&
        endpoint.previousUntil > at
      )
        secrets.push(openSecret(deps.vault, endpoint.id, endpoint.previousVaultKeyId, endpoint.previousSealed));
      return post(
        url,
        delivery.body,
        {
          'Content-Type': 'application/json',
          'User-Agent': `Paytoken-Webhooks/${deps.version}`,
          [SIGNATURE_HEADER]: signWebhook(delivery.body, secrets, at),
          [EVENT_ID_HEADER]: delivery.eventId ?? '',
        },
        timeoutMs,
        pinnedLookup(portOf(url), deps.webhookTargets),
      );
    },
    async settled(delivery, delivered) {
      await deps.repository.webhookEndpoints.setStatus(delivery.target, delivered ? 'enabled' : 'failing');
    },
  };
}

/** One POST: its status, or why there was none. Redirects are not followed; the answer is not kept. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  lookup: ReturnType<typeof pinnedLookup>,
): Promise<SendResult> {
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      lookup,
      signal: AbortSignal.timeout(timeoutMs),
      agent: false,
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      response.on('error', () => undefined);
      resolve({
        ok: status >= 200 && status < 300,
        statusCode: status,
        error: status >= 200 && status < 300 ? null : `The endpoint answered ${status}.`,
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        ok: false,
        statusCode: null,
        error: timedOut ? `No answer within ${timeoutMs} ms.` : `${error.code ?? 'ERROR'}: ${error.message}`,
      });
    });
    request.end(body);
  });
}
