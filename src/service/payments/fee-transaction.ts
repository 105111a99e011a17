/**
 * A service fee charged as its own transaction (docs/fees.md#the-service-fee-as-its-own-transaction):
 * under a `serviceFee` program with `separateFeeTransaction`, a payment whose payer fee is above 0 is
 * two transactions, the principal (the amount due, no payer fee) and the fee, linked to it. Their money
 * is the payment's own breakdown (payments/money-rules.ts `moneyFor`), split so that the two add up to
 * it field by field: the payer is charged exactly what one transaction would have charged.
 */
import { transactionMessages } from '../../shared/messages/en.js';
import type { FeeProgram, FeeRefundChoice } from '../fees/program.js';
import { insertWithEvent, recordEvent, transactionEvent } from '../events/record.js';
import type { EventReceipt, Repository } from '../storage/repository.js';
import { cents, type NewTransaction, type Scope, type Transaction, type TransactionMoney } from './model.js';
import { done, invalid, type Result } from './result.js';

/** A payment's money as its two transactions: `principal` + `fee` = the payment, field by field. */
export interface SplitMoney {
  principal: TransactionMoney;
  fee: TransactionMoney;
}

/**
 * The two transactions' money of a payment, or null when the payment is one transaction: the program
 * does not separate its fee, or the payer pays no fee (the agency bears it). The fee transaction is
 * charged the payer fee; of it, the service keeps up to its own fee and the rest goes to the agency
 * (Mode B rule 4); the principal carries the rest of the service's fee and the initiating party's.
 * A principal that would fund the agency less than nothing is refused, as one payment would be.
 * @example splitFee(serviceFeeProgram, { amount: 10325, payerFee: 325, fee: 325, netAmount: 10000, … })
 * // principal { amount: 10000, payerFee: 0, fee: 0, netAmount: 10000 }, fee { amount: 325, payerFee: 325, fee: 325, netAmount: 0 }
 */
export function splitFee(program: FeeProgram, money: TransactionMoney): Result<SplitMoney | null> {
  if (program.name !== 'serviceFee' || !program.separateFeeTransaction || money.payerFee === 0) return done(null);
  const kept = Math.min(money.payerFee, money.fee);
  const feeNet = money.payerFee - kept;
  const principal: TransactionMoney = {
    amount: cents(money.amount - money.payerFee),
    payerFee: cents(0),
    fee: cents(money.fee - kept),
    netAmount: cents(money.netAmount - feeNet),
    initiatingPartyFee: money.initiatingPartyFee,
    payerFeeMode: money.payerFeeMode,
  };
  if (principal.amount <= 0 || principal.netAmount < 0)
    return invalid([
      { field: 'amount', code: 'NET_AMOUNT_NEGATIVE', message: transactionMessages.NET_AMOUNT_NEGATIVE },
    ]);
  const fee: TransactionMoney = {
    amount: money.payerFee,
    payerFee: money.payerFee,
    fee: cents(kept),
    netAmount: cents(feeNet),
    initiatingPartyFee: cents(0),
    payerFeeMode: money.payerFeeMode,
  };
  return done({ principal, fee });
}

/**
 * Stores an approved principal and its fee transaction in one database transaction, each with its
 * `transaction.approved` event; the principal's event (and the receipt it asks for) carries the fee
 * transaction, so one receipt shows the fee as its own line.
 */
export function chargedWithFee(
  repository: Repository,
  principal: NewTransaction,
  fee: NewTransaction,
  at: Date,
  receipt: EventReceipt | null,
): Promise<Transaction> {
  return repository.transaction(async (inTransaction) => {
    const storedPrincipal = await inTransaction.transactions.insert(principal);
    const storedFee = await insertWithEvent(inTransaction, { ...fee, principalTransactionId: storedPrincipal.id }, at);
    const linked: Transaction = { ...storedPrincipal, feeTransactionId: storedFee.id, feeTransaction: storedFee };
    await recordEvent(inTransaction, transactionEvent('transaction.approved', linked, at, receipt));
    return linked;
  });
}

/**
 * A transaction and, when it is a principal or the fee of one, its partner, both locked (SELECT … FOR
 * UPDATE) in one order, the principal first, so two reversals of the pair never wait on each other.
 * Null when the transaction is not the caller's.
 */
export async function lockWithPartner(
  repository: Repository,
  id: string,
  scope: Scope,
): Promise<{ asked: Transaction; partner: Transaction | null } | null> {
  const found = await repository.transactions.find(id, scope);
  if (!found) return null;
  if (found.principalTransactionId === null && found.feeTransactionId === null) {
    const asked = await repository.transactions.lock(id, scope);
    return asked && { asked, partner: null };
  }
  const principal = await repository.transactions.lock(String(found.principalTransactionId ?? found.id), scope);
  const feeId = principal?.feeTransactionId;
  const fee = feeId ? await repository.transactions.lock(String(feeId), scope) : null;
  if (!principal || !fee) return null;
  return found.id === principal.id ? { asked: principal, partner: fee } : { asked: fee, partner: principal };
}

/**
 * What a refund of `amount` of a principal gives back of its fee transaction, by the account's choice
 * (docs/fees.md#the-service-fee-as-its-own-transaction): `keep` nothing; `full` all that is left of
 * it; `proportional` the fee's share of everything refunded of the principal so far, rounded half up,
 * less what was given back already, so that all the refunds of a principal give back all its fee,
 * and never more than was charged.
 * @example feeRefundOf('proportional', { amount: 10000, refundedAmount: 0 }, 4000, { amount: 325, refundedAmount: 0 }) // 130
 */
export function feeRefundOf(
  choice: FeeRefundChoice,
  principal: Pick<Transaction, 'amount' | 'refundedAmount'>,
  amount: number,
  fee: Pick<Transaction, 'amount' | 'refundedAmount'>,
): number {
  const left = fee.amount - fee.refundedAmount;
  if (choice === 'keep' || left <= 0) return 0;
  if (choice === 'full') return left;
  const refundedShare = Math.floor(
    (2 * fee.amount * (principal.refundedAmount + amount) + principal.amount) / (2 * principal.amount),
  );
  return Math.max(0, Math.min(left, refundedShare - fee.refundedAmount));
}
