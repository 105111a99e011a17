import type { TokenRequest } from '../../shared/wire.js';
import type { FeeQuote, Scope, Token } from './model.js';
import type { BinTable } from '../cards/bin-table.js';
import { cardFunding } from '../cards/funding.js';
import type { Vault } from '../vault/vault.js';
import { brandOf, maskAccountNumber } from './account-number.js';
import type { Repository } from '../storage/repository.js';
import { tokenCreatedEvent } from '../events/record.js';
import { wakeDeliveries } from '../events/wake.js';

/**
 * A new token's stored form: readable brand, last four, expiry, account type, the card's funding
 * (docs/fees.md#card-funding) and the fee quote the payer was shown; the card number or
 * account details sealed in the vault under the token's id; the CVC nowhere.
 */
export function newStoredToken(
  id: string,
  body: TokenRequest,
  scope: Scope,
  deps: { vault: Vault; now: () => Date; binTable: BinTable },
  feeQuote: FeeQuote | null = null,
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
    funding: card ? cardFunding(card.cardNumber, deps.binTable).funding : null,
    feeQuote,
    vaultKeyId: keyId,
    sealed,
    created: deps.now(),
  };
}

/**
 * Stores a new token with its `token.created` event (and the event's deliveries) in one statement,
 * which the tokens saved at the same time share (storage/tokens-table.ts): no transaction of its own,
 * so a burst of tokens costs one round trip and one commit, not four round trips and a commit each.
 * Inside a caller's transaction (an Idempotency-Key's, http/idempotency.ts) it commits with it.
 */
export async function saveToken(token: Token, deps: { repository: Pick<Repository, 'tokens'> }): Promise<void> {
  await deps.repository.tokens.insert(token, tokenCreatedEvent(token, token.created));
  wakeDeliveries();
}
