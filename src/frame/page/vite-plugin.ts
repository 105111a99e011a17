/**
 * `<paytoken-frame>`'s loader opens the frame page by its name, which the two scripts the page loads
 * decide (shared/hosted-files.ts `framePageName`). So the loader is built last, after paytoken-form.js
 * and paytoken-frame-bridge.js, and this plugin reads them from dist/browser to define the name; the
 * service computes the same name from the same files (http/routes/frames.ts).
 */
import type { Plugin } from 'vite';
import { framePageName } from '../../shared/hosted-files.js';
import { integrityOfBuilt } from '../../build/integrity.js';

const ORDER = 'build paytoken-form and paytoken-frame-bridge before paytoken-frame';

export function framePage(browserDir: URL): Plugin {
  return {
    name: 'paytoken-frame-page',
    config: () => ({
      define: {
        __PAYTOKEN_FRAME_PAGE__: JSON.stringify(
          framePageName(
            integrityOfBuilt(new URL('paytoken-form.js', browserDir), ORDER),
            integrityOfBuilt(new URL('paytoken-frame-bridge.js', browserDir), ORDER),
          ),
        ),
      },
    }),
  };
}
