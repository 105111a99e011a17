/**
 * What the hosted script puts on a page: `window.Paytoken`, typed from the tokenizer's public
 * entry so page.evaluate callbacks in the specs are type-checked.
 */
import type * as Paytoken from '../../src/tokenizer/index.js';

declare global {
  interface Window {
    Paytoken: typeof Paytoken;
  }
}
