// examples/server/webhooks-fastify.mjs, run as:  WEBHOOK_SECRET=whsec_… node examples/server/webhooks-fastify.mjs
import Fastify from 'fastify';
import { webhooks, WebhookSignatureError } from 'paytoken/server';

const app = Fastify();
// In its own plugin, the webhook's route keeps JSON bodies as text: the signature is over that text.
await app.register(async (hooks) => {
  hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => done(null, body));
  hooks.post('/hooks', async (request, reply) => {
    try {
      const event = await webhooks.constructEvent(
        request.body,
        request.headers['paytoken-signature'],
        process.env.WEBHOOK_SECRET,
      );
      request.log.info({ id: event.id, type: event.type }, 'webhook'); // the same id may come twice
      return { received: true };
    } catch (error) {
      if (error instanceof WebhookSignatureError) return reply.status(400).send(error.message);
      throw error;
    }
  });
});
await app.listen({ port: 3000 });
