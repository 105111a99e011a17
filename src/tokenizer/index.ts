/**
 * The tokenizer for bundler users: `import { createToken } from 'paytoken'`.
 * The same functions are on `window.Paytoken` when the hosted script is loaded with a `<script>` tag.
 */
export { configure, type PaytokenConfig } from './config.js';
export { createToken, type CreateTokenOptions, type TokenCallback } from './create-token.js';
export {
  fieldFailure,
  type ResultFieldError,
  type TokenFailure,
  type TokenResult,
  type TokenSuccess,
} from './result.js';
export type {
  AccountType,
  BankAccountInformation,
  CardBrand,
  CreditCardInformation,
  TokenRequest,
} from '../shared/wire.js';
export { checkSetUp, type SetUpProblem } from './set-up.js';
export { cardFees, type CardFee, type CardFeeQuery } from './card-fees.js';
export { version } from './version.js';
