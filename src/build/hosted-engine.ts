/**
 * The hosted form bundle leaves its engine out (imask, the field checks, the tokenizer: see
 * form/engine/engine.ts): it is `paytoken-form-engine.js`, built first (from
 * form/engine/engine.global.ts), and the form adds it as a script at the first focus or input in a
 * field, or at Pay (form/engine/load-engine.hosted.ts, instead of the chunk bundler users get): by its
 * content name, which the service serves as immutable, and with its SHA-384, so it cannot change
 * under a page that pinned paytoken-form.js.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pinnedBuilt } from './integrity.js';

export const ENGINE_FILE = 'paytoken-form-engine.js';

export function hostedEngine(browserDir: URL): Plugin {
  const hostedLoader = fileURLToPath(new URL('../form/engine/load-engine.hosted.ts', import.meta.url));
  return {
    name: 'paytoken-hosted-engine',
    enforce: 'pre',
    config: () => {
      const { name, integrity } = pinnedBuilt(
        browserDir,
        ENGINE_FILE,
        'build paytoken-form-engine before paytoken-form',
      );
      return {
        define: {
          __PAYTOKEN_ENGINE_FILE__: JSON.stringify(name),
          __PAYTOKEN_ENGINE_INTEGRITY__: JSON.stringify(integrity),
        },
      };
    },
    resolveId(source, importer) {
      return source.endsWith('/load-engine.js') && importer?.includes('/src/form/') ? hostedLoader : undefined;
    },
  };
}
