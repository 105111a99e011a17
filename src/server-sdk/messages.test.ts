import { describe, expect, it } from 'vitest';
import { translate } from './messages.js';

describe('translate: an English answer said again in Spanish', () => {
  it('fills the Spanish with the values read out of the English', () => {
    expect(translate('RATE_LIMITED', 'Too many attempts. Try again in 12 seconds.', 'es')).toBe(
      'Demasiados intentos. Vuelva a intentarlo en 12 segundos.',
    );
    expect(
      translate('REVERSAL_DECLINED', 'The refund is more than what is left to refund: 63.25 remains.', 'es-419'),
    ).toBe('El reembolso es mayor que lo que queda por reembolsar: quedan 63.25.');
  });

  it('reads a decline by its message, which says more than its code', () => {
    expect(translate('PAYMENT_DECLINED', 'The payment was declined: insufficient funds.', 'es')).toBe(
      'El pago fue rechazado: fondos insuficientes.',
    );
  });

  it('leaves English, other languages and messages it does not know as they are', () => {
    expect(translate('TOKEN_NOT_FOUND', 'No such token.', 'en-US')).toBe('No such token.');
    expect(translate('TOKEN_NOT_FOUND', 'No such token.', 'fr')).toBe('No such token.');
    expect(translate('SOMETHING_NEWER', 'A newer service said this.', 'es')).toBe('A newer service said this.');
    expect(translate('TOKEN_NOT_FOUND', 'No such token.', 'estonian')).toBe('No such token.');
  });
});
