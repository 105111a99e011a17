/**
 * `npm run trigger -- transaction.refunded`: makes an event of that type in the sandbox by doing the
 * real operation (a refund: a sale, a settlement, then the refund), and prints the event's id. A
 * schedule's event comes from the sandbox's runner (docs/autopay.md#the-runner): the schedule is made
 * due now, and the event is waited for (a runner's pass comes every 5 seconds).
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

/** A monthly schedule of Springfield's: due at once, or first on `startDate` (a day in the account's time zone). */
const schedule = async (changes: Partial<typeof card> = {}, startDate?: string) => {
  const tokenId = (
    await call<{ id: string }>('POST', '/api/v1/tokens', { ...payer, creditCardInformation: { ...card, ...changes } })
  ).body.id;
  const made = await call('POST', '/api/v1/paymentSchedules', {
    ...payer,
    tokenId,
    amount,
    interval: 'Month',
    intervalCount: 1,
    numberOfTotalPayments: 2,
    reminderDays: 3,
    ...(startDate && { startDate }),
  });
  if (made.status !== 201) throw new Error(`The schedule was refused: ${JSON.stringify(made.body)}`);
  return made;
};
/** Tomorrow in the sandbox accounts' time zone (docs/autopay.md#due-dates). */
const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + 86_400_000));
const now = new Date();
const thisMonth = { month: String(now.getUTCMonth() + 1).padStart(2, '0'), year: now.getUTCFullYear() };

const steps: Partial<Record<EventType, () => Promise<unknown>>> = {
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
  'schedule.paid': () => schedule(),
  'schedule.declined': () => schedule({ cardNumber: '4000000000009995' }),
  'schedule.reminder': () => schedule({}, tomorrow()),
  // Paid now; the card's last month is this one, before the next payment.
  'schedule.cardExpiring': () => schedule(thisMonth),
};

const step = steps[type];
if (!step) {
  console.error(`${type} comes only after a week of declined retries; the runner's tests make it.`);
  process.exit(2);
}
const newest = async () =>
  (await call<EventListResponse>('GET', `/api/v1/events?type=${type}&pageSize=1`)).body.events[0];
const before = (await newest())?.id;
await step();
// A schedule's event comes at the runner's next pass (every 5 seconds): wait for it, up to 15 seconds.
let event = await newest();
for (let waited = 0; event?.id === before && type.startsWith('schedule.') && waited < 15_000; waited += 500) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  event = await newest();
}
if (!event || event.id === before) {
  console.error(`The sandbox made no ${type} event.`);
  process.exit(1);
}
console.log(`${event.type} ${event.id}`);
