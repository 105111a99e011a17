/**
 * `webhooks.constructEvent` behind real Express and Fastify apps, with their body parsers in place as
 * docs/integrating.md#receiving-webhooks shows them, over real sockets: the raw body verifies; a body
 * parsed and written out again does not; a replay older than the tolerance, a wrong secret and a
 * missing header are refused.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader, signedPayload } from '../shared/webhook-signature.js';
import { WebhookSignatureError, webhooks } from './webhooks.js';

const SECRET = 'whsec_test_secret';
/** As the service writes a body: compact JSON with the amount `103.10`'s trailing zero gone and a `/`. */
const BODY =
  '{"id":"evt_abc","type":"transaction.approved","created":"2026-11-22T15:04:05.000Z","data":{"object":{"id":7,"payer":"Zoë \\/ Ada","amount":103.1}}}';
const sign = (body: string, at = Date.now(), secret = SECRET) => {
  const t = Math.floor(at / 1000);
  return signatureHeader(t, [createHmac('sha256', secret).update(signedPayload(t, body)).digest('hex')]);
};

interface Verdict {
  ok: boolean;
  code?: string;
  type?: string;
}

/** Express: the hook's route takes its raw body (express.raw), while the rest of the app parses JSON. */
function expressApp() {
  const app = express();
  app.post('/hooks', express.raw({ type: 'application/json' }), async (req, res) => {
    try {
      const event = await webhooks.constructEvent(req.body as Buffer, req.get('Paytoken-Signature'), SECRET);
      res.json({ ok: true, type: event.type });
    } catch (error) {
      res.status(400).json({ ok: false, code: (error as WebhookSignatureError).code });
    }
  });
  // The classic mistake: the JSON parser ran first, and the body is written out again.
  app.post('/parsed', express.json(), async (req, res) => {
    try {
      await webhooks.constructEvent(JSON.stringify(req.body), req.get('Paytoken-Signature'), SECRET);
      res.json({ ok: true });
    } catch (error) {
      res.status(400).json({ ok: false, code: (error as WebhookSignatureError).code });
    }
  });
  return app;
}

/** Fastify: a content-type parser that keeps the body as a string for the hook's route. */
async function fastifyApp() {
  const app = Fastify();
  await app.register((hooks, _options, done) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    hooks.post('/hooks', async (request, reply) => {
      try {
        const event = await webhooks.constructEvent(
          request.body as string,
          request.headers['paytoken-signature'],
          SECRET,
        );
        return { ok: true, type: event.type };
      } catch (error) {
        return reply.status(400).send({ ok: false, code: (error as WebhookSignatureError).code });
      }
    });
    done();
  });
  // Fastify's own JSON parser elsewhere: a parsed body written out again.
  app.post('/parsed', async (request, reply) => {
    try {
      await webhooks.constructEvent(JSON.stringify(request.body), request.headers['paytoken-signature'], SECRET);
      return { ok: true };
    } catch (error) {
      return reply.status(400).send({ ok: false, code: (error as WebhookSignatureError).code });
    }
  });
  return app;
}

const closers: (() => Promise<unknown>)[] = [];
const urls: Record<'express' | 'fastify', string> = { express: '', fastify: '' };
beforeAll(async () => {
  const server = expressApp().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  urls.express = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  const fastify = await fastifyApp();
  urls.fastify = await fastify.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => fastify.close());
});
afterAll(() => Promise.all(closers.map((close) => close())));

async function post(url: string, body: string, signature?: string): Promise<Verdict> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature && { 'paytoken-signature': signature }) },
    body,
  });
  return (await answer.json()) as Verdict;
}

describe.each(['express', 'fastify'] as const)('a webhook received by %s', (framework) => {
  it('verifies from the raw body and the header', async () => {
    expect(await post(`${urls[framework]}/hooks`, BODY, sign(BODY))).toEqual({
      ok: true,
      type: 'transaction.approved',
    });
  });

  it('fails when the body was parsed and written out again', async () => {
    expect(await post(`${urls[framework]}/parsed`, BODY, sign(BODY))).toEqual({
      ok: false,
      code: 'WEBHOOK_SIGNATURE_MISMATCH',
    });
  });

  it('refuses a changed body, another secret, no header, and a replay older than the tolerance', async () => {
    const url = `${urls[framework]}/hooks`;
    expect((await post(url, BODY.replace('103.1', '3.1'), sign(BODY))).code).toBe('WEBHOOK_SIGNATURE_MISMATCH');
    expect((await post(url, BODY, sign(BODY, Date.now(), 'whsec_other'))).code).toBe('WEBHOOK_SIGNATURE_MISMATCH');
    expect((await post(url, BODY)).code).toBe('WEBHOOK_SIGNATURE_MISSING');
    expect((await post(url, BODY, sign(BODY, Date.now() - 301_000))).code).toBe('WEBHOOK_TIMESTAMP_TOO_OLD');
  });
});

describe('webhooks.constructEvent', () => {
  it('takes a tolerance, several secrets while rotating, and bytes', async () => {
    const header = sign(BODY, Date.now() - 600_000);
    await expect(webhooks.constructEvent(BODY, header, SECRET, { tolerance: 900 })).resolves.toMatchObject({
      id: 'evt_abc',
    });
    await expect(
      webhooks.constructEvent(new TextEncoder().encode(BODY), sign(BODY), ['whsec_new', SECRET]),
    ).resolves.toMatchObject({
      type: 'transaction.approved',
    });
  });

  it('refuses a parsed object, and says why in Spanish too', async () => {
    const error = await webhooks
      .constructEvent(JSON.parse(BODY) as string, sign(BODY), SECRET)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect((error as WebhookSignatureError).code).toBe('WEBHOOK_BODY_NOT_RAW');
    const at = 1_795_000_000_000; // whole seconds: the message's count is exact
    const old = await webhooks
      .constructEvent(BODY, sign(BODY, at), SECRET, { now: () => at + 400_000 })
      .catch((e: unknown) => e);
    expect((old as WebhookSignatureError).messageIn('es')).toMatch(/^La hora firmada está a 400 segundos de ahora/);
  });
});
