/**
 * `npm run trigger -- transaction.refunded`: makes an event of that type in the sandbox by doing the
 * real operation (a refund: a sale, a settlement, then the refund), and prints the event's id.
 */
import { EVENT_TYPES, type EventListResponse, type EventType } from '../src/shared/wire.js';
import { sandbox } from './sandbox-client.js';

const type = process.argv[2] as EventType;
if (!EVENT_TYPES.includes(type)) {
  console.error(`Name an event type: npm run trigger -- <type>, one of ${EVENT_TYPES.join(', ')}.`);
  process.exit(2);
}
const { call } = sandbox();
const card = { accountHolder: 'Ada Lovelace', cardNumber: '4242424242424242', cvc: '123', month: '12', year: 2030 };
const payer = { payer: 'Ada Lovelace', emailAddress: 'ada@example.com' };
const token = async () =>
  (await call<{ id: string }>('POST', '/api/v1/tokens', { ...payer, creditCardInformation: card })).body.id;
// A new amount each time: the sandbox's duplicate protection would decline the same sale again.
const amount = 10 + Math.floor(Math.random() * 9_000) / 100;
const sale = async (cardNumber = card.cardNumber) =>
  (
    await call<{ id: number }>('POST', '/api/v1/transactions', {
      ...payer,
      amount,
      payerFee: 0,
      creditCardInformation: { ...card, cardNumber },
    })
  ).body;

const steps: Record<EventType, () => Promise<unknown>> = {
  'token.created': token,
  'token.deleted': async () => call('DELETE', `/api/v1/tokens/${await token()}`),
  'transaction.approved': () => sale(),
  'transaction.declined': () => sale('4000000000000002'),
  'transaction.captured': async () => {
    const held = await call<{ authorizationId: string }>('POST', '/api/v1/transactions/authorize', {
      tokenId: await token(),
      amount,
    });
    return call('POST', '/api/v1/transactions', {
      ...payer,
      amount,
      payerFee: 0,
      authorizationId: held.body.authorizationId,
    });
  },
  'transaction.voided': async () => call('POST', `/api/v1/transactions/${(await sale()).id}/void`),
  'transaction.refunded': async () => {
    const paid = await sale();
    await call('POST', '/api/v1/sandbox/settle');
    return call('POST', `/api/v1/transactions/${paid.id}/refund`, { amount: 1 });
  },
  'batch.settled': async () => {
    await sale();
    return call('POST', '/api/v1/sandbox/settle');
  },
};

await steps[type]();
const { body } = await call<EventListResponse>('GET', `/api/v1/events?type=${type}&pageSize=1`);
const [event] = body.events;
if (!event) {
  console.error(`The sandbox made no ${type} event.`);
  process.exit(1);
}
console.log(`${event.type} ${event.id}`);
