import { amountMessages, clientMessages, fieldMessages, formMessages, formatMessage, transactionMessages, type ErrorCode, type MessageCatalog } from './en.js';
import { es } from './es.js';

/** Every English message. */
export const en: MessageCatalog = { ...fieldMessages, ...amountMessages, ...clientMessages, ...transactionMessages, ...formMessages };

export const LOCALES = { en, es } as const;
export type Locale = keyof typeof LOCALES;

/**
 * The message for a code in a language; a code outside the catalog (a newer service's) gets `fallback`.
 * @example messageFor('es', 'INVALID_CVC') // 'El código de seguridad debe tener 3 dígitos (4 para American Express).'
 */
export function messageFor(locale: Locale, code: string, fallback = '', params?: Record<string, string | number>): string {
  const template = (LOCALES[locale] as Record<string, string>)[code];
  return template === undefined ? fallback : formatMessage(template, params);
}
