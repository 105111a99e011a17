import {
  amountMessages,
  clientMessages,
  fieldMessages,
  formMessages,
  formatMessage,
  transactionMessages,
  type MessageCatalog,
} from './en.js';
import { esAmount, esClient, esField, esForm, esTransaction } from './es.js';

/** Every English message. */
export const en: MessageCatalog = {
  ...fieldMessages,
  ...amountMessages,
  ...clientMessages,
  ...transactionMessages,
  ...formMessages,
};
/** Every Spanish message. */
export const es: MessageCatalog = { ...esField, ...esAmount, ...esClient, ...esTransaction, ...esForm };

export const LOCALES = { en, es } as const;
export type Locale = keyof typeof LOCALES;

/**
 * The message for a code in a language; a code outside the catalog (a newer service's) gets `fallback`.
 * @example messageFor('es', 'INVALID_CVC') // 'El código de seguridad debe tener 3 dígitos (4 para American Express).'
 */
export function messageFor(
  locale: Locale,
  code: string,
  fallback = '',
  params?: Record<string, string | number>,
): string {
  return lookup(LOCALES[locale], code, fallback, params);
}

/** The same lookup over any catalog, for bundles that carry only some areas (the form). */
export function lookup(
  catalog: Partial<Record<string, string>>,
  code: string,
  fallback = '',
  params?: Record<string, string | number>,
): string {
  const template = catalog[code];
  return template === undefined ? fallback : formatMessage(template, params);
}
