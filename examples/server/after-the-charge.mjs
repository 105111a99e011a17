// examples/server/after-the-charge.mjs, run as:  . .data/sandbox.env && node examples/server/after-the-charge.mjs tok_…
import { PaytokenClient, ReversalDeclinedError } from 'paytoken/server';

const paytoken = new PaytokenClient({
  apiUrl: process.env.PAYTOKEN, // the service; . .data/sandbox.env sets it, and the key and secret
  apiKey: process.env.API_KEY,
  apiSecret: process.env.API_SECRET,
});
const tokenId = process.argv[2];

// A mistaken charge, voided before its batch settles: the payer is not charged.
const mistake = await paytoken.transactions.create({ payer: 'Ada Lovelace', amount: 12.34, payerFee: 0.4, tokenId });
const voided = await paytoken.transactions.void(mistake.id); // status 'Voided', amount 0, fee 0, netAmount 0

// A charge of $103.25 (fee $3.25), settled, then $40.00 of it given back.
const paid = await paytoken.transactions.create({ payer: 'Ada Lovelace', amount: 103.25, payerFee: 3.25, tokenId });
const batch = await paytoken.sandbox.settle(); // sandbox only: close the open batch now
let refund;
try {
  await paytoken.transactions.void(paid.id);
} catch (error) {
  if (!(error instanceof ReversalDeclinedError) || error.reversalResponseCode !== 'AlreadySettled') throw error;
  refund = await paytoken.transactions.refund(paid.id, { amount: 40 }); // amount -40, netAmount -40, fee 0
}
const after = await paytoken.transactions.retrieve(paid.id); // status 'PartiallyRefunded', fee 3.25
const { transactions } = await paytoken.batches.transactions(batch.id);

console.log(JSON.stringify({ voided, batch, refund, after, settled: transactions.map((t) => t.id) }));
