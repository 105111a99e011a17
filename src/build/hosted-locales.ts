/**
 * The hosted form bundle carries English only. Its Spanish is `paytoken-form-es.json`, written beside
 * it, and the bundle loads it with load-es.hosted.ts instead of the chunk bundler users get: by its
 * content-named file (the service serves `paytoken-form-es-{digest}.json` as immutable) and with its
 * SHA-384, so it cannot change under a page that pinned the script.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ES } from '../form/locales/es.js';
import { contentName } from '../shared/hosted-files.js';
import { integrityOf } from './integrity.js';

export const SPANISH_FILE = 'paytoken-form-es.json';

/** The JSON text of the Spanish catalog and its integrity value. */
export function spanishAsset(): { text: string; integrity: string } {
  const text = JSON.stringify(ES);
  return { text, integrity: integrityOf(text) };
}

export function hostedLocales(): Plugin {
  const hostedLoader = fileURLToPath(new URL('../form/locales/load-es.hosted.ts', import.meta.url));
  const { text, integrity } = spanishAsset();
  return {
    name: 'paytoken-hosted-locales',
    enforce: 'pre',
    config: () => ({
      define: {
        __PAYTOKEN_ES_FILE__: JSON.stringify(contentName(SPANISH_FILE, integrity)),
        __PAYTOKEN_ES_INTEGRITY__: JSON.stringify(integrity),
      },
    }),
    resolveId(source, importer) {
      return source === './locales/load-es.js' && importer?.endsWith('/src/form/locale.ts') ? hostedLoader : undefined;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SPANISH_FILE, source: text });
    },
  };
}
