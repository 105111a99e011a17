/**
 * The hosted script's entry: the IIFE build turns these exports into `window.Paytoken`.
 * `document.currentScript` is only set while this file first runs, so the tag is read here.
 */
import { configFromScript, configure } from './config.js';

if (typeof document !== 'undefined') configure(configFromScript(document.currentScript));

export { configure, createToken, version } from './index.js';
