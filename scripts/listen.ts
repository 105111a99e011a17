/**
 * `npm run listen -- --forward-to http://127.0.0.1:3000/hooks`: forwards the sandbox's new events to a
 * URL on this machine, signed as webhooks are (docs/api.md#webhook-signatures) with a secret it prints
 * (or `--secret whsec_…`). It reads `GET /api/v1/events` once a second, so it works when the service
 * cannot reach this machine.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../src/shared/webhook-signature.js';
import type { EventListResponse } from '../src/shared/wire.js';
import { signWebhook } from '../src/service/webhooks/signing.js';
import { sandbox } from './sandbox-client.js';

const { values } = parseArgs({ options: { 'forward-to': { type: 'string' }, secret: { type: 'string' } } });
const target = values['forward-to'];
if (!target) {
  console.error('Name where to forward: npm run listen -- --forward-to http://127.0.0.1:3000/hooks');
  process.exit(2);
}
const secret = values.secret ?? `whsec_${randomBytes(32).toString('base64url')}`;
const { call, text: read, url } = sandbox();
console.log(`Forwarding the events of ${url} to ${target}.\nTheir signing secret: ${secret}`);

const seen = new Set<string>();
let since = new Date().toISOString();
for (;;) {
  const { status, body } = await call<EventListResponse>(
    'GET',
    `/api/v1/events?pageSize=50&createdFrom=${encodeURIComponent(since)}`,
  );
  if (status === 200)
    for (const event of body.events.reverse()) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      since = event.created;
      // The event's text as the API answered it: the bytes a webhook of it carries.
      const text = await read(`/api/v1/events/${event.id}`);
      const answer = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(text, [secret], new Date()),
          [EVENT_ID_HEADER]: event.id,
        },
        body: text,
      }).catch((error: unknown) => ({ status: `failed: ${(error as Error).message}` }));
      console.log(`${event.created} ${event.type} ${event.id} → ${answer.status}`);
    }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
