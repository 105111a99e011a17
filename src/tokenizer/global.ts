/**
 * The hosted script's entry: the IIFE build turns these exports into `window.Paytoken`.
 * `document.currentScript` is only set while this file first runs, so the tag is read here.
 */
import { configFromScript, configure, resolveConfig } from './config.js';
import { checkSetUp } from './set-up.js';

if (typeof document !== 'undefined') {
  configure(configFromScript(document.currentScript));
  // Once the page's own scripts have run (and called configure), its set-up is checked once, and a
  // mistake is said in the console; createToken's result gives the payer's line and the code.
  const start = () =>
    void checkSetUp(resolveConfig()).then((problem) => problem && console.error(`Paytoken: ${problem.message}`));
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', start);
  else setTimeout(start);
}

export { configure, createToken, version } from './index.js';
