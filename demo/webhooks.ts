/**
 * The demo receives webhooks (docs/integrating.md#receiving-webhooks): at start it registers its own
 * `/webhooks` URL with the service for each client it collects for, checks every POST there with
 * `constructEvent` over the raw body, and keeps the latest events for the Payments page.
 *
 * A restart on the same data does not pile up endpoints: an endpoint already at this URL is reused
 * (its secret rotated, as a secret is shown only once), and any more at it are deleted.
 */
import type { IncomingMessage } from 'node:http';
import {
  PaytokenApiError,
  SIGNATURE_HEADER,
  WebhookSignatureError,
  constructEvent,
  type EventResponse,
  type PaytokenClient,
} from '../src/server-sdk/index.js';

/** What the Payments page shows of one webhook: verified, or refused and why. */
export interface ReceivedWebhook {
  /** The client whose secret verified it; null when none did. */
  account: string | null;
  verified: boolean;
  /** Null when refused: an unverified body says nothing this server believes. */
  eventId: string | null;
  type: string | null;
  objectId: string | null;
  /** When the event happened (the service's time); null when refused. */
  created: string | null;
  received: string;
  /** How many times it arrived (delivery is at least once: a repeat carries the same event id). */
  deliveries: number;
  /** Why it was refused, in English; null when verified. */
  refusal: string | null;
}

/** The demo keeps the newest ones only, in memory; refused POSTs apart, so they cannot push events out. */
const KEPT = 100;
const KEPT_REFUSED = 10;
/** An event is a few kilobytes; a body beyond this is refused unread. */
const MAX_BODY_BYTES = 256 * 1024;

export class WebhookBodyTooLarge extends Error {}

/** The raw bytes of a request, as `constructEvent` needs them (never parsed and re-serialized). */
export async function rawBody(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new WebhookBodyTooLarge('The webhook body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const objectIdOf = (event: EventResponse): string => String((event.data.object as { id: string | number }).id);

/**
 * Registers `url` for every event of each client and keeps their secrets; `receive` checks a POST.
 * @example
 * const inbox = createWebhookInbox({ springfield: client });
 * const status = await inbox.register('http://127.0.0.1:4020/webhooks'); // 'on', or why webhooks are off
 * const received = await inbox.receive(body, request.headers['paytoken-signature']);
 */
export function createWebhookInbox(clients: Record<string, PaytokenClient>) {
  const secrets = new Map<string, string>();
  const received: ReceivedWebhook[] = [];
  const refused: ReceivedWebhook[] = [];

  /** This client's one endpoint at `url`, reused or made, with a secret known to this process. */
  async function endpointFor(client: PaytokenClient, url: string): Promise<string> {
    const [reused, ...extra] = (await client.webhookEndpoints.list()).webhookEndpoints.filter(
      (endpoint) => endpoint.url === url,
    );
    for (const endpoint of extra) await client.webhookEndpoints.delete(endpoint.id);
    const endpoint = reused
      ? await client.webhookEndpoints.rotateSecret(reused.id, { overlapSeconds: 0 })
      : await client.webhookEndpoints.create({ url, enabledEvents: ['*'] });
    return endpoint.secret as string;
  }

  function keep(entry: ReceivedWebhook): ReceivedWebhook {
    const list = entry.verified ? received : refused;
    list.unshift(entry);
    list.length = Math.min(list.length, entry.verified ? KEPT : KEPT_REFUSED);
    return entry;
  }

  return {
    /**
     * Registers `url` with the service for each client. Resolves `'on'`, or the service's reason when
     * it refuses (a service not started by `npm start` sends no webhooks to loopback): the demo then
     * runs without them.
     */
    async register(url: string): Promise<string> {
      try {
        for (const [id, client] of Object.entries(clients)) secrets.set(id, await endpointFor(client, url));
        return 'on';
      } catch (error) {
        if (error instanceof PaytokenApiError && error.status === 400) return error.message;
        throw error;
      }
    },

    /** Checks one webhook; a refused one is kept too (without anything its body claims) and thrown. */
    async receive(body: Uint8Array, header: string | string[] | undefined): Promise<ReceivedWebhook> {
      let refusal: WebhookSignatureError | undefined;
      for (const [account, secret] of secrets) {
        try {
          const event = await constructEvent(body, header, secret);
          const again = received.find((entry) => entry.eventId === event.id);
          if (again) {
            again.deliveries++;
            return again;
          }
          return keep({
            account,
            verified: true,
            eventId: event.id,
            type: event.type,
            objectId: objectIdOf(event),
            created: event.created,
            received: new Date().toISOString(),
            deliveries: 1,
            refusal: null,
          });
        } catch (error) {
          if (!(error instanceof WebhookSignatureError)) throw error;
          refusal = error;
        }
      }
      refusal ??= new WebhookSignatureError('WEBHOOK_SIGNATURE_MISMATCH');
      keep({
        account: null,
        verified: false,
        eventId: null,
        type: null,
        objectId: null,
        created: null,
        received: new Date().toISOString(),
        deliveries: 1,
        refusal: refusal.message,
      });
      throw refusal;
    },

    /** What the Payments page lists for `account`: its verified events and every refused POST, newest first. */
    receivedFor(account: string): ReceivedWebhook[] {
      return [...received.filter((entry) => entry.account === account), ...refused].sort((a, b) =>
        b.received.localeCompare(a.received),
      );
    },
  };
}

/** The signature header as Node names it (lower case). */
export const SIGNATURE = SIGNATURE_HEADER.toLowerCase();
