/**
 * The hosted form bundle leaves imask out: it is `paytoken-form-mask.js`, built first (from
 * form/controllers/mask-engine.global.ts), and the form adds it as a script at the first focus or
 * input in a masked field (mask-engine.hosted.ts, instead of the chunk bundler users get): by its
 * content name, which the service serves as immutable, and with its SHA-384, so it cannot change
 * under a page that pinned paytoken-form.js.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { contentName } from '../shared/hosted-files.js';
import { integrityOfBuilt } from './integrity.js';

export const MASK_FILE = 'paytoken-form-mask.js';

export function hostedMasks(browserDir: URL): Plugin {
  const hostedLoader = fileURLToPath(new URL('../form/controllers/mask-engine.hosted.ts', import.meta.url));
  return {
    name: 'paytoken-hosted-masks',
    enforce: 'pre',
    config: () => {
      const integrity = integrityOfBuilt(
        new URL(MASK_FILE, browserDir),
        'build paytoken-form-mask before paytoken-form',
      );
      return {
        define: {
          __PAYTOKEN_MASK_FILE__: JSON.stringify(contentName(MASK_FILE, integrity)),
          __PAYTOKEN_MASK_INTEGRITY__: JSON.stringify(integrity),
        },
      };
    },
    resolveId(source, importer) {
      return source === './mask-engine.js' && importer?.endsWith('/src/form/controllers/mask-controller.ts')
        ? hostedLoader
        : undefined;
    },
  };
}
