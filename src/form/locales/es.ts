/**
 * The form in Spanish: its labels and the messages it can show. Not in the hosted bundle: it is
 * loaded when a form first needs it (see ../locale.ts).
 */
import { esClient, esFeeLine, esForm, esPayerField } from '../../shared/messages/es.js';
import type { FormCatalog } from './types.js';

export const ES: FormCatalog = {
  labels: {
    methods: 'Método de pago',
    card: 'Tarjeta',
    ach: 'Cuenta bancaria',
    payer: 'Nombre completo',
    emailAddress: 'Correo electrónico',
    cardHolder: 'Nombre en la tarjeta',
    cardNumber: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    cvc: 'Código de seguridad',
    postalCode: 'Código postal',
    bankHolder: 'Titular de la cuenta',
    accountType: 'Tipo de cuenta',
    chooseAccountType: 'Elija…',
    routingNumber: 'Número de ruta',
    accountNumber: 'Número de cuenta',
    confirmAccountNumber: 'Confirme el número de cuenta',
    PersonalChecking: 'Cuenta corriente personal',
    PersonalSavings: 'Cuenta de ahorros personal',
    CorporateChecking: 'Cuenta corriente empresarial',
    CorporateSavings: 'Cuenta de ahorros empresarial',
    pay: 'Pagar',
    payAmount: 'Pagar {amount}',
    processing: 'Procesando…',
    amountDue: 'Importe a pagar',
    cardFee: 'Comisión de tarjeta',
    achFee: 'Comisión bancaria',
    total: 'Total',
    brand: 'Tarjeta {brand}',
    summaryOne: '1 campo necesita su atención.',
    summaryMany: '{count} campos necesitan su atención.',
    cvcDigits: 'El código de seguridad debe tener {digits} dígitos.',
  },
  messages: { ...esPayerField, ...esClient, ...esForm, ...esFeeLine },
};
