// examples/server/webhooks-express.mjs, run as:  WEBHOOK_SECRET=whsec_… node examples/server/webhooks-express.mjs
import express from 'express';
import { webhooks, WebhookSignatureError } from 'paytoken/server';

const app = express();
// The webhook's route reads its body raw, before any JSON parser: the signature is over those bytes.
app.post('/hooks', express.raw({ type: 'application/json' }), async (req, res) => {
  let event;
  try {
    event = await webhooks.constructEvent(req.body, req.get('Paytoken-Signature'), process.env.WEBHOOK_SECRET);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return res.status(400).send(error.message);
    throw error;
  }
  // The same event may come twice: do its work once per event.id.
  if (event.type === 'transaction.refunded') console.log('refunded', event.data.object.amount);
  res.sendStatus(200); // anything else is tried again, for up to 3 days
});
app.use(express.json()); // the rest of your app parses JSON as usual
app.listen(3000);
