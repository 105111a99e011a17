/**
 * `<paytoken-frame>`'s loader opens the frame page by its name, which the two scripts the page loads
 * decide (shared/hosted-files.ts `framePageName`). So the loader is built last, after paytoken-form.js
 * and paytoken-frame-bridge.js, and this plugin reads them from dist/browser to define the name; the
 * service computes the same name from the same files (routes/frames.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { framePageName } from '../shared/hosted-files.js';

/** The SHA-384 integrity value of a file built before this bundle; `order` says what to build first. */
export const integrityOf = (file: URL, order: string): string => {
  try {
    return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
  } catch {
    throw new Error(`${file.pathname} is missing: ${order}.`);
  }
};
const ORDER = 'build paytoken-form and paytoken-frame-bridge before paytoken-frame';

export function framePage(browserDir: URL): Plugin {
  return {
    name: 'paytoken-frame-page',
    config: () => ({
      define: {
        __PAYTOKEN_FRAME_PAGE__: JSON.stringify(
          framePageName(
            integrityOf(new URL('paytoken-form.js', browserDir), ORDER),
            integrityOf(new URL('paytoken-frame-bridge.js', browserDir), ORDER),
          ),
        ),
      },
    }),
  };
}
