/**
 * A page whose `<paytoken-form>` the server rendered loads one script, paytoken-form-hydrate.js, which
 * adds paytoken-form.js after the page's first frame (form/hydrate/hydrate.ts): by its content name
 * and SHA-384, which this plugin defines from the form bundle built before it, so a page that pinned
 * the hydration script by integrity gets the form of the same release.
 */
import type { Plugin } from 'vite';
import { pinnedBuilt } from './integrity.js';

export function hostedForm(browserDir: URL): Plugin {
  return {
    name: 'paytoken-hosted-form',
    config: () => {
      const { name, integrity } = pinnedBuilt(
        browserDir,
        'paytoken-form.js',
        'build paytoken-form before paytoken-form-hydrate',
      );
      return {
        define: {
          __PAYTOKEN_FORM_FILE__: JSON.stringify(name),
          __PAYTOKEN_FORM_INTEGRITY__: JSON.stringify(integrity),
        },
      };
    },
  };
}
