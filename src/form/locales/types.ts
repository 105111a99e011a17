/** The shape of one language of the form, shared by locale.ts and each file in locales/. */
import type { Label } from '../labels.js';

/** The languages the form speaks. */
export type FormLocale = 'en' | 'es';

/** One language: every label, and the messages of the codes a form can show. */
export interface FormCatalog {
  labels: Record<Label, string>;
  /** The codes a form can show: not the service's transaction codes. */
  messages: Partial<Record<string, string>>;
}
