import type { TokenRequest } from '../../shared/wire.js';
import type { Scope, Token } from './model.js';
import type { Vault } from '../vault/vault.js';
import { brandOf, maskAccountNumber } from './account-number.js';
import type { Repository } from '../storage/repository.js';
import { tokenCreatedEvent, withEvent } from '../events/record.js';

/**
 * A new token's stored form: readable brand, last four, expiry and account type; the card number or
 * account details sealed in the vault under the token's id; the CVC nowhere.
 */
export function newStoredToken(
  id: string,
  body: TokenRequest,
  scope: Scope,
  deps: { vault: Vault; now: () => Date },
): Token {
  const card = body.creditCardInformation;
  const bank = body.bankAccountInformation;
  const number = card?.cardNumber ?? bank?.accountNumber ?? '';
  const details = card
    ? { cardNumber: card.cardNumber, accountHolder: card.accountHolder, postalCode: card.postalCode }
    : { ...bank, accountType: undefined };
  const { keyId, sealed } = deps.vault.seal(details, id);
  return {
    id,
    scope,
    payer: body.payer,
    emailAddress: body.emailAddress,
    attributeValues: body.attributeValues ?? {},
    transactionType: card ? brandOf(card.cardNumber) : 'Ach',
    maskedAccountNumber: maskAccountNumber(number),
    lastFour: number.slice(-4),
    expirationMonth: card ? Number(card.month) : null,
    expirationYear: card ? Number(card.year) : null,
    accountType: bank?.accountType ?? null,
    vaultKeyId: keyId,
    sealed,
    created: deps.now(),
  };
}

/** Stores a new token and its `token.created` event in one database transaction. */
export async function saveToken(token: Token, deps: { repository: Repository }): Promise<void> {
  await withEvent(
    deps.repository,
    (repository) => repository.tokens.insert(token),
    () => tokenCreatedEvent(token, token.created),
  );
}
