import { payerLanguage } from '../../shared/language.js';
import type { FormLocale } from '../locales/types.js';

/**
 * The attributes a server may write on `<paytoken-form>` (form/ssr/render-form.ts), by their HTML names
 * (docs/integrating.md); `<paytoken-frame>` takes the same (frame/ssr/render-frame.ts).
 */
export interface PaytokenFormAttributes {
  'public-key'?: string;
  'api-url'?: string;
  'impersonation-account-key'?: string;
  /** `card`, `ach`, or both (the default). */
  methods?: string;
  /** `en` or `es`: the server cannot read the page's language, so it is written out (default `en`). */
  locale?: string;
  payer?: string;
  'email-address'?: string;
  amount?: string;
  'card-fee'?: string;
  'ach-fee'?: string;
  name?: string;
}

/**
 * The language a server writes out, as the elements decide it in the browser (`es…` is Spanish,
 * anything else English): it cannot read the page's `lang`. Kept under this name for `paytoken/ssr`.
 */
export const serverLocale: (locale: string | undefined) => FormLocale = payerLanguage;
