/**
 * The form's engine: what `<paytoken-form>` needs once the payer reaches it, not for its first render.
 * imask (the masks), the field checks with card-validator, and the tokenizer are three fifths of the
 * form's code; parsing them with the form delayed its first render
 * (docs/decisions/0123-form-engine-on-first-use.md). The form loads the engine at the first focus or
 * input in one of its fields, or at Pay (load-engine.ts).
 */
import { createToken, fieldFailure } from '../../tokenizer/index.js';
import { brandOf, checkField } from '../checks.js';
import { toTokenRequest } from '../fields.js';
import { createFieldMask } from './field-mask.js';

/** Masks an input of the form (field-mask.ts). */
export type CreateMask = typeof createFieldMask;
export type { FieldMask } from './field-mask.js';

export const engine = {
  createMask: createFieldMask,
  checkField,
  brandOf,
  toTokenRequest,
  createToken,
  fieldFailure,
};

export type FormEngine = typeof engine;
