// examples/server/checkout.mjs, run as:  . .data/sandbox.env && node examples/server/checkout.mjs tok_…
import { PaytokenClient, PaymentDeclinedError } from 'paytoken/server';

const paytoken = new PaytokenClient({
  apiUrl: process.env.PAYTOKEN, // the service; . .data/sandbox.env sets it, and the key and secret
  apiKey: process.env.API_KEY, // Springfield's own key and secret
  apiSecret: process.env.API_SECRET,
  impersonationAccountKey: undefined, // a system account's key here acts for one of its clients
  timeoutMs: 30_000, // per attempt (default)
  maxRetries: 2, // after a network error, a 5xx or a 409 (default)
});

const token = await paytoken.tokens.retrieve(process.argv[2]); // { transactionType: 'Visa', lastFour: '4242', … }
const fees = await paytoken.fees.calculate(100); // { achPayerFee: 3, creditCardPayerFee: 3.25 }
const paid = await paytoken.transactions.createWithPayerFee(
  { amountDue: 100, tokenId: token.id, payer: token.payer, emailAddress: token.emailAddress }, // Mode A in one call
  { idempotencyKey: `order-${token.id}` }, // your order's id: a retry never charges twice
); // paid.amount 103.25, paid.payerFee 3.25, paid.netAmount 100
const same = await paytoken.transactions.retrieve(paid.id);
const { authorizationId } = await paytoken.transactions.authorize({ tokenId: token.id, amount: 80 });
const capture = await paytoken.transactions.create({ payer: token.payer, amount: 50, authorizationId });
// capture.payerFeeMode 'Custom', capture.fee 1.63, capture.netAmount 48.37

let declined;
try {
  await paytoken.transactions.createWithPayerFee({ amountDue: 1_000_001, tokenId: token.id, payer: token.payer });
} catch (error) {
  if (error instanceof PaymentDeclinedError)
    declined = error.message; // 'The amount exceeds the approval limit of 1,000,000.00.'
  else throw error; // PaytokenApiError: status, code, errors, requestId
}
await paytoken.tokens.delete(token.id); // { id, deleted: true }: the token cannot be used again

console.log(JSON.stringify({ token, fees, paid, same, capture, declined }));
