/** One validator per field of docs/api.md#tokens; the same code runs in the browser and in the service. */
export { accountNumber, accountType, routingNumber } from './bank-account.js';
export { attributeValues } from './attribute-values.js';
export { cardNumber, type CardNumberVerification } from './card-number.js';
export { cvc, cvcLength } from './cvc.js';
export { expirationDate, expirationMonth, expirationYear } from './expiration.js';
export { accountHolder, emailAddress, payer, personName } from './names.js';
export { checkBankAccount, checkCreditCard } from './payment-details.js';
export { checkFields, digits, fieldErrors, same, text, type FieldErrors, type FieldRule } from './fields.js';
export { postalCode } from './postal-code.js';
export { validateTokenRequest, type TokenRequestCheck } from './token-request.js';
export { digitsOf, type Verification } from './verification.js';
export {
  validateAmountDue,
  validateAuthorizationRequest,
  validateTransactionRequest,
  ipAddress,
  positiveAmount,
  type PaymentSource,
  type TransactionDraft,
} from './transaction-request.js';
