/**
 * The form's words and messages in each of its languages. English is built in; Spanish is loaded the
 * first time a form needs it (a chunk for bundler users, a pinned JSON file beside the hosted script),
 * so pages in English do not carry it. A language that cannot load falls back to English.
 */
import { clientMessages, fieldMessages, formMessages, formatMessage } from '../shared/messages/en.js';
import { LABELS, type Label } from './labels.js';
import { loadSpanish } from './locales/load-es.js';
import type { FormCatalog, FormLocale } from './locales/types.js';

export type { FormCatalog, FormLocale } from './locales/types.js';

export const ENGLISH: FormCatalog = {
  labels: LABELS,
  messages: { ...fieldMessages, ...clientMessages, ...formMessages },
};

const catalogs: Partial<Record<FormLocale, FormCatalog>> = { en: ENGLISH };
let spanish: Promise<FormCatalog> | undefined;

/** The catalog of `locale` when it is here, else `undefined` (then `loadCatalog` it). */
export const catalogOf = (locale: FormLocale): FormCatalog | undefined => catalogs[locale];

/** Loads a language once for the page; resolves when `catalogOf` has it (English when it failed). */
export function loadCatalog(locale: FormLocale): Promise<FormCatalog> {
  const loaded = catalogs[locale];
  if (loaded) return Promise.resolve(loaded);
  spanish ??= loadSpanish().then(
    (catalog) => (catalogs.es = catalog),
    () => (catalogs.es = ENGLISH),
  );
  return spanish;
}

/** The message of a code; an unknown code (the service's own) keeps `fallback`. */
export function formMessage(
  catalog: FormCatalog,
  code: string,
  fallback = '',
  params?: Record<string, string>,
): string {
  const template = catalog.messages[code];
  return template === undefined ? fallback : formatMessage(template, params);
}

/** A label with its `{name}` placeholders filled. */
export function formLabel(catalog: FormCatalog, label: Label, params?: Record<string, string>): string {
  return formatMessage(catalog.labels[label], params);
}
