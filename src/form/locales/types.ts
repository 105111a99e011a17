/** What a language of the form is made of: shared by the form and each of its catalogs. */
import type { Label } from '../labels.js';

export type FormLocale = 'en' | 'es';

export interface FormCatalog {
  labels: Record<Label, string>;
  /** The codes a form can show: not the service's transaction codes. */
  messages: Partial<Record<string, string>>;
}
