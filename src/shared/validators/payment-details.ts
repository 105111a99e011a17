import type { BankAccountInformation, CreditCardInformation } from '../wire.js';
import { accountNumber, accountType, routingNumber } from './bank-account.js';
import { cardNumber, type CardNumberVerification } from './card-number.js';
import { cvc } from './cvc.js';
import { expirationDate, expirationMonth, expirationYear } from './expiration.js';
import { checkFields, digits, fieldsOf, same, text, type FieldErrors, type FieldRules } from './fields.js';
import { accountHolder, personName } from './names.js';
import { postalCode } from './postal-code.js';

/** Card details as checking leaves them: month `"01"`..`"12"`, year a number. */
type NormalizedCard = Omit<CreditCardInformation, 'month' | 'year'> & { month: string; year: number };

/** The card's rules, given its number's verification (the CVC's length depends on the brand). */
const cardRules = (number: CardNumberVerification): FieldRules<NormalizedCard> => ({
  accountHolder: [(value) => accountHolder(value), text],
  cardNumber: [() => number, digits],
  cvc: [(value) => cvc(value, number.brand), text],
  month: [expirationMonth, (value) => String(Number(value)).padStart(2, '0')],
  year: [expirationYear, Number],
  postalCode: [postalCode, text],
});

const BANK_RULES: FieldRules<BankAccountInformation> = {
  accountType: [accountType, same],
  routingNumber: [routingNumber, digits],
  accountNumber: [accountNumber, digits],
  accountHolder: [(value) => accountHolder(value, false), text],
  firstName: [personName, text],
  lastName: [personName, text],
};

/**
 * Checks card details under `path` (e.g. `creditCardInformation.`) and returns them normalized:
 * digits only, month `"01"`..`"12"`, year a number. `undefined` when any field failed.
 */
export function checkCreditCard(
  raw: unknown,
  path: string,
  errors: FieldErrors,
  now?: Date,
): CreditCardInformation | undefined {
  const number = cardNumber(fieldsOf(raw).cardNumber);
  const [card, ok] = checkFields(raw, path, cardRules(number), errors);
  const dated =
    card.month !== undefined &&
    card.year !== undefined &&
    errors.check(`${path}year`, expirationDate(Number(card.month), card.year, now));
  return ok && dated ? card : undefined;
}

/** Checks bank account details under `path` and returns them normalized (digits only). */
export function checkBankAccount(raw: unknown, path: string, errors: FieldErrors): BankAccountInformation | undefined {
  const [account, ok] = checkFields(raw, path, BANK_RULES, errors);
  return ok ? account : undefined;
}
