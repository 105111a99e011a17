/**
 * The form's words and messages in each of its languages. English is built in; Spanish is loaded the
 * first time a form needs it (a chunk for bundler users, a pinned JSON file beside the hosted script),
 * so pages in English do not carry it. A language that cannot load falls back to English.
 */
import { formatMessage, messageOf } from '../shared/messages/catalog.js';
import { clientMessages, fieldMessages, formMessages } from '../shared/messages/en.js';
import { LABELS, type Label } from './labels.js';
import { loadSpanish } from './locales/load-es.js';
import type { TokenFailure } from '../tokenizer/index.js';
import type { FormCatalog, FormLocale } from './locales/types.js';

/** The built-in language, and the one shown while another loads or when it cannot. */
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

/**
 * A failure's message in the form's language, its placeholders filled from the failure's data (not
 * from the English text); a code the form does not know (the service's own) keeps `errorMessage`.
 */
export const failureMessage = (
  catalog: FormCatalog,
  failure: Pick<TokenFailure, 'code' | 'errorMessage' | 'seconds'>,
): string => messageOf(catalog.messages, failure.code, failure.errorMessage, { seconds: failure.seconds });

/** A label with its `{name}` placeholders filled. */
export function formLabel(catalog: FormCatalog, label: Label, params?: Record<string, string>): string {
  return formatMessage(catalog.labels[label], params);
}
