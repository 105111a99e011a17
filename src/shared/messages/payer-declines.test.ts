import { describe, expect, it } from 'vitest';
import { esPayerDecline, payerDeclineMessage, payerDeclineMessages } from './payer-declines.js';

/** The answers whose precise reason a payer must not read (docs/api.md#declines). */
const PLAIN = ['GenericDecline', 'DoNotHonor', 'LostOrStolenCard', 'NoSuchIssuer', 'PaymentMethodBlackListed'] as const;

describe('payer decline messages', () => {
  it.each(PLAIN)('%s reads as a plain decline in both languages', (code) => {
    expect(payerDeclineMessages[code]).toBe(payerDeclineMessages.GenericDecline);
    expect(esPayerDecline[code]).toBe(esPayerDecline.GenericDecline);
  });

  it.each([...Object.entries(payerDeclineMessages), ...Object.entries(esPayerDecline)])(
    '%s: %s tells no payer of fraud, theft, a pick-up or an issuer’s refusal',
    (_, message) => expect(message).not.toMatch(/lost|stolen|fraud|pick.?up|honou?r|\brobad|perdid|fraude/i),
  );

  it('picks Spanish for es… locales, English otherwise, and a plain decline for an unknown code', () => {
    expect(payerDeclineMessage('ExpiredCard', 'es')).toBe('La tarjeta está vencida. Use otra tarjeta.');
    expect(payerDeclineMessage('ExpiredCard', 'es-ES,es;q=0.9')).toBe('La tarjeta está vencida. Use otra tarjeta.');
    expect(payerDeclineMessage('ExpiredCard', 'en-US,es;q=0.5')).toBe('The card has expired. Please use another card.');
    expect(payerDeclineMessage('PickUpCard')).toBe(payerDeclineMessages.GenericDecline);
  });
});
