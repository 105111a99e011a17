/** The languages a payer reads the forms, frames and messages in. */
export type PayerLanguage = 'en' | 'es';

/**
 * The language of a tag (a `locale` attribute, a page's `lang`, a query's `locale`): Spanish for any
 * `es…`, English for anything else, as the elements decide it in the browser.
 * @example payerLanguage('es-MX') // 'es'
 */
export const payerLanguage = (tag: string | undefined): PayerLanguage =>
  tag?.toLowerCase().startsWith('es') ? 'es' : 'en';
