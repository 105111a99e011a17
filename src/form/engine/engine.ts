/**
 * The form's engine: what `<paytoken-form>` needs once the payer reaches it, not for its first render.
 * imask (the masks), the field checks with card-validator, and the tokenizer are three fifths of the
 * form's code; parsing them with the form delayed its first render
 * (docs/decisions/0123-form-engine-on-first-use.md). The form loads the engine at the first focus or
 * input in one of its fields, or at Pay (load-engine.ts).
 */
import { resolveConfig } from '../../tokenizer/deferred.js';
import { createToken, fieldFailure, type PaytokenConfig } from '../../tokenizer/index.js';
import { brandOf, checkField } from '../checks.js';
import { feeDisclosure, type FeeDisclosure, type FeeFields, type FeeHost } from './fee-disclosure.js';
import { createFieldMask } from './field-mask.js';
import { setUpFailure } from './set-up.js';

/** Masks an input of the form (field-mask.ts). */
export type CreateMask = typeof createFieldMask;
export type { FieldMask } from './field-mask.js';
export type { FeeDisclosure, FeeNote } from './fee-disclosure.js';

/** A form's attributes over the script tag's configuration and `Paytoken.configure`'s. */
const configOf = ({ publicKey, apiUrl, impersonationAccountKey }: PaytokenConfig): PaytokenConfig =>
  resolveConfig({ publicKey, apiUrl, impersonationAccountKey });

export const engine = {
  configOf,
  createMask: createFieldMask,
  checkField,
  brandOf,
  createToken,
  fieldFailure,
  setUpFailure,
  /** The form's fee before Pay, a controller of `host` (fee-disclosure.ts); `fields.tell` tells the page of a change. */
  feeDisclosure: (host: FeeHost, fields: FeeFields & { tell(engine: FormEngine): void }): FeeDisclosure =>
    feeDisclosure(host, fields, () => fields.tell(engine), configOf),
};

export interface FormEngine extends Omit<typeof engine, 'feeDisclosure'> {
  feeDisclosure(host: FeeHost, fields: FeeFields & { tell(engine: FormEngine): void }): FeeDisclosure;
}
