import { clientMessages, fieldMessages, formMessages, formatMessage } from '../shared/messages/en.js';
import { esClient, esField, esForm } from '../shared/messages/es.js';

/** The codes a form can show, in each of its languages (not the service's transaction codes). */
const CATALOGS = {
  en: { ...fieldMessages, ...clientMessages, ...formMessages } as Record<string, string>,
  es: { ...esField, ...esClient, ...esForm } as Record<string, string>,
};

export type FormLocale = keyof typeof CATALOGS;

/** The message of a code in the form's language; an unknown code (the service's own) keeps `fallback`. */
export function formMessage(locale: FormLocale, code: string, fallback = '', params?: Record<string, string>): string {
  const template = CATALOGS[locale][code];
  return template === undefined ? fallback : formatMessage(template, params);
}
