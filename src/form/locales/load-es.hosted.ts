/**
 * The hosted bundle's Spanish: `paytoken-form-es-{version}.json` beside the script that is running,
 * fetched with the SHA-384 the build computed, so a page that pins paytoken-form.js with `integrity`
 * pins its Spanish too. Values from src/build/hosted-locales.ts.
 */
import type { FormCatalog } from './types.js';

declare const __PAYTOKEN_ES_FILE__: string;
declare const __PAYTOKEN_ES_INTEGRITY__: string;

// Read while the script runs: `currentScript` is only set then.
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src;

export async function loadSpanish(): Promise<FormCatalog> {
  const response = await fetch(new URL(__PAYTOKEN_ES_FILE__, scriptUrl), {
    integrity: __PAYTOKEN_ES_INTEGRITY__,
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as FormCatalog;
}
