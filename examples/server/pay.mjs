// examples/server/pay.mjs: your server's side. Your page sends it a token id; it charges the token.
import { PaytokenClient, PaymentDeclinedError } from 'paytoken/server';

const paytoken = new PaytokenClient({
  apiUrl: process.env.PAYTOKEN, // the service; . .data/sandbox.env sets these three
  apiKey: process.env.API_KEY,
  apiSecret: process.env.API_SECRET,
});

/** Charges the amount due (100 for $100.00) plus the payer's fee; a decline comes back as what the payer may read. */
export async function pay(tokenId, amountDue) {
  const token = await paytoken.tokens.retrieve(tokenId); // payer, brand, last four: never the number
  try {
    const paid = await paytoken.transactions.createWithPayerFee({
      amountDue,
      tokenId,
      payer: token.payer,
      emailAddress: token.emailAddress,
    }); // one Idempotency-Key for the call and its retries: a retry never charges twice
    return { paid: true, message: `Paid $${paid.amount.toFixed(2)} with the account ending ${token.lastFour}.` };
  } catch (error) {
    if (error instanceof PaymentDeclinedError) return { paid: false, message: error.payerMessage }; // not .message
    throw error; // PaytokenApiError: status, code, message, requestId
  }
}
