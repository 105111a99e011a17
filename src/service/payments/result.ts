import type { FieldError, PaymentResponseCode, ReversalResponseCode } from '../../shared/wire.js';
import type { Caller } from '../auth/caller.js';
import { responseMessages, type ServiceCode } from '../../shared/messages/api.js';
import type { Repository } from '../storage/repository.js';
import type { Vault } from '../vault/vault.js';
import type { Transaction } from './model.js';
import type { ProcessorDeps } from './payment-processor.js';
import type { BinTable } from '../cards/bin-table.js';

/** Why an operation did not do what was asked (src/service/http/result-answers.ts answers each). */
export type Failure =
  /** Nothing of that kind, with that id, that the caller may see. */
  | {
      kind: 'NotFound';
      what:
        | 'transaction'
        | 'token'
        | 'authorization'
        | 'batch'
        | 'event'
        | 'webhookEndpoint'
        | 'paymentSchedule'
        | 'autoPay';
    }
  /** The request breaks a rule, field by field; nothing was stored. */
  | { kind: 'Invalid'; errors: FieldError[] }
  /** A payment the processor or a rule declined; a stored decline names its transaction. */
  | { kind: 'Declined'; code: PaymentResponseCode; message: string; transactionId?: number }
  /** A void or a refund the lifecycle refuses (payments/lifecycle.ts). */
  | { kind: 'Refused'; code: ReversalResponseCode; message: string }
  /** A change the resource's state does not allow (a paused schedule cancelled, say: docs/autopay.md#statuses). */
  | { kind: 'Conflict'; code: ConflictCode; params: Record<string, string> };

/** The catalog's codes of conflicts (src/shared/messages/api.ts). */
export type ConflictCode = Extract<ServiceCode, 'SCHEDULE_CANCELLED' | 'SCHEDULE_COMPLETED' | 'SCHEDULE_NOT_ACTIVE'>;

/** What every payment operation answers: its value, or the failure that says why not. */
export type Result<T> = { ok: true; value: T } | { ok: false; failure: Failure };

export const done = <T>(value: T): Result<T> => ({ ok: true, value });
export const failed = (failure: Failure): { ok: false; failure: Failure } => ({ ok: false, failure });
export const notFound = (what: Extract<Failure, { kind: 'NotFound' }>['what']) => failed({ kind: 'NotFound', what });
export const invalid = (errors: FieldError[]) => failed({ kind: 'Invalid', errors });
export const conflict = (code: ConflictCode, params: Record<string, string> = {}) =>
  failed({ kind: 'Conflict', code, params });

/** What a sale, an authorization or a capture decided. */
export type PaymentResult = Result<Transaction>;

/** What the payment operations need from the service: its storage, its vault, its clock, its processor. */
export interface PaymentDeps extends ProcessorDeps {
  repository: Repository;
  vault: Vault;
  now: () => Date;
  /** Card funding by BIN, for the fee rules (docs/fees.md#card-funding). */
  binTable: BinTable;
}

/** Who asks for a payment: where it is booked, and whose fee schedules apply. */
export type Payer = Pick<Caller, 'scope' | 'actingFor'>;

/** The words of the domain's own declines (an unknown token), from the catalog (src/shared/messages/api.ts). */
export const RULE_DECLINES = {
  InvalidToken: responseMessages.InvalidToken,
} as const;

/** A decline with the processor's message for its code unless a rule says more. */
export const declined = (code: PaymentResponseCode, message: string, transactionId?: number) =>
  failed({ kind: 'Declined', code, message, ...(transactionId !== undefined && { transactionId }) });
