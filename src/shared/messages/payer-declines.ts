/**
 * What the payer reads after a decline, by the processor's answer, in English and Spanish
 * (docs/api.md#declines). The precise reason (the decline's `message`) is the merchant's: a card
 * reported lost or stolen, a pick-up, suspected fraud and "do not honor" read to the payer as a plain
 * decline that asks for another card, as the card networks and every peer show them; the
 * integrator's own mistakes (a deleted token, say) read as a payment that could not be completed.
 */
import type { PaymentResponseCode } from '../wire.js';

const DECLINED = 'The payment was declined. Please use another card or payment method.';
const MATCHES_EARLIER = 'This payment matches one made a few minutes ago, so it was not charged again.';
const ENTER_AGAIN = 'The payment could not be completed. Please enter your payment details again.';

export const payerDeclineMessages = {
  Success: 'The payment was approved.',
  GenericDecline: DECLINED,
  DoNotHonor: DECLINED,
  LostOrStolenCard: DECLINED,
  NoSuchIssuer: DECLINED,
  PaymentMethodBlackListed: DECLINED,
  InsufficientFunds: 'The payment was declined for insufficient funds. Please use another card or payment method.',
  DeclineCvvFail: 'The security code did not match. Check it and try again.',
  ExpiredCard: 'The card has expired. Please use another card.',
  InvalidExpirationDate: 'The expiration date is not valid. Check it and try again.',
  InvalidAccountNumber: 'The account number is not valid at this bank. Check it and try again.',
  InvalidRoutingNumber: 'The routing number is not valid. Check it and try again.',
  ExceedsApprovalAmountLimit: 'The amount is over the limit for this payment method.',
  HardDuplicateTransaction: MATCHES_EARLIER,
  SoftDuplicateTransaction: MATCHES_EARLIER,
  InvalidToken: ENTER_AGAIN,
  CachedPaymentDataExpired: ENTER_AGAIN,
  InvalidAuthorization: 'The payment could not be completed. Please try again later.',
  InvalidPaymentType: 'This payment method cannot be used here. Please use another one.',
} as const satisfies Record<PaymentResponseCode, string>;

const RECHAZADO = 'El pago fue rechazado. Use otra tarjeta u otro medio de pago.';
const COINCIDE = 'Este pago coincide con uno hecho hace unos minutos, así que no se cobró de nuevo.';
const INGRESE_DE_NUEVO = 'No se pudo completar el pago. Vuelva a ingresar sus datos de pago.';

export const esPayerDecline = {
  Success: 'El pago fue aprobado.',
  GenericDecline: RECHAZADO,
  DoNotHonor: RECHAZADO,
  LostOrStolenCard: RECHAZADO,
  NoSuchIssuer: RECHAZADO,
  PaymentMethodBlackListed: RECHAZADO,
  InsufficientFunds: 'El pago fue rechazado por fondos insuficientes. Use otra tarjeta u otro medio de pago.',
  DeclineCvvFail: 'El código de seguridad no coincide. Revíselo y vuelva a intentarlo.',
  ExpiredCard: 'La tarjeta está vencida. Use otra tarjeta.',
  InvalidExpirationDate: 'La fecha de vencimiento no es válida. Revísela y vuelva a intentarlo.',
  InvalidAccountNumber: 'El número de cuenta no es válido en este banco. Revíselo y vuelva a intentarlo.',
  InvalidRoutingNumber: 'El número de ruta no es válido. Revíselo y vuelva a intentarlo.',
  ExceedsApprovalAmountLimit: 'El importe supera el límite de este medio de pago.',
  HardDuplicateTransaction: COINCIDE,
  SoftDuplicateTransaction: COINCIDE,
  InvalidToken: INGRESE_DE_NUEVO,
  CachedPaymentDataExpired: INGRESE_DE_NUEVO,
  InvalidAuthorization: 'No se pudo completar el pago. Vuelva a intentarlo más tarde.',
  InvalidPaymentType: 'Este medio de pago no se puede usar aquí. Use otro.',
} satisfies Record<PaymentResponseCode, string>;

/**
 * The payer's message for a processor's answer, in `locale` (`es…` is Spanish, anything else
 * English); a code this version does not know reads as a plain decline.
 * @example payerDeclineMessage('LostOrStolenCard') // 'The payment was declined. Please use another card or payment method.'
 * @example payerDeclineMessage('InsufficientFunds', 'es-MX') // 'El pago fue rechazado por fondos insuficientes. …'
 */
export function payerDeclineMessage(code: string, locale = 'en'): string {
  const catalog: Partial<Record<string, string>> = /^es\b/i.test(locale) ? esPayerDecline : payerDeclineMessages;
  return catalog[code] ?? catalog.GenericDecline ?? DECLINED;
}
